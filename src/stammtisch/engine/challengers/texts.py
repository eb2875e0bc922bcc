"""Card and set texts for clients: views carry card keys, clients look names and texts up here."""

from __future__ import annotations

from typing import Any

from stammtisch.engine.challengers.catalogue import LANGUAGES, catalogue
from stammtisch.engine.challengers.coaches import coach_set
from stammtisch.engine.protocol import GameError


def card_texts(language: str) -> dict[str, Any]:
    """Every card by key (name, effect text, set, level, base power), every set's name and the
    house coaches."""
    if language not in LANGUAGES:
        raise GameError(
            "unknown_language", f"Texts exist in {', '.join(LANGUAGES)}, not {language!r}."
        )
    cat = catalogue()
    cards = {
        card.key: {
            "name": card.name[language],
            "text": card.text.get(language, ""),
            "set": card.set,
            "level": card.level,
            "power": card.power,
            "timing": card.effect.timing if card.effect else None,
        }
        for card in cat.cards
    }
    sets = {key: entry.name[language] for key, entry in cat.sets.items()}
    return {"cards": cards, "sets": sets, "coaches": coach_texts(language)}


def coach_texts(language: str) -> dict[str, Any]:
    """Every house coach by key (name, text, passive or active, theme) and the words shown
    with coaches ("house coach", "passive", ...)."""
    coaches = coach_set()
    return {
        "coaches": {
            coach.key: {
                "name": coach.name[language],
                "text": coach.text[language],
                "house": coach.house,
                "active": coach.active,
                "theme": coach.theme,
            }
            for coach in coaches.coaches
        },
        "labels": {name: words[language] for name, words in coaches.labels.items()},
    }
