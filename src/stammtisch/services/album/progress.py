"""Album progress from finished games: each counted game moves the cards of its month on."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from stammtisch.services.album.catalogue import catalogue
from stammtisch.services.album.facts import seat_facts
from stammtisch.services.album.months import MonthDef, album_month
from stammtisch.services.album.replayed import outcome_with_details
from stammtisch.services.album.tasks import advance, tier_reached
from stammtisch.services.context import context_of
from stammtisch.services.events import GameFinished, subscribe
from stammtisch.services.notifications import notify
from stammtisch.services.placings import counted_placings
from stammtisch.services.seasons import season_of
from stammtisch.store.progress import AlbumCardRow
from stammtisch.store.rows import insert_missing

ALBUM_CHANGED = {"type": "album"}
"""The message on a member's channel when their count of waiting upgrades changed."""


def lock_cards(
    session: Session, member_id: int, month: str, slots: list[int], now: datetime
) -> dict[int, AlbumCardRow]:
    """A member's card rows of a month (created empty if new), locked for update."""
    values = [
        {
            "member_id": member_id,
            "month": month,
            "slot": slot,
            "progress": 0,
            "claimed": 0,
            "updated_at": now,
        }
        for slot in slots
    ]
    insert_missing(session, AlbumCardRow, values)
    rows = session.scalars(
        select(AlbumCardRow)
        .where(
            AlbumCardRow.member_id == member_id,
            AlbumCardRow.month == month,
            AlbumCardRow.slot.in_(slots),
        )
        .order_by(AlbumCardRow.slot)
        .with_for_update()
    )
    return {row.slot: row for row in rows}


def add_progress(
    session: Session, member_id: int, month: MonthDef, gains: Mapping[int, int], now: datetime
) -> int:
    """Add progress to some cards of a member's album; returns how many tiers were newly reached."""
    rows = lock_cards(session, member_id, month.month, sorted(gains), now)
    reached = 0
    for slot, gain in gains.items():
        row, tiers = rows[slot], month.cards[slot].tiers
        before = tier_reached(row.progress, tiers)
        row.progress += gain
        row.updated_at = now
        reached += tier_reached(row.progress, tiers) - before
    return reached


def gains_of(month: MonthDef, game: str, facts: Mapping[str, bool | int | str]) -> dict[int, int]:
    """How far one game moves each card of the month (cards it does not move are left out)."""
    tasks = catalogue().tasks
    gains = {slot: advance(tasks[card.task], game, facts) for slot, card in enumerate(month.cards)}
    return {slot: gain for slot, gain in gains.items() if gain > 0}


def game_gains(session: Session, event: GameFinished) -> dict[int, dict[int, int]]:
    """Per member: how far one finished game moves the cards of the month it finished in.

    Only counted games (against members, not practice) advance cards; a forfeit without a single
    move is no game played and advances nothing. Members whose cards it does not move are left out.
    """
    placings = counted_placings(event)
    if not placings:
        return {}
    month = album_month(season_of(event.finished_at))
    outcome = outcome_with_details(session, event)
    gains: dict[int, dict[int, int]] = {}
    for placing in placings:
        if placing.forfeited and placing.moves == 0:
            continue
        facts = seat_facts(
            event.game, event.options, outcome, placing, len(event.members), len(placings)
        )
        moved = gains_of(month, event.game, facts)
        if moved:
            gains[placing.member] = moved
    return gains


def on_game_finished(session: Session, event: GameFinished) -> None:
    """Move on the album of the month the game finished in, for every member it moves.

    A member whose card reached a new tier is told that an upgrade waits to be claimed.
    """
    month = album_month(season_of(event.finished_at))
    for member, gains in game_gains(session, event).items():
        if add_progress(session, member, month, gains, event.finished_at):
            notify(session, member, "album_upgrade", {"month": month.month})
            channel = f"member:{member}"
            context_of(session).publish_after_commit(session, channel, ALBUM_CHANGED)


subscribe(GameFinished, on_game_finished)
