"""How tables of each game are run (clocks, timeouts, bots), read from `data/tables.toml`."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from datetime import timedelta
from functools import cache
from pathlib import Path
from typing import Any

from stammtisch.bots.registry import bot_names

DATA = Path(__file__).parent / "data" / "tables.toml"
"""The packaged table rules; an operator may point `use_file` at another file."""


@dataclass(frozen=True)
class TablePolicy:
    """The platform rules of one game's tables."""

    turn: timedelta
    reminder: timedelta
    timeout: str
    realtime: bool
    realtime_seconds: tuple[int, ...]
    training_bot: str
    takeover_bot: str


class PolicyDataError(ValueError):
    """The tables data file is malformed."""


def _check(values: dict[str, Any], where: str) -> None:
    if values.get("timeout") not in ("loss", "bot"):
        raise PolicyDataError(f"{DATA.name} {where}: timeout must be 'loss' or 'bot'")
    for key in ("turn_hours", "reminder_hours"):
        if not isinstance(values.get(key), int | float) or values[key] <= 0:
            raise PolicyDataError(f"{DATA.name} {where}: {key} must be a positive number")
    if values["reminder_hours"] >= values["turn_hours"]:
        raise PolicyDataError(f"{DATA.name} {where}: the reminder must come before the deadline")
    seconds = values.get("realtime_seconds")
    if (
        not isinstance(seconds, list)
        or not seconds
        or not all(isinstance(s, int) and s >= 5 for s in seconds)
    ):
        raise PolicyDataError(f"{DATA.name} {where}: realtime_seconds must list whole seconds >= 5")


def use_file(path: Path | None) -> None:
    """Read table rules from this file from now on (None: the packaged file); checks it at once."""
    global DATA
    DATA = path or Path(__file__).parent / "data" / "tables.toml"
    _data.cache_clear()
    _data()


@cache
def _data() -> dict[str, Any]:
    try:
        data = tomllib.loads(DATA.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise PolicyDataError(f"{DATA.name}: {error}") from error
    if "default" not in data:
        raise PolicyDataError(f"{DATA.name}: the [default] table is missing")
    for name, overrides in {"default": {}, **data.get("games", {})}.items():
        _check({**data["default"], **overrides}, f"[{name}]")
    return data


def policy(game: str) -> TablePolicy:
    """The table rules of this game (its overrides on top of the defaults)."""
    data = _data()
    values = {**data["default"], **data.get("games", {}).get(game, {})}
    bots = bot_names(game)
    training = values["training_bot"] or (bots[0] if bots else "")
    for key in ("training_bot", "takeover_bot"):
        if values[key] and values[key] not in bots:
            raise PolicyDataError(f"{DATA.name} [{game}]: {key} {values[key]!r} is not a bot of it")
    return TablePolicy(
        turn=timedelta(hours=values["turn_hours"]),
        reminder=timedelta(hours=values["reminder_hours"]),
        timeout=values["timeout"],
        realtime=bool(values["realtime"]),
        realtime_seconds=tuple(values["realtime_seconds"]),
        training_bot=training,
        takeover_bot=values["takeover_bot"] or training,
    )
