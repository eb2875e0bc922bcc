"""Finished games as the profile and the games list show them: players, variant, result, end."""

from __future__ import annotations

import re
from typing import Any

from babel.dates import format_date

from stammtisch.services.gametexts import texts
from stammtisch.services.history import FinishedGame, Player

CHALLENGERS_END = re.compile(r"^(lead_of|fans_after_round)_(\d+)$")
"""How a Challengers! game was decided: a lead of N fans, or the fans after round N."""


def variant_of(game: FinishedGame) -> str:
    """The variant's key, which also names its icon: classic, chips, or the game itself."""
    if game.game == "klubnacht":
        return "chips" if game.options.get("chips") else "classic"
    return game.game


def icon_of(variant: str) -> str:
    """The static picture of a variant."""
    if variant in ("classic", "chips"):
        return f"art/klubnacht/{variant}.svg"
    return "art/challengers/icon.svg"


def variant_name(game: FinishedGame, variant: str, language: str) -> str:
    """The game's name with its variant, in the reader's language ("Klubnacht · Mit Chip")."""
    words = texts(game.game, language)
    name = str(words["name"])
    if game.game == "klubnacht":
        return f"{name} · {words['variants'][variant]}"
    return name


def result_of(game: FinishedGame) -> str:
    """How it went for the member: won, lost, draw (a shared first place of two) or place."""
    me = game.players[game.seat]
    if len(game.players) == 2:
        if me.place == 1 and all(p.place == 1 for p in game.players):
            return "draw"
        return "won" if game.won else "lost"
    return "place"


def ending_of(game: FinishedGame, language: str) -> dict[str, Any]:
    """How the game ended: who resigned or ran out of time, or the board's own reason."""
    if game.ended_by in ("resign", "timeout") and game.ended_seat is not None:
        ender = game.players[game.ended_seat]
        return {"kind": game.ended_by, "name": ender.nickname or ender.bot or "?"}
    if game.game == "klubnacht":
        reasons = texts("klubnacht", language)["end_reasons"]
        return {"kind": "text", "text": reasons.get(game.reason, "")}
    if game.reason == "final":
        return {"kind": "final"}
    match = CHALLENGERS_END.match(game.reason)
    if match:
        return {"kind": match.group(1), "n": int(match.group(2))}
    return {"kind": "text", "text": ""}


def opponent(player: Player) -> dict[str, Any]:
    """Another seat of the game: a member (linked to their profile) or a robot."""
    return {"nickname": player.nickname, "bot": player.bot is not None and not player.nickname}


def game_row(game: FinishedGame, language: str) -> dict[str, Any]:
    """Everything one line of a finished-games list shows."""
    variant = variant_of(game)
    me = game.players[game.seat]
    others = [p for p in game.players if p.seat != game.seat]
    scored = me.score is not None and all(p.score is not None for p in others)
    return {
        "id": game.game_id,
        "href": f"/games/{game.game_id}",
        "variant": variant,
        "icon": icon_of(variant),
        "name": variant_name(game, variant, language),
        "practice": game.practice,
        "opponents": [opponent(p) for p in others],
        "result": result_of(game),
        "place": me.place,
        "seats": len(game.players),
        "scores": [me.score, *(p.score for p in others)] if scored else None,
        "ending": ending_of(game, language),
        "finished_at": game.finished_at.isoformat(),
        "when": format_date(game.finished_at.date(), format="medium", locale=language),
    }
