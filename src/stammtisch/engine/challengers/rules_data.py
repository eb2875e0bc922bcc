"""The numbers of a tournament (schedules, plans, trophies, robot levels) from rules.toml."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from stammtisch.engine.challengers.catalogue import PILE_LEVELS, Catalogue, DataError, read_data


@dataclass(frozen=True, slots=True)
class Difficulty:
    """One robot difficulty level: base cards replaced by how many random R cards."""

    level: int
    solo_only: bool
    replace: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Rules:
    """Every number a tournament needs."""

    rounds: int
    final_round: int
    round_cap: int
    bench_seats: int
    discard_capacity: int
    draw: int
    alt_draw: int
    keep: Mapping[str, int]
    lead_to_win: int
    min_players: int
    max_players: int
    sets_to_choose: int
    parks: tuple[int, ...]
    offers: tuple[tuple[str, ...], ...]
    trophies: tuple[tuple[int, ...], ...]
    plans: Mapping[int, tuple[tuple[int, ...], ...]]
    difficulties: tuple[Difficulty, ...]
    frozen_seats: int

    def plans_for(self, players: int) -> tuple[tuple[int, ...], ...]:
        """The plans of a player count (one per seat, plus one for the robot if odd)."""
        return self.plans[players]


_KEYS = {
    "rounds",
    "final_round",
    "round_cap",
    "bench_seats",
    "discard_capacity",
    "draw",
    "alt_draw",
    "keep",
    "lead_to_win",
    "min_players",
    "max_players",
    "sets_to_choose",
    "parks",
    "offers",
    "trophies",
    "plans",
    "difficulty",
    "winter_park",
}


def _whole(value: Any, what: str, minimum: int = 0) -> int:
    """A whole number of at least `minimum`."""
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise DataError("rules.toml", f"{what} must be a whole number >= {minimum}")
    return value


def _int(raw: Mapping[str, Any], key: str, minimum: int = 0) -> int:
    """A required whole number of at least `minimum`."""
    return _whole(raw.get(key), repr(key), minimum)


def _table(raw: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    """A required table."""
    value = raw.get(key)
    if not isinstance(value, dict):
        raise DataError("rules.toml", f"[{key}] must be a table")
    return value


def _rows(value: Any, what: str, count: int, minimum: int = 0) -> tuple[tuple[int, ...], ...]:
    """`count` lists of whole numbers."""
    if not isinstance(value, list) or len(value) != count:
        raise DataError("rules.toml", f"{what} needs {count} rows")
    if not all(isinstance(row, list) for row in value):
        raise DataError("rules.toml", f"each row of {what} must be a list")
    return tuple(tuple(_whole(v, f"each entry of {what}", minimum) for v in row) for row in value)


def _span(span: str) -> tuple[int, int]:
    """The player counts of a plans key such as '3-4'."""
    low, _, high = span.partition("-")
    if not (low.isdigit() and high.isdigit()) or int(low) > int(high):
        raise DataError("rules.toml", f"plans key {span!r} must be like '3-4'")
    return int(low), int(high)


def _plans(
    raw: Any, rounds: int, parks: tuple[int, ...], players: range
) -> dict[int, tuple[tuple[int, ...], ...]]:
    """Plans per player count, checked: each round pairs exactly two plans per park."""
    if not isinstance(raw, dict):
        raise DataError("rules.toml", "[plans] must be a table")
    plans: dict[int, tuple[tuple[int, ...], ...]] = {}
    for span, table in raw.items():
        low, high = _span(span)
        if low not in players or high not in players:
            raise DataError("rules.toml", f"plans {span}: player counts out of range")
        park_count = parks[high]
        rows = _rows(table, f"plans {span}", 2 * park_count)
        if any(len(row) != rounds for row in rows):
            raise DataError("rules.toml", f"plans {span}: need {2 * park_count} rows of {rounds}")
        for round_index in range(rounds):
            column = [row[round_index] for row in rows]
            if sorted(column) != sorted(list(range(park_count)) * 2):
                raise DataError(
                    "rules.toml", f"plans {span}, round {round_index + 1}: two plans per park"
                )
        for count in range(low, high + 1):
            if count in plans or parks[count] != park_count:
                raise DataError("rules.toml", f"plans {span}: {count} players planned twice")
            plans[count] = rows
    missing = [count for count in players if count not in plans]
    if missing:
        raise DataError("rules.toml", f"no plans for {', '.join(map(str, missing))} players")
    return plans


def _difficulties(raw: Any, catalogue: Catalogue) -> tuple[Difficulty, ...]:
    """Robot difficulty levels 0.. in order, replacing real base cards by the R cards there are."""
    if not isinstance(raw, list) or not raw:
        raise DataError("rules.toml", "needs [[difficulty]] levels")
    robot = [card for card in catalogue.cards if card.set == "robot"]
    base = {card.key: card.copies for card in robot if card.level == "S"}
    pool = sum(card.copies for card in robot if card.level == "R")
    levels = []
    for index, entry in enumerate(raw):
        if not isinstance(entry, dict) or entry.get("level") != index:
            raise DataError("rules.toml", "difficulty levels must be listed 0, 1, 2, ... in order")
        replace = []
        items = entry.get("replace", [])
        if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
            raise DataError("rules.toml", f"difficulty {index}: 'replace' must list tables")
        for item in items:
            key = item.get("card", "")
            if base.get(key, 0) < 1 or sum(i.get("card") == key for i in items) > base[key]:
                raise DataError(
                    "rules.toml", f"difficulty {index}: {key!r} is not a robot base card to replace"
                )
            replace.append((key, _int(item, "by", 1)))
        if sum(by for _, by in replace) > pool:
            raise DataError(
                "rules.toml", f"difficulty {index}: more R cards than the {pool} there are"
            )
        levels.append(Difficulty(index, bool(entry.get("solo_only", False)), tuple(replace)))
    return tuple(levels)


def parse_rules(raw: Any, catalogue: Catalogue) -> Rules:
    """Checked rules from the parsed TOML."""
    if not isinstance(raw, dict):
        raise DataError("rules.toml", "must be a table")
    unknown = sorted(set(raw) - _KEYS)
    if unknown:
        raise DataError("rules.toml", f"unknown key(s) {', '.join(unknown)}")
    rounds = _int(raw, "rounds", 1)
    max_players = _int(raw, "max_players", 1)
    min_players = _int(raw, "min_players", 1)
    if min_players > max_players:
        raise DataError("rules.toml", "'min_players' must not exceed 'max_players'")
    parks_raw = raw.get("parks")
    if not isinstance(parks_raw, list) or len(parks_raw) != max_players + 1:
        raise DataError("rules.toml", "'parks' needs one entry per player count 0..max_players")
    parks = tuple(_whole(v, "each entry of 'parks'") for v in parks_raw)
    if any(parks[n] != (n + 1) // 2 for n in range(min_players, max_players + 1)):
        raise DataError(
            "rules.toml", "'parks' must give every two players (or player and robot) a park"
        )
    offers = raw.get("offers")
    if (
        not isinstance(offers, list)
        or len(offers) != rounds
        or any(
            not isinstance(row, list)
            or not row
            or len(set(row)) != len(row)
            or set(row) - set(PILE_LEVELS)
            for row in offers
        )
    ):
        raise DataError("rules.toml", f"'offers' needs {rounds} rows of levels A/B/C")
    keep = _table(raw, "keep")
    if sorted(keep) != list(PILE_LEVELS):
        raise DataError("rules.toml", "'keep' needs a count for each of A, B, C")
    trophies = _rows(raw.get("trophies"), "'trophies'", rounds)
    if any(len(row) < max(parks) for row in trophies):
        raise DataError("rules.toml", f"'trophies' needs {rounds} rows, one value per park")
    bench_seats = _int(raw, "bench_seats", 1)
    draw = _int(raw, "draw", 1)
    frozen_seats = _int(_table(raw, "winter_park"), "frozen_seats")
    choosable = [s for s in catalogue.sets.values() if s.draftable and not s.always_in]
    sets_to_choose = _int(raw, "sets_to_choose")
    if sets_to_choose > len(choosable):
        raise DataError("rules.toml", f"'sets_to_choose' exceeds the {len(choosable)} sets")
    if frozen_seats > bench_seats:
        raise DataError("rules.toml", "'frozen_seats' must not exceed 'bench_seats'")
    return Rules(
        rounds=rounds,
        final_round=_int(raw, "final_round", rounds + 1),
        round_cap=_int(raw, "round_cap", 1),
        bench_seats=bench_seats,
        discard_capacity=_int(raw, "discard_capacity", 1),
        draw=draw,
        alt_draw=_int(raw, "alt_draw", draw),
        keep={level: _whole(keep[level], f"'keep' {level}", 1) for level in PILE_LEVELS},
        lead_to_win=_int(raw, "lead_to_win", 1),
        min_players=min_players,
        max_players=max_players,
        sets_to_choose=sets_to_choose,
        parks=parks,
        offers=tuple(tuple(row) for row in offers),
        trophies=trophies,
        plans=_plans(raw.get("plans"), rounds, parks, range(min_players, max_players + 1)),
        difficulties=_difficulties(raw.get("difficulty"), catalogue),
        frozen_seats=frozen_seats,
    )


@cache
def rules() -> Rules:
    """The packaged rules (loaded and checked once)."""
    from stammtisch.engine.challengers.catalogue import catalogue

    return parse_rules(read_data("rules.toml"), catalogue())
