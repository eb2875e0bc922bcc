"""Ratings, seasons, XP and the album as one service: what the web layer asks of them."""

from __future__ import annotations

from pydantic import BaseModel

from stammtisch.engine.registry import game_names
from stammtisch.services.album import collection
from stammtisch.services.album.catalogue import TIERS
from stammtisch.services.album.collection import AlbumView, CardBackView, CardView
from stammtisch.services.album.progress import ALBUM_CHANGED
from stammtisch.services.context import Context
from stammtisch.services.errors import ServiceError, not_found
from stammtisch.services.ratings.board import (
    MIN_GAMES,
    BoardEntry,
    RatingView,
    board,
    member_rating,
    seasons_played,
)
from stammtisch.services.seasons import ALL_TIME, SeasonError, parse_season, season_of
from stammtisch.services.xp import total_xp


class Leaderboard(BaseModel):
    """One leaderboard page: a season's (or all-time) listed members, best first."""

    game: str
    season: str
    current: bool
    min_games: int
    total: int
    entries: list[BoardEntry]


class Seasons(BaseModel):
    """The seasons of a game's leaderboard: the current one and every past one with games."""

    game: str
    current: str
    seasons: list[str]


class GameRatings(BaseModel):
    """A member's rating in one game: this season and all-time."""

    season: RatingView
    all_time: RatingView


class ProfileProgress(BaseModel):
    """What everyone may see of a member's progress: XP, ratings, card back, collected cards."""

    xp: int
    season: str
    ratings: dict[str, GameRatings]
    card_back: CardBackView | None
    album: AlbumView
    collected: dict[str, int]


class CardBacks(BaseModel):
    """The card back worn and every card that may be worn."""

    worn: CardBackView | None
    choices: list[CardBackView]


class Progress:
    """Leaderboards, profiles' progress, and each member's own album."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def _game(self, game: str) -> str:
        if game not in game_names():
            raise not_found("ratings.unknown_game", f"There is no game called {game!r}.")
        return game

    def _period(self, season: str | None) -> str:
        if season is None:
            return season_of(self.ctx.clock.now()).key
        if season == ALL_TIME:
            return season
        try:
            return parse_season(season).key
        except SeasonError as error:
            raise ServiceError("ratings.bad_season", f"{error} Or 'all' for all time.") from error

    def leaderboard(
        self, game: str, season: str | None, limit: int = 50, offset: int = 0
    ) -> Leaderboard:
        """A game's leaderboard of a season (default: the current one) or of all time."""
        period = self._period(season)
        with self.ctx.read() as session:
            total, entries = board(session, self._game(game), period, limit, offset)
        current = period == season_of(self.ctx.clock.now()).key
        return Leaderboard(
            game=game,
            season=period,
            current=current,
            min_games=MIN_GAMES,
            total=total,
            entries=entries,
        )

    def seasons(self, game: str) -> Seasons:
        """The current season and the past ones that have ratings, newest first."""
        current = season_of(self.ctx.clock.now()).key
        with self.ctx.read() as session:
            played = seasons_played(session, self._game(game))
        return Seasons(game=game, current=current, seasons=sorted({current, *played}, reverse=True))

    def profile(self, member_id: int, lang: str) -> ProfileProgress:
        """A member's public progress: XP, ratings (season and all-time), card back, album."""
        now = self.ctx.clock.now()
        season = season_of(now).key
        with self.ctx.read() as session:
            ratings = {
                game: GameRatings(
                    season=member_rating(session, member_id, game, season),
                    all_time=member_rating(session, member_id, game, ALL_TIME),
                )
                for game in game_names()
            }
            month = collection.month_of(season, now)
            return ProfileProgress(
                xp=total_xp(session, member_id),
                season=season,
                ratings=ratings,
                card_back=collection.worn_back(session, member_id, lang),
                album=collection.album_view(session, member_id, month, now, lang, own=False),
                collected=dict(zip(TIERS, collection.collected(session, member_id), strict=True)),
            )

    def album(self, member_id: int, month: str | None, lang: str) -> AlbumView:
        """A member's own album of a month (default: the open one), with progress and upgrades."""
        now = self.ctx.clock.now()
        with self.ctx.read() as session:
            album_month = collection.month_of(month or season_of(now).key, now)
            return collection.album_view(session, member_id, album_month, now, lang, own=True)

    def albums(self) -> list[str]:
        """Every month with an album so far, the open one first."""
        return collection.album_months(self.ctx.clock.now())

    def waiting(self, member_id: int) -> int:
        """How many upgrades wait to be claimed in the member's open album."""
        with self.ctx.read() as session:
            return collection.waiting_upgrades(session, member_id, self.ctx.clock.now())

    def claim(self, member_id: int, month: str, card: int, lang: str) -> CardView:
        """Claim one waiting upgrade of a card in the open album."""
        now = self.ctx.clock.now()
        with self.ctx.write() as session:
            self.ctx.publish_after_commit(session, f"member:{member_id}", ALBUM_CHANGED)
            return collection.claim(
                session, member_id, collection.month_of(month, now), card, now, lang
            )

    def card_backs(self, member_id: int, lang: str) -> CardBacks:
        """The card back worn and all cards that may be worn."""
        with self.ctx.read() as session:
            return CardBacks(
                worn=collection.worn_back(session, member_id, lang),
                choices=collection.card_backs(session, member_id, lang),
            )

    def choose_back(self, member_id: int, month: str, card: int, lang: str) -> CardBackView:
        """Wear an upgraded card as card back."""
        now = self.ctx.clock.now()
        with self.ctx.write() as session:
            return collection.choose_back(
                session, member_id, collection.month_of(month, now), card, now, lang
            )

    def plain_back(self, member_id: int) -> None:
        """Wear the plain card back again."""
        with self.ctx.write() as session:
            collection.clear_back(session, member_id)
