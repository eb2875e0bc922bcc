"""The help pages: each game's overview (quick start), rules, FAQ and rules refresher."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path
from fastapi.responses import HTMLResponse, Response

from stammtisch.engine.klubnacht import catalogue as klubnacht_data
from stammtisch.services.errors import not_found
from stammtisch.services.gametexts import texts
from stammtisch.web.help.content import GAMES, Structure, help_texts, structure
from stammtisch.web.help.facts import facts
from stammtisch.web.pages.context import Page, PageDep

router = APIRouter(include_in_schema=False)

Game = Annotated[str, Path(max_length=40)]
TIMES = "\N{MULTIPLICATION SIGN}\N{NO-BREAK SPACE}"
"""Between a count and a motif (two bouncers: 2, the sign, a space, Bouncer)."""
MOTIFS = klubnacht_data.MOTIFS
LEVELS = ("S", "A", "B", "C", "R", "SOLO")
ICONS = {"klubnacht": "art/klubnacht/classic.svg", "challengers": "art/challengers/icon.svg"}


def known(game: str) -> Structure:
    """A game's help structure, or the site's 404 page for a game without help."""
    if game not in GAMES:
        raise not_found("game.unknown", f"There is no help for a game called {game!r}.")
    return structure(game)


def frame(page: Page, game: str, section: str) -> dict[str, Any]:
    """What every help page of a game shows: its name, texts and the help's own menu."""
    return {
        "game": game,
        "section": section,
        "name": texts(game, page.language)["name"],
        "icon": ICONS[game],
        "help": help_texts(game, page.language),
        "shape": structure(game),
    }


@router.get("/help", response_class=HTMLResponse)
def help_index(page: PageDep) -> Response:
    """The help of both games: each game's quick start and where to read on."""
    games = [
        {
            "key": game,
            "name": texts(game, page.language)["name"],
            "icon": ICONS[game],
            "help": help_texts(game, page.language),
        }
        for game in GAMES
    ]
    return page.render("help/index.html", games=games)


@router.get("/help/{game}", response_class=HTMLResponse)
def help_overview(page: PageDep, game: Game) -> Response:
    """A game's quick start and the way to its rules, FAQ and refresher."""
    known(game)
    return page.render("help/overview.html", **frame(page, game, "overview"))


def challengers_sets(language: str) -> list[dict[str, Any]]:
    """Every set with its cards (level, base power, name, effect), starter deck first."""
    data = texts("challengers", language)
    cards: dict[str, dict[str, Any]] = data["cards"]
    order = {key: index for index, key in enumerate(cards)}
    sets = sorted(data["sets"], key=lambda key: (key != "starter", key == "robot"))
    shown = []
    for set_key in sets:
        members = [(key, card) for key, card in cards.items() if card["set"] == set_key]
        members.sort(key=lambda item: (LEVELS.index(item[1]["level"]), order[item[0]]))
        shown.append(
            {"key": set_key, "name": data["sets"][set_key], "cards": [c for _, c in members]}
        )
    return shown


def klubnacht_tasks(language: str) -> list[dict[str, Any]]:
    """Every task of the catalogue: name, tier, points, the motifs it needs."""
    motifs = texts("klubnacht", language)["motifs"]
    return [
        {
            "id": task.id,
            "name": task.name(language),
            "tier": task.tier,
            "points": task.points,
            "needs": ", ".join(
                f"{count}{TIMES}{motifs[MOTIFS[motif]]}" if count > 1 else motifs[MOTIFS[motif]]
                for motif, count in task.pairs
            ),
        }
        for task in klubnacht_data.catalogue().tasks
    ]


@router.get("/help/{game}/rules", response_class=HTMLResponse)
def help_rules(page: PageDep, game: Game) -> Response:
    """A game's full rules, with every card (Challengers!) or every task and chip (Klubnacht)."""
    known(game)
    extra: dict[str, Any] = {}
    if game == "challengers":
        extra["sets"] = challengers_sets(page.language)
    else:
        extra["tasks"] = klubnacht_tasks(page.language)
        extra["chips"] = texts("klubnacht", page.language)["chips"]
    return page.render("help/rules.html", **frame(page, game, "rules"), **extra)


@router.get("/help/{game}/faq", response_class=HTMLResponse)
def help_faq(page: PageDep, game: Game) -> Response:
    """A game's questions and answers."""
    known(game)
    return page.render("help/faq.html", **frame(page, game, "faq"))


@router.get("/help/{game}/refresher", response_class=HTMLResponse)
def help_refresher(page: PageDep, game: Game) -> Response:
    """The rules refresher with the self-check; a member's marks for re-reading are shown."""
    shape = known(game)
    marks = page.platform.help.marks(page.member.id, game) if page.member else []
    checks = [
        {"check": check, "facts": facts(game, check, page.language)} for check in shape.checks
    ]
    state = {"game": game, "marks": [item for item in marks if item in shape.items()]}
    return page.render(
        "help/refresher.html", **frame(page, game, "refresher"), checks=checks, state=state
    )
