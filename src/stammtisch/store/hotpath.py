"""Prepared Core statements of the hot path: a game's head and seats, a step, the clocks.

Built once with bind parameters. Executing one through SQLAlchemy costs a lookup in its compiled
cache instead of building, compiling and loading ORM objects on every request; the statements
of a step also come as `Prepared`, compiled once per dialect and run straight on the database
driver's cursor of the same connection, inside its transaction (see `Prepared`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, cast

import psycopg
from psycopg.errors import PipelineAborted
from sqlalchemy import (
    ColumnElement,
    Connection,
    Dialect,
    Insert,
    Integer,
    Select,
    Table,
    bindparam,
    case,
    delete,
    func,
    insert,
    literal_column,
    null,
    select,
    update,
)
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.elements import ClauseElement
from sqlalchemy.sql.schema import ScalarElementColumnDefault

from stammtisch.store.deadlines import DeadlineRow
from stammtisch.store.games import ActionRow, GameRow, SeatRow
from stammtisch.store.members import Member
from stammtisch.store.notifications import NotificationRow
from stammtisch.store.presence import PresenceRow
from stammtisch.store.progress import AlbumCardRow, CardBackRow

MAX_SEATS = 8
"""The most members at one table (Challengers! seats 8)."""

games = cast(Table, GameRow.__table__)
seats = cast(Table, SeatRow.__table__)
actions = cast(Table, ActionRow.__table__)
deadlines = cast(Table, DeadlineRow.__table__)
members = cast(Table, Member.__table__)
notifications = cast(Table, NotificationRow.__table__)
presence = cast(Table, PresenceRow.__table__)
card_backs = cast(Table, CardBackRow.__table__)
album_cards = cast(Table, AlbumCardRow.__table__)


GAME_HEAD = select(
    games.c.id,
    games.c.game,
    games.c.options,
    games.c.seed,
    games.c.rules_version,
    games.c.practice,
    games.c.clock,
    games.c.status,
    games.c.seq,
    games.c.to_act,
    games.c.bot_turn,
    games.c.outcome,
    games.c.ended_by,
    games.c.ended_seat,
    games.c.rematch_of,
).where(games.c.id == bindparam("game_id"))
"""Every column of a game a view or a step reads, by id."""

GAME_SEATS = (
    select(seats.c.seat, seats.c.member_id, seats.c.bot, seats.c.left, members.c.nickname)
    .select_from(seats.outerjoin(members, members.c.id == seats.c.member_id))
    .where(seats.c.game_id == bindparam("game_id"))
    .order_by(seats.c.seat)
)
"""A game's seats in order, with the nickname of each seated member."""

GAME_HEAD_CLOCKS = (
    GAME_HEAD.add_columns(deadlines.c.seat, deadlines.c.due_at)
    .outerjoin(deadlines, deadlines.c.game_id == games.c.id)
    .order_by(deadlines.c.seat)
)
"""A game's head with its running turn clocks in one statement: a row per clock (seat, due
time), or one row with both empty when no clock runs."""

MOVE_GAME = (
    update(games)
    .where(games.c.id == bindparam("game_id"), games.c.seq == bindparam("expected"))
    .values(seq=bindparam("seq"), to_act=bindparam("to_act"), bot_turn=bindparam("bot_turn"))
)
"""Move a game to its next step, only if it is still at the expected one (else 0 rows)."""

APPEND_ACTION = insert(actions).values(
    {
        "game_id": select(games.c.id)
        .where(games.c.id == bindparam("game_id"), games.c.seq == bindparam("seq"))
        .scalar_subquery(),
        **{
            column: bindparam(column)
            for column in ("seq", "seat", "kind", "text", "member_id", "events", "created_at")
        },
    }
)
"""Log a game's step `seq`, which the game must be at by now (after its `MOVE_GAME` in the same
transaction): else the entry has no game (NULL) and the statement fails, so a step whose move
found the game elsewhere can never be committed, whatever follows it in its transaction. A step
already logged at `seq` (another process's) refuses it by the unique key."""


