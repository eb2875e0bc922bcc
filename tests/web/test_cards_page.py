"""The Challengers! card gallery through the app: every card in each language, the filters."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from xml.etree import ElementTree

import pytest
from fastapi.testclient import TestClient

from stammtisch.engine.challengers.catalogue import catalogue
from stammtisch.engine.challengers.texts import card_texts
from stammtisch.services.accounts import LANGUAGES
from stammtisch.web.pages.cards import split_condition
from stammtisch.web.templating import STATIC

HTML = {"Accept": "text/html"}
ROUND_POWER = "1\N{EN DASH}7"
"""How a card whose base power is the round number shows its power."""
TITLE = {
    "de": "Challengers!-Kartengalerie",
    "en": "Challengers! card gallery",
    "fr": "Galerie des cartes Challengers!",
    "pt": "Galeria de cartas Challengers!",
}


@dataclass
class ShownCard:
    """One `article.ccard` of the page: its data attributes and the texts of its parts."""

    key: str
    set: str
    level: str
    hidden: bool
    parts: dict[str, str] = field(default_factory=dict)


class CardReader(HTMLParser):
    """Collects the gallery's cards, the count line and the hidden state of each set section."""

    def __init__(self) -> None:
        super().__init__()
        self.cards: list[ShownCard] = []
        self.sections: dict[str, bool] = {}
        self.count = ""
        self._part: str | None = None
        self._in_count = False
        self._in_hidden_label = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        classes = (values.get("class") or "").split()
        if tag == "article" and "ccard" in classes:
            self.cards.append(
                ShownCard(
                    key=values["data-card"] or "",
                    set=values["data-set"] or "",
                    level=values["data-level"] or "",
                    hidden="hidden" in values,
                )
            )
        elif tag == "section" and "data-set-section" in values:
            self.sections[values["data-set-section"] or ""] = "hidden" in values
        elif tag == "p" and "data-gallery-count" in values:
            self._in_count = True
        elif tag == "span" and "visually-hidden" in classes:
            self._in_hidden_label += 1
        elif tag == "span" and self.cards and classes and classes[0].startswith("ccard-"):
            self._part = classes[0].removeprefix("ccard-")
            self.cards[-1].parts[self._part] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "span" and self._in_hidden_label:
            self._in_hidden_label -= 1
        elif tag == "span":
            self._part = None
        elif tag == "p":
            self._in_count = False

    def handle_data(self, data: str) -> None:
        if self._in_count:
            self.count += data
        elif self._part and not self._in_hidden_label:
            self.cards[-1].parts[self._part] += data


def read(client: TestClient, query: str) -> CardReader:
    """The gallery page with this query, parsed."""
    response = client.get(f"/help/challengers/cards?{query}", headers=HTML)
    assert response.status_code == 200
    reader = CardReader()
    reader.feed(response.text)
    return reader


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_gallery_shows_every_card_of_the_catalogue_in_the_readers_language(
    client: TestClient, language: str
) -> None:
    page = client.get(f"/help/challengers/cards?lang={language}", headers=HTML)
    assert f'<html lang="{language}">' in page.text
    assert TITLE[language] in page.text
    reader = read(client, f"lang={language}")
    texts = card_texts(language)
    assert sorted(card.key for card in reader.cards) == sorted(texts["cards"])
    assert len(reader.cards) == len(catalogue().cards)
    for card in reader.cards:
        data = texts["cards"][card.key]
        assert not card.hidden
        assert card.set == data["set"]
        assert card.level == data["level"]
        assert card.parts["name"] == data["name"]
        power = ROUND_POWER if data["power"] is None else str(data["power"])
        assert card.parts["power"] == power
        assert card.parts["meta"].startswith(texts["sets"][data["set"]] + " · ")
        assert " ".join(card.parts["text"].split()) == " ".join(data["text"].split())
    total = len(reader.cards)
    assert str(total) in reader.count
    assert {"starter", "robot", "city", "shipwreck"} <= set(reader.sections)


def test_the_set_and_level_filters_hide_every_other_card(client: TestClient) -> None:
    reader = read(client, "set=castle&level=B&lang=en")
    shown = [card for card in reader.cards if not card.hidden]
    expected = [c.key for c in catalogue().cards if c.set == "castle" and c.level == "B"]
    assert sorted(card.key for card in shown) == sorted(expected)
    assert len(expected) > 1
    assert " ".join(reader.count.split()) == f"{len(expected)} of {len(catalogue().cards)} cards"
    assert [key for key, hidden in reader.sections.items() if not hidden] == ["castle"]


def test_the_level_filter_alone_shows_that_level_in_every_set(client: TestClient) -> None:
    reader = read(client, "level=SOLO&lang=fr")
    shown = {card.key for card in reader.cards if not card.hidden}
    assert shown == {c.key for c in catalogue().cards if c.level == "SOLO"}
    assert [key for key, hidden in reader.sections.items() if not hidden] == ["robot"]
    starters = read(client, "level=S")
    assert {c.set for c in starters.cards if not c.hidden} == {"starter", "robot"}


def test_unknown_filter_values_show_the_whole_gallery(client: TestClient) -> None:
    reader = read(client, "set=atlantis&level=Z")
    assert not any(card.hidden for card in reader.cards)
    assert not any(reader.sections.values())


def test_a_filter_that_matches_nothing_says_so(client: TestClient) -> None:
    response = client.get("/help/challengers/cards?set=city&level=R", headers=HTML)
    reader = CardReader()
    reader.feed(response.text)
    assert all(card.hidden for card in reader.cards)
    assert "No card matches these filters." in response.text
    assert "data-gallery-empty hidden" not in response.text


@pytest.mark.parametrize("language", LANGUAGES)
def test_conditions_of_keyword_effects_stand_apart_in_bold(language: str) -> None:
    for card in catalogue().cards:
        if card.effect is None:
            continue
        when, rest = split_condition(card.text[language], card.effect.timing)
        if card.effect.timing in ("immediate", "continuous"):
            assert when == "", card.key
        else:
            assert when.endswith(":"), (card.key, language)
            assert ":" not in when[:-1], (card.key, language)
            assert rest, (card.key, language)


def test_every_set_has_its_colour_and_a_well_formed_emblem() -> None:
    css = (STATIC / "css" / "cards.css").read_text(encoding="utf-8")
    for key in catalogue().sets:
        assert f".set-{key} {{ --band:" in css, key
        emblem = STATIC / "art" / "challengers" / "sets" / f"{key}.svg"
        root = ElementTree.parse(emblem).getroot()
        assert root.tag == "{http://www.w3.org/2000/svg}svg", key
        assert f'url("../art/challengers/sets/{key}.svg")' in css, key
