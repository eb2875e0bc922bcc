"""The tournament flow: rounds, the match phase in every park, trophies, the final, the result."""

from __future__ import annotations

from stammtisch.engine.challengers import coaching, deckphase
from stammtisch.engine.challengers.board import Side
from stammtisch.engine.challengers.match import new_match, new_side, run, start
from stammtisch.engine.challengers.match_state import ROBOT_SEAT, Match
from stammtisch.engine.challengers.outcome import decide_two_player, finish_final, rank_key
from stammtisch.engine.challengers.piles import shuffle
from stammtisch.engine.challengers.rules_data import rules
from stammtisch.engine.challengers.state import (
    DECK,
    FINAL,
    FINAL_DECK,
    IDLE,
    MATCHES,
    OVER,
    Player,
    Robot,
    State,
    Trophy,
)


def start_round(state: State) -> None:
    """Begin the next round with its deck phase (Winter Park drawn at random if in play)."""
    state.round += 1
    state.phase = DECK
    state.matches = []
    parks = rules().parks[len(state.players)]
    state.winter = state.rng.randrange(parks) if state.options["winter_park"] else -1
    state.record("round_started", {"round": state.round, "winter_park": _winter(state)})
    for player in state.players:
        deckphase.begin(state, player)


def _winter(state: State) -> int | None:
    """The Winter Park's index, or None."""
    return state.winter if state.winter >= 0 else None


def _park_of(plan: tuple[int, ...], round_number: int) -> int:
    """The park a plan sits at in a round."""
    return plan[round_number - 1]


def _side(state: State, index: int, who: Player | Robot, park: int) -> Side:
    """A match side for a player or the robot; its deck is shuffled face down."""
    robot = isinstance(who, Robot)
    deck, who.deck = who.deck, []
    shuffle(deck, state.rng)
    seat = ROBOT_SEAT if isinstance(who, Robot) else who.seat
    trophies = len(who.trophies)
    return new_side(
        index, seat, deck, robot=robot, auto=robot, trophies=trophies, frozen=park == state.winter
    )


def _top_round(who: Player | Robot | None) -> int:
    """The highest round number among someone's trophies (0 without any)."""
    return max((round_number for round_number, _ in who.trophies), default=0) if who else 0


def _beginner(state: State, pair: list[Player | Robot]) -> tuple[int, bool]:
    """Who begins: round 1 a flag toss; later the higher trophy round; equal: toss."""
    if state.round > 1:
        tops = [_top_round(who) for who in pair]
        if tops[0] != tops[1]:
            return (0 if tops[0] > tops[1] else 1), False
    return state.rng.randrange(2), True


def _open_match(state: State, park: int, pair: list[Player | Robot]) -> Match:
    """Shuffle, decide who begins and start a match in a park."""
    sides = [_side(state, index, who, park) for index, who in enumerate(pair)]
    events = state.events if state.events_on else None
    match = new_match(
        sides, state.round, park=park, piles=state.piles, box=state.box, events=events
    )
    beginner, toss = _beginner(state, pair)
    start(match, beginner, toss=toss)
    for who, side in zip(pair, sides, strict=True):
        if isinstance(who, Player) and who.coach >= 0:
            coaching.equip(match, side, who.coach)
    return match


def participants(state: State, park: int) -> list[Player | Robot]:
    """The two who play in a park this round (the final: the finalists)."""
    if state.phase == FINAL:
        return [state.players[seat] for seat in state.finalists]
    pair: list[Player | Robot] = [p for p in state.players if _park_of(p.plan, state.round) == park]
    if state.robot is not None and _park_of(state.robot.plan, state.round) == park:
        pair.append(state.robot)
    return pair


def start_matches(state: State) -> None:
    """Every deck phase is done: open and run the matches of all parks."""
    final = state.phase == FINAL_DECK
    state.phase = FINAL if final else MATCHES
    parks = 1 if final else rules().parks[len(state.players)]
    if state.round == 1 and state.options["coaches"]:
        coaches = {p.seat: coaching.COACH_KEY[p.coach] for p in state.players if p.coach >= 0}
        state.record("coaches_revealed", {"coaches": coaches})
    state.matches = [_open_match(state, park, participants(state, park)) for park in range(parks)]
    advance_matches(state)


def advance_matches(state: State) -> None:
    """Run every open match as far as it goes; settle the decided ones; end the round if all are."""
    for park, match in enumerate(state.matches):
        if match is None:
            continue
        run(match)
        if match.winner >= 0:
            _settle(state, park, match)
    if all(match is None for match in state.matches) and state.phase in (MATCHES, FINAL):
        _end_round(state)


def _settle(state: State, park: int, match: Match) -> None:
    """A decided match: trophy (or burn), fans from effects, everyone collects their deck."""
    pair = participants(state, park)
    winner = pair[match.winner]
    for who, side in zip(pair, match.sides, strict=True):
        coaching.after_match(match, side, who is winner)
        who.deck = sorted(side.cards())
        if isinstance(who, Player):
            who.fans += side.fans
    state.matches[park] = None
    if state.phase == FINAL:
        assert isinstance(winner, Player)
        finish_final(state, winner.seat)
        return
    trophy = state.trophy_stacks[park].pop()
    _award(state, park, winner, trophy)


def _award(state: State, park: int, winner: Player | Robot, trophy: Trophy) -> None:
    """The winner takes the park's trophy; a robot burns it unless it is a solo game."""
    round_number, fans = trophy
    if isinstance(winner, Robot) and not state.solo:
        state.burned.append(trophy)
        state.record("trophy_burned", {"park": park, "round": round_number})
        return
    winner.trophies.append(trophy)
    seat = ROBOT_SEAT if isinstance(winner, Robot) else winner.seat
    if state.open_fans or isinstance(winner, Robot):
        state.record(
            "trophy_taken", {"park": park, "seat": seat, "round": round_number, "fans": fans}
        )
        return
    state.record("trophy_taken", {"park": park, "seat": seat, "round": round_number})
    state.record(
        "trophy_fans", {"seat": seat, "round": round_number, "fans": fans}, frozenset((seat,))
    )


def _end_round(state: State) -> None:
    """After a match phase: the 11-fan lead (1-2 players), the next round, or the final."""
    if len(state.players) <= 2 and decide_two_player(
        state, final_round=state.round == rules().rounds
    ):
        return
    if state.phase == OVER:
        return
    if state.round < rules().rounds:
        start_round(state)
        return
    _qualify(state)


def _qualify(state: State) -> None:
    """After round 7 with 3+ players: fans are revealed and the two best play the final."""
    state.tiebreak = [state.rng.random() for _ in state.players]
    order = sorted(state.players, key=lambda p: rank_key(state, p), reverse=True)
    state.finalists = (order[0].seat, order[1].seat)
    state.phase = FINAL_DECK
    state.round = rules().final_round
    state.winter = 0 if state.options["winter_park"] else -1
    fans = {p.seat: p.total_fans() for p in state.players}
    trophies = {p.seat: [list(t) for t in p.trophies] for p in state.players}
    state.record("finalists", {"seats": list(state.finalists), "fans": fans, "trophies": trophies})
    for player in state.players:
        if player.seat in state.finalists:
            deckphase.begin_removal_only(player)
        else:
            player.stage = IDLE


def deck_phase_over(state: State) -> bool:
    """Whether every player finished the running deck phase."""
    return not any(deckphase.has_work(player) for player in state.players)
