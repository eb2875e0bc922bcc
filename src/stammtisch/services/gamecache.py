"""Game states in memory: a cache rebuilt by replaying the stored log, one lock per game."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from stammtisch.engine.protocol import Game, Seat
from stammtisch.engine.registry import get_game
from stammtisch.services.errors import Problem, ServiceError
from stammtisch.services.gamehead import Head, SeatInfo
from stammtisch.store.games import GameRow
from stammtisch.store.hotpath import LOG_TAIL

LOCK_STRIPES = 1024
"""Games share this many locks (by id), which bounds memory however many games there are."""

PAST_STATES = 64
"""How many states of earlier steps (rebuilt to judge late submissions) a process keeps."""

Tail = list[tuple[int, Seat, str, str]]
"""Log entries of a game as `LOG_AFTER` gives them: step, seat, kind and text."""


@dataclass
class Cached:
    """The state of a game after its first `seq` log entries, and its seats and stored columns
    then (if known)."""

    seq: int
    state: Any
    seats: tuple[SeatInfo, ...] | None = None
    head: Head | None = None


class GameCache:
    """Keeps the states of recently used games; the database stays the source of truth.

    A state is only trusted for the `seq` it was built at: when the stored log is longer (another
    process moved the game on), the missing entries are replayed onto it first.
    """

    def __init__(self, capacity: int = 5000) -> None:
        self._capacity = capacity
        self._entries: OrderedDict[int, Cached] = OrderedDict()
        self._past: OrderedDict[tuple[int, int], Any] = OrderedDict()
        self._locks = [threading.Lock() for _ in range(LOCK_STRIPES)]
        self._guard = threading.Lock()

    @contextmanager
    def locked(self, game_id: int) -> Iterator[None]:
        """Hold the lock of one game (serialises this process's work on it)."""
        with self._locks[game_id % LOCK_STRIPES]:
            yield

    def position(self, game_id: int) -> tuple[int, tuple[SeatInfo, ...] | None] | None:
        """The log position of the state this process keeps of the game, and the seats then if
        known (None: no state kept)."""
        with self._guard:
            entry = self._entries.get(game_id)
        return None if entry is None else (entry.seq, entry.seats)

    def state(self, session: Session, row: GameRow | Head, tail: Tail | None = None) -> Any:
        """The state of this game at the stored `row.seq` (call with the game's lock held).

        `tail`: log entries fetched beforehand (each with its step), used for the catch-up when
        they hold every step it needs; else the log is read.
        """
        with self._guard:
            entry = self._entries.get(row.id)
            if entry is not None:
                self._entries.move_to_end(row.id)
        if entry is not None and entry.seq == row.seq:
            return entry.state
        game = get_game(row.game)
        check_rules_version(game, row.rules_version)
        if entry is None or entry.seq > row.seq:
            entry = Cached(0, game.setup(row.options, row.seed))
        seated = _replay(game, session, row.id, entry, row.seq, tail)
        self.store(row.id, entry.seq, entry.state, None if seated else entry.seats)
        return entry.state

    def state_at(self, session: Session, row: GameRow | Head, seq: int) -> Any:
        """The state of this game after its first `seq` log entries (`seq` <= the stored step),
        rebuilt by replaying the log; read it only (it is shared). Earlier steps never change,
        so a few rebuilt states are kept whatever happens to the game later.
        """
        assert 0 <= seq <= row.seq, "only steps the stored log already has"
        key = (row.id, seq)
        with self._guard:
            state = self._past.get(key)
            if state is not None:
                self._past.move_to_end(key)
                return state
        game = get_game(row.game)
        check_rules_version(game, row.rules_version)
        entry = Cached(0, game.setup(row.options, row.seed))
        _replay(game, session, row.id, entry, seq)
        with self._guard:
            self._past[key] = entry.state
            while len(self._past) > PAST_STATES:
                self._past.popitem(last=False)
        return entry.state

    def seats(self, game_id: int, seq: int) -> tuple[SeatInfo, ...] | None:
        """The seats remembered with the state at this log position, if any.

        Seats change only in a step of the log (a member leaves, a bot takes over), so seats
        remembered at the game's current `seq` are current.
        """
        with self._guard:
            entry = self._entries.get(game_id)
        return entry.seats if entry is not None and entry.seq == seq else None

    def head(self, game_id: int) -> Head | None:
        """The game's stored columns as this process last knew them (at the remembered state's
        log position), if it does; another process may have moved the game on since.

        A game's row changes only with a step of its log (which moves `seq` on), so a head is
        current exactly when the game is still at its `seq`: a step written on it says so, being
        written only `WHERE seq` is still that (`moves.write_step`).
        """
        with self._guard:
            entry = self._entries.get(game_id)
        if entry is None or entry.head is None or entry.head.seq != entry.seq:
            return None
        return entry.head

    def store(
        self,
        game_id: int,
        seq: int,
        state: Any,
        seats: tuple[SeatInfo, ...] | None = None,
        head: Head | None = None,
    ) -> None:
        """Remember the state of a game at this log position (and its seats and stored columns
        then, if known)."""
        assert head is None or head.seq == seq, "a head is kept with the state of its step"
        with self._guard:
            self._entries[game_id] = Cached(seq, state, seats, head)
            self._entries.move_to_end(game_id)
            while len(self._entries) > self._capacity:
                self._entries.popitem(last=False)

    def remember_seats(self, game_id: int, seq: int, seats: tuple[SeatInfo, ...]) -> None:
        """Keep the seats read at this log position with the state cached for it."""
        with self._guard:
            entry = self._entries.get(game_id)
            if entry is not None and entry.seq == seq:
                entry.seats = seats

    def remember_head(self, head: Head) -> None:
        """Keep the stored columns read at this log position with the state cached for it."""
        with self._guard:
            entry = self._entries.get(head.id)
            if entry is not None and entry.seq == head.seq:
                entry.head = head

    def forget(self, game_id: int) -> None:
        """Drop a game's state (after a failed write, its cached state may be ahead)."""
        with self._guard:
            self._entries.pop(game_id, None)


def check_rules_version(game: Game[Any, Any], stored: str) -> None:
    """Refuse a game stored under other rules than this server plays (it would replay wrongly)."""
    if stored != game.info.rules_version:
        raise ServiceError(
            "game.rules_version",
            f"This game was played under rules version {stored} of {game.info.name}; this server"
            f" plays version {game.info.rules_version} and cannot continue or show it.",
            Problem.CONFLICT,
        )


def _replay(
    game: Game[Any, Any],
    session: Session,
    game_id: int,
    entry: Cached,
    upto: int,
    tail: Tail | None = None,
) -> bool:
    """Apply the log entries after `entry.seq` up to `upto` to the entry's state (from `tail`
    when it holds each of them, else read); returns whether one of them changed who sits where
    (a resign or timeout: the entry's seats are old then)."""
    wanted = [(seat, kind, text) for seq, seat, kind, text in tail or () if entry.seq < seq <= upto]
    if len(wanted) != upto - entry.seq:
        params = {"game_id": game_id, "after": entry.seq, "upto": upto}
        wanted = [
            (seat, kind, text) for seat, kind, text in LOG_TAIL.rows(session.connection(), params)
        ]
    seated = False
    for seat, kind, text in wanted:
        if kind == "play":
            game.apply(entry.state, seat, game.parse_action(text))
        else:
            seated = True
    entry.seq = upto
    return seated
