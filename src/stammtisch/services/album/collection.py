"""A member's albums: viewing them, claiming waiting upgrades, and the card back they wear."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from pydantic import BaseModel
from sqlalchemy import Connection, select
from sqlalchemy.orm import Session

from stammtisch.services.album.catalogue import TIERS, catalogue
from stammtisch.services.album.months import CARDS_PER_MONTH, CardDef, MonthDef, album_month
from stammtisch.services.album.progress import lock_cards
from stammtisch.services.album.tasks import next_target, task_text, tier_reached
from stammtisch.services.errors import ServiceError, conflict, not_found
from stammtisch.services.seasons import (
    Season,
    SeasonError,
    parse_season,
    season_of,
    seasons_between,
)
from stammtisch.store.hotpath import MAX_SEATS, WORN_BACKS, Pending
from stammtisch.store.progress import AlbumCardRow, CardBackRow

FIRST_MONTH = Season(2026, 1)
"""The first album there is."""


class Named(BaseModel):
    """Something with a key and a name in the reader's language."""

    key: str
    name: str


class CardView(BaseModel):
    """One card of an album; progress, reached and waiting are only shown to its owner."""

    card: int
    motif: Named
    task: Named
    thresholds: tuple[int, int, int, int]
    tier: str | None
    progress: int | None = None
    reached: str | None = None
    waiting: int | None = None


class AlbumView(BaseModel):
    """An album of one month; `open` until the month ends (UTC), then it only stays viewable."""

    month: str
    theme: Named
    open: bool
    closes_at: datetime
    waiting: int | None = None
    cards: list[CardView]


class CardBackView(BaseModel):
    """A card worn (or wearable) as card back, in the tier it has now."""

    month: str
    card: int
    motif: Named
    tier: str


def tier_name(tier: int) -> str | None:
    """The key of a tier number (0: none yet)."""
    return TIERS[tier - 1] if tier > 0 else None


def month_of(key: str, now: datetime) -> MonthDef:
    """The album of a month that has begun; a clear error for anything else."""
    try:
        season = parse_season(key)
    except SeasonError as error:
        raise ServiceError("album.bad_month", str(error)) from error
    if season < FIRST_MONTH or season.starts > now:
        raise not_found("album.no_such_month", f"There is no album for {key} (yet).")
    return album_month(season)


def slot_of(card: int) -> int:
    """The index of a card number 1..9; a clear error otherwise."""
    if not 1 <= card <= CARDS_PER_MONTH:
        raise not_found("album.no_such_card", f"An album has cards 1 to {CARDS_PER_MONTH}.")
    return card - 1


def _card_view(
    slot: int, card: CardDef, row: AlbumCardRow | None, lang: str, own: bool
) -> CardView:
    data = catalogue()
    motif, task = data.motifs[card.motif], data.tasks[card.task]
    progress, claimed = (row.progress, row.claimed) if row else (0, 0)
    target = next_target(progress, card.tiers) or card.tiers[-1]
    view = CardView(
        card=slot + 1,
        motif=Named(key=motif.key, name=motif.name.get(lang)),
        task=Named(key=task.key, name=task_text(task, target, lang)),
        thresholds=card.tiers,
        tier=tier_name(claimed),
    )
    if own:
        reached = tier_reached(progress, card.tiers)
        view.progress, view.reached, view.waiting = progress, tier_name(reached), reached - claimed
    return view


def _rows(session: Session, member_id: int, month: str) -> dict[int, AlbumCardRow]:
    rows = session.scalars(
        select(AlbumCardRow).where(AlbumCardRow.member_id == member_id, AlbumCardRow.month == month)
    )
    return {row.slot: row for row in rows}


def album_view(
    session: Session, member_id: int, month: MonthDef, now: datetime, lang: str, own: bool
) -> AlbumView:
    """A member's album of a month; with `own` False only what a profile shows (claimed tiers)."""
    rows = _rows(session, member_id, month.month)
    cards = [
        _card_view(slot, card, rows.get(slot), lang, own) for slot, card in enumerate(month.cards)
    ]
    theme = catalogue().themes[month.theme]
    is_open = month.season.starts <= now < month.season.ends
    return AlbumView(
        month=month.month,
        theme=Named(key=month.theme, name=theme.name.get(lang)),
        open=is_open,
        closes_at=month.season.ends,
        waiting=sum(card.waiting or 0 for card in cards) if own and is_open else None,
        cards=cards,
    )


def waiting_upgrades(session: Session, member_id: int, now: datetime) -> int:
    """How many upgrades of the member's open album wait to be claimed (the album tab's counter)."""
    month = album_month(season_of(now))
    rows = _rows(session, member_id, month.month)
    return sum(
        tier_reached(row.progress, month.cards[slot].tiers) - row.claimed
        for slot, row in rows.items()
    )


