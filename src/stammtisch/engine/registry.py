"""The games the platform knows, by name; adding a game means adding one line here."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from stammtisch.engine.protocol import Game, GameError

_GAMES: dict[str, str] = {
    "challengers": "stammtisch.engine.challengers.game:GAME",
    "klubnacht": "stammtisch.engine.klubnacht:GAME",
}
"""Game name -> "module:attribute" of its Game object, imported on first use."""

_LOADED: dict[str, Game[Any, Any]] = {}
"""The games imported so far (every step and view asks for its game)."""


def game_names() -> list[str]:
    """The names of all registered games, sorted."""
    return sorted(_GAMES)


def get_game(name: str) -> Game[Any, Any]:
    """The game of this name; raises GameError for an unknown name."""
    loaded = _LOADED.get(name)
    if loaded is not None:
        return loaded
    try:
        target = _GAMES[name]
    except KeyError:
        raise GameError("unknown_game", f"There is no game called {name!r}.") from None
    module_name, _, attribute = target.partition(":")
    game: Game[Any, Any] = getattr(import_module(module_name), attribute)
    _LOADED[name] = game
    return game
