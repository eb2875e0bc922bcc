"""What one finished game brought a member's album: each card it moved and the tier it reached.

The gains are those the game's end applied (`progress.game_gains` on the stored game); a card's
count right after the game is its count now less what the member's later games of the month
added, so the tier the game reached is known however many games followed it.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime

from pydantic import BaseModel
from sqlalchemy import select, tuple_
from sqlalchemy.orm import Session

from stammtisch.services.album.catalogue import catalogue
from stammtisch.services.album.collection import Named, tier_name
from stammtisch.services.album.months import MonthDef, album_month
from stammtisch.services.album.progress import game_gains
from stammtisch.services.album.tasks import next_target, task_text, tier_reached
from stammtisch.services.finished import finished_event
from stammtisch.services.seasons import season_of
from stammtisch.store.games import GameRow, SeatRow
from stammtisch.store.progress import AlbumCardRow


class CardGain(BaseModel):
    """One card a game moved: by how much, its count now, the tier the game made claimable."""

    card: int
    motif: Named
    task: Named
    gain: int
    progress: int
    thresholds: tuple[int, int, int, int]
    new_tier: str | None


class AlbumGains(BaseModel):
    """The cards one game moved in the album of the month it finished in."""

    month: str
    open: bool
    cards: list[CardGain]


def album_gains(
    session: Session, row: GameRow, member_id: int, now: datetime, lang: str
) -> AlbumGains:
    """The album progress one finished game brought this member (no cards: it moved none)."""
    event = finished_event(session, row)
    month = album_month(season_of(event.finished_at))
    is_open = month.season.starts <= now < month.season.ends
    gains = game_gains(session, event).get(member_id, {})
    if not gains:
        return AlbumGains(month=month.month, open=is_open, cards=[])
    counts = _counts(session, member_id, month)
    later = later_gains(session, row, member_id, month)
    cards = [
        _card_gain(month, slot, gain, counts.get(slot, 0), later[slot], lang)
        for slot, gain in sorted(gains.items())
    ]
    return AlbumGains(month=month.month, open=is_open, cards=cards)


def _card_gain(
    month: MonthDef, slot: int, gain: int, count: int, later: int, lang: str
) -> CardGain:
    """One moved card: its count now, and the tier its count right after the game reached."""
    card, data = month.cards[slot], catalogue()
    motif, task = data.motifs[card.motif], data.tasks[card.task]
    after = count - later
    reached = tier_reached(after, card.tiers)
    target = next_target(count, card.tiers) or card.tiers[-1]
    return CardGain(
        card=slot + 1,
        motif=Named(key=motif.key, name=motif.name.get(lang)),
        task=Named(key=task.key, name=task_text(task, target, lang)),
        gain=gain,
        progress=count,
        thresholds=card.tiers,
        new_tier=tier_name(reached) if reached > tier_reached(after - gain, card.tiers) else None,
    )


def _counts(session: Session, member_id: int, month: MonthDef) -> dict[int, int]:
    """The member's count on each card of the month, now."""
    rows = session.execute(
        select(AlbumCardRow.slot, AlbumCardRow.progress).where(
            AlbumCardRow.member_id == member_id, AlbumCardRow.month == month.month
        )
    )
    return {int(slot): int(progress) for slot, progress in rows}


def later_gains(session: Session, row: GameRow, member_id: int, month: MonthDef) -> Counter[int]:
    """Per card: what the member's games that finished after this one, in its month, added."""
    assert row.finished_at is not None, "a finished game has its end time"
    later = session.scalars(
        select(GameRow)
        .join(SeatRow, SeatRow.game_id == GameRow.id)
        .where(
            SeatRow.member_id == member_id,
            SeatRow.finished_at < month.season.ends,
            tuple_(SeatRow.finished_at, SeatRow.game_id) > tuple_(row.finished_at, row.id),
            ~GameRow.practice,
        )
    ).all()
    added: Counter[int] = Counter()
    for game in later:
        added.update(game_gains(session, finished_event(session, game)).get(member_id, {}))
    return added
