"""A member's action: the hot path of the platform, one short transaction of prepared statements.

The step is decided by the database: the game row moves on only `WHERE seq = expected`, so of two
submissions for the same step (in any process) exactly one applies; the answer is built only
after the commit. The game's state and seats come from the process's cache when it is current.
In simultaneous phases a submission for an earlier step applies at the current one when nothing
that concerns the seat changed since (see `services.concern`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from stammtisch.engine.protocol import Game, GameError, Seat
from stammtisch.engine.registry import get_game
from stammtisch.services.concern import first_own_entry, judges_late, unchanged_since
from stammtisch.services.context import Context
from stammtisch.services.errors import ServiceError, conflict, forbidden, not_found
from stammtisch.services.gamecache import GameCache
from stammtisch.services.gameflow import (
    GameRef,
    NextStep,
    finish,
    move_clocks,
    next_step,
    seats_of,
    stored_events,
    visible_events,
)
from stammtisch.services.gamehead import Head, SeatInfo, load_head, load_seats, seat_of
from stammtisch.store.games import GameRow
from stammtisch.store.hotpath import APPEND_ACTION, LOGGED_ACTION, MOVE_GAME


@dataclass(frozen=True)
class Played:
    """The answer to a submitted action: the game's new sequence number and what the seat saw."""

    game_id: int
    seq: int
    events: list[dict[str, Any]]
    repeated: bool
    bot_turn: bool
    to_act: list[Seat] = field(default_factory=list)
    view: dict[str, Any] | None = None
    """The seat's view now: after the action, or as the game stands for a repeated submission."""
    legal: list[str] = field(default_factory=list)
    """The seat's legal actions now (empty once its turn is over)."""


def stale(message: str = "Someone else moved first; reload the game.") -> ServiceError:
    """The refusal of a submission for a step that is already taken."""
    return conflict("game.stale", message)


def seats_now(cache: GameCache, connection: Connection, head: Head) -> tuple[SeatInfo, ...]:
    """The game's seats at its stored step: remembered with the cached state, else read."""
    seats = cache.seats(head.id, head.seq)
    if seats is None:
        seats = load_seats(connection, head.id)
        cache.remember_seats(head.id, head.seq, seats)
    return seats


def play(
    ctx: Context, cache: GameCache, member_id: int, game_id: int, seq: int, text: str
) -> Played:
    """Play an action expected at sequence number `seq`; acknowledged only once committed.

    A submission for a step that is already taken is stale, unless it is the very action that was
    applied there (a resubmission), which is answered with success and applies nothing, or the
    game is simultaneous and nothing that concerns the seat changed since (see `late`): then it
    applies at the current step.
    """
    with cache.locked(game_id):
        applied = False
        try:
            with ctx.write() as session:
                connection = session.connection()
                head = load_head(connection, game_id)
                if head is None:
                    raise not_found("game.unknown_game", "There is no such game.")
                seats = seats_now(cache, connection, head)
                seat = seat_of(seats, member_id)
                if seat is None:
                    raise forbidden("game.not_seated", "You do not play in this game.")
                if seq != head.seq:
                    answer = late(cache, session, head, seat, seq, text)
                    if answer is not None:
                        return answer
                if head.status != "active":
                    raise conflict("game.over", "This game is over.")
                if seat.left is not None or seat.bot is not None:
                    raise forbidden("game.seat_left", "A bot plays your seat now.")
                game = get_game(head.game)
                state = cache.state(session, head)
                action = game.parse_action(text)
                if seat.seat not in game.to_act(state):
                    raise conflict("game.not_your_turn", "It is not your turn.")
                events = stored_events(game.apply(state, seat.seat, action))
                applied = True
                step = Step(head, seats, seat.seat, game.action_text(action), events)
                after = _store(ctx, session, step, state)
                played = Played(
                    game_id,
                    head.seq + 1,
                    visible_events(events, seat.seat),
                    repeated=False,
                    bot_turn=after.bot_turn,
                    to_act=after.to_act,
                    view=game.view(state, seat.seat),
                    legal=[game.action_text(a) for a in game.legal_actions(state, seat.seat)]
                    if seat.seat in after.to_act
                    else [],
                )
        except IntegrityError:
            cache.forget(game_id)
            raise stale() from None
        except BaseException:
            if applied:
                cache.forget(game_id)
            raise
        cache.store(game_id, head.seq + 1, state, seats)
        return played


