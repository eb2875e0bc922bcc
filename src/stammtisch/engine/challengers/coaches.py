"""The house coaches of the table option `coaches`: loaded once from data/coaches.toml, checked."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from stammtisch.engine.challengers.catalogue import DataError, _translations, catalogue, read_data
from stammtisch.engine.challengers.match_state import HOOK_SHORT, HOOK_TAKEN

PASSIVE_KINDS: dict[str, dict[str, type]] = {
    "flag_base_bonus": {"bases": list, "amount": int},
    "attack_base_bonus": {"bases": list, "amount": int},
    "attack_set_bonus": {"set": str, "amount": int},
    "defence_set_bonus": {"set": str, "amount": int},
    "bench_seats": {"seats": int},
    "extra_draw": {"cards": int},
    "fans_after_loss": {"fans": int},
    "weakest_to_bottom": {"count": int},
    "flag_bonus": {"amount": int},
}
"""Passive effect kinds and their parameters."""


ACTIVE_KINDS: dict[str, tuple[int, dict[str, type]]] = {
    "flag_bonus_this_attack": (HOOK_TAKEN, {"amount": int}),
    "flag_bonus_per_card_under": (HOOK_TAKEN, {"amount": int}),
    "clear_bench_seat": (HOOK_TAKEN, {"free_at_most": int, "max_cards": int}),
    "exhaust_capturer": (HOOK_TAKEN, {"min_base": int}),
    "last_card_bonus": (HOOK_SHORT, {"amount": int}),
    "attack_cards_bonus": (HOOK_SHORT, {"amount": int, "min_cards": int}),
    "search_to_top": (HOOK_SHORT, {"bonus": int, "min_short": int}),
    "bench_card_to_deck": (HOOK_SHORT, {"max_base": int}),
}
"""Active effect kinds: the moment the holder is asked, and the parameters."""

THEMES = ("defence", "attack", "bench", "deck")
LABELS = ("house", "passive", "active", "use", "save")


@dataclass(frozen=True, slots=True)
class CoachEffect:
    """One thing a coach does: a kind of coaching.py and its numbers."""

    kind: str
    params: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Coach:
    """One house coach."""

    index: int
    key: str
    house: bool
    active: bool
    theme: str
    value: int
    rounds: tuple[int, int]
    effects: tuple[CoachEffect, ...]
    name: Mapping[str, str]
    text: Mapping[str, str]

    @property
    def hook(self) -> int:
        """When an active coach's holder is asked (0 for a passive coach)."""
        return ACTIVE_KINDS[self.effects[0].kind][0] if self.active else 0


@dataclass(frozen=True, slots=True)
class CoachSet:
    """Every house coach, how many are dealt, and the words shown with them."""

    coaches: tuple[Coach, ...]
    by_key: Mapping[str, int]
    offered: int
    offered_small_table: int
    small_table: int
    labels: Mapping[str, Mapping[str, str]]

    def dealt(self, players: int) -> int:
        """How many coaches each player is dealt at a table of this size."""
        return self.offered_small_table if players <= self.small_table else self.offered


def _whole(where: str, raw: Mapping[str, Any], name: str, least: int = 0) -> int:
    """A whole number of at least `least`."""
    value = raw.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise DataError(where, f"{name!r} must be a whole number >= {least}")
    return value


FINAL = 8
"""The final counts as round 8 (rules.toml `final_round`)."""


def _rounds(where: str, raw: Any) -> tuple[int, int]:
    """The first and last round a coach works in (the final is 8)."""
    if (
        not isinstance(raw, list)
        or len(raw) != 2
        or not all(isinstance(r, int) and not isinstance(r, bool) for r in raw)
        or not 1 <= raw[0] <= raw[1] <= FINAL
    ):
        raise DataError(where, f"rounds must be [first, last] with 1 <= first <= last <= {FINAL}")
    return raw[0], raw[1]


