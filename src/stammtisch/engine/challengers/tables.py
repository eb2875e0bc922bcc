"""The catalogue compiled once into flat per-card tables (plain tuples) for the match loop."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from stammtisch.engine.challengers.catalogue import (
    LEVELS,
    SELF_BONUS_TIMINGS,
    Catalogue,
    DataError,
    Effect,
    catalogue,
)
from stammtisch.engine.challengers.rules_data import rules

SET_SLOTS: Final = 8
"""Set ids 1..7 for the real sets, 0 for cards that belong to no set (starter, robot)."""
BASE_SLOTS: Final = 16
"""Base powers 0..15 are tracked for bench counts and base-power bonuses."""

T_CONTINUOUS: Final = 0
T_ATTACK: Final = 1
T_FLAG: Final = 2
"""When a self bonus applies: always face up, only attacking, only holding the flag."""

K_FLAT: Final = 0
K_HAS_BASE: Final = 1
K_PER_BASE: Final = 2
K_LACKS_SET: Final = 3
K_HAS_SET: Final = 4
K_PER_SET: Final = 5
K_DISTINCT_SETS: Final = 6
K_OPP_DISTINCT_SETS: Final = 7
K_EMPTY_SEATS: Final = 8
K_DECK_AT_MOST: Final = 9
K_PER_NAME: Final = 10
K_OPP_PER_LEVEL: Final = 11
K_OPP_TROPHIES: Final = 12
"""What a card's bonus to itself counts (see `_SELF_KINDS` and `board.self_bonus`)."""

_SELF_KINDS = {
    "bonus": K_FLAT,
    "bonus_if_bench_has_base": K_HAS_BASE,
    "bonus_per_bench_base": K_PER_BASE,
    "bonus_if_bench_lacks_set": K_LACKS_SET,
    "bonus_if_bench_has_set": K_HAS_SET,
    "bonus_per_bench_set": K_PER_SET,
    "bonus_per_bench_distinct_set": K_DISTINCT_SETS,
    "bonus_per_opponent_bench_distinct_set": K_OPP_DISTINCT_SETS,
    "bonus_per_empty_seat": K_EMPTY_SEATS,
    "bonus_if_deck_at_most": K_DECK_AT_MOST,
    "bonus_per_bench_card": K_PER_NAME,
    "bonus_per_opponent_bench_level": K_OPP_PER_LEVEL,
    "bonus_per_opponent_trophy": K_OPP_TROPHIES,
}

B_ALL: Final = 0
B_SET: Final = 1
B_BASE: Final = 2
B_FLAG: Final = 3
"""Whom a from-the-bench bonus reaches."""

SelfBonus = tuple[int, int, int, int]
"""(timing, kind, parameter, amount) of a card's bonus to itself."""
BenchBonus = tuple[int, int, int, bool]
"""(target, target index, amount, during the attack only) of a from-the-bench bonus."""


@dataclass(frozen=True, slots=True)
class Tables:
    """Per-card facts by card index; the `robot_*` variants blank out players' cards' effects."""

    size: int
    key: tuple[str, ...]
    name: tuple[str, ...]
    name_id: tuple[int, ...]
    set_id: tuple[int, ...]
    level: tuple[int, ...]
    power: tuple[int | None, ...]
    base_by_round: tuple[tuple[int, ...], ...]
    self_bonus: tuple[SelfBonus | None, ...]
    bench_bonus: tuple[BenchBonus | None, ...]
    immediate: tuple[Effect | None, ...]
    flag_loss: tuple[Effect | None, ...]
    capture: tuple[Effect | None, ...]
    picked: tuple[Effect | None, ...]
    robot_self_bonus: tuple[SelfBonus | None, ...]
    robot_immediate: tuple[Effect | None, ...]
    robot_flag_loss: tuple[Effect | None, ...]
    robot_capture: tuple[Effect | None, ...]
    is_robot_card: tuple[bool, ...]
    level_index: dict[str, int]
    set_index: dict[str, int]


def _set_index(cat: Catalogue) -> dict[str, int]:
    """Set key -> set id (0 for sets that do not count as a set)."""
    return {key: (s.index if s.counts_as_set else 0) for key, s in cat.sets.items()}


