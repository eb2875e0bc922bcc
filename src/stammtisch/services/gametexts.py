"""Game texts in the reader's language: the words for every code a game's views and events name.

Each game's texts are read from its engine's data through the engine's own functions (nothing is
copied here); how a game ended off the board (a resign, a timeout) comes from the platform's
catalogue. A game is listed in `READERS` by name, like the game registry.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from stammtisch.engine.challengers.texts import card_texts
from stammtisch.engine.klubnacht import catalogue as klubnacht_data
from stammtisch.services.accounts import LANGUAGES
from stammtisch.services.errors import ServiceError, not_found
from stammtisch.services.texts import translate

ENDED_BY = ("resign", "timeout")
"""The platform's own ends of a game (`ended_by` besides `normal`)."""


def klubnacht_texts(language: str) -> dict[str, Any]:
    """Klubnacht's name, variants, motifs, tasks, chips, end reasons, pass effects, notice."""
    data = klubnacht_data.texts()

    def section(name: str) -> dict[str, str]:
        return {key: klubnacht_data.sentence(name, key, language) for key in data[name]}

    return {
        "name": data["game_name"][language],
        "variants": section("variants"),
        "motifs": {
            code: klubnacht_data.motif_name(index, language)
            for index, code in enumerate(klubnacht_data.MOTIFS)
        },
        "tasks": {task.id: task.name(language) for task in klubnacht_data.catalogue().tasks},
        "chips": {
            code: {"name": chip.names[language], "text": chip.texts[language]}
            for code, chip in klubnacht_data.CHIPS.items()
        },
        "end_reasons": section("end_reasons"),
        "pass_effects": section("pass_effects"),
        "closing_time_notice": data["closing_time_notice"][language],
    }


def challengers_texts(language: str) -> dict[str, Any]:
    """Challengers!' name, every card (by key: name, effect text, set, level), set and coach."""
    cards = card_texts(language)
    return {
        "name": translate(language, "game.challengers"),
        "cards": cards["cards"],
        "sets": cards["sets"],
        "coaches": cards["coaches"],
    }


READERS: dict[str, Callable[[str], dict[str, Any]]] = {
    "klubnacht": klubnacht_texts,
    "challengers": challengers_texts,
}
"""Game name -> its texts in one language."""


@cache
def texts(game: str, language: str) -> dict[str, Any]:
    """Everything a page of this game needs to show a view's codes in words (shared: keep it)."""
    reader = READERS.get(game)
    if reader is None:
        raise not_found("game.unknown", f"There are no texts for a game called {game!r}.")
    if language not in LANGUAGES:
        raise ServiceError(
            "texts.unknown_language", f"Texts exist in {', '.join(LANGUAGES)}, not {language!r}."
        )
    ended_by = {code: translate(language, f"ended_by.{code}") for code in ENDED_BY}
    return {"game": game, "language": language, **reader(language), "ended_by": ended_by}
