"""What a step of a game does besides moving it on: clocks, your-turn notices and the end.

Used by `moves.write_step`, the one writer of every step (members' actions, bot moves, resigns
and timeouts), and by the opening of a game: move the clocks, notify whose turn it is, and when
the game is over store the result and publish `GameFinished` in the same transaction.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Protocol

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from stammtisch.engine.protocol import Event, Outcome, Seat
from stammtisch.engine.registry import get_game
from stammtisch.services.context import context_of
from stammtisch.services.events import GameFinished, publish
from stammtisch.services.gamehead import SeatInfo, load_seats
from stammtisch.services.notifications import notify
from stammtisch.services.policy import policy
from stammtisch.store.deadlines import DeadlineRow
from stammtisch.store.games import ActionRow, GameRow, SeatRow
from stammtisch.store.hotpath import START, STOP
from stammtisch.store.members import nicknames


class Seated(Protocol):
    """A seat as steps read it: a stored seat row or the hot path's plain copy."""

    @property
    def seat(self) -> int:
        """The seat's number."""
        ...

    @property
    def member_id(self) -> int | None:
        """The member sitting there (None: a bot seat)."""
        ...

    @property
    def bot(self) -> str | None:
        """The bot playing the seat, if any."""
        ...


def seats_of(session: Session, game_id: int, *, fresh: bool = False) -> list[SeatRow]:
    """The seats of a game, in seat order (`fresh`: read again over rows the session holds)."""
    query = select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
    return list(session.scalars(query.execution_options(populate_existing=fresh)))


def stored_events(events: Iterable[Event]) -> list[dict[str, Any]]:
    """Events as stored in the log, each with its audience (None: everyone)."""
    return [
        {
            "kind": e.kind,
            "data": dict(e.data),
            "audience": None if e.audience is None else sorted(e.audience),
        }
        for e in events
    ]


def visible_events(stored: Iterable[dict[str, Any]], seat: Seat | None) -> list[dict[str, Any]]:
    """The stored events this seat (None: a spectator) may see, as sent to clients."""
    return [
        {"kind": e["kind"], **e["data"]}
        for e in stored
        if e["audience"] is None or (seat is not None and seat in e["audience"])
    ]


@dataclass(frozen=True, slots=True)
class GameRef:
    """The columns of a game that its clocks and notices need (ORM row or prepared read)."""

    id: int
    game: str
    clock: dict[str, Any]
    seq: int
    practice: bool
    """A practice game sends no turn notices: its member is playing it right now."""


@dataclass(frozen=True, slots=True)
class NextStep:
    """Who acts after a step, whether that is a bot, and the outcome once the game is over."""

    to_act: list[Seat]
    bot_turn: bool
    outcome: Outcome | None


def next_step(game_name: str, state: Any, seats: Sequence[Seated]) -> NextStep:
    """Who acts now that the state is what it is (nobody once the game is over)."""
    game = get_game(game_name)
    outcome = game.outcome(state)
    to_act = [] if outcome is not None else sorted(game.to_act(state))
    bot_turn = any(s.bot for s in seats if s.seat in to_act)
    return NextStep(to_act, bot_turn, outcome)


def settle(session: Session, row: GameRow, state: Any, seats: list[SeatRow]) -> None:
    """When a game opens (before its first step): who acts, their clocks and your-turn notices,
    bot turns, or its end. Steps are written by `moves.write_step`."""
    step = next_step(row.game, state, seats)
    before = list(row.to_act)
    row.to_act = step.to_act
    row.bot_turn = step.bot_turn
    session.flush()
    ref = GameRef(row.id, row.game, dict(row.clock), row.seq, row.practice)
    infos = load_seats(session.connection(), row.id)
    ctx = context_of(session)
    clocks = clock_move(ctx.clock.now(), ref, before, step.to_act, infos)
    if clocks is not None:
        send_clocks(session, ref, clocks)
    ctx.publish_after_commit(session, f"game:{row.id}", {"type": "game", "seq": row.seq})
    if step.outcome is not None:
        finish(session, row, seats, step.outcome, "normal", None)


@dataclass(frozen=True, slots=True)
class ClockMove:
    """What a step does to a game's clocks, and who is told that it is their turn."""

    keep: int
    """The seats whose running clocks go on (bit n: seat n); the others stop."""
    starts: tuple[Seat, ...]
    """The seats whose clock starts (unless a kept one runs)."""
    started_at: datetime
    due_at: datetime
    remind_at: datetime | None
    notices: tuple[tuple[int, dict[str, Any]], ...]
    """Your-turn notices: the member and the notice's data."""

    def params(self, ref: GameRef) -> dict[str, Any]:
        """The binds its statements share (`STOP_CLOCKS` and `start_clock`)."""
        return {
            "game_id": ref.id,
            "seq": ref.seq,
            "keep": self.keep,
            "started_at": self.started_at,
            "due_at": self.due_at,
            "remind_at": self.remind_at,
        }


