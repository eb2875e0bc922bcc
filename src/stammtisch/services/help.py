"""Help marks: the self-check questions and refresher entries a member keeps for re-reading."""

from __future__ import annotations

import re

from sqlalchemy import delete, select

from stammtisch.services.context import Context
from stammtisch.services.errors import ServiceError
from stammtisch.store.help import HelpMarkRow

ITEM = re.compile(r"^[a-z]{1,20}:[a-z0-9-]{1,59}$")
"""A help item: its kind and its id, e.g. `check:equal-power` or `forgotten:equal`."""


def check_item(game: str, item: str) -> None:
    """Refuse a game or item name that could not be one of the help pages'."""
    if not re.fullmatch(r"[a-z]{1,40}", game) or not ITEM.match(item):
        raise ServiceError("request.invalid", f"{item!r} is not a help item of {game!r}.")


class Help:
    """Reads and changes the help marks of members."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def marks(self, member_id: int, game: str) -> list[str]:
        """The items of a game this member marked, oldest mark first."""
        query = (
            select(HelpMarkRow.item)
            .where(HelpMarkRow.member_id == member_id, HelpMarkRow.game == game)
            .order_by(HelpMarkRow.marked_at, HelpMarkRow.item)
        )
        with self.ctx.read() as session:
            return list(session.scalars(query))

    def mark(self, member_id: int, game: str, item: str) -> None:
        """Mark an item for re-reading (marking it again keeps the first mark)."""
        check_item(game, item)
        with self.ctx.write() as session:
            if session.get(HelpMarkRow, (member_id, game, item)) is None:
                session.add(
                    HelpMarkRow(
                        member_id=member_id, game=game, item=item, marked_at=self.ctx.clock.now()
                    )
                )

    def unmark(self, member_id: int, game: str, item: str) -> None:
        """Take an item off the member's list (nothing happens if it was not on it)."""
        check_item(game, item)
        with self.ctx.write() as session:
            session.execute(
                delete(HelpMarkRow).where(
                    HelpMarkRow.member_id == member_id,
                    HelpMarkRow.game == game,
                    HelpMarkRow.item == item,
                )
            )
