"""The Challengers! card gallery: every card of every set and of the robot, filterable."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import HTMLResponse, Response

from stammtisch.services.gametexts import texts
from stammtisch.web.pages.context import PageDep

router = APIRouter(include_in_schema=False)

SET_ORDER = (
    "starter",
    "city",
    "castle",
    "film-studio",
    "funfair",
    "haunted-house",
    "outer-space",
    "shipwreck",
    "robot",
)
"""The gallery's sections: the starter deck, the seven sets, the robot."""
LEVELS = ("S", "A", "B", "C", "R", "SOLO")
KEYWORD_TIMINGS = ("attack", "flag", "bench", "flag_loss", "capture", "picked")
"""Timings whose card text begins with the condition in words ("Flag loss: ...")."""
CONDITION = re.compile(r"^(?P<when>[^:]{2,60}?\s?:)\s(?P<rest>.+)$", re.DOTALL)

Choice = Annotated[str | None, Query(max_length=40)]


@dataclass(frozen=True)
class GalleryCard:
    """One card as the gallery shows it, in the reader's language."""

    key: str
    set: str
    set_name: str
    level: str
    power: int | None
    name: str
    when: str
    text: str


@dataclass(frozen=True)
class GallerySet:
    """One set's section: its name and its cards."""

    key: str
    name: str
    cards: list[GalleryCard]


def split_condition(text: str, timing: str | None) -> tuple[str, str]:
    """A card text as (the bold condition, the rest); no condition for unconditioned effects."""
    match = CONDITION.match(text) if timing in KEYWORD_TIMINGS else None
    if match is None:
        return "", text
    return match["when"], match["rest"]


def gallery(language: str) -> list[GallerySet]:
    """Every card of the catalogue by set (in `SET_ORDER`), by level, in this language."""
    data: dict[str, Any] = texts("challengers", language)
    cards: dict[str, dict[str, Any]] = data["cards"]
    set_names: dict[str, str] = data["sets"]
    order = {key: index for index, key in enumerate(cards)}
    sections = []
    for set_key in [key for key in SET_ORDER if key in set_names] + [
        key for key in set_names if key not in SET_ORDER
    ]:
        members = [(key, card) for key, card in cards.items() if card["set"] == set_key]
        members.sort(key=lambda item: (LEVELS.index(item[1]["level"]), order[item[0]]))
        shown = []
        for key, card in members:
            when, text = split_condition(card["text"], card["timing"])
            shown.append(
                GalleryCard(
                    key=key,
                    set=set_key,
                    set_name=set_names[set_key],
                    level=card["level"],
                    power=card["power"],
                    name=card["name"],
                    when=when,
                    text=text,
                )
            )
        sections.append(GallerySet(key=set_key, name=set_names[set_key], cards=shown))
    return sections


@router.get("/help/challengers/cards", response_class=HTMLResponse)
def cards_page(page: PageDep, set: Choice = None, level: Choice = None) -> Response:
    """The gallery, filtered by `?set=` and `?level=` (the script filters without a reload)."""
    sections = gallery(page.language)
    chosen_set = set if set in {section.key for section in sections} else ""
    chosen_level = level if level in LEVELS else ""
    total = sum(len(section.cards) for section in sections)
    shown = sum(
        1
        for section in sections
        for card in section.cards
        if chosen_set in ("", card.set) and chosen_level in ("", card.level)
    )
    return page.render(
        "cards/gallery.html",
        sections=sections,
        levels=LEVELS,
        chosen_set=chosen_set,
        chosen_level=chosen_level,
        total=total,
        shown=shown,
    )