def claim(
    session: Session, member_id: int, month: MonthDef, card: int, now: datetime, lang: str
) -> CardView:
    """Claim one waiting upgrade of a card of the open album; the card moves up one tier."""
    slot = slot_of(card)
    if not month.season.starts <= now < month.season.ends:
        raise conflict(
            "album.closed", f"The album of {month.month} is closed; it can no longer be filled."
        )
    row = lock_cards(session, member_id, month.month, [slot], now)[slot]
    if tier_reached(row.progress, month.cards[slot].tiers) <= row.claimed:
        raise conflict("album.nothing_to_claim", f"Card {card} has no upgrade waiting.")
    row.claimed += 1
    row.updated_at = now
    return _card_view(slot, month.cards[slot], row, lang, own=True)


def _back_view(month: MonthDef, slot: int, claimed: int, lang: str) -> CardBackView:
    motif = catalogue().motifs[month.cards[slot].motif]
    return CardBackView(
        month=month.month,
        card=slot + 1,
        motif=Named(key=motif.key, name=motif.name.get(lang)),
        tier=TIERS[claimed - 1],
    )


def card_backs(session: Session, member_id: int, lang: str) -> list[CardBackView]:
    """Every card the member may wear as card back (upgraded at least once), newest month first."""
    rows = session.scalars(
        select(AlbumCardRow)
        .where(AlbumCardRow.member_id == member_id, AlbumCardRow.claimed > 0)
        .order_by(AlbumCardRow.month.desc(), AlbumCardRow.slot)
    )
    return [_back_view(album_month(parse_season(r.month)), r.slot, r.claimed, lang) for r in rows]


def worn_back(session: Session, member_id: int, lang: str) -> CardBackView | None:
    """The card back the member wears, in the card's current tier; None for the plain back."""
    chosen = session.get(CardBackRow, member_id)
    if chosen is None:
        return None
    row = session.get(AlbumCardRow, (member_id, chosen.month, chosen.slot))
    if row is None or row.claimed == 0:
        return None
    return _back_view(album_month(parse_season(chosen.month)), chosen.slot, row.claimed, lang)


def worn_backs(session: Session, member_ids: Iterable[int | None]) -> dict[int, dict[str, Any]]:
    """The card backs these members wear (month, card, motif key, current tier), by member.

    Members wearing the plain back are left out; the motif key names the picture to draw.
    """
    return WornBacks(session.connection(), member_ids).backs()


class WornBacks:
    """The card backs of some members, asked for at once (in a `batched` block, with the
    other statements of its round trip) and read later (`backs`, as `worn_backs` gives them)."""

    def __init__(self, connection: Connection, member_ids: Iterable[int | None]) -> None:
        self.members = sorted({i for i in member_ids if i is not None})
        self._queries: list[Pending] = []
        for start in range(0, len(self.members), MAX_SEATS):  # a table's members at once
            chunk = self.members[start : start + MAX_SEATS]
            params = {f"member_{i}": member_id for i, member_id in enumerate(chunk)}
            self._queries.append(WORN_BACKS[len(chunk)].query(connection, params))

    def asked_for(self, member_ids: Iterable[int | None]) -> bool:
        """Whether these are the members whose backs were asked for."""
        return self.members == sorted({i for i in member_ids if i is not None})

    def backs(self) -> dict[int, dict[str, Any]]:
        """The card backs by member (read once)."""
        return {
            int(member_id): {
                "month": month,
                "card": slot + 1,
                "motif": album_month(parse_season(month)).cards[slot].motif,
                "tier": TIERS[claimed - 1],
            }
            for query in self._queries
            for member_id, month, slot, claimed in query.rows()
        }


def choose_back(
    session: Session, member_id: int, month: MonthDef, card: int, now: datetime, lang: str
) -> CardBackView:
    """Wear an upgraded card (of any month, open or closed) as one's card back."""
    slot = slot_of(card)
    row = session.get(AlbumCardRow, (member_id, month.month, slot))
    if row is None or row.claimed == 0:
        raise conflict(
            "album.not_upgraded", f"Card {card} of {month.month} has no upgrade claimed yet."
        )
    chosen = session.get(CardBackRow, member_id)
    if chosen is None:
        session.add(CardBackRow(member_id=member_id, month=month.month, slot=slot, chosen_at=now))
    else:
        chosen.month, chosen.slot, chosen.chosen_at = month.month, slot, now
    return _back_view(month, slot, row.claimed, lang)


def clear_back(session: Session, member_id: int) -> None:
    """Go back to the plain card back."""
    chosen = session.get(CardBackRow, member_id)
    if chosen is not None:
        session.delete(chosen)


def collected(session: Session, member_id: int) -> list[int]:
    """How many of the member's cards (all months) stand at each tier, colour to gold."""
    claimed = session.scalars(
        select(AlbumCardRow.claimed).where(
            AlbumCardRow.member_id == member_id, AlbumCardRow.claimed > 0
        )
    )
    counts = [0] * len(TIERS)
    for tier in claimed:
        counts[tier - 1] += 1
    return counts


def album_months(now: datetime) -> list[str]:
    """Every month that has an album so far, the open one first."""
    return [season.key for season in reversed(seasons_between(FIRST_MONTH, season_of(now)))]
