"""Experience points: 25 for a win, 10 for a loss, nothing for practice or a forfeit unplayed."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from stammtisch.services.events import GameFinished, subscribe
from stammtisch.services.placings import Placing, counted_placings
from stammtisch.store.progress import XpAwardRow

WIN_XP = 25
LOSS_XP = 10


def xp_for(placing: Placing) -> int:
    """The XP one member earns from a counted game; a forfeit without a single move earns 0."""
    if placing.won:
        return WIN_XP
    if placing.forfeited and placing.moves == 0:
        return 0
    return LOSS_XP


def on_game_finished(session: Session, event: GameFinished) -> None:
    """Award the XP of a counted game to each member who played it."""
    for placing in counted_placings(event):
        session.add(
            XpAwardRow(
                game_id=event.game_id,
                member_id=placing.member,
                xp=xp_for(placing),
                at=event.finished_at,
            )
        )


def total_xp(session: Session, member_id: int) -> int:
    """A member's XP over all their games."""
    total = session.scalar(select(func.sum(XpAwardRow.xp)).where(XpAwardRow.member_id == member_id))
    return int(total or 0)


subscribe(GameFinished, on_game_finished)
