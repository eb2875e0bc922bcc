"""Table options of a Challengers! game, checked with errors a player can read."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.engine.challengers.catalogue import catalogue
from stammtisch.engine.challengers.rules_data import rules
from stammtisch.engine.protocol import GameError

DEFAULTS: dict[str, Any] = {
    "players": 4,
    "sets": "random",
    "difficulty": 0,
    "solo_cards": False,
    "alt_draft": False,
    "winter_park": False,
    "coaches": False,
}
"""Every option with its default."""

SET_MODES = ("random", "first-game")


def optional_sets() -> list[str]:
    """The sets of which 5 are chosen (City is always in)."""
    sets = catalogue().sets.values()
    return [s.key for s in sorted(sets, key=lambda s: s.index) if s.draftable and not s.always_in]


def _whole(options: Mapping[str, Any], name: str) -> int:
    """A whole-number option."""
    value = options[name]
    if isinstance(value, bool) or not isinstance(value, int):
        raise GameError("bad_option", f"The option {name!r} must be a whole number, not {value!r}.")
    return value


def _flag(options: Mapping[str, Any], name: str) -> bool:
    """A yes/no option."""
    value = options[name]
    if not isinstance(value, bool):
        raise GameError("bad_option", f"The option {name!r} must be true or false, not {value!r}.")
    return value


def _sets(value: Any) -> str | list[str]:
    """The set choice: 'random', 'first-game' or a list of exactly 5 of the 6 optional sets."""
    if isinstance(value, str):
        if value not in SET_MODES:
            raise GameError(
                "bad_option",
                f"'sets' must be 'random', 'first-game' or a list of 5 sets, not {value!r}.",
            )
        return value
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise GameError(
            "bad_option", "'sets' must be 'random', 'first-game' or a list of 5 set names."
        )
    choosable = optional_sets()
    for name in value:
        if name == "city":
            raise GameError("bad_option", "City is always in; choose 5 of the other 6 sets.")
        if name not in choosable:
            raise GameError(
                "unknown_set",
                f"There is no set called {name!r}; the sets are {', '.join(choosable)}.",
            )
    if len(set(value)) != len(value):
        raise GameError("bad_option", "Each set can be chosen only once.")
    wanted = rules().sets_to_choose
    if len(value) != wanted:
        raise GameError(
            "bad_option", f"Choose exactly {wanted} of the {len(choosable)} sets, not {len(value)}."
        )
    return sorted(value, key=choosable.index)


def normalize_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """Checked options with defaults filled in; GameError with a readable reason otherwise."""
    if not isinstance(options, Mapping):
        raise GameError("bad_option", "The options must be a table of named options.")
    unknown = sorted(str(name) for name in set(options) - set(DEFAULTS))
    if unknown:
        raise GameError(
            "bad_option", f"Unknown option(s) {', '.join(unknown)}; known: {', '.join(DEFAULTS)}."
        )
    merged = {**DEFAULTS, **options}
    rule = rules()
    players = _whole(merged, "players")
    if not rule.min_players <= players <= rule.max_players:
        raise GameError(
            "bad_option",
            f"Challengers! is for {rule.min_players} to {rule.max_players} players, not {players}.",
        )
    difficulty = _whole(merged, "difficulty")
    levels = rule.difficulties
    if not 0 <= difficulty < len(levels):
        raise GameError(
            "bad_option",
            f"The robot's difficulty goes from 0 to {len(levels) - 1}, not {difficulty}.",
        )
    if difficulty and players % 2 == 0:
        raise GameError(
            "bad_option", "The robot only plays with an odd number of players; no difficulty here."
        )
    if levels[difficulty].solo_only and players != 1:
        raise GameError("bad_option", f"Difficulty {difficulty} is for solo games only.")
    solo_cards = _flag(merged, "solo_cards")
    if solo_cards and players != 1:
        raise GameError("bad_option", "The robot's SOLO cards are for solo games only.")
    return {
        "players": players,
        "sets": _sets(merged["sets"]),
        "difficulty": difficulty,
        "solo_cards": solo_cards,
        "alt_draft": _flag(merged, "alt_draft"),
        "winter_park": _flag(merged, "winter_park"),
        "coaches": _flag(merged, "coaches"),
    }
