"""Steps on the hot path: the database decides, whatever a process has cached, for every kind."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import psycopg
import pytest
from psycopg import pq
from sqlalchemy import event

from stammtisch.bus import LocalBus
from stammtisch.services import gamecache, moves
from stammtisch.services.errors import ServiceError
from stammtisch.services.gamehead import Head, load_head, load_seats
from stammtisch.services.moves import StaleStepError, Step, leave_step, write_step
from stammtisch.services.platform import Platform, build_platform
from stammtisch.services.tables import BotMove
from stammtisch.services.timesource import ManualClock
from stammtisch.store.hotpath import first_failure
from tests.conftest import make_settings


@pytest.fixture
def other(database_url: str, tmp_path: Path, clock: ManualClock) -> Iterator[Platform]:
    """A second server process on the same database, with a cache of its own."""
    built = build_platform(make_settings(tmp_path, database_url), clock=clock, bus=LocalBus())
    yield built
    built.close()


def refusal(call: object, *args: object) -> str:
    """The error code a service call is refused with."""
    with pytest.raises(ServiceError) as refused:
        call(*args)  # type: ignore[operator]
    return refused.value.code


def test_a_process_whose_cache_is_behind_refuses_the_taken_step_and_plays_the_next(
    platform: Platform, other: Platform, duel: tuple[int, int, int]
) -> None:
    anna, _, game_id = duel
    assert other.views.view(anna, game_id)["seq"] == 0
    platform.tables.act(anna, game_id, 0, "add:2")
    assert refusal(other.tables.act, anna, game_id, 0, "add:3") == "game.stale"
    assert other.tables.act(anna, game_id, 0, "add:2").repeated
    played = other.tables.act(anna, game_id, 1, "add:1")
    assert played.seq == 2
    assert played.view is not None
    assert played.view["total"] == 3
    assert platform.views.view(anna, game_id)["view"]["total"] == 3


def test_seats_that_changed_in_another_process_are_read_again(
    platform: Platform, other: Platform, duel: tuple[int, int, int]
) -> None:
    anna, bert, game_id = duel
    assert other.views.view(bert, game_id)["seats"][0]["left"] is None
    platform.tables.resign(anna, game_id)
    seen = other.views.view(bert, game_id)
    assert seen["status"] == "finished"
    assert seen["seats"][0]["left"] == "resign"
    assert refusal(other.tables.act, anna, game_id, 1, "add:1") == "game.over"
    assert refusal(other.tables.act, anna, game_id, 0, "add:1") == "game.stale"


def test_seats_are_kept_over_steps_made_in_another_process_in_which_nobody_left(
    platform: Platform,
    other: Platform,
    duel: tuple[int, int, int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Catching up with the log is enough to know the seats: no read of them again."""
    anna, bert, game_id = duel
    seats = other.views.view(bert, game_id)["seats"]
    platform.tables.act(anna, game_id, 0, "add:2")

    def no_read(*_: object) -> None:
        raise AssertionError("the seats were read again")

    monkeypatch.setattr(moves, "load_seats", no_read)
    seen = other.views.view(bert, game_id)
    assert (seen["seq"], seen["seats"]) == (1, seats)
    assert other.tables.act(anna, game_id, 1, "end").seq == 2


