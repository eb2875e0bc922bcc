"""One match from a scenario (fixed decks, round, beginner, trophies, piles, coaches, answers).

The scenario format is documented in docs/scenarios.md. The match runs on the same loop as a
tournament's; decisions take the scenario's answers in order, then the auto-play policy.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from stammtisch.engine.challengers import autoplay, coaching
from stammtisch.engine.challengers.board import KEY
from stammtisch.engine.challengers.catalogue import PILE_LEVELS, catalogue
from stammtisch.engine.challengers.coaching import COACH_KEY
from stammtisch.engine.challengers.decide import answer
from stammtisch.engine.challengers.match import new_match, new_side, run, start
from stammtisch.engine.challengers.match_state import ROBOT_SEAT, EventRecord, Match
from stammtisch.engine.challengers.piles import Piles
from stammtisch.engine.challengers.rules_data import rules
from stammtisch.engine.protocol import GameError

FIELDS = (
    "round",
    "decks",
    "beginner",
    "trophies",
    "piles",
    "winter_park",
    "robot",
    "answers",
    "seed",
    "coach",
)


def _bad(reason: str) -> GameError:
    """A scenario error."""
    return GameError("bad_scenario", reason)


def _cards(names: Any, what: str) -> list[int]:
    """Card indexes of a list of names or keys (top first), with clear errors."""
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise _bad(f"{what} must be a list of card names.")
    return [catalogue().lookup(name).index for name in names]


def _round(value: Any) -> int:
    """The round number (1-7) or the final."""
    if value == "final":
        return rules().final_round
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= rules().rounds:
        raise _bad(f"'round' must be 1 to {rules().rounds} or \"final\", not {value!r}.")
    return value


def _pair(spec: Mapping[str, Any], name: str, default: Any) -> list[Any]:
    """A two-entry list (one per seat)."""
    value = spec.get(name, default)
    if not isinstance(value, list) or len(value) != 2:
        raise _bad(f"'{name}' must be a list with one entry per seat (2).")
    return value


def _trophies(spec: Mapping[str, Any]) -> list[list[int]]:
    """Per seat the round numbers of the trophies owned."""
    trophies = _pair(spec, "trophies", [[], []])
    rounds = rules().rounds
    for owned in trophies:
        if not isinstance(owned, list) or not all(
            isinstance(r, int) and not isinstance(r, bool) and 1 <= r <= rounds for r in owned
        ):
            raise _bad(f"'trophies' must list round numbers 1 to {rounds} per seat.")
    return trophies


def _seat_or_none(spec: Mapping[str, Any], name: str) -> int | None:
    """A field that names seat 0, 1 or nothing."""
    value = spec.get(name)
    if value is not None and (isinstance(value, bool) or value not in (0, 1)):
        raise _bad(f"'{name}' must be 0, 1 or null.")
    return value


def _coaches(spec: Mapping[str, Any], robot: int | None) -> list[int]:
    """Per seat the coach's index (-1: none); the robot never has one."""
    chosen = _pair(spec, "coach", [None, None])
    found = []
    for seat, key in enumerate(chosen):
        if key is None:
            found.append(-1)
            continue
        if not isinstance(key, str) or key not in COACH_KEY:
            raise _bad(f"'coach' names coaches by key ({', '.join(COACH_KEY)}) or null.")
        if robot == seat:
            raise _bad("The robot has no coach.")
        found.append(COACH_KEY.index(key))
    return found


def _beginner(
    spec: Mapping[str, Any], trophies: list[list[int]], rng: random.Random, round_number: int
) -> tuple[int, bool]:
    """The scenario's beginner, or the rule: higher trophy round begins, else a toss."""
    beginner = _seat_or_none(spec, "beginner")
    if beginner is not None:
        return beginner, False
    tops = [max(t, default=0) for t in trophies]
    if round_number > 1 and tops[0] != tops[1]:
        return (0 if tops[0] > tops[1] else 1), False
    return rng.randrange(2), True