@functools.cache
def step_write(leave: bool, clocks: bool, starts: int, notices: int) -> Prepared:
    """A step's writes on PostgreSQL as one statement (one for each shape, made once): the move
    and log entry (`MOVE_GAME` in a WITH clause, whose row gives `APPEND_ACTION` its game id:
    none, so the statement fails, when the game was not at the expected step); the seat a
    member leaves (`LEAVE_SEAT`); the clocks (`STOP_CLOCKS`, then `start_clock` for `starts`
    seats, binds `start_0_seat`, ...); and `notices` your-turn notices (`add_notice` unless
    watching, binds `notice_0_member_id`, ...). Each write is a WITH clause of the one
    statement, so all of them are done or none. Its one row counts what each notice added (0
    or 1; 0 when left out while the member watches), then a 0."""
    moved = MOVE_GAME.returning(games.c.id).cte("moved")
    logged = (
        APPEND_ACTION.values(game_id=select(moved.c.id).scalar_subquery())
        .returning(actions.c.id)
        .cte("logged")
    )
    parts = [moved, logged]
    if leave:
        parts.append(LEAVE_SEAT.returning(seats.c.seat).cte("left"))
    if clocks:
        parts.append(STOP_CLOCKS.returning(deadlines.c.id).cte("stopped"))
        parts += [
            start_clock(f"start_{i}_").returning(deadlines.c.id).cte(f"started_{i}")
            for i in range(starts)
        ]
    added = [
        add_notice(True, f"notice_{i}_").returning(notifications.c.id).cte(f"noticed_{i}")
        for i in range(notices)
    ]
    counts: list[ColumnElement[Any]] = [
        select(func.count()).select_from(n).scalar_subquery() for n in added
    ]
    return Prepared(select(*counts, literal_column("0")).add_cte(*parts, *added))


GAME_LOG_TAIL = (
    select(actions.c.seat, actions.c.kind, actions.c.text)
    .where(
        actions.c.game_id == bindparam("game_id"),
        actions.c.seq > bindparam("after"),
        actions.c.seq <= bindparam("upto"),
    )
    .order_by(actions.c.seq)
)
"""The log entries of a game after step `after` up to step `upto`, in order."""

GAME_LOG_AFTER = (
    select(actions.c.seq, actions.c.seat, actions.c.kind, actions.c.text)
    .where(actions.c.game_id == bindparam("game_id"), actions.c.seq > bindparam("after"))
    .order_by(actions.c.seq)
)
"""The log entries of a game after step `after`, in order, with their steps (a replay fetched
before the game's step is known)."""

LOGGED_ACTION = select(actions.c.seat, actions.c.kind, actions.c.text, actions.c.events).where(
    actions.c.game_id == bindparam("game_id"), actions.c.seq == bindparam("seq")
)
"""One entry of a game's log."""


def kept(seat: ColumnElement[int]) -> ColumnElement[bool]:
    """Whether `seat`'s bit is set in the bit mask `keep` (bit n: seat n)."""
    return bindparam("keep", type_=Integer).op(">>")(seat).op("&")(literal_column("1")) == (
        literal_column("1")
    )


STOP_CLOCKS = delete(deadlines).where(
    deadlines.c.game_id == bindparam("game_id"), ~kept(deadlines.c.seat)
)
"""Stop the clocks of a game's seats but those in the bit mask `keep` (bit n: seat n)."""


def start_clock(prefix: str = "") -> Insert:
    """Start the clock of a seat (bind `seat` with `prefix`) unless one runs for it that
    `STOP_CLOCKS` with the same `keep` leaves running: the same whether it runs after that
    statement or in one statement with it (which does not see its deletions)."""
    values = {
        name: bindparam(name, type_=deadlines.c[name].type)
        for name in ("game_id", "seq", "started_at", "due_at", "remind_at")
    }
    values["seat"] = bindparam(f"{prefix}seat", type_=deadlines.c.seat.type)
    running = select(deadlines.c.id).where(
        deadlines.c.game_id == values["game_id"],
        deadlines.c.seat == values["seat"],
        kept(deadlines.c.seat),
    )
    columns = ["game_id", "seat", "seq", "started_at", "due_at", "remind_at"]
    return insert(deadlines).from_select(
        columns, select(*(values[c] for c in columns)).where(~running.exists())
    )


