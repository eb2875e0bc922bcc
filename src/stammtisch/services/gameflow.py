"""What happens in the transaction of every step of a game: the log entry, clocks, the end.

Shared by members' actions, bot moves, resigns and timeouts, so each follows the same path:
append to the log (a stale sequence number conflicts), move the clocks, notify whose turn it is,
and when the game is over store the result and publish `GameFinished` in the same transaction.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import timedelta
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from stammtisch.engine.protocol import Event, Outcome, Seat
from stammtisch.engine.registry import get_game
from stammtisch.services.context import context_of
from stammtisch.services.events import GameFinished, publish
from stammtisch.services.notifications import notify
from stammtisch.services.policy import policy
from stammtisch.store.deadlines import DeadlineRow
from stammtisch.store.games import ActionRow, GameRow, SeatRow
from stammtisch.store.members import nicknames


def seats_of(session: Session, game_id: int) -> list[SeatRow]:
    """The seats of a game, in seat order."""
    return list(
        session.scalars(select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat))
    )


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


def append(
    session: Session,
    row: GameRow,
    seat: Seat,
    kind: str,
    text: str,
    member_id: int | None,
    events: Sequence[Event] = (),
) -> ActionRow:
    """Add one log entry; the game's sequence number moves on (a concurrent step conflicts)."""
    now = context_of(session).clock.now()
    entry = ActionRow(
        game_id=row.id,
        seq=row.seq + 1,
        seat=seat,
        kind=kind,
        text=text,
        member_id=member_id,
        events=stored_events(events),
        created_at=now,
    )
    row.seq += 1
    session.add(entry)
    return entry


def settle(
    session: Session,
    row: GameRow,
    state: Any,
    seats: list[SeatRow],
    *,
    seated: bool = False,
    acted: Seat | None = None,
) -> None:
    """After a step: who acts now, the clocks, your-turn notices, bot turns, or the game's end.

    Turn clocks only change when the set of seats to act changes, or when `seated` says that who
    sits on a seat changed (a bot took a seat over). Realtime clocks are per decision: the seat
    that `acted` and must act again gets a fresh clock.
    """
    game = get_game(row.game)
    outcome = game.outcome(state)
    before = set(row.to_act)
    now_to_act = set() if outcome is not None else set(game.to_act(state))
    row.to_act = sorted(now_to_act)
    row.bot_turn = any(s.bot for s in seats if s.seat in now_to_act)
    humans = {s.seat for s in seats if s.bot is None and s.member_id is not None}
    restart = acted if row.clock.get("mode") == "realtime" else None
    if seated or now_to_act != before or restart in now_to_act:
        _sync_deadlines(session, row, now_to_act & humans, restart)
        for seat in sorted((now_to_act & humans) - before):
            _your_turn(session, row, seats, seat)
    ctx = context_of(session)
    ctx.publish_after_commit(session, f"game:{row.id}", {"type": "game", "seq": row.seq})
    if outcome is not None:
        finish(session, row, seats, outcome, "normal", None)


def _sync_deadlines(
    session: Session, row: GameRow, must_act: set[Seat], restart: Seat | None = None
) -> None:
    """A seat's clock starts when it has to act and stops when it no longer has to."""
    ctx = context_of(session)
    existing = {
        d.seat: d for d in session.scalars(select(DeadlineRow).where(DeadlineRow.game_id == row.id))
    }
    for seat, deadline in list(existing.items()):
        if seat not in must_act or seat == restart:
            session.delete(deadline)
            del existing[seat]
    now = ctx.clock.now()
    rules = policy(row.game)
    for seat in must_act - existing.keys():
        if row.clock.get("mode") == "realtime":
            due, remind = now + timedelta(seconds=int(row.clock["seconds"])), None
        else:
            due, remind = now + rules.turn, now + rules.reminder
        session.add(
            DeadlineRow(
                game_id=row.id, seat=seat, seq=row.seq, started_at=now, due_at=due, remind_at=remind
            )
        )


def opponents_of(session: Session, seats: list[SeatRow], seat: Seat) -> list[str]:
    """Nicknames of the other members at the table (bots are left out)."""
    names = nicknames(session, (s.member_id for s in seats))
    return [names[s.member_id] for s in seats if s.seat != seat and s.member_id in names]


def _your_turn(session: Session, row: GameRow, seats: list[SeatRow], seat: Seat) -> None:
    member_id = seats[seat].member_id
    if member_id is None or row.clock.get("mode") == "realtime":
        return
    notify(
        session,
        member_id,
        "your_turn",
        {"game_id": row.id, "game": row.game, "opponents": opponents_of(session, seats, seat)},
    )


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
