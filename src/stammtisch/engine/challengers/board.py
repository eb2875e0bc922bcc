"""One side of a match (deck, park half, bench, exhaust pile) and the power arithmetic.

Everything is plain ints and lists: cards are card indexes (copies are indistinguishable), the
deck's top is the end of its list, the bench maps a name id to the cards on that seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from stammtisch.engine.challengers.tables import (
    B_ALL,
    B_BASE,
    B_FLAG,
    B_SET,
    BASE_SLOTS,
    K_DECK_AT_MOST,
    K_DISTINCT_SETS,
    K_EMPTY_SEATS,
    K_FLAT,
    K_HAS_BASE,
    K_HAS_SET,
    K_LACKS_SET,
    K_OPP_DISTINCT_SETS,
    K_OPP_PER_LEVEL,
    K_OPP_TROPHIES,
    K_PER_BASE,
    K_PER_NAME,
    K_PER_SET,
    SET_SLOTS,
    T_ATTACK,
    T_FLAG,
    BenchBonus,
    SelfBonus,
    tables,
)

_T: Final = tables()
NAME_ID: Final = _T.name_id
SET_ID: Final = _T.set_id
LEVEL: Final = _T.level
KEY: Final = _T.key


EffectEntry = tuple[Callable[..., None], Any, bool] | None
"""A card's compiled effect: (function, parameters, may change powers), or None (effects.py)."""
EffectTables = tuple[
    tuple[SelfBonus | None, ...],
    tuple[BenchBonus | None, ...],
    tuple[EffectEntry, ...],
    tuple[EffectEntry, ...],
    tuple[EffectEntry, ...],
]
"""Per card: own bonus, from-the-bench bonus, immediate, flag-loss and capture effects."""

ZERO_SETS: Final[list[int]] = [0] * SET_SLOTS
ZERO_BASES: Final[list[int]] = [0] * BASE_SLOTS
"""Shared zero bonus arrays of sides without bench bonuses; never written (copied first)."""


class Side:
    """A player's (or the robot's) cards and running bonuses during one match."""

    __slots__ = (
        "atk_base",
        "atk_set",
        "auto",
        "bench",
        "bench_bonus",
        "capture",
        "cnt_base",
        "cnt_level",
        "cnt_set",
        "coach",
        "deck",
        "def_base",
        "def_set",
        "exhaust",
        "extra",
        "fans",
        "flag_bonus",
        "flag_loss",
        "frozen",
        "hook",
        "immediate",
        "index",
        "next_bonus",
        "robot",
        "seat",
        "seats",
        "self_bonus",
        "stack",
        "temp",
        "trophies",
    )

    def __init__(
        self,
        index: int,
        seat: int,
        deck: list[int],
        robot: bool,
        auto: bool,
        trophies: int,
        seats: int,
        frozen: int,
        effects: EffectTables,
    ) -> None:
        self.index = index
        self.seat = seat
        self.robot = robot
        self.auto = auto
        self.deck = deck
        self.stack: list[int] = []
        self.extra: list[int] = []
        self.next_bonus = 0
        self.bench: dict[int, list[int]] = {}
        self.frozen: list[list[int]] = [[] for _ in range(frozen)] if frozen else []
        self.seats = seats
        self.exhaust: list[int] = []
        self.fans = 0
        self.trophies = trophies
        self.cnt_base = [0] * BASE_SLOTS
        self.cnt_set = [0] * SET_SLOTS
        self.cnt_level = [0] * 6
        # from-the-bench bonuses: shared zeros until the first bonus card arrives (_shift_bonus)
        self.atk_set = ZERO_SETS
        self.def_set = ZERO_SETS
        self.atk_base = ZERO_BASES
        self.def_base = ZERO_BASES
        self.flag_bonus = 0
        self.coach = -1  # the coach's index (coaching.py), -1 without one
        self.hook = 0  # when its unused active power is offered (coaches.HOOK_*), 0: never
        self.temp = 0  # a coach's flag bonus that lasts until this attack ends
        (self.self_bonus, self.bench_bonus, self.immediate, self.flag_loss, self.capture) = effects

    def __deepcopy__(self, memo: dict[int, Any]) -> Side:
        """A copy of the mutable parts; the effect tables (constant) are shared."""
        effects = (self.self_bonus, self.bench_bonus, self.immediate, self.flag_loss, self.capture)
        copy = Side(
            self.index,
            self.seat,
            list(self.deck),
            self.robot,
            self.auto,
            self.trophies,
            self.seats,
            0,
            effects,
        )
        copy.stack, copy.extra, copy.next_bonus = (
            list(self.stack),
            list(self.extra),
            self.next_bonus,
        )
        copy.bench = {name: list(seat) for name, seat in self.bench.items()}
        copy.frozen = [list(seat) for seat in self.frozen]
        copy.exhaust, copy.fans = list(self.exhaust), self.fans
        copy.cnt_base, copy.cnt_set = list(self.cnt_base), list(self.cnt_set)
        copy.cnt_level = list(self.cnt_level)
        if self.atk_set is not ZERO_SETS:
            copy.atk_set, copy.def_set = list(self.atk_set), list(self.def_set)
            copy.atk_base, copy.def_base = list(self.atk_base), list(self.def_base)
        copy.flag_bonus = self.flag_bonus
        copy.coach, copy.hook, copy.temp = self.coach, self.hook, self.temp
        memo[id(self)] = copy
        return copy

    def cards(self) -> list[int]:
        """Every card of this side, wherever it lies in the match."""
        cards = self.deck + self.stack + self.exhaust
        for seat in self.bench.values():
            cards += seat
        for seat in self.frozen:
            cards += seat
        return cards

    def bench_card_count(self) -> int:
        """How many cards lie on the bench (normal and frozen seats)."""
        return sum(map(len, self.bench.values())) + sum(map(len, self.frozen))


