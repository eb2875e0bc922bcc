"""A finished game step by step as one seat (or a spectator) saw it, replayed through the engine.

Only finished games are replayed, so nothing a running game still hides can leave through here.
Each step carries the seat's view after it (the engine's `view`), the events of that step the
seat may see (`visible_events`), and the action's text where the seat may read it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, select
from sqlalchemy.orm import Session

from stammtisch.engine.protocol import Game, Seat
from stammtisch.engine.registry import get_game
from stammtisch.services.actiontexts import action_text_for
from stammtisch.services.album.collection import worn_backs
from stammtisch.services.context import Context
from stammtisch.services.errors import conflict, not_found
from stammtisch.services.gamecache import check_rules_version
from stammtisch.services.gameflow import visible_events
from stammtisch.services.gamehead import Head, load_head, load_seats, seat_of
from stammtisch.services.gameviews import table
from stammtisch.store.games import ActionRow


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of a game's log as the replay reads it."""

    seq: int
    seat: Seat
    kind: str
    text: str
    events: list[dict[str, Any]]


class Replays:
    """Replays of finished games."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def replay(self, viewer: int | None, game_id: int) -> dict[str, Any]:
        """The table of a finished game and every step from 0 to its last, as the viewer saw it."""
        with self.ctx.read() as session:
            head = finished_head(session.connection(), game_id)
            seats = load_seats(session.connection(), game_id)
            log = logged(session, game_id)
            backs = worn_backs(session, (s.member_id for s in seats))
        mine = seat_of(seats, viewer)
        seat = None if mine is None else mine.seat
        replayed = steps(get_game(head.game), head, log, seat)
        return {**table(head, seats, {}, backs), "seat": seat, "steps": replayed}


def finished_head(connection: Connection, game_id: int) -> Head:
    """A finished game's stored columns; refuses unknown and running games, and other rules."""
    head = load_head(connection, game_id)
    if head is None:
        raise not_found("game.unknown_game", "There is no such game.")
    if head.status != "finished":
        raise conflict(
            "game.running", "This game is still running; its replay opens once it is over."
        )
    check_rules_version(get_game(head.game), head.rules_version)
    return head


def logged(session: Session, game_id: int) -> list[Entry]:
    """A game's log in order."""
    rows = session.execute(
        select(ActionRow.seq, ActionRow.seat, ActionRow.kind, ActionRow.text, ActionRow.events)
        .where(ActionRow.game_id == game_id)
        .order_by(ActionRow.seq)
    )
    return [Entry(*row) for row in rows]


def steps(
    game: Game[Any, Any], head: Head, log: Sequence[Entry], seat: Seat | None
) -> list[dict[str, Any]]:
    """Step 0 (the deal) and one step per log entry: what happened, and the seat's view after it."""
    state = game.setup(head.options, head.seed)
    replayed: list[dict[str, Any]] = [
        {
            "seq": 0,
            "seat": None,
            "kind": None,
            "action": None,
            "events": [],
            "view": game.view(state, seat),
        }
    ]
    for entry in log:
        text = None
        if entry.kind == "play":
            game.apply(state, entry.seat, game.parse_action(entry.text))
            text = action_text_for(head.game, entry.text, entry.seat, seat)
        replayed.append(
            {
                "seq": entry.seq,
                "seat": entry.seat,
                "kind": entry.kind,
                "action": text,
                "events": visible_events(entry.events, seat),
                "view": game.view(state, seat),
            }
        )
    return replayed
