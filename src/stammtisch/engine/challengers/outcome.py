"""How a tournament ends (final, 2-player and solo fan count, 11-fan lead) and its ranking."""

from __future__ import annotations

from stammtisch.engine.challengers.rules_data import rules
from stammtisch.engine.challengers.state import OVER, Player, State
from stammtisch.engine.protocol import Outcome


def rank_key(state: State, player: Player) -> tuple[float, ...]:
    """Fans, then more trophies, then the highest trophy round, then the random draw."""
    top = max((round_number for round_number, _ in player.trophies), default=0)
    draw = state.tiebreak[player.seat] if state.tiebreak else 0.0
    return (player.total_fans(), len(player.trophies), top, draw)


def _details(state: State) -> dict[str, object]:
    """Fans and trophies of every seat (and the robot's in solo)."""
    details: dict[str, object] = {
        "fans": {p.seat: p.total_fans() for p in state.players},
        "trophies": {p.seat: len(p.trophies) for p in state.players},
    }
    if state.finalists:
        details["finalists"] = list(state.finalists)
    return details


def _finish(
    state: State, ranking: list[tuple[int, ...]], reason: str, extra: dict[str, object]
) -> None:
    """Store the outcome and close the game."""
    state.phase = OVER
    state.result = Outcome(
        ranking=tuple(ranking),
        reason=reason,
        scores={p.seat: p.total_fans() for p in state.players},
        details={**_details(state), **extra},
    )
    state.record(
        "game_over", {"ranking": [list(group) for group in ranking], "reason": reason, **extra}
    )


def finish_final(state: State, winner: int) -> None:
    """The final's winner wins; then the finalist; then the rest by fans and tie-breaks."""
    finalist = next(seat for seat in state.finalists if seat != winner)
    rest = sorted(
        (p for p in state.players if p.seat not in state.finalists),
        key=lambda p: rank_key(state, p),
        reverse=True,
    )
    _finish(state, [(winner,), (finalist,), *((p.seat,) for p in rest)], "final", {})


def _two_player_key(state: State, player: Player) -> tuple[int, int, int]:
    """Fans, trophies, highest trophy round (no random draw: a full tie is a shared place)."""
    return rank_key(state, player)[:3]  # type: ignore[return-value]


def decide_two_player(state: State, *, final_round: bool) -> bool:
    """2 players / solo after a match phase: 11-fan lead wins at once; after round 7 most fans."""
    if state.solo:
        return _decide_solo(state, final_round=final_round)
    a, b = state.players
    lead = a.total_fans() - b.total_fans()
    if abs(lead) >= rules().lead_to_win:
        winner, loser = (a, b) if lead > 0 else (b, a)
        _finish(state, [(winner.seat,), (loser.seat,)], f"lead_of_{rules().lead_to_win}", {})
        return True
    if not final_round:
        return False
    keys = {p.seat: _two_player_key(state, p) for p in (a, b)}
    if keys[0] == keys[1]:
        _finish(state, [(0, 1)], f"fans_after_round_{rules().rounds}", {"draw": True})
    else:
        order = sorted((a, b), key=lambda p: keys[p.seat], reverse=True)
        _finish(state, [(p.seat,) for p in order], f"fans_after_round_{rules().rounds}", {})
    return True


def _decide_solo(state: State, *, final_round: bool) -> bool:
    """Solo: the same checks against the robot, which can win."""
    player, robot = state.players[0], state.robot
    assert robot is not None
    lead = player.total_fans() - robot.total_fans()
    extra: dict[str, object] = {
        "robot_fans": robot.total_fans(),
        "robot_trophies": len(robot.trophies),
    }
    if abs(lead) >= rules().lead_to_win:
        _finish(state, [(0,)], f"lead_of_{rules().lead_to_win}", {**extra, "robot_won": lead < 0})
        return True
    if not final_round:
        return False
    mine = _two_player_key(state, player)
    top = max((r for r, _ in robot.trophies), default=0)
    theirs = (robot.total_fans(), len(robot.trophies), top)
    extra["robot_won"] = theirs > mine
    extra["draw"] = theirs == mine
    _finish(state, [(0,)], f"fans_after_round_{rules().rounds}", extra)
    return True
