"""Cross-domain domain events, handled inside the transaction that raised them.

When a game finishes, the tables service publishes `GameFinished` in the same transaction that
stores the end of the game; every subscribed handler (ratings, XP, album, notifications) writes
its effects with the same session, so they are applied exactly once together with the result.
Modules that handle events subscribe on import and are listed in `HANDLER_MODULES`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from importlib import import_module
from typing import Any, Literal, TypeVar

from sqlalchemy.orm import Session

from stammtisch.engine.protocol import Outcome, Seat

HANDLER_MODULES: tuple[str, ...] = (
    "stammtisch.services.notifications",
    "stammtisch.services.ratings.updates",
    "stammtisch.services.xp",
    "stammtisch.services.album.progress",
)
"""Modules whose import subscribes their handlers; a new domain adds its module here."""

EndedBy = Literal["normal", "resign", "timeout"]


@dataclass(frozen=True, slots=True)
class GameFinished:
    """A game ended: normally, because a seat resigned, or because a seat's clock ran out."""

    game_id: int
    game: str
    options: Mapping[str, Any]
    practice: bool
    members: tuple[int | None, ...]
    """Per seat: the member who sat there (also after a bot took the seat over), None for bots."""
    outcome: Outcome
    ended_by: EndedBy
    ended_seat: Seat | None
    """The seat that resigned or timed out; None when the game ended normally."""
    moves: tuple[int, ...]
    """Per seat: how many actions the member made themselves (bot moves do not count)."""
    finished_at: datetime
    timed_out: frozenset[Seat] = field(default_factory=frozenset)
    """Seats whose member timed out earlier and were played by a bot to the end."""
    resigned: frozenset[Seat] = field(default_factory=frozenset)
    """Seats whose member resigned earlier and were played by a bot to the end."""


E = TypeVar("E")
Handler = Callable[[Session, E], None]

_handlers: dict[type[Any], list[Handler[Any]]] = {}


def subscribe(event_type: type[E], handler: Handler[E]) -> Callable[[], None]:
    """Call `handler(session, event)` for every published event of this type; returns an undo."""
    handlers = _handlers.setdefault(event_type, [])
    if handler not in handlers:
        handlers.append(handler)
    return lambda: handlers.remove(handler) if handler in handlers else None


def publish(session: Session, event: object) -> None:
    """Hand the event to every handler of its type, in subscription order, in this transaction."""
    load_handlers()
    for handler in list(_handlers.get(type(event), [])):
        handler(session, event)


def load_handlers() -> None:
    """Import every handler module once, so their subscriptions are in place."""
    for module in HANDLER_MODULES:
        import_module(module)
