"""The leaderboards: each game's board of a season or of all time, the reader's own place."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query
from fastapi.responses import HTMLResponse, Response

from stammtisch.services.errors import not_found
from stammtisch.services.gametexts import texts
from stammtisch.services.ratings.board import RatingView, member_rating
from stammtisch.services.seasons import ALL_TIME
from stammtisch.web.pages.context import Page, PageDep
from stammtisch.web.pages.months import month_name, month_title

router = APIRouter(include_in_schema=False)

BOARD_GAMES = ("klubnacht", "challengers")
"""The games with a leaderboard page, in the order of the page's switch."""
PER_PAGE = 25
ICONS = {"klubnacht": "art/klubnacht/classic.svg", "challengers": "art/challengers/icon.svg"}
"""Each game's icon (static files)."""


def game_name(game: str, language: str) -> str:
    """A game's name in the reader's language ("Klubnacht", "Club Night")."""
    return str(texts(game, language)["name"])


def own_rating(page: Page, game: str, period: str) -> RatingView | None:
    """The signed-in reader's rating on this board (None for visitors)."""
    if page.member is None:
        return None
    with page.platform.ctx.read() as session:
        return member_rating(session, page.member.id, game, period)


@router.get("/leaderboard/{game}", response_class=HTMLResponse)
def leaderboard(
    page: PageDep,
    game: Annotated[str, Path(max_length=40)],
    season: Annotated[str | None, Query(max_length=10)] = None,
    number: Annotated[int, Query(alias="page", ge=1, le=100_000)] = 1,
) -> Response:
    """A game's leaderboard of a season (default: the current one) or of all time."""
    if game not in BOARD_GAMES:
        raise not_found("ratings.unknown_game", f"There is no game called {game!r}.")
    progress = page.platform.progress
    board = progress.leaderboard(game, season, PER_PAGE, (number - 1) * PER_PAGE)
    seasons = progress.seasons(game)
    mine = own_rating(page, game, board.season)
    own_page = (mine.rank - 1) // PER_PAGE + 1 if mine and mine.rank else None
    return page.render(
        "progress/leaderboard.html",
        game=game,
        board=board,
        games=[
            {"key": key, "name": game_name(key, page.language), "icon": ICONS[key]}
            for key in BOARD_GAMES
        ],
        name=game_name(game, page.language),
        all_time=board.season == ALL_TIME,
        season_label=None if board.season == ALL_TIME else month_name(board.season, page.language),
        season_options=[
            {
                "key": key,
                "label": month_title(key, page.language),
                "current": key == seasons.current,
            }
            for key in seasons.seasons
        ],
        mine=mine,
        own_page=own_page,
        number=number,
        pages=max(1, -(-board.total // PER_PAGE)),
        first=(number - 1) * PER_PAGE + 1,
        last=min(board.total, number * PER_PAGE),
        more_needed=max(0, board.min_games - mine.games) if mine else 0,
    )
