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


def _int(raw: Mapping[str, Any], key: str) -> int:
    """A required whole number."""
    value = raw.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise DataError("rules.toml", f"{key!r} must be a whole number")
    return value


def _plans(raw: Any, rounds: int, parks: tuple[int, ...]) -> dict[int, tuple[tuple[int, ...], ...]]:
    """Plans per player count, checked: each round pairs exactly two plans per park."""
    if not isinstance(raw, dict):
        raise DataError("rules.toml", "[plans] must be a table")
    plans: dict[int, tuple[tuple[int, ...], ...]] = {}
    for span, table in raw.items():
        low, _, high = span.partition("-")
        rows = tuple(tuple(row) for row in table)
        park_count = parks[int(high)]
        if len(rows) != 2 * park_count or any(len(row) != rounds for row in rows):
            raise DataError("rules.toml", f"plans {span}: need {2 * park_count} rows of {rounds}")
        for round_index in range(rounds):
            column = [row[round_index] for row in rows]
            if sorted(column) != sorted(list(range(park_count)) * 2):
                raise DataError(
                    "rules.toml", f"plans {span}, round {round_index + 1}: two plans per park"
                )
        for players in range(int(low), int(high) + 1):
            plans[players] = rows
    return plans


def _difficulties(raw: Any, catalogue: Catalogue) -> tuple[Difficulty, ...]:
    """Robot difficulty levels 0.. in order, naming real robot cards."""
    levels = []
    for index, entry in enumerate(raw or []):
        if entry.get("level") != index:
            raise DataError("rules.toml", "difficulty levels must be listed 0, 1, 2, ... in order")
        replace = []
        for item in entry.get("replace", []):
            card = catalogue.by_key.get(item.get("card", ""))
            if card is None or catalogue.cards[card].set != "robot":
                raise DataError("rules.toml", f"difficulty {index}: unknown robot card {item!r}")
            replace.append((item["card"], _int(item, "by")))
        levels.append(Difficulty(index, bool(entry.get("solo_only", False)), tuple(replace)))
    if not levels:
        raise DataError("rules.toml", "needs [[difficulty]] levels")
    return tuple(levels)


def parse_rules(raw: Any, catalogue: Catalogue) -> Rules:
    """Checked rules from the parsed TOML."""
    if not isinstance(raw, dict):
        raise DataError("rules.toml", "must be a table")
    rounds = _int(raw, "rounds")
    parks = tuple(raw.get("parks", ()))
    offers = tuple(tuple(row) for row in raw.get("offers", ()))
    trophies = tuple(tuple(row) for row in raw.get("trophies", ()))
    keep = dict(raw.get("keep", {}))
    if len(offers) != rounds or any(not row or set(row) - set(PILE_LEVELS) for row in offers):
        raise DataError("rules.toml", f"'offers' needs {rounds} rows of levels A/B/C")
    if sorted(keep) != list(PILE_LEVELS):
        raise DataError("rules.toml", "'keep' needs a count for each of A, B, C")
    if len(trophies) != rounds or any(len(row) < max(parks) for row in trophies):
        raise DataError("rules.toml", f"'trophies' needs {rounds} rows, one value per park")
    max_players = _int(raw, "max_players")
    if len(parks) != max_players + 1:
        raise DataError("rules.toml", "'parks' needs one entry per player count 0..max_players")
    return Rules(
        rounds=rounds,
        final_round=_int(raw, "final_round"),
        round_cap=_int(raw, "round_cap"),
        bench_seats=_int(raw, "bench_seats"),
        discard_capacity=_int(raw, "discard_capacity"),
        draw=_int(raw, "draw"),
        alt_draw=_int(raw, "alt_draw"),
        keep=keep,
        lead_to_win=_int(raw, "lead_to_win"),
        min_players=_int(raw, "min_players"),
        max_players=max_players,
        sets_to_choose=_int(raw, "sets_to_choose"),
        parks=parks,
        offers=offers,
        trophies=trophies,
        plans=_plans(raw.get("plans"), rounds, parks),
        difficulties=_difficulties(raw.get("difficulty"), catalogue),
        frozen_seats=_int(raw.get("winter_park", {}), "frozen_seats"),
    )


@cache
def rules() -> Rules:
    """The packaged rules (loaded and checked once)."""
    from stammtisch.engine.challengers.catalogue import catalogue

    return parse_rules(read_data("rules.toml"), catalogue())
