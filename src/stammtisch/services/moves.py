"""A game's steps: the hot path of the platform, one short transaction of prepared statements.

Every step is written by `write_step`, whoever makes it (a member's action, a bot's, a resign, a
timeout). The step is decided by the database: the game row moves on only `WHERE seq =
expected`, so of two steps for the same position (in any process) exactly one applies; a
member's answer is built only after the commit. The game's state and seats come from the
process's cache when it is current; a member's action for the step at which this process last
read or wrote the game's row is written on that row without reading it again (the guard still
decides, and a refusal there is judged again on the row as stored). In simultaneous phases a
submission for an earlier step applies at the current one when nothing that concerns the seat
changed since (see `services.concern`). On PostgreSQL a step's writes are one statement, and a
member's step on the head this process knows goes alone, in one round trip without BEGIN or
COMMIT (`commit_with`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from stammtisch.engine.protocol import Game, GameError, Seat
from stammtisch.engine.registry import get_game
from stammtisch.services.concern import first_own_entry, judges_late, unchanged_since
from stammtisch.services.context import Context
from stammtisch.services.counts import count_step
from stammtisch.services.errors import Problem, ServiceError, conflict, forbidden, not_found
from stammtisch.services.gamecache import GameCache
from stammtisch.services.gameflow import (
    ClockMove,
    GameRef,
    NextStep,
    clock_move,
    finish,
    forfeit_outcome,
    next_step,
    seats_of,
    send_clocks,
    stored_events,
    visible_events,
)
from stammtisch.services.gamehead import Head, SeatInfo, load_head, load_seats, seat_of
from stammtisch.services.notifications import notice_params, push_after_commit
from stammtisch.store.games import GameRow
from stammtisch.store.hotpath import (
    APPEND,
    LEAVE,
    LOGGED_ACTION,
    MOVE,
    commit_with,
    not_at_step,
    pipelined,
    step_write,
)


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


class StaleStepError(ServiceError):
    """A step refused because the game is no longer at the step it was meant for."""


def stale(message: str = "Someone else moved first; reload the game.") -> StaleStepError:
    """The refusal of a submission (or any step) for a step that is already taken."""
    return StaleStepError("game.stale", message, Problem.CONFLICT)


def seats_now(cache: GameCache, session: Session, head: Head) -> tuple[SeatInfo, ...]:
    """The game's seats at its stored step: remembered with the cached state (which catches up
    with the log first, keeping its seats over steps in which nobody left), else read."""
    seats = cache.seats(head.id, head.seq)
    if seats is None:
        cache.state(session, head)
        seats = cache.seats(head.id, head.seq)
    if seats is None:
        seats = load_seats(session.connection(), head.id)
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
        known = cache.head(game_id)
        if known is not None and known.seq == seq:
            try:
                return _play(ctx, cache, member_id, known, seq, text)
            except StaleStepError:
                pass  # the game moved on in another process: read it, and judge again
        return _play(ctx, cache, member_id, game_id, seq, text)


def _play(
    ctx: Context, cache: GameCache, member_id: int, at: int | Head, seq: int, text: str
) -> Played:
    """`play` (with the game's lock held) on the game `at` this id as stored, or at the `Head`
    this process knows: then the step is written only if the game is still there (else stale)."""
    game_id = at if isinstance(at, int) else at.id
    applied = False
    try:
        with ctx.write() as session:
            head = load_head(session.connection(), at) if isinstance(at, int) else at
            if head is None:
                raise not_found("game.unknown_game", "There is no such game.")
            seats = seats_now(cache, session, head)
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
            text = game.action_text(action)
            view = game.view(state, seat.seat)
            step = Step(head, seats, seat.seat, "play", text, member_id, events)
            # Nothing is written after the step in this transaction: it may commit with it.
            after = write_step(ctx, session, step, state, last=True)
            played = Played(
                game_id,
                head.seq + 1,
                visible_events(events, seat.seat),
                repeated=False,
                bot_turn=after.bot_turn,
                to_act=after.to_act,
                view=view,
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
    goes_on = after.outcome is None
    now = head.stepped(after.to_act, after.bot_turn)
    cache.store(game_id, now.seq, state, seats, now if goes_on else None)
    return played


@dataclass(frozen=True)
class Step:
    """One step of a game as it is written, whoever makes it: a member's or a bot's action, a
    resign or a timeout. `head` is the game before it and `seats` are the seats after it."""

    head: Head
    seats: tuple[SeatInfo, ...]
    seat: Seat
    kind: str
    """`play` (an engine action in `text`), `resign` or `timeout`."""
    text: str
    member_id: int | None
    """The member who made it (None: a bot)."""
    events: list[dict[str, Any]] = field(default_factory=list)
    forfeit: bool = False
    """The seat loses by leaving and the game ends with it."""


def leave_step(
    head: Head, seats: tuple[SeatInfo, ...], seat: Seat, why: str, bot: str | None
) -> Step:
    """The step of a member leaving a seat by resigning or timing out; `bot` plays the seat on
    (None: the seat loses and the game ends)."""
    left = seats[seat]
    after = replace(left, left=why, bot=bot if bot is not None else left.bot)
    return Step(
        head,
        tuple(after if s.seat == seat else s for s in seats),
        seat,
        why,
        "",
        left.member_id,
        forfeit=bot is None,
    )


def write_step(
    ctx: Context, session: Session, step: Step, state: Any, *, last: bool = False
) -> NextStep:
    """Write one step in the caller's transaction, the one way every kind of step is written.

    The game moves on only if it is still at `step.head.seq` (else `StaleStepError`, and the
    caller's transaction is rolled back); then the log entry, the seat of a member who left, the
    clocks and your-turn notices, the live update after the commit, and the end of the game.
    On PostgreSQL all of these but the end are one statement (`step_write`). `last`: the caller
    writes nothing after the step, so there it commits with the step (see `commit_with`) unless
    the game ends with it.
    """
    head, connection = step.head, session.connection()
    seq = head.seq + 1
    if step.forfeit:
        after = NextStep([], False, forfeit_outcome(len(step.seats), step.seat, step.kind))
    else:
        after = next_step(head.game, state, step.seats)
    played = step.kind == "play"
    now = ctx.clock.now()
    ref = GameRef(head.id, head.game, head.clock, seq, head.practice)
    clocks = None
    if after.outcome is None:
        acted = step.seat if played and step.member_id is not None else None
        clocks = clock_move(
            now, ref, head.to_act, after.to_act, step.seats, seated=not played, acted=acted
        )
    entry = {
        "game_id": head.id,
        "expected": head.seq,
        "seq": seq,
        "to_act": after.to_act,
        "bot_turn": after.bot_turn,
        "seat": step.seat,
        "kind": step.kind,
        "text": step.text,
        "member_id": step.member_id,
        "events": step.events,
        "created_at": now,
    }
    if not played:
        left = step.seats[step.seat]
        entry |= {"left": left.left, "bot": left.bot}
    try:
        if pipelined(connection):
            _write_one(session, entry, ref, clocks, last=last and after.outcome is None)
        else:
            _write_each(session, entry, ref, clocks)
    except IntegrityError as error:
        # A step already logged at `seq` refuses this entry too (the unique key), which the
        # callers take as stale: the game moved on meanwhile.
        if not_at_step(error):
            raise stale() from None
        raise
    ctx.publish_after_commit(session, f"game:{head.id}", {"type": "game", "seq": seq})
    count_step(session, head.game)
    if after.outcome is None:
        return after
    row = session.get(GameRow, head.id, populate_existing=True)
    assert row is not None, "the game row was just updated"
    ended_by, ended_seat = (step.kind, step.seat) if step.forfeit else ("normal", None)
    finish(
        session, row, seats_of(session, head.id, fresh=True), after.outcome, ended_by, ended_seat
    )
    return after


def _write_one(
    session: Session,
    entry: dict[str, Any],
    ref: GameRef,
    clocks: ClockMove | None,
    *,
    last: bool,
) -> None:
    """`write_step` on PostgreSQL: the step's writes as one statement (`step_write`), committed
    with the caller's transaction if `last`."""
    notices = clocks.notices if clocks is not None else ()
    statement = step_write(
        "left" in entry, clocks is not None, len(clocks.starts) if clocks else 0, len(notices)
    )
    params = dict(entry)
    if clocks is not None:
        params |= clocks.params(ref)
        params |= {f"start_{i}_seat": seat for i, seat in enumerate(clocks.starts)}
        for i, (member_id, data) in enumerate(notices):
            now, prefix = clocks.started_at, f"notice_{i}_"
            params |= notice_params("your_turn", member_id, data, now, prefix)
    connection = session.connection()
    if not last:
        added = statement.first(connection, params)
    elif session.new or session.dirty or session.deleted:
        raise RuntimeError("a step's transaction has unflushed changes")
    else:
        added = commit_with(connection, statement, params)
    assert added is not None, "the statement has one row"
    for (member_id, _), count in zip(notices, added[: len(notices)], strict=True):
        push_after_commit(session, member_id, partial(bool, count == 1))


def _write_each(
    session: Session, entry: dict[str, Any], ref: GameRef, clocks: ClockMove | None
) -> None:
    """`write_step` elsewhere (SQLite, in process): a statement for each write."""
    connection = session.connection()
    if MOVE.run(connection, entry) != 1:
        raise stale()
    APPEND.run(connection, entry)
    if "left" in entry:
        LEAVE.run(connection, entry)
    if clocks is not None:
        send_clocks(session, ref, clocks)


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