def build(
    spec: Mapping[str, Any], events: list[Any] | None
) -> tuple[Match, list[list[str]], int, bool]:
    """The match of a scenario (started, coaches in place), its answers per seat, who began."""
    if not isinstance(spec, Mapping):
        raise _bad("A scenario must be a JSON object.")
    unknown = sorted(set(spec) - set(FIELDS))
    if unknown:
        raise _bad(f"Unknown field(s) {', '.join(unknown)}; known: {', '.join(FIELDS)}.")
    if "decks" not in spec:
        raise _bad("A scenario needs 'decks': two lists of card names, top first.")
    round_number = _round(spec.get("round", 1))
    seed = spec.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise _bad("'seed' must be a whole number.")
    rng = random.Random(seed)
    decks = [_cards(deck, f"deck {i}") for i, deck in enumerate(_pair(spec, "decks", None))]
    trophies = _trophies(spec)
    answers = _pair(spec, "answers", [[], []])
    if not all(isinstance(a, list) and all(isinstance(t, str) for t in a) for a in answers):
        raise _bad("'answers' must list option texts per seat.")
    robot = _seat_or_none(spec, "robot")
    piles_spec = spec.get("piles", {})
    if not isinstance(piles_spec, Mapping) or set(piles_spec) - set(PILE_LEVELS):
        raise _bad("'piles' must map A, B, C to lists of card names (top first).")
    stacks = [_cards(piles_spec.get(level, []), f"pile {level}")[::-1] for level in PILE_LEVELS]
    winter = spec.get("winter_park", False)
    if not isinstance(winter, bool):
        raise _bad("'winter_park' must be true or false.")
    sides = [
        new_side(
            i,
            ROBOT_SEAT if robot == i else i,
            decks[i][::-1],
            robot=robot == i,
            auto=robot == i,
            trophies=len(trophies[i]),
            frozen=winter,
        )
        for i in range(2)
    ]
    piles = Piles(stacks, rules().discard_capacity, rng)
    match = new_match(sides, round_number, park=0, piles=piles, box=[], events=events)
    beginner, toss = _beginner(spec, trophies, rng, round_number)
    start(match, beginner, toss=toss)
    for side, coach in zip(sides, _coaches(spec, robot), strict=True):
        coaching.equip(match, side, coach)
    return match, [list(seat_answers) for seat_answers in answers], beginner, toss


def _source(source: int) -> str:
    """The card (or coach) a decision comes from."""
    return KEY[source] if source >= 0 else f"coach {COACH_KEY[-1 - source]}"


def _answer_pending(match: Match, answers: list[list[str]]) -> None:
    """Answer the pending decision from the scenario, or by the auto-play policy."""
    decision = match.pending
    assert decision is not None
    chooser = match.sides[decision.chooser]
    queue = answers[decision.chooser]
    if queue:
        wanted = queue.pop(0)
        if wanted not in decision.labels:
            raise _bad(
                f"Seat {decision.chooser} answered {wanted!r} to {decision.kind} of"
                f" {_source(decision.source)}; the options are {', '.join(decision.labels)}."
            )
        answer(match, decision.labels.index(wanted))
        return
    pick = autoplay.choose(
        decision.kind,
        decision.candidates,
        decision.data,
        decision.shown,
        chooser,
        match.sides,
        match.base,
    )
    answer(match, decision.candidates.index(pick))


def run_scenario(spec: Mapping[str, Any]) -> tuple[Match, list[EventRecord]]:
    """Play a scenario's match to its end; the finished match and its event records."""
    events: list[EventRecord] = []
    match, answers, _, _ = build(spec, events)
    run(match)
    while match.pending is not None:
        _answer_pending(match, answers)
        run(match)
    for side in match.sides:
        coaching.after_match(match, side, side.index == match.winner)
    return match, events


def play(spec: Mapping[str, Any]) -> dict[str, Any]:
    """Run a scenario's match and report winner, reason, benches, fans and events."""
    match, events = run_scenario(spec)
    cat = catalogue()

    def names(cards: list[int]) -> list[str]:
        return [cat.cards[card].en for card in cards]

    return {
        "winner": match.winner,
        "reason": match.reason,
        "benches": [[names(seat) for seat in side.bench.values()] for side in match.sides],
        "frozen": [[names(seat) for seat in side.frozen] for side in match.sides],
        "exhaust": [names(side.exhaust) for side in match.sides],
        "fans": [side.fans for side in match.sides],
        "events": [{"kind": kind, **data} for kind, data, _ in events],
    }