def _own_bonus_arrays(side: Side) -> None:
    """Give a side its own bonus arrays (copy on first write of the shared zeros)."""
    side.atk_set, side.def_set = [0] * SET_SLOTS, [0] * SET_SLOTS
    side.atk_base, side.def_base = [0] * BASE_SLOTS, [0] * BASE_SLOTS


def _shift_bonus(side: Side, bonus: BenchBonus, sign: int) -> None:
    """Add (sign 1) or take away (sign -1) one copy's from-the-bench bonus."""
    if side.atk_set is ZERO_SETS:
        _own_bonus_arrays(side)
    target, index, amount, attack_only = bonus
    amount *= sign
    if target == B_SET:
        side.atk_set[index] += amount
        if not attack_only:
            side.def_set[index] += amount
    elif target == B_BASE:
        side.atk_base[index] += amount
        if not attack_only:
            side.def_base[index] += amount
    elif target == B_ALL:
        for i in range(SET_SLOTS):
            side.atk_set[i] += amount
            if not attack_only:
                side.def_set[i] += amount
    elif target == B_FLAG:
        side.flag_bonus += amount


def count_in(side: Side, card: int, base: tuple[int, ...], *, frozen: bool = False) -> None:
    """Book a card that just arrived on the bench (frozen seats give no bonuses)."""
    side.cnt_base[base[card]] += 1
    side.cnt_set[SET_ID[card]] += 1
    side.cnt_level[LEVEL[card]] += 1
    if not frozen:
        bonus = side.bench_bonus[card]
        if bonus is not None:
            _shift_bonus(side, bonus, 1)


def count_bonus(side: Side, card: int) -> None:
    """Book a from-the-bench bonus of a card that just arrived on a normal seat."""
    bonus = side.bench_bonus[card]
    if bonus is not None:
        _shift_bonus(side, bonus, 1)


def count_out(side: Side, card: int, base: tuple[int, ...]) -> None:
    """Unbook a card that left a normal bench seat."""
    side.cnt_base[base[card]] -= 1
    side.cnt_set[SET_ID[card]] -= 1
    side.cnt_level[LEVEL[card]] -= 1
    bonus = side.bench_bonus[card]
    if bonus is not None:
        _shift_bonus(side, bonus, -1)


