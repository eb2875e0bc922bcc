"""Game texts: every code a Klubnacht view or event can name has words in de, en, fr and pt, read
from the engine's data; Challengers! names every card and set its views show."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import pytest

from stammtisch.bots.registry import make_bot
from stammtisch.engine.challengers.game import GAME as CHALLENGERS
from stammtisch.engine.klubnacht import GAME as KLUBNACHT
from stammtisch.engine.klubnacht import catalogue as klubnacht_data
from stammtisch.services.errors import ServiceError
from stammtisch.services.gametexts import texts

LANGUAGES = ("de", "en", "fr", "pt")
CARD_LISTS = {"market", "hand", "known", "known_to_opponent", "destroyed", "cards", "magpie_choice"}


def motif_of(card: str) -> str:
    """The motif of a card's text (`dj3` -> `dj`)."""
    return card.rstrip("0123456789")


def klubnacht_codes(value: Any, codes: dict[str, set[str]], key: str = "") -> None:
    """Collect the codes a Klubnacht view or event names, by the section that translates them."""
    if isinstance(value, dict):
        if key == "free_drink_motifs":
            codes["motifs"].update(value)
        if key == "chip" and value:
            codes["chips"].add(value["code"])
        for name, item in value.items():
            klubnacht_codes(item, codes, name)
    elif isinstance(value, list):
        for item in value:
            klubnacht_codes(item, codes, key)
    elif isinstance(value, str):
        section = {
            "card": "cards",
            "needs": "motifs",
            "motif": "motifs",
            "task": "tasks",
            "tasks": "tasks",
            "id": "tasks",
            "chip": "chips",
            "end_reason": "end_reasons",
            "reason": "end_reasons",
            "pass_effect": "pass_effects",
            "effect": "pass_effects",
            "variant": "variants",
        }.get(key, "cards" if key in CARD_LISTS else "")
        if section == "cards":
            codes["motifs"].add(motif_of(value))
        elif section:
            codes[section].add(value)


def random_nights(count: int) -> Iterator[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """Views (of both seats and a spectator) and events of random nights, both variants."""
    rng = random.Random(4)
    for seed in range(count):
        state = KLUBNACHT.setup({"chips": seed % 4 != 0}, seed)
        while not state.over:
            for seat in (0, 1, None):
                yield KLUBNACHT.view(state, seat), []
            seat = state.current
            action = rng.choice(KLUBNACHT.legal_actions(state, seat))
            events = KLUBNACHT.apply(state, seat, action)
            yield {}, [event.to_dict() for event in events]
        yield KLUBNACHT.view(state, None), []


def test_every_code_of_klubnacht_views_and_events_has_a_text_in_each_language() -> None:
    codes: dict[str, set[str]] = defaultdict(set)
    for view, events in random_nights(80):
        klubnacht_codes(view, codes)
        klubnacht_codes(events, codes)
    assert codes["motifs"] == set(klubnacht_data.MOTIFS)
    assert codes["chips"] == set(klubnacht_data.CHIP_CODES)
    assert codes["variants"] == {"classic", "chips"}
    assert {"nothing", "reshuffle", "not_a_pass"} <= codes["pass_effects"]
    assert len(codes["end_reasons"]) >= 3
    assert len(codes["tasks"]) >= 25
    codes["tasks"].update(task.id for task in klubnacht_data.catalogue().tasks)
    codes["end_reasons"].update(klubnacht_data.texts()["end_reasons"])
    codes["pass_effects"].add("end_night")
    for language in LANGUAGES:
        words = texts("klubnacht", language)
        for section, found in codes.items():
            for code in found:
                entry = words[section][code]
                text = entry["name"] if section == "chips" else entry
                assert isinstance(text, str), (language, section, code)
                assert text.strip(), (language, section, code)
        assert all(chip["text"] for chip in words["chips"].values())
        assert words["closing_time_notice"]
        assert set(words["ended_by"]) == {"resign", "timeout"}


def test_klubnacht_texts_are_the_engines_own_in_the_readers_language() -> None:
    german, french = texts("klubnacht", "de"), texts("klubnacht", "fr")
    assert (german["game"], german["language"]) == ("klubnacht", "de")
    assert (german["name"], texts("klubnacht", "en")["name"]) == ("Klubnacht", "Club Night")
    assert german["motifs"]["bouncer"] == "Türsteher"
    tasks = klubnacht_data.catalogue().by_id()
    assert french["tasks"] == {task: tasks[task].name("fr") for task in tasks}
    assert german["chips"]["sabotage"]["text"] == klubnacht_data.CHIPS["sabotage"].texts["de"]
    assert german["end_reasons"]["lead_safe"] == klubnacht_data.sentence(
        "end_reasons", "lead_safe", "de"
    )
    assert german["variants"] == {"classic": "Klassisch", "chips": "Mit Chip"}
    assert len({texts("klubnacht", lang)["ended_by"]["timeout"] for lang in LANGUAGES}) == 4


def test_challengers_texts_name_every_card_and_set_its_views_show() -> None:
    keys = {"park", "bench", "frozen", "exhaust", "placing", "deck", "drawn", "shown", "card"}
    cards: set[str] = set()
    sets: set[str] = set()

    def collect(value: Any, key: str = "") -> None:
        if isinstance(value, dict):
            for name, item in value.items():
                collect(item, name)
        elif isinstance(value, list):
            for item in value:
                collect(item, key)
        elif isinstance(value, str) and key in keys:
            cards.add(value)

    bot, rng = make_bot("challengers", "greedy"), random.Random(1)
    options = CHALLENGERS.normalize_options({"players": 4})
    state = CHALLENGERS.setup(options, 3)
    while CHALLENGERS.outcome(state) is None:
        for seat in (0, 1, 2, 3, None):
            view = CHALLENGERS.view(state, seat)
            collect(view)
            sets.update(view["sets"])
        seat = min(CHALLENGERS.to_act(state))
        CHALLENGERS.apply(state, seat, bot.choose(CHALLENGERS, state, seat, rng))
    assert len(cards) > 20
    for language in LANGUAGES:
        words = texts("challengers", language)
        assert words["name"] == "Challengers!"
        assert cards <= set(words["cards"])
        assert sets <= set(words["sets"])
        assert all(words["cards"][card]["name"] for card in cards)
    assert texts("challengers", "de")["cards"]["reporter"]["name"] == "Reporterin"


def test_unknown_games_and_languages_have_no_texts() -> None:
    for game, language, code in (
        ("chess", "en", "game.unknown"),
        ("klubnacht", "xx", "texts.unknown_language"),
    ):
        with pytest.raises(ServiceError) as refused:
            texts(game, language)
        assert refused.value.code == code
