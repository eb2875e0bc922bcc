"""The auto-play policy: how the engine answers a decision for bots, absent players, benchmarks.

Written rules (deterministic, no randomness, using only what the deciding seat may know):

Match decisions
- put_under (Reporter, Navigator): keep the card with the higher base power on top; on a tie the
  top card stays on top.
- reorder (Juggler, Bumper Car): strongest base power on top, ties keep their order.
- bench_pick on your own bench (Sorcerer, Butler, Vacuum Cleaner, Movie Star, Necromancer,
  Vampire, and the robot's Drone and Necromech): choose what frees the most seats, never giving up
  a card with a from-the-bench bonus unless forced, then as many cards as allowed, then (to the
  deck) the higher base power; the earliest candidate wins remaining ties.
- bench_pick on the opponent's bench (Foghorn): take the card with the largest from-the-bench
  bonus; none if no card there gives one.
- search (Sailor to the bottom, Clairvoyant to the top): the weakest card to the bottom, the
  strongest to the top (base power; ties by card key).
- place (Winter Park): keep same names together, a normal seat first, then the first frozen seat
  that fits (the engine offers only places that still seat the whole stack).
- coach (an active coach's power, offered only when it can help now): use it, except the
  Rotation Manager, kept until the stack would not fit; Archivist fetches the strongest card,
  Comeback Kid the strongest bench card, Video Analyst orders like reorder (coaching.py).

Coach choice (table option `coaches`): keep the offered coach of the highest `value` in
data/coaches.toml, ties the first dealt.

Deck phase (see `draft_value`)
- pile: the highest level offered.  pick: the highest draft value.  redraw: never.
- remove: nothing.  picked effects (Shapeshifter, Sci-fi Geek): decline.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from stammtisch.engine.challengers.board import KEY, NAME_ID, Side
from stammtisch.engine.challengers.tables import tables

_T: Final = tables()


def _bench_pick_score(
    candidate: tuple[int, ...], owner: Side, chooser: Side, destination: str, base: tuple[int, ...]
) -> tuple[int, ...]:
    """How good moving these cards off `owner`'s bench is for the chooser (higher is better)."""
    bonus_of = owner.bench_bonus
    if owner is not chooser:
        gain = 0
        for card in candidate:
            bonus = bonus_of[card]
            if bonus is not None:
                gain += bonus[2]
        return (gain,)
    bonus_cards = freed = power = 0
    taken: dict[int, int] = {}
    for card in candidate:
        if bonus_of[card] is not None:
            bonus_cards += 1
        name = NAME_ID[card]
        taken[name] = taken.get(name, 0) + 1
        power += base[card]
    for name, count in taken.items():
        if count == len(owner.bench[name]):
            freed += 1
    return (
        freed - 2 * bonus_cards,
        -bonus_cards,
        len(candidate),
        power if destination == "deck" else 0,
    )


def bench_pick_one(
    cards: list[int],
    optional: bool,
    owner: Side,
    chooser: Side,
    destination: str,
    base: tuple[int, ...],
) -> tuple[int, ...]:
    """The pick when at most one card may move: what `choose` takes from `decide.combos`'
    candidates (none first if optional, then each card once, lowest index first)."""
    best: tuple[int, ...] = ()
    best_score = _bench_pick_score((), owner, chooser, destination, base) if optional else None
    previous = -1
    for card in cards:  # sorted, one entry per copy
        if card != previous:
            previous = card
            score = _bench_pick_score((card,), owner, chooser, destination, base)
            if best_score is None or score > best_score:
                best, best_score = (card,), score
    return best


def put_under(shown: list[int], base: tuple[int, ...]) -> tuple[int]:
    """Which of the top two cards goes under: the weaker one; on a tie the second."""
    return (0,) if base[shown[0]] < base[shown[1]] else (1,)


def reorder(shown: list[int], base: tuple[int, ...]) -> tuple[int, ...]:
    """The looked-at cards strongest first (ties keep their order)."""
    return tuple(sorted(shown, key=lambda card: -base[card]))


def search(cards: Iterable[int], position: str, base: tuple[int, ...]) -> tuple[int]:
    """The searched card: the strongest to the top, the weakest to the bottom (ties by key)."""

    def strength(card: int) -> tuple[int, str]:
        return base[card], KEY[card]

    return (max(cards, key=strength),) if position == "top" else (min(cards, key=strength),)


def choose(
    kind: str,
    candidates: list[tuple[Any, ...]],
    data: tuple[Any, ...],
    shown: list[int],
    chooser: Side,
    sides: list[Side],
    base: tuple[int, ...],
) -> tuple[Any, ...]:
    """The policy's candidate for a pending match decision."""
    if kind == "put_under":
        return put_under(shown, base)
    if kind == "reorder":
        best = reorder(shown, base)
        return best if best in candidates else candidates[0]
    if kind == "bench_pick":
        owner = sides[data[0]]
        scores = [_bench_pick_score(c, owner, chooser, data[1], base) for c in candidates]
        return candidates[scores.index(max(scores))]
    if kind == "search":
        return search([c[0] for c in candidates], data[0], base)
    if kind == "coach":
        from stammtisch.engine.challengers.coaching import auto_choice

        return auto_choice(candidates, data, chooser, sides, base)
    return candidates[0]


def draft_value(card: int) -> int:
    """How much the policy likes a card when drafting: base power, plus 1 for an effect."""
    power = _T.power[card]
    return (power if power is not None else 4) + (
        1 if _T.immediate[card] or _T.self_bonus[card] else 0
    )