def add_notice(unless_watching: bool, prefix: str = "") -> Insert:
    """A notification for a member (binds `member_id`, `kind`, `data`, `created_at`, each with
    `prefix`), its e-mail pending if they opted in and have an address (one statement: no row
    for an unknown member); `unless_watching`: none while a live connection of the member has
    game `game_id` open at `now`."""
    wants_email = members.c.email_notifications & members.c.email.is_not(None)
    created = bindparam(f"{prefix}created_at", type_=notifications.c.created_at.type)
    notice = select(
        members.c.id,
        bindparam(f"{prefix}kind", type_=notifications.c.kind.type),
        bindparam(f"{prefix}data", type_=notifications.c.data.type),
        created,
        case((wants_email, literal_column("'pending'")), else_=literal_column("'none'")),
        case((wants_email, created), else_=null()),
        literal_column("0"),  # no e-mail attempt yet
    ).where(members.c.id == bindparam(f"{prefix}member_id"))
    if unless_watching:
        watching = select(presence.c.connection).where(
            presence.c.member_id == members.c.id,
            presence.c.game_id == bindparam("game_id"),
            presence.c.expires_at > bindparam("now"),
        )
        notice = notice.where(~watching.exists())
    columns = ["member_id", "kind", "data", "created_at", "email_status", "email_due_at"]
    return insert(notifications).from_select([*columns, "email_attempts"], notice)


def worn_backs_of(count: int) -> Select[tuple[int, str, int, int]]:
    """The claimed cards that `count` members (binds `member_0`, ...) wear as card backs, one
    row per member who wears one (none: the plain back)."""
    return (
        select(card_backs.c.member_id, card_backs.c.month, card_backs.c.slot, album_cards.c.claimed)
        .select_from(
            card_backs.join(
                album_cards,
                (album_cards.c.member_id == card_backs.c.member_id)
                & (album_cards.c.month == card_backs.c.month)
                & (album_cards.c.slot == card_backs.c.slot),
            )
        )
        .where(
            card_backs.c.member_id.in_([bindparam(f"member_{i}") for i in range(count)]),
            album_cards.c.claimed > literal_column("0"),
        )
    )


LEAVE_SEAT = (
    update(seats)
    .where(seats.c.game_id == bindparam("game_id"), seats.c.seat == bindparam("seat"))
    .values(left=bindparam("left"), bot=bindparam("bot"))
)
"""A member leaves a seat (resign, timeout); `bot` is who plays it on (None: nobody)."""

Processor = Callable[[Any], Any] | None


@dataclass(frozen=True, slots=True)
class Compiled:
    """A statement compiled for one dialect: its SQL, bind names in order and value converters."""

    sql: str
    positional: bool
    binds: tuple[tuple[str, Processor], ...]
    results: tuple[Processor, ...]
    defaults: dict[str, Any]
    """Values of columns the statement leaves to their (constant) Python-side defaults."""