@dataclass(frozen=True)
class Step:
    """One member's step as it is written: the game before it, the seat and what happened."""

    head: Head
    seats: tuple[SeatInfo, ...]
    seat: Seat
    text: str
    events: list[dict[str, Any]]


def _store(ctx: Context, session: Session, step: Step, state: Any) -> NextStep:
    """Write the step: the game moves on (if nobody else moved it), the log, clocks, the end."""
    head, connection = step.head, session.connection()
    after = next_step(head.game, state, step.seats)
    moved = connection.execute(
        MOVE_GAME,
        {
            "game_id": head.id,
            "expected": head.seq,
            "seq": head.seq + 1,
            "to_act": after.to_act,
            "bot_turn": after.bot_turn,
        },
    )
    if moved.rowcount != 1:
        raise stale()
    connection.execute(
        APPEND_ACTION,
        {
            "game_id": head.id,
            "seq": head.seq + 1,
            "seat": step.seat,
            "kind": "play",
            "text": step.text,
            "member_id": step.seats[step.seat].member_id,
            "events": step.events,
            "created_at": ctx.clock.now(),
        },
    )
    ref = GameRef(head.id, head.game, head.clock, head.seq + 1, head.practice)
    move_clocks(session, ref, head.to_act, after.to_act, step.seats, acted=step.seat)
    ctx.publish_after_commit(session, f"game:{head.id}", {"type": "game", "seq": head.seq + 1})
    if after.outcome is not None:
        row = session.get(GameRow, head.id)
        assert row is not None, "the game row was just updated"
        finish(session, row, seats_of(session, head.id), after.outcome, "normal", None)
    return after


def late(
    cache: GameCache, session: Session, head: Head, seat: SeatInfo, seq: int, text: str
) -> Played | None:
    """Judge a submission for another step than the game's: the answer to a repeat, a stale
    refusal, or None when it is to be applied at the current step.

    Turn-based games (and steps the game has not reached) keep the strict rule (`resubmitted`).
    In a simultaneous game, a seat that moved after step `seq` repeats its first such move or is
    stale; one that did not applies now if what concerns it is unchanged since `seq`.
    """
    game = get_game(head.game)
    if not 0 <= seq < head.seq or not judges_late(game):
        return resubmitted(cache, session, head, seat, seq, text)
    own = first_own_entry(session.connection(), head.id, seat.seat, seq, head.seq)
    if own is not None:
        if own.kind == "play" and same_action(game, text, own.text):
            return repeated(cache, session, head, seat, own.events)
        raise stale(
            f"Your seat moved at step {own.seq}, after step {seq}; reload the game and try again."
        )
    if not unchanged_since(game, cache, session, head, seat.seat, seq):
        raise stale(
            f"Your part of the game changed since step {seq} (it is at step {head.seq} now);"
            " reload it and try again."
        )
    return None


def resubmitted(
    cache: GameCache, session: Session, head: Head, seat: SeatInfo, seq: int, text: str
) -> Played:
    """The answer to a submission for an earlier step: success if it is the very action that was
    applied there (with the events it made and the game as it stands now), else a stale refusal.
    """
    game = get_game(head.game)
    entry = session.connection().execute(LOGGED_ACTION, {"game_id": head.id, "seq": seq + 1})
    logged = entry.first()
    if (
        logged is None
        or (logged.seat, logged.kind) != (seat.seat, "play")
        or not same_action(game, text, logged.text)
    ):
        raise stale(f"The game is at step {head.seq}, not {seq}; reload it and try again.")
    return repeated(cache, session, head, seat, logged.events)


def repeated(
    cache: GameCache, session: Session, head: Head, seat: SeatInfo, events: list[dict[str, Any]]
) -> Played:
    """The answer to a repeated submission: the events it made then, the game as it stands now."""
    game = get_game(head.game)
    state = cache.state(session, head)
    may_act = (
        head.status == "active"
        and seat.left is None
        and seat.bot is None
        and seat.seat in head.to_act
    )
    return Played(
        head.id,
        head.seq,
        visible_events(events, seat.seat),
        repeated=True,
        bot_turn=head.bot_turn,
        to_act=list(head.to_act),
        view=game.view(state, seat.seat),
        legal=[game.action_text(a) for a in game.legal_actions(state, seat.seat)]
        if may_act
        else [],
    )


def same_action(game: Game[Any, Any], text: str, logged: str) -> bool:
    """Whether a submitted text names the logged action (its canonical text may differ)."""
    try:
        return game.action_text(game.parse_action(text)) == logged
    except GameError:
        return False
