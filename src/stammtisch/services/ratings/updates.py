"""Rating a finished game: this season's and the all-time rating of every member who played."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from stammtisch.services.events import GameFinished, subscribe
from stammtisch.services.placings import Placing, counted_placings
from stammtisch.services.ratings.systems import Standing, System, initial, rate, system_of
from stammtisch.services.seasons import ALL_TIME, season_of
from stammtisch.store.ratings import RatingChangeRow, RatingRow
from stammtisch.store.rows import insert_missing


def lock_ratings(
    session: Session,
    game: str,
    periods: Sequence[str],
    members: Sequence[int],
    system: System,
    now: datetime,
) -> dict[tuple[int, str], RatingRow]:
    """The members' rating rows of these periods, created at the start if new, locked for update.

    Rows are created with INSERT ... ON CONFLICT DO NOTHING and locked in one order (member,
    period), so two games finishing at once for the same members neither collide nor deadlock.
    """
    start = initial(system)
    values = [
        {
            "member_id": member,
            "game": game,
            "period": period,
            "rating": start.rating,
            "mu": start.mu,
            "sigma": start.sigma,
            "games": 0,
            "wins": 0,
            "peak": start.rating,
            "updated_at": now,
        }
        for member in members
        for period in periods
    ]
    insert_missing(session, RatingRow, values)
    rows = session.scalars(
        select(RatingRow)
        .where(
            RatingRow.game == game,
            RatingRow.period.in_(periods),
            RatingRow.member_id.in_(members),
        )
        .order_by(RatingRow.member_id, RatingRow.period)
        .with_for_update()
    )
    return {(row.member_id, row.period): row for row in rows}


def rate_period(
    session: Session, event: GameFinished, placings: Sequence[Placing], rows: dict[int, RatingRow]
) -> None:
    """Apply one game to the members' rating rows of one period and record each change."""
    system = system_of(event.game)
    before = {m: Standing(row.rating, row.mu, row.sigma) for m, row in rows.items()}
    after = rate(system, before, {placing.member: placing.place for placing in placings})
    for placing in placings:
        row, new = rows[placing.member], after[placing.member]
        session.add(
            RatingChangeRow(
                game_id=event.game_id,
                member_id=placing.member,
                game=event.game,
                period=row.period,
                place=placing.place,
                before=row.rating,
                after=new.rating,
                at=event.finished_at,
            )
        )
        row.rating, row.mu, row.sigma = new.rating, new.mu, new.sigma
        row.games += 1
        row.wins += placing.won
        row.peak = max(row.peak, new.rating)
        row.updated_at = event.finished_at


def on_game_finished(session: Session, event: GameFinished) -> None:
    """Rate a counted game in the season it finished in and in the all-time ratings."""
    placings = counted_placings(event)
    if not placings:
        return
    periods = (season_of(event.finished_at).key, ALL_TIME)
    members = sorted(placing.member for placing in placings)
    system = system_of(event.game)
    rows = lock_ratings(session, event.game, periods, members, system, event.finished_at)
    for period in periods:
        rate_period(session, event, placings, {m: rows[m, period] for m in members})


subscribe(GameFinished, on_game_finished)
