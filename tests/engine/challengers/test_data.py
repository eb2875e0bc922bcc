"""The data files match challengers-data.md, and broken data fails with clear messages."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from stammtisch.engine.challengers.catalogue import LANGUAGES, catalogue, parse_catalogue, read_data
from stammtisch.engine.challengers.rules_data import parse_rules, rules
from stammtisch.engine.protocol import GameError

SET_SIZES = {
    "city": {"A": 7, "B": 7, "C": 6},
    "castle": {"A": 15, "B": 15, "C": 10},
    "film-studio": {"A": 15, "B": 15, "C": 10},
    "funfair": {"A": 15, "B": 15, "C": 10},
    "haunted-house": {"A": 15, "B": 15, "C": 10},
    "outer-space": {"A": 14, "B": 16, "C": 10},
    "shipwreck": {"A": 15, "B": 15, "C": 10},
}


@pytest.mark.parametrize("set_key", sorted(SET_SIZES))
def test_every_set_has_its_published_size_per_level(set_key: str) -> None:
    counts: Counter[str] = Counter()
    for card in catalogue().of_set(set_key):
        counts[card.level] += card.copies
    assert dict(counts) == SET_SIZES[set_key]


def test_starter_deck_has_6_cards_and_robot_deck_19() -> None:
    assert sum(c.copies for c in catalogue().of_set("starter")) == 6
    robot = catalogue().of_set("robot")
    assert sum(c.copies for c in robot) == 19
    assert sum(c.copies for c in robot if c.level == "S") == 8


def test_every_card_has_names_and_effect_texts_in_four_languages() -> None:
    for card in catalogue().cards:
        assert set(card.name) == set(LANGUAGES)
        if card.effect is not None:
            assert set(card.text) == set(LANGUAGES)


def test_trophies_and_plans_match_the_tables() -> None:
    rule = rules()
    assert rule.trophies[0] == (2, 2, 2, 3)
    assert rule.trophies[6] == (9, 9, 10, 10)
    assert rule.parks[1:] == (1, 1, 2, 2, 3, 3, 4, 4)
    eight = rule.plans_for(8)
    met = {
        frozenset((a, b))
        for r in range(7)
        for a in range(8)
        for b in range(8)
        if a < b and eight[a][r] == eight[b][r]
    }
    assert len(met) == 28  # full round robin


def _broken(change: Any) -> str:
    """Parse the packaged cards after a change; the error message."""
    cards = read_data("cards.toml")
    change(cards)
    with pytest.raises(GameError) as error:
        parse_catalogue(cards, read_data("sets.toml"))
    return error.value.reason


def test_broken_card_data_fails_with_clear_messages() -> None:
    assert "unknown effect kind 'teleport'" in _broken(
        lambda d: d["cards"][4]["effect"].update(kind="teleport")
    )
    assert "lacks the language(s) pt" in _broken(lambda d: d["cards"][0]["name"].pop("pt"))
    assert "(reporter): unknown set 'moon'" in _broken(lambda d: d["cards"][4].update(set="moon"))
    assert "needs the parameter 'look'" in _broken(lambda d: d["cards"][4]["effect"].pop("look"))
    assert "duplicate card key(s) talent" in _broken(lambda d: d["cards"][6].update(key="talent"))
    assert "power must be" in _broken(lambda d: d["cards"][0].update(power=-1))


def test_broken_rules_data_fails_with_clear_messages() -> None:
    raw = read_data("rules.toml")
    raw["plans"]["3-4"][1][0] = 0
    with pytest.raises(GameError, match="two plans per park"):
        parse_rules(raw, catalogue())


def test_unknown_card_names_fail_clearly() -> None:
    with pytest.raises(GameError, match="no card called 'Unicorn'"):
        catalogue().lookup("Unicorn")
    with pytest.raises(GameError, match="write starter-talent or talent"):
        catalogue().lookup("Talent")
    assert catalogue().lookup("Rubber Duck").key == "rubber-duck"


def test_clients_get_card_texts_by_key_in_each_language() -> None:
    from stammtisch.engine.challengers.texts import card_texts

    german = card_texts("de")
    assert german["cards"]["rubber-duck"]["name"] == "Gummiente"
    assert german["sets"]["outer-space"] == "Weltraum"
    assert card_texts("pt")["cards"]["villain"]["text"].startswith("Coloque")
    assert card_texts("en")["cards"]["cyborg"]["power"] is None
    with pytest.raises(GameError, match="not 'xx'"):
        card_texts("xx")
