"""What one seat (or a spectator) may see: public boards and counts, own hand and decisions only."""

from __future__ import annotations

from typing import Any

from stammtisch.engine.challengers.board import KEY, Side, attack_sum, defence_power
from stammtisch.engine.challengers.catalogue import PILE_LEVELS
from stammtisch.engine.challengers.coaching import COACH_KEY
from stammtisch.engine.challengers.match_state import ROBOT_SEAT, Match
from stammtisch.engine.challengers.state import OVER, Player, State


def _keys(cards: list[int]) -> list[str]:
    """Card keys in the given order."""
    return [KEY[card] for card in cards]


def _sorted_keys(cards: list[int]) -> list[str]:
    """Card keys sorted (a multiset: never reveals an order)."""
    return sorted(KEY[card] for card in cards)


def _side_view(side: Side, holds_flag: bool, placing: list[list[int]]) -> dict[str, Any]:
    """The public face of one side: park half, bench, exhaust pile, deck size, cards on their
    way to the bench (Winter Park: groups still to be placed)."""
    return {
        "seat": side.seat,
        "deck": len(side.deck),
        "park": _keys(side.stack),
        "flag": holds_flag,
        "bench": [_keys(seat) for seat in side.bench.values()],
        "frozen": [_keys(seat) for seat in side.frozen],
        "free_seats": side.seats - len(side.bench),
        "exhaust": _keys(side.exhaust),
        "placing": [_keys(group) for group in placing],
        "next_bonus": side.next_bonus,
        "trophies": side.trophies,
        "coach": COACH_KEY[side.coach] if side.coach >= 0 else None,
        "coach_ready": side.hook != 0,
    }


def match_view(m: Match) -> dict[str, Any]:
    """A running match as everyone sees it (revealed cards are public)."""
    board: dict[str, Any] = {
        "park": m.park,
        "round": m.round,
        "sides": [
            _side_view(side, m.flag == side.index, m.queue if m.queue_side == side.index else [])
            for side in m.sides
        ],
        "attacker": m.sides[m.att].seat if m.winner < 0 else None,
        "winner": m.sides[m.winner].seat if m.winner >= 0 else None,
        "waiting_for": m.sides[m.pending.chooser].seat if m.pending else None,
    }
    if m.flag >= 0 and m.winner < 0 and m.sides[m.flag].stack:
        attacker, holder = m.sides[m.att], m.sides[m.flag]
        board["defence"] = defence_power(holder, attacker, m.base)
        board["attack"] = attack_sum(attacker, holder, m.base) if attacker.stack else 0
    return board


def _player_view(state: State, player: Player, seat: int | None) -> dict[str, Any]:
    """One player as `seat` sees them (fans only when open or their own)."""
    mine = seat == player.seat
    in_match = _side_of(state, player.seat)
    entry: dict[str, Any] = {
        "seat": player.seat,
        "deck": len(in_match.deck) if in_match else len(player.deck),
        "trophy_rounds": sorted(r for r, _ in player.trophies),
        "trophies": len(player.trophies),
        "deck_phase": player.stage,
        "park": _park_now(state, player),
    }
    if state.open_fans or mine:
        entry["fans"] = player.total_fans()
        entry["trophy_fans"] = [list(t) for t in sorted(player.trophies)]
    if state.options["coaches"]:
        entry["has_coach"] = player.coach >= 0
        shown = player.coach >= 0 and (mine or state.coaches_revealed)
        entry["coach"] = COACH_KEY[player.coach] if shown else None
    return entry


def _park_now(state: State, player: Player) -> int | None:
    """The park a player plays at this round (the final: park 0 for the finalists)."""
    if state.finalists:
        return 0 if player.seat in state.finalists else None
    return player.plan[state.round - 1] if 1 <= state.round <= len(player.plan) else None


def _side_of(state: State, seat: int) -> Side | None:
    """The match side a seat plays right now, if any."""
    for match in state.matches:
        if match is not None:
            for side in match.sides:
                if side.seat == seat:
                    return side
    return None


