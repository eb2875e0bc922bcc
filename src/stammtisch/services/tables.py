"""Running games: opening tables with members and bots, actions, resign, bot moves, views."""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from stammtisch.bots.protocol import Bot
from stammtisch.bots.registry import bot_names, make_bot
from stammtisch.engine.protocol import GameError, Seat
from stammtisch.engine.registry import game_names, get_game
from stammtisch.services.context import Context
from stammtisch.services.errors import ServiceError, conflict, forbidden, not_found
from stammtisch.services.gamecache import GameCache
from stammtisch.services.gameflow import settle, stored_events
from stammtisch.services.gamehead import Head, SeatInfo, load_head, load_seats, seat_of
from stammtisch.services.limits import check_practice_limit
from stammtisch.services.moves import (
    Played,
    StaleStepError,
    Step,
    leave_step,
    play,
    seats_now,
    write_step,
)
from stammtisch.services.notifications import notify
from stammtisch.services.policy import policy
from stammtisch.store.db import after_commit
from stammtisch.store.games import GameRow, SeatRow


@dataclass(frozen=True)
class SeatSpec:
    """Who sits on a seat of a new game: a member or a bot."""

    member_id: int | None = None
    bot: str | None = None


def check_game(name: str) -> str:
    """A known game's name, or a clear error."""
    if name not in game_names():
        raise ServiceError("game.unknown", f"There is no game called {name!r}.")
    return name


def check_options(name: str, options: dict[str, Any]) -> dict[str, Any]:
    """The game's normalised options, or a clear error."""
    try:
        return get_game(check_game(name)).normalize_options(options)
    except GameError as error:
        raise ServiceError(f"game.{error.code}", error.reason) from None


def check_clock(name: str, clock: dict[str, Any] | None) -> dict[str, Any]:
    """A table's clock: turn-based (the default) or realtime with one of the allowed lengths."""
    clock = clock or {"mode": "turn"}
    rules = policy(name)
    if clock.get("mode") == "turn" and set(clock) == {"mode"}:
        return {"mode": "turn"}
    if clock.get("mode") == "realtime" and set(clock) == {"mode", "seconds"}:
        if not rules.realtime:
            raise ServiceError("game.no_realtime", f"{name} is only played turn-based.")
        if clock["seconds"] not in rules.realtime_seconds:
            allowed = ", ".join(str(s) for s in rules.realtime_seconds)
            raise ServiceError("game.clock_invalid", f"Choose a clock of {allowed} seconds.")
        return {"mode": "realtime", "seconds": int(clock["seconds"])}
    raise ServiceError(
        "game.clock_invalid", 'A clock is {"mode": "turn"} or {"mode": "realtime", "seconds": N}.'
    )


def check_bots(name: str, bots: Sequence[str]) -> list[str]:
    """Bot names that play this game, or a clear error."""
    known = bot_names(name)
    for bot in bots:
        if bot not in known:
            raise ServiceError(
                "game.unknown_bot",
                f"There is no bot called {bot!r} for {name}; the bots are {', '.join(known)}.",
            )
    return list(bots)