def test_a_step_at_the_head_a_process_knows_reads_no_game_row(
    platform: Platform, duel: tuple[int, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A view, or the process's own step, leaves the game's head known: the next step is
    written on it straight away (the sequence guard still decides)."""
    anna, bert, game_id = duel
    platform.views.view(anna, game_id)

    def no_read(*_: object) -> None:
        raise AssertionError("the game's row was read again")

    monkeypatch.setattr(moves, "load_head", no_read)
    assert platform.tables.act(anna, game_id, 0, "add:2").seq == 1
    played = platform.tables.act(anna, game_id, 1, "end")
    assert (played.seq, played.to_act) == (2, [1])
    assert platform.tables.act(bert, game_id, 2, "add:1").seq == 3


def test_a_known_head_that_another_process_moved_on_is_read_again(
    platform: Platform, other: Platform, duel: tuple[int, int, int]
) -> None:
    anna, bert, game_id = duel
    other.views.view(anna, game_id)
    platform.tables.act(anna, game_id, 0, "end")
    assert other.tables.act(anna, game_id, 0, "end").repeated
    assert refusal(other.tables.act, anna, game_id, 0, "add:1") == "game.stale"
    other.views.view(anna, game_id)
    platform.tables.act(bert, game_id, 1, "add:3")
    assert refusal(other.tables.act, bert, game_id, 1, "add:2") == "game.stale"
    played = other.tables.act(bert, game_id, 2, "end")
    assert (played.seq, played.to_act) == (3, [0])
    assert platform.views.view(anna, game_id)["view"]["total"] == 3


def test_a_step_refused_on_a_known_head_leaves_no_connection_in_autocommit_mode(
    platform: Platform, other: Platform, duel: tuple[int, int, int]
) -> None:
    """A step on the head a process knows runs in autocommit mode on PostgreSQL; refused there
    (the game moved on in another process), its connection still goes back to the pool in
    transaction mode, so the next unit keeps its transaction."""
    anna, _, game_id = duel
    other.views.view(anna, game_id)
    platform.tables.act(anna, game_id, 0, "end")
    engine = other.ctx.store.engine
    returned: list[bool] = []

    def checkin(driver: object, *_: object) -> None:
        returned.append(bool(getattr(driver, "autocommit", False)))

    event.listen(engine, "checkin", checkin)
    try:
        assert refusal(other.tables.act, anna, game_id, 0, "add:1") == "game.stale"
    finally:
        event.remove(engine, "checkin", checkin)
    if engine.dialect.name == "postgresql":
        assert returned
        assert not any(returned)


def test_a_view_catches_up_with_another_process_on_the_log_it_fetched_with_the_head(
    platform: Platform,
    other: Platform,
    duel: tuple[int, int, int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On a database server the log after the step a process knows comes in the round trip of
    the game's head: the catch-up reads nothing more (on SQLite it is read when needed)."""
    anna, bert, game_id = duel
    other.views.view(bert, game_id)
    platform.tables.act(anna, game_id, 0, "add:2")
    platform.tables.act(anna, game_id, 1, "end")
    if other.ctx.store.engine.dialect.name == "postgresql":

        def no_read(*_: object) -> None:
            raise AssertionError("the log was read again")

        monkeypatch.setattr(gamecache.LOG_TAIL, "rows", no_read)
    seen = other.views.view(bert, game_id)
    assert (seen["seq"], seen["to_act"], seen["view"]["total"]) == (2, [1], 2)
    assert seen["legal"] == ["add:1", "add:2", "add:3", "end"]
    assert other.tables.act(bert, game_id, 2, "add:1").seq == 3


def test_the_turn_passing_moves_the_clocks_and_tells_the_next_player(
    platform: Platform, duel: tuple[int, int, int]
) -> None:
    anna, bert, game_id = duel
    before = platform.views.view(bert, game_id)["seats"]
    assert before[0]["deadline"] is not None
    assert before[1]["deadline"] is None
    played = platform.tables.act(anna, game_id, 0, "end")
    assert played.to_act == [1]
    assert played.legal == []
    after = platform.views.view(bert, game_id)
    assert after["seats"][0]["deadline"] is None
    assert after["seats"][1]["deadline"] is not None
    assert after["legal"] == ["add:1", "add:2", "add:3", "end"]
    turns = [n for n in platform.notifications.feed(bert)["items"] if n["kind"] == "your_turn"]
    assert [n["data"]["opponents"] for n in turns] == [["anna"]]


def write_in_one_unit(
    platform: Platform, step: Step, *, at: Head | None = None, last: bool = False
) -> None:
    """Write a step through `write_step` in a write unit of its own (rolled back on an error),
    on the game's state at the head `at` (default: the step's)."""
    with platform.ctx.write() as session:
        head = at or step.head
        state = platform.tables.cache.state_at(session, head, head.seq)
        write_step(platform.ctx, session, step, state, last=last)


@pytest.mark.parametrize("kind", ["member", "bot", "resign", "timeout", "timeout_taken_over"])
def test_every_kind_of_step_is_refused_by_the_same_sequence_guard_once_the_game_moved_on(
    platform: Platform, duel: tuple[int, int, int], kind: str
) -> None:
    anna, bert, game_id = duel
    with platform.ctx.read() as session:
        seen = load_head(session.connection(), game_id)
        seats = load_seats(session.connection(), game_id)
        assert seen is not None
    platform.tables.act(anna, game_id, 0, "add:2")
    before = platform.views.view(bert, game_id)
    feed = platform.notifications.feed(bert)["items"]
    if kind == "bot":
        assert not platform.tables.play_bot(BotMove(seen, seats, 0, "add:3"))
    else:
        step = {
            "member": Step(seen, seats, 0, "play", "add:3", anna),
            "resign": leave_step(seen, seats, 1, "resign", None),
            "timeout": leave_step(seen, seats, 1, "timeout", None),
            "timeout_taken_over": leave_step(seen, seats, 1, "timeout", "random"),
        }[kind]
        with pytest.raises(StaleStepError):
            write_in_one_unit(platform, step)
    after = platform.views.view(bert, game_id)
    assert after == before
    assert after["seq"] == 1
    assert [entry["seq"] for entry in platform.views.events_since(bert, game_id, 0)] == [1]
    assert platform.notifications.feed(bert)["items"] == feed
    assert platform.tables.act(anna, game_id, 1, "add:1").seq == 2


@pytest.mark.parametrize("last", [False, True])
def test_a_step_for_a_position_the_game_never_reached_commits_nothing(
    platform: Platform, duel: tuple[int, int, int], last: bool
) -> None:
    """The log entry itself refuses a step whose move found the game elsewhere (even with no
    entry at that step yet), so a COMMIT sent with the step's writes can never keep them."""
    anna, bert, game_id = duel
    with platform.ctx.read() as session:
        seen = load_head(session.connection(), game_id)
        seats = load_seats(session.connection(), game_id)
        assert seen is not None
    before = platform.views.view(bert, game_id)
    feed = platform.notifications.feed(bert)["items"]
    ahead = replace(seen, seq=4)  # the game is at step 0; this step claims step 4
    with pytest.raises(StaleStepError):
        write_in_one_unit(platform, Step(ahead, seats, 0, "play", "end", anna), at=seen, last=last)
    assert platform.views.view(bert, game_id) == before
    assert platform.views.events_since(bert, game_id, 0) == []
    assert platform.notifications.feed(bert)["items"] == feed
    assert platform.tables.act(anna, game_id, 0, "end").seq == 1


def test_a_members_step_on_a_database_server_commits_in_the_round_trip_of_its_writes(
    platform: Platform, duel: tuple[int, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """On PostgreSQL the transaction's own commit finds nothing left to send (elsewhere it
    commits as usual); the step is stored either way."""
    anna, bert, game_id = duel
    if platform.ctx.store.engine.dialect.name != "postgresql":
        assert platform.tables.act(anna, game_id, 0, "end").seq == 1
        return

    sent: list[bool] = []
    commit = psycopg.Connection.commit

    def counted(self: psycopg.Connection[object]) -> None:
        sent.append(self.pgconn.transaction_status != pq.TransactionStatus.IDLE)
        commit(self)

    monkeypatch.setattr(psycopg.Connection, "commit", counted)
    assert platform.tables.act(anna, game_id, 0, "end").seq == 1
    assert sent == [False]
    monkeypatch.undo()
    assert platform.views.view(bert, game_id)["seq"] == 1
    assert [entry["seq"] for entry in platform.views.events_since(bert, game_id, 0)] == [1]


def test_a_steps_writes_are_one_statement_on_a_database_server(
    platform: Platform, duel: tuple[int, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """On PostgreSQL the game's move, its log entry, the clocks and the notices go as one
    statement (each write a WITH clause); elsewhere each as its own. Either way the step is
    stored and the log holds it once."""
    anna, bert, game_id = duel
    statements: list[str] = []
    execute = psycopg.Cursor.execute

    def recorded(self: psycopg.Cursor[object], query: str, *args: object, **kw: object) -> object:
        statements.append(" ".join(str(query).split()))
        return execute(self, query, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(psycopg.Cursor, "execute", recorded)
    assert platform.tables.act(anna, game_id, 0, "add:2").seq == 1
    logged = [s for s in statements if "INSERT INTO actions" in s]
    if platform.ctx.store.engine.dialect.name == "postgresql":
        assert len(logged) == 1
        assert logged[0].startswith("WITH moved AS (UPDATE games SET")
        assert not [s for s in statements if s.startswith(("UPDATE games", "INSERT", "DELETE"))]
    else:
        assert statements == []  # SQLite: no psycopg at all
    assert [e["seq"] for e in platform.views.events_since(bert, game_id, 0)] == [1]


def test_a_step_on_a_game_this_process_knows_is_one_round_trip_without_begin_or_commit(
    platform: Platform, duel: tuple[int, int, int], tmp_path: Path
) -> None:
    """On PostgreSQL a member's step on the game as this process last wrote it goes alone, in
    autocommit mode: the database gets one message and answers once, and no BEGIN or COMMIT
    goes with it; the step is committed, and the connection is back out of autocommit mode."""
    anna, bert, game_id = duel
    played = platform.tables.act(anna, game_id, 0, "add:2")  # this process now knows the game
    mover = bert if played.to_act == [1] else anna
    engine = platform.ctx.store.engine
    if engine.dialect.name != "postgresql":
        assert platform.tables.act(mover, game_id, 1, "add:1").seq == 2
        return
    path = tmp_path / "libpq.trace"
    traced: list[psycopg.Connection[object]] = []
    with path.open("w") as trace:

        def checkout(driver: psycopg.Connection[object], *_: object) -> None:
            driver.pgconn.trace(trace.fileno())
            driver.pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS)
            traced.append(driver)

        event.listen(engine, "checkout", checkout)
        try:
            assert platform.tables.act(mover, game_id, 1, "add:1").seq == 2
        finally:
            event.remove(engine, "checkout", checkout)
            for driver in traced:
                driver.pgconn.untrace()
    text = path.read_text()
    messages = [line.split("\t")[2].strip() for line in text.splitlines() if line.count("\t") >= 2]
    assert messages.count("ReadyForQuery") == 1, text
    assert messages.count("Sync") == 1, text
    assert "Query" not in messages, text
    assert "BEGIN" not in text, text
    assert "COMMIT" not in text, text
    assert "WITH moved AS" in text
    assert traced
    assert not any(driver.autocommit for driver in traced)
    assert [e["seq"] for e in platform.views.events_since(anna, game_id, 0)] == [1, 2]


def test_a_pipeline_abort_raised_after_a_failed_statement_is_judged_by_that_failure() -> None:
    """psycopg may raise the abort of a skipped statement with the failure as its context."""
    failure = psycopg.errors.UniqueViolation("duplicate key value")
    aborted = psycopg.errors.PipelineAborted("pipeline aborted")
    aborted.__context__ = failure
    assert first_failure(aborted) is failure
    alone = psycopg.errors.PipelineAborted("pipeline aborted")
    assert first_failure(alone) is alone
    assert first_failure(failure) is failure