def _own(state: State, player: Player) -> dict[str, Any]:
    """What only this seat sees: its deck list, drawn cards, decisions."""
    own: dict[str, Any] = {
        "seat": player.seat,
        "deck": _sorted_keys(player.deck),
        "stage": player.stage,
        "offers": list(player.offers),
        "pile": PILE_LEVELS[player.pile] if player.pile >= 0 and player.drawn else None,
        "drawn": _sorted_keys(player.drawn),
        "picks_left": player.picks_left,
        "redraw_used": player.redraw_used,
        "decision": None,
    }
    if player.coaches:
        own["coach"] = COACH_KEY[player.coach] if player.coach >= 0 else None
        own["coach_offer"] = [COACH_KEY[c] for c in player.coaches] if player.coach < 0 else []
    if player.decision is not None:
        card = player.decision.card
        own["decision"] = {
            "kind": "extra_pick",
            "card": KEY[card],
            "options": player.decision.labels,
            "shown": [],
        }
    for match in state.matches:
        decision = match.pending if match is not None else None
        if (
            decision is not None
            and match is not None
            and match.sides[decision.chooser].seat == player.seat
        ):
            source = decision.source
            own["decision"] = {
                "kind": decision.kind,
                "card": KEY[source] if source >= 0 else None,
                "options": list(decision.labels),
                "shown": _keys(decision.shown),
            }
            if source < 0:  # a coach's decision
                own["decision"]["coach"] = COACH_KEY[-1 - source]
    return own


def view(state: State, seat: int | None, to_act: frozenset[int]) -> dict[str, Any]:
    """Everything `seat` (None: a spectator) may see, and nothing more."""
    piles = state.piles
    result: dict[str, Any] = {
        "game": "challengers",
        "round": state.round,
        "final": bool(state.finalists),
        "phase": state.phase,
        "sets": ["city", *state.sets],
        "options": dict(state.options),
        "winter_park": state.winter if state.winter >= 0 else None,
        "fans_open": state.open_fans,
        "to_act": sorted(to_act),
        "players": [_player_view(state, p, seat) for p in state.players],
        "piles": {
            level: {"cards": len(piles.stacks[i]), "discard": len(piles.discards[i])}
            for i, level in enumerate(PILE_LEVELS)
        },
        "parks": [
            {"park": park, "trophies_left": len(stack), "match": None}
            for park, stack in enumerate(state.trophy_stacks)
        ],
        "finalists": list(state.finalists),
        "robot": None,
        "you": _own(state, state.players[seat]) if seat is not None else None,
        "result": None,
    }
    for match in state.matches:
        if match is not None and match.park < len(result["parks"]):
            result["parks"][match.park]["match"] = match_view(match)
    if state.robot is not None:
        robot_side = _side_of(state, ROBOT_SEAT)
        robot: dict[str, Any] = {
            "seat": ROBOT_SEAT,
            "deck": len(robot_side.deck) if robot_side else len(state.robot.deck),
            "trophy_rounds": sorted(r for r, _ in state.robot.trophies),
        }
        if state.solo:
            robot["fans"] = state.robot.total_fans()
        result["robot"] = robot
    if state.phase == OVER and state.result is not None:
        outcome = state.result
        result["result"] = {
            "ranking": [list(group) for group in outcome.ranking],
            "reason": outcome.reason,
            "scores": dict(outcome.scores),
        }
    return result


def seat_concern(state: State, seat: int) -> dict[str, Any]:
    """What one seat's next action depends on: the phase and round, its own block of the view
    and the board of the match it plays (others' deck-phase progress is left out)."""
    mine = next(
        (m for m in state.matches if m is not None and any(s.seat == seat for s in m.sides)),
        None,
    )
    return {
        "phase": state.phase,
        "round": state.round,
        "final": bool(state.finalists),
        "you": _own(state, state.players[seat]),
        "match": match_view(mine) if mine is not None else None,
    }