def _self_bonus(effect: Effect | None, cat: Catalogue, sets: dict[str, int]) -> SelfBonus | None:
    """The compiled bonus a card gives itself, if any."""
    if effect is None or effect.timing not in SELF_BONUS_TIMINGS:
        return None
    params = effect.params
    timing = SELF_BONUS_TIMINGS.index(effect.timing)
    kind = _SELF_KINDS[effect.kind]
    parameter: Any = 0
    if "base" in params:
        parameter = params["base"]
    elif "set" in params:
        parameter = sets[params["set"]]
    elif "level" in params:
        parameter = LEVELS.index(params["level"])
    elif "cards" in params:
        parameter = params["cards"]
    elif "card" in params:
        parameter = _name_ids(cat)[cat.by_key[params["card"]]]
    return (timing, kind, int(parameter), int(params["amount"]))


def _bench_bonus(effect: Effect | None, sets: dict[str, int]) -> BenchBonus | None:
    """The compiled from-the-bench bonus of a card, if any."""
    if effect is None or effect.kind != "bench_bonus":
        return None
    params = effect.params
    targets = params["targets"]
    during_attack = bool(params.get("during_attack", False))
    if targets == "set":
        return (B_SET, sets[params["set"]], params["amount"], during_attack)
    if targets == "base":
        return (B_BASE, params["base"], params["amount"], during_attack)
    if targets == "flag":
        return (B_FLAG, 0, params["amount"], during_attack)
    return (B_ALL, 0, params["amount"], during_attack)


def _name_ids(cat: Catalogue) -> tuple[int, ...]:
    """Card index -> id of its English name (same name, same bench seat)."""
    names: dict[str, int] = {}
    return tuple(names.setdefault(card.en, len(names)) for card in cat.cards)


def _timed(cat: Catalogue, timing: str) -> tuple[Effect | None, ...]:
    """Per card: its effect if it has this timing."""
    return tuple(c.effect if c.effect and c.effect.timing == timing else None for c in cat.cards)


def _base_by_round(cat: Catalogue) -> tuple[tuple[int, ...], ...]:
    """Per round 0..final: every card's base power (cards with power 'round' follow the round)."""
    rule = rules()
    rows = []
    for round_number in range(rule.final_round + 1):
        capped = min(max(round_number, 1), rule.round_cap)
        rows.append(tuple(capped if c.power is None else c.power for c in cat.cards))
    return tuple(rows)


def _robot_only(values: tuple[Any, ...], robot: tuple[bool, ...]) -> tuple[Any, ...]:
    """The same table with players' cards blanked out (the robot ignores their effects)."""
    return tuple(value if is_robot else None for value, is_robot in zip(values, robot, strict=True))


def check_limits(cat: Catalogue) -> None:
    """The catalogue fits the flat tables: set orders 1..7, base powers 0..15."""
    for card_set in cat.sets.values():
        if card_set.counts_as_set and not 0 < card_set.index < SET_SLOTS:
            raise DataError(f"sets.toml ({card_set.key})", f"'order' must be 1 to {SET_SLOTS - 1}")
    for card in cat.cards:
        if card.power is not None and card.power >= BASE_SLOTS:
            raise DataError(f"cards.toml ({card.key})", f"power must be below {BASE_SLOTS}")


@cache
def tables() -> Tables:
    """The compiled tables of the packaged catalogue."""
    cat = catalogue()
    check_limits(cat)
    sets = _set_index(cat)
    self_bonus = tuple(_self_bonus(c.effect, cat, sets) for c in cat.cards)
    robot = tuple(c.set == "robot" for c in cat.cards)
    immediate, flag_loss = _timed(cat, "immediate"), _timed(cat, "flag_loss")
    capture = _timed(cat, "capture")
    return Tables(
        size=len(cat.cards),
        key=tuple(c.key for c in cat.cards),
        name=tuple(c.en for c in cat.cards),
        name_id=_name_ids(cat),
        set_id=tuple(sets[c.set] for c in cat.cards),
        level=tuple(LEVELS.index(c.level) for c in cat.cards),
        power=tuple(c.power for c in cat.cards),
        base_by_round=_base_by_round(cat),
        self_bonus=self_bonus,
        bench_bonus=tuple(_bench_bonus(c.effect, sets) for c in cat.cards),
        immediate=immediate,
        flag_loss=flag_loss,
        capture=capture,
        picked=_timed(cat, "picked"),
        robot_self_bonus=_robot_only(self_bonus, robot),
        robot_immediate=_robot_only(immediate, robot),
        robot_flag_loss=_robot_only(flag_loss, robot),
        robot_capture=_robot_only(capture, robot),
        is_robot_card=robot,
        level_index={level: i for i, level in enumerate(LEVELS)},
        set_index=sets,
    )
