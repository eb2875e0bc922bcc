"""The bots of each game, by name; adding a bot means adding one line here."""

from __future__ import annotations

from importlib import import_module

from stammtisch.bots.protocol import Bot
from stammtisch.engine.protocol import GameError

_BOTS: dict[str, dict[str, str]] = {
    "challengers": {
        "random": "stammtisch.bots.challengers.random_bot:make",
        "greedy": "stammtisch.bots.challengers.greedy:make",
        "easy": "stammtisch.bots.challengers.easy:make",
        "medium": "stammtisch.bots.challengers.medium:make",
        "hard": "stammtisch.bots.challengers.hard:make",
    },
    "klubnacht": {
        "random": "stammtisch.bots.klubnacht.random_bot:RandomBot",
        "heuristic": "stammtisch.bots.klubnacht.heuristic:HeuristicBot",
        "strong": "stammtisch.bots.klubnacht.ismcts:StrongBot",
    },
}
"""Game name -> bot name -> "module:attribute" of a factory taking no arguments."""


def bot_names(game: str) -> list[str]:
    """The names of the bots that play this game, sorted."""
    return sorted(_BOTS.get(game, {}))


def make_bot(game: str, name: str) -> Bot:
    """A new bot of this name for this game; raises GameError for an unknown one."""
    target = _BOTS.get(game, {}).get(name)
    if target is None:
        raise GameError("unknown_bot", f"There is no bot called {name!r} for {game!r}.")
    module_name, _, attribute = target.partition(":")
    bot: Bot = getattr(import_module(module_name), attribute)()
    return bot