class Prepared:
    """A Core statement compiled once per dialect and run on the driver's cursor of a connection.

    It runs in the connection's current transaction like `Connection.execute`, with the same
    conversions of values (each column type's bind and result processors, e.g. JSON and
    timestamps on SQLite) and the same exceptions, but without the per-call work of SQLAlchemy's
    execution path (cache key, execution context, events, result object), which is most of a
    step's CPU time.
    Only for statements whose binds are all named bind parameters (no literal values).
    """

    def __init__(self, statement: ClauseElement) -> None:
        self.statement = statement
        self._compiled: dict[tuple[str, str], Compiled] = {}

    def compiled(self, dialect: Dialect) -> Compiled:
        """The statement compiled for this dialect and driver (made on first use)."""
        key = (dialect.name, dialect.driver)
        done = self._compiled.get(key)
        if done is None:
            done = self._compiled[key] = compile_for(self.statement, dialect)
        return done

    def _run(self, connection: Connection, params: Mapping[str, Any]) -> Any:
        compiled = self.compiled(connection.dialect)
        if compiled.defaults:
            params = {**compiled.defaults, **params}
        # Positional binds come in order, a name used twice as often; named ones once each.
        bound: list[Any] | dict[str, Any]
        if compiled.positional:
            bound = [
                params[name] if convert is None else convert(params[name])
                for name, convert in compiled.binds
            ]
        else:
            bound = {
                name: params[name] if convert is None else convert(params[name])
                for name, convert in compiled.binds
            }
        cursor = connection.connection.cursor()
        try:
            cursor.execute(compiled.sql, bound)
        except connection.dialect.loaded_dbapi.Error as error:
            # As `Connection.execute` would: SQLAlchemy's exception (a lost connection is a 503,
            # a unique key a stale step), and a lost connection invalidates the pool.
            connection._handle_dbapi_exception(error, compiled.sql, bound, cursor, None)
        return cursor

    def run(self, connection: Connection, params: Mapping[str, Any]) -> int:
        """Execute a write; returns how many rows it changed."""
        cursor = self._run(connection, params)
        count = int(cursor.rowcount)
        cursor.close()
        return count

    def send(self, connection: Connection, params: Mapping[str, Any]) -> Sent:
        """Execute a write, in a `batched` block sent with the others; how many rows it changed
        is known once the block is over."""
        return Sent(self._run(connection, params))

    def query(self, connection: Connection, params: Mapping[str, Any]) -> Pending:
        """Execute a query, in a `batched` block sent with the others; its rows are read once
        the block is over."""
        return Pending(self._run(connection, params), self.compiled(connection.dialect).results)

    def rows(self, connection: Connection, params: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        """Execute a query; returns its rows as tuples of converted values."""
        return self.query(connection, params).rows()

    def first(self, connection: Connection, params: Mapping[str, Any]) -> tuple[Any, ...] | None:
        """Execute a query; returns its first row (or None)."""
        found = self.rows(connection, params)
        return found[0] if found else None


class Pending:
    """A query sent with `Prepared.query`."""

    def __init__(self, cursor: Any, results: tuple[Processor, ...]) -> None:
        self._cursor = cursor
        self._results = results

    def rows(self) -> list[tuple[Any, ...]]:
        """Its rows as tuples of converted values (read them once, after its `batched` block)."""
        fetched = self._cursor.fetchall()
        self._cursor.close()
        if not any(self._results):
            return [tuple(row) for row in fetched]
        return [
            tuple(
                v if convert is None else convert(v)
                for v, convert in zip(row, self._results, strict=True)
            )
            for row in fetched
        ]


class Sent:
    """A write sent with `Prepared.send`."""

    def __init__(self, cursor: Any) -> None:
        self._cursor = cursor

    @property
    def rowcount(self) -> int:
        """How many rows it changed (read it after its `batched` block)."""
        return int(self._cursor.rowcount)


def pipelined(connection: Connection) -> bool:
    """Whether `batched` sends this connection's statements together (PostgreSQL's pipeline
    mode); elsewhere (SQLite, in process) each runs when it is sent."""
    driver = connection.connection.driver_connection
    return connection.dialect.name == "postgresql" and hasattr(driver, "pipeline")


@contextmanager
def batched(connection: Connection) -> Iterator[None]:
    """Statements sent inside (`Prepared.send`, `Prepared.query`) go to the database together
    with one round trip at the end (the pipeline mode of PostgreSQL), where a failure among them
    is raised (as SQLAlchemy's error); elsewhere each runs when it is sent. Rows read inside
    (`Prepared.rows`) wait for the statements before them."""
    if not pipelined(connection):
        yield
        return
    pipeline = connection.connection.driver_connection.pipeline  # type: ignore[union-attr]
    try:
        with pipeline():
            yield
    except connection.dialect.loaded_dbapi.Error as error:
        failed = first_failure(error)
        connection._handle_dbapi_exception(failed, "(a batch of statements)", {}, None, None)


def first_failure(error: BaseException) -> BaseException:
    """The error of the statement that failed in a pipeline. psycopg may raise, instead, the
    abort of a statement the database skipped after it (whose results came in a later read),
    with the failure as its context: a unique key met must stay a stale step, not look like a
    lost database."""
    while isinstance(error, PipelineAborted) and isinstance(error.__context__, psycopg.Error):
        error = error.__context__
    return error


def not_at_step(error: DBAPIError) -> bool:
    """Whether PostgreSQL refused `step_write` because the game was not at the expected
    step (the entry's game id came out empty)."""
    failed = error.orig
    if isinstance(failed, psycopg.errors.NotNullViolation):
        return failed.diag.table_name == "actions" and failed.diag.column_name == "game_id"
    return False


def send_commit(connection: Connection) -> None:
    """Queue the transaction's COMMIT in the `batched` block around it (PostgreSQL's pipeline: it
    goes with the statements before it, in their round trip), so the caller's own commit finds
    nothing left to do. If one of those statements fails, the database aborts the transaction
    and skips the COMMIT, and the caller rolls back as usual. Without a pipeline (SQLite)
    nothing is sent here: the caller's commit ends the transaction."""
    if pipelined(connection):
        driver = connection.connection.driver_connection
        # What psycopg's own `commit()` sends; its public `execute` would make a cursor for a
        # statement that returns nothing (about 2% more CPU per action, counted by callgrind).
        driver.wait(driver._exec_command(b"COMMIT"))  # type: ignore[union-attr]


def commit_with(
    connection: Connection, statement: Prepared, params: Mapping[str, Any]
) -> tuple[Any, ...] | None:
    """Run a statement of the caller's transaction on PostgreSQL, commit the transaction with it,
    and return its first row; the caller's own commit then finds nothing left to do.

    When nothing ran in the transaction yet, the statement goes alone in autocommit mode: one
    round trip, no BEGIN and no COMMIT, and the database runs it as a transaction of its own
    (all of it or nothing). Else its COMMIT goes in its round trip (`send_commit`).
    """
    driver = cast(psycopg.Connection[Any], connection.connection.driver_connection)
    if driver.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
        with batched(connection):
            pending = statement.query(connection, params)
            send_commit(connection)
        found = pending.rows()
        return found[0] if found else None
    driver.autocommit = True
    try:
        return statement.first(connection, params)
    finally:
        try:
            driver.autocommit = False
        except psycopg.Error:
            # Never back to the pool in autocommit mode: the next unit would lose its
            # transaction. (Only a connection that broke meanwhile cannot switch back.)
            connection.invalidate()


def compile_for(statement: ClauseElement, dialect: Dialect) -> Compiled:
    """Compile a statement for a dialect, with the bind and result processors of its types."""
    compiled = cast(SQLCompiler, statement.compile(dialect=dialect))
    names: Sequence[str] = compiled.positiontup or list(compiled.binds)
    binds = tuple(
        (name, compiled.binds[name].type.dialect_impl(dialect).bind_processor(dialect))
        for name in names
    )
    columns = getattr(statement, "selected_columns", ())
    results = tuple(c.type.dialect_impl(dialect).result_processor(dialect, None) for c in columns)
    defaults = {}
    for column in [*compiled.insert_prefetch, *compiled.update_prefetch]:
        default = column.default if column in compiled.insert_prefetch else column.onupdate
        if not isinstance(default, ScalarElementColumnDefault):
            raise TypeError(f"bind {column.key} of a prepared statement: only constant defaults")
        defaults[column.key] = default.arg
    return Compiled(compiled.string, bool(compiled.positional), binds, results, defaults)


HEAD = Prepared(GAME_HEAD)
SEATS = Prepared(GAME_SEATS)
HEAD_CLOCKS = Prepared(GAME_HEAD_CLOCKS)
MOVE = Prepared(MOVE_GAME)
APPEND = Prepared(APPEND_ACTION)
LOGGED = Prepared(LOGGED_ACTION)
LOG_TAIL = Prepared(GAME_LOG_TAIL)
LOG_AFTER = Prepared(GAME_LOG_AFTER)
STOP = Prepared(STOP_CLOCKS)
START = Prepared(start_clock())
LEAVE = Prepared(LEAVE_SEAT)
ADD_NOTICE = Prepared(add_notice(unless_watching=False))
ADD_NOTICE_UNLESS_WATCHING = Prepared(add_notice(unless_watching=True))
WORN_BACKS = {count: Prepared(worn_backs_of(count)) for count in range(1, MAX_SEATS + 1)}
"""The worn card backs of a table's members, by how many they are."""