def take_from_bench(side: Side, card: int, base: tuple[int, ...]) -> None:
    """Remove one copy of a card from its normal bench seat (the last card frees the seat)."""
    name = NAME_ID[card]
    seat = side.bench[name]
    seat.remove(card)
    if not seat:
        del side.bench[name]
    count_out(side, card, base)


def empty_seats(side: Side) -> int:
    """Free normal seats plus empty frozen seats."""
    return side.seats - len(side.bench) + sum(1 for seat in side.frozen if not seat)


def distinct_sets(side: Side) -> int:
    """How many different sets lie on the bench (starter and robot cards have none)."""
    counts = side.cnt_set
    return sum(1 for i in range(1, SET_SLOTS) if counts[i])


def name_count(side: Side, name: int) -> int:
    """How many cards of this name lie on the bench (normal and frozen seats)."""
    total = len(side.bench.get(name, ()))
    for seat in side.frozen:
        total += sum(1 for card in seat if NAME_ID[card] == name)
    return total


def self_bonus(bonus: SelfBonus, side: Side, other: Side) -> int:
    """What a card's own bonus is worth right now."""
    kind, parameter, amount = bonus[1], bonus[2], bonus[3]
    if kind == K_FLAT:
        return amount
    if kind == K_HAS_BASE:
        return amount if side.cnt_base[parameter] else 0
    if kind == K_PER_BASE:
        return amount * side.cnt_base[parameter]
    if kind == K_LACKS_SET:
        return 0 if side.cnt_set[parameter] else amount
    if kind == K_HAS_SET:
        return amount if side.cnt_set[parameter] else 0
    if kind == K_PER_SET:
        return amount * side.cnt_set[parameter]
    if kind == K_EMPTY_SEATS:
        return amount * empty_seats(side)
    if kind == K_DECK_AT_MOST:
        return amount if len(side.deck) <= parameter else 0
    if kind == K_OPP_TROPHIES:
        return amount * other.trophies
    if kind == K_DISTINCT_SETS:
        return amount * distinct_sets(side)
    if kind == K_OPP_DISTINCT_SETS:
        return amount * distinct_sets(other)
    if kind == K_PER_NAME:
        return amount * name_count(side, parameter)
    if kind == K_OPP_PER_LEVEL:
        return amount * other.cnt_level[parameter]
    raise AssertionError(f"unknown bonus kind {kind}")


def card_attack_power(card: int, extra: int, side: Side, other: Side, base: tuple[int, ...]) -> int:
    """One attacking card's total power (never below 0)."""
    b = base[card]
    power = b + side.atk_set[SET_ID[card]] + side.atk_base[b] + extra
    bonus = side.self_bonus[card]
    if bonus is not None and bonus[0] != T_FLAG:
        power += self_bonus(bonus, side, other)
    return power if power > 0 else 0


def attack_sum(side: Side, other: Side, base: tuple[int, ...]) -> int:
    """The summed total power of the cards revealed in the running attack."""
    atk_set, atk_base, bonuses = side.atk_set, side.atk_base, side.self_bonus
    total = 0
    for card, extra in zip(side.stack, side.extra, strict=True):
        b = base[card]
        power = b + atk_set[SET_ID[card]] + atk_base[b] + extra
        bonus = bonuses[card]
        if bonus is not None and bonus[0] != T_FLAG:
            power += self_bonus(bonus, side, other)
        if power > 0:
            total += power
    return total


def defence_power(side: Side, other: Side, base: tuple[int, ...]) -> int:
    """The total power of the card holding the flag (only its own; never below 0)."""
    card = side.stack[-1]
    b = base[card]
    power = b + side.def_set[SET_ID[card]] + side.def_base[b] + side.flag_bonus
    bonus = side.self_bonus[card]
    if bonus is not None and bonus[0] != T_ATTACK:
        power += self_bonus(bonus, side, other)
    return power if power > 0 else 0