def _effect(where: str, raw: Any, active: bool) -> CoachEffect:
    """One checked coach effect."""
    if not isinstance(raw, dict):
        raise DataError(where, "each effect must be a table")
    kind = str(raw.get("kind"))
    table = ACTIVE_KINDS if active else PASSIVE_KINDS
    if kind not in table:
        raise DataError(where, f"unknown {'active' if active else 'passive'} kind {kind!r}")
    wanted = ACTIVE_KINDS[kind][1] if active else PASSIVE_KINDS[kind]
    params = {name: value for name, value in raw.items() if name != "kind"}
    if set(params) != set(wanted):
        raise DataError(where, f"effect {kind!r} takes exactly {', '.join(wanted) or 'nothing'}")
    for name, expected in wanted.items():
        value = params[name]
        if expected is int:
            _whole(where, params, name)
        elif expected is list:
            if not value or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
                raise DataError(where, f"{name!r} must be a list of whole numbers")
        elif not isinstance(value, expected):
            raise DataError(where, f"{name!r} must be a {expected.__name__}")
    if "set" in params and params["set"] not in catalogue().sets:
        raise DataError(where, f"effect names an unknown set {params['set']!r}")
    return CoachEffect(kind=kind, params=params)


def _coach(index: int, raw: Any) -> Coach:
    """One checked coach entry."""
    where = f"coaches.toml coach {index + 1}"
    if not isinstance(raw, dict):
        raise DataError(where, "each coach must be a table")
    key = raw.get("key")
    if not isinstance(key, str) or not key or key != key.lower() or " " in key:
        raise DataError(where, f"coach key {key!r} must be a lower-case word without spaces")
    where = f"{where} ({key})"
    known = {"key", "house", "kind", "theme", "value", "rounds", "effects", "name", "text"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise DataError(where, f"unknown field(s) {', '.join(unknown)}")
    if raw.get("house") is not True:
        raise DataError(where, "every coach is a house coach: 'house = true'")
    if raw.get("kind") not in ("passive", "active"):
        raise DataError(where, "kind must be 'passive' or 'active'")
    if raw.get("theme") not in THEMES:
        raise DataError(where, f"theme must be one of {', '.join(THEMES)}")
    active = raw["kind"] == "active"
    effects = raw.get("effects")
    if not isinstance(effects, list) or not effects or (active and len(effects) != 1):
        raise DataError(where, "a coach needs effects (an active coach exactly one)")
    return Coach(
        index=index,
        key=key,
        house=True,
        active=active,
        theme=raw["theme"],
        value=_whole(where, raw, "value"),
        rounds=_rounds(where, raw.get("rounds", [1, FINAL])),
        effects=tuple(_effect(where, effect, active) for effect in effects),
        name=_translations(where, raw.get("name"), "name"),
        text=_translations(where, raw.get("text"), "text"),
    )


def parse_coaches(raw: Any) -> CoachSet:
    """The coach set from the parsed TOML of coaches.toml."""
    if not isinstance(raw, dict) or not isinstance(raw.get("coaches"), list):
        raise DataError("coaches.toml", "needs a list of [[coaches]]")
    coaches = tuple(_coach(i, entry) for i, entry in enumerate(raw["coaches"]))
    keys = [coach.key for coach in coaches]
    if len(set(keys)) != len(keys):
        raise DataError("coaches.toml", "coach keys must be unique")
    labels = raw.get("label")
    if not isinstance(labels, dict) or set(labels) != set(LABELS):
        raise DataError("coaches.toml", f"[label] needs exactly {', '.join(LABELS)}")
    words = {name: _translations("coaches.toml [label]", labels[name], name) for name in LABELS}
    return CoachSet(
        coaches=coaches,
        by_key={key: i for i, key in enumerate(keys)},
        offered=_whole("coaches.toml", raw, "offered", 1),
        offered_small_table=_whole("coaches.toml", raw, "offered_small_table", 1),
        small_table=_whole("coaches.toml", raw, "small_table", 1),
        labels=words,
    )


@cache
def coach_set() -> CoachSet:
    """The packaged house coaches (loaded and checked once)."""
    return parse_coaches(read_data("coaches.toml"))