def clock_move(
    now: datetime,
    ref: GameRef,
    before: Sequence[Seat],
    now_to_act: Sequence[Seat],
    seats: Sequence[SeatInfo],
    *,
    seated: bool = False,
    acted: Seat | None = None,
) -> ClockMove | None:
    """How turn clocks start and stop after a step, and its your-turn notices (None: the clocks
    stay as they are).

    Turn clocks only change when the set of seats to act changes, or when `seated` says that who
    sits on a seat changed (a bot took a seat over). Realtime clocks are per decision: the seat
    that `acted` and must act again gets a fresh clock. Practice games keep their clocks but
    send no your-turn notices and get no reminders; realtime games send no your-turn notices.
    """
    must, was = set(now_to_act), set(before)
    humans = {s.seat for s in seats if s.bot is None and s.member_id is not None}
    realtime = ref.clock.get("mode") == "realtime"
    restart = acted if realtime else None
    if not (seated or must != was or restart in must):
        return None
    must_act = must & humans
    rules = policy(ref.game)
    if realtime:
        due, remind = now + timedelta(seconds=int(ref.clock["seconds"])), None
    else:
        due, remind = now + rules.turn, None if ref.practice else now + rules.reminder
    notices = []
    if not ref.practice and not realtime:
        for seat in sorted(must_act - was):
            member_id = seats[seat].member_id
            assert member_id is not None, "a seat of a member"
            opponents = [s.nickname for s in seats if s.seat != seat and s.nickname is not None]
            notices.append(
                (member_id, {"game_id": ref.id, "game": ref.game, "opponents": opponents})
            )
    return ClockMove(
        keep=sum(1 << seat for seat in must_act if seat != restart),
        starts=tuple(sorted(must_act)),  # a clock still running goes on
        started_at=now,
        due_at=due,
        remind_at=remind,
        notices=tuple(notices),
    )


def send_clocks(session: Session, ref: GameRef, move: ClockMove) -> None:
    """Send what `clock_move` decided as statements of the session's transaction (writes only,
    so that they may go in a batch): stop and start the clocks, add the your-turn notices."""
    connection = session.connection()
    params = move.params(ref)
    STOP.send(connection, params)
    for seat in move.starts:
        START.send(connection, {**params, "seat": seat})
    for member_id, data in move.notices:
        notify(session, member_id, "your_turn", data)


def opponents_of(session: Session, seats: Sequence[Seated], seat: Seat) -> list[str]:
    """Nicknames of the other members at the table (bots are left out)."""
    names = nicknames(session, (s.member_id for s in seats))
    return [names[s.member_id] for s in seats if s.seat != seat and s.member_id in names]


def finish(
    session: Session,
    row: GameRow,
    seats: list[SeatRow],
    outcome: Outcome,
    ended_by: str,
    ended_seat: Seat | None,
) -> None:
    """Store the end of the game and publish `GameFinished` in this transaction."""
    ctx = context_of(session)
    now = ctx.clock.now()
    row.status = "finished"
    row.finished_at = now
    row.outcome = outcome_data(outcome)
    row.ended_by = ended_by
    row.ended_seat = ended_seat
    row.to_act = []
    row.bot_turn = False
    for seat in seats:
        seat.finished_at = now
    session.execute(delete(DeadlineRow).where(DeadlineRow.game_id == row.id))
    session.flush()
    publish(
        session,
        GameFinished(
            game_id=row.id,
            game=row.game,
            options=dict(row.options),
            practice=row.practice,
            members=tuple(s.member_id for s in seats),
            outcome=outcome,
            ended_by=ended_by,  # type: ignore[arg-type]
            ended_seat=ended_seat,
            moves=moves_made(session, row.id, len(seats)),
            finished_at=now,
            timed_out=frozenset(s.seat for s in seats if s.left == "timeout"),
            resigned=frozenset(s.seat for s in seats if s.left == "resign"),
        ),
    )


def moves_made(session: Session, game_id: int, seats: int) -> tuple[int, ...]:
    """Per seat: how many actions its member made themselves (bot moves do not count)."""
    rows = session.execute(
        select(ActionRow.seat, func.count())
        .where(
            ActionRow.game_id == game_id,
            ActionRow.kind == "play",
            ActionRow.member_id.is_not(None),
        )
        .group_by(ActionRow.seat)
    )
    counts = {int(row[0]): int(row[1]) for row in rows}
    return tuple(counts.get(seat, 0) for seat in range(seats))


def forfeit_outcome(seat_count: int, loser: Seat, reason: str) -> Outcome:
    """The result when one seat resigns or times out: everyone else ahead of it."""
    others = tuple(s for s in range(seat_count) if s != loser)
    return Outcome(ranking=(others, (loser,)), reason=reason)


def outcome_data(outcome: Outcome) -> dict[str, Any]:
    """An outcome as stored and sent."""
    return {
        "ranking": [list(group) for group in outcome.ranking],
        "reason": outcome.reason,
        "scores": {str(seat): score for seat, score in outcome.scores.items()},
        "details": dict(outcome.details),
    }


def outcome_of(data: dict[str, Any]) -> Outcome:
    """A stored outcome (see `outcome_data`) as the engine's Outcome again."""
    return Outcome(
        ranking=tuple(tuple(group) for group in data["ranking"]),
        reason=data["reason"],
        scores={int(seat): score for seat, score in data["scores"].items()},
        details=data["details"],
    )