class Tables:
    """Running games: the database holds the log, the cache holds states rebuilt from it."""

    def __init__(self, ctx: Context, cache: GameCache | None = None) -> None:
        self.ctx = ctx
        self.cache = cache or GameCache()
        self._bots: dict[tuple[str, str], Bot] = {}

    def open(
        self,
        session: Session,
        name: str,
        options: dict[str, Any],
        seats: Sequence[SeatSpec],
        *,
        practice: bool = False,
        clock: dict[str, Any] | None = None,
        rematch_of: int | None = None,
    ) -> GameRow:
        """Start a game in the caller's transaction (options and clock already checked)."""
        game = get_game(name)
        if len(seats) != game.seat_count(options):
            raise ServiceError("game.seats", "The number of seats does not fit the options.")
        seed = secrets.randbits(62)
        state = game.setup(options, seed)
        row = GameRow(
            game=name,
            rules_version=game.info.rules_version,
            options=options,
            seed=seed,
            practice=practice,
            clock=clock or {"mode": "turn"},
            status="active",
            seq=0,
            bot_turn=False,
            to_act=[],
            created_at=self.ctx.clock.now(),
            rematch_of=rematch_of,
        )
        session.add(row)
        session.flush()
        seat_rows = [
            SeatRow(game_id=row.id, seat=i, member_id=s.member_id, bot=s.bot)
            for i, s in enumerate(seats)
        ]
        session.add_all(seat_rows)
        session.flush()
        settle(session, row, state, seat_rows)
        after_commit(session, lambda: self.cache.store(row.id, row.seq, state))
        return row

    def practice(
        self,
        member_id: int,
        name: str,
        options: dict[str, Any],
        bots: Sequence[str] | None = None,
        clock: dict[str, Any] | None = None,
    ) -> int:
        """A practice game: the member on the first seat, bots on all the others (`bots` names
        each; left out, the training bot sits everywhere). It counts for nothing."""
        options = check_options(name, options)
        clock = check_clock(name, clock)
        count = get_game(name).seat_count(options)
        if bots is None:
            bot = policy(name).training_bot
            if not bot and count > 1:
                raise ServiceError("game.no_bot", f"There is no training robot for {name} yet.")
            bots = [bot] * (count - 1)
        if len(bots) != count - 1:
            raise ServiceError(
                "game.bots",
                f"A practice game of {count} seats has {count - 1} bot(s), one on every seat "
                f"but yours, not {len(bots)}.",
            )
        bots = check_bots(name, bots)
        with self.ctx.write() as session:
            check_practice_limit(session, member_id)
            seats = [SeatSpec(member_id=member_id)] + [SeatSpec(bot=b) for b in bots]
            return self.open(session, name, options, seats, practice=True, clock=clock).id

    def act(self, member_id: int, game_id: int, seq: int, text: str) -> Played:
        """Play an action expected at sequence number `seq` (see `moves.play`)."""
        return play(self.ctx, self.cache, member_id, game_id, seq, text)

    def resign(self, member_id: int, game_id: int) -> None:
        """Give up: the seat loses (in games where a bot takes over, the bot plays on)."""
        with self.cache.locked(game_id), self.ctx.write() as session:
            connection = session.connection()
            head = load_head(connection, game_id)
            if head is None:
                raise not_found("game.unknown_game", "There is no such game.")
            seats = seats_now(self.cache, session, head)
            seat = seat_of(seats, member_id)
            if seat is None:
                raise forbidden("game.not_seated", "You do not play in this game.")
            if head.status != "active":
                raise conflict("game.over", "This game is over.")
            if seat.left is not None:
                raise conflict("game.seat_left", "You already left this game.")
            self._leave(session, head, seats, seat.seat, "resign")

    def leave(self, session: Session, row: GameRow, seat_row: SeatRow, why: str) -> None:
        """A member leaves a running game by resigning or timing out (in the caller's lock)."""
        session.flush()
        connection = session.connection()
        head = load_head(connection, row.id)
        assert head is not None, "the caller holds the game's row"
        self._leave(session, head, load_seats(connection, row.id), seat_row.seat, why)

    def _leave(
        self, session: Session, head: Head, seats: tuple[SeatInfo, ...], seat: Seat, why: str
    ) -> None:
        """Write the step of a member leaving: a bot takes the seat over or the seat loses."""
        rules = policy(head.game)
        takeover = rules.takeover_bot if rules.timeout == "bot" and rules.takeover_bot else None
        state = self.cache.state(session, head)
        step = leave_step(head, seats, seat, why, takeover)
        member_id = seats[seat].member_id
        if takeover and why == "timeout" and member_id is not None and not head.practice:
            notify(session, member_id, "taken_over", {"game_id": head.id, "game": head.game})
        write_step(self.ctx, session, step, state)
        after_commit(session, lambda: self.cache.store(head.id, head.seq + 1, state, step.seats))

    def bot(self, game: str, name: str) -> Bot:
        """A bot instance, made once per process."""
        key = (game, name)
        if key not in self._bots:
            self._bots[key] = make_bot(game, name)
        return self._bots[key]

    def run_bots(self, game_id: int, limit: int = 10_000) -> int:
        """Let the bots play while a bot seat is to act; returns how many moves they made."""
        moves = 0
        while moves < limit and self._bot_move(game_id):
            moves += 1
        return moves

    def _bot_move(self, game_id: int) -> bool:
        """One bot move; the bot thinks on a copy outside the game's lock, so requests for the
        game (which may run on the event loop) never wait for a thinking bot."""
        with self.cache.locked(game_id), self.ctx.read() as session:
            connection = session.connection()
            head = load_head(connection, game_id)
            if head is None or head.status != "active" or not head.bot_turn:
                return False
            seats = seats_now(self.cache, session, head)
            state = self.cache.state(session, head)
            game = get_game(head.game)
            seat = min(s.seat for s in seats if s.bot and s.seat in game.to_act(state))
            bot = self.bot(head.game, seats[seat].bot or "")
            rng = random.Random(f"{head.seed}:{head.seq}")
            snapshot = game.clone(state)
        action = bot.choose(game, snapshot, seat, rng)
        self.play_bot(BotMove(head, seats, seat, game.action_text(action)))
        return True

    def play_bot(self, move: BotMove) -> bool:
        """Write a bot's chosen move through `write_step`; False when the game moved on while
        the bot was thinking (it then thinks again on the next round of `run_bots`)."""
        game_id, game = move.head.id, get_game(move.head.game)
        with self.cache.locked(game_id):
            try:
                with self.ctx.write() as session:
                    state = self.cache.state(session, move.head)
                    events = stored_events(
                        game.apply(state, move.seat, game.parse_action(move.text))
                    )
                    step = Step(move.head, move.seats, move.seat, "play", move.text, None, events)
                    write_step(self.ctx, session, step, state)
            except StaleStepError:
                self.cache.forget(game_id)
                return False
            except BaseException:
                self.cache.forget(game_id)
                raise
            self.cache.store(game_id, move.head.seq + 1, state, move.seats)
            return True


@dataclass(frozen=True)
class BotMove:
    """A bot's chosen action for a game as it was when the bot looked at it (`head`)."""

    head: Head
    seats: tuple[SeatInfo, ...]
    seat: Seat
    text: str
