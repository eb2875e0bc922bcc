"""The websocket: live game views and events (filtered per seat), notifications, the lobby.

The protocol is documented in docs/protocol.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from typing import Any, TypeGuard

from anyio import to_thread
from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from stammtisch.engine.protocol import GameError
from stammtisch.services.accounts import Identity
from stammtisch.services.errors import ServiceError
from stammtisch.services.platform import Platform
from stammtisch.web.deps import SESSION_COOKIE, from_elsewhere, identity_of
from stammtisch.web.drain import SERVICE_RESTART, Drain

log = logging.getLogger(__name__)
router = APIRouter()
HEARTBEAT_SECONDS = 30.0
MAX_WATCHED = 50
SESSION_ENDED = 4401
"""Close code when the connection's session ended (logout, password change elsewhere)."""


TOO_LARGE = 1009
"""Close code when a client message is over `max_frame_bytes`."""


class SessionEndedError(Exception):
    """The session this connection was opened with is no longer valid."""


class MessageTooLargeError(Exception):
    """A client message was over the frame limit."""


class Connection:
    """One member's (or an anonymous spectator's) websocket connection."""

    def __init__(
        self, socket: WebSocket, platform: Platform, identity: Identity | None, token: str | None
    ) -> None:
        self.socket = socket
        self.platform = platform
        self.member_id = identity.member_id if identity else None
        self.token = token
        self.id = secrets.token_hex(16)
        self.watched: dict[int, int] = {}
        """Game id -> the last sequence number this connection was sent."""
        self.subscription = platform.ctx.bus.subscribe()
        self.joining: dict[int, bool] = {}
        """Games being watched right now, and whether an update came meanwhile."""

    async def send(self, message: dict[str, Any]) -> None:
        """Send one JSON message."""
        await self.socket.send_text(json.dumps(message))

    async def error(self, code: str, message: str, ref: Any = None) -> None:
        """Send an error in the API's one error shape."""
        await self.send({"type": "error", "error": code, "message": message, "ref": ref})

    async def hello(self) -> None:
        """Greet: who you are, how many notifications are unread and album upgrades wait."""
        unread = waiting = 0
        if self.member_id is not None:
            await self.subscription.add(f"member:{self.member_id}")
            unread = await to_thread.run_sync(self.platform.notifications.unread, self.member_id)
            waiting = await to_thread.run_sync(self.platform.progress.waiting, self.member_id)
        await self.subscription.add("lobby")
        await self.send(
            {
                "type": "hello",
                "member_id": self.member_id,
                "unread": unread,
                "album_waiting": waiting,
            }
        )

    async def watch(self, game_id: int) -> None:
        """Start following a game: a full resync now, then updates as it changes."""
        if game_id not in self.watched and len(self.watched) >= MAX_WATCHED:
            await self.error("ws.too_many_games", f"Watch at most {MAX_WATCHED} games at once.")
            return
        # Subscribed before the view is read, so no step after the view goes unheard; one heard
        # before the view was sent is passed on after it.
        channel = f"game:{game_id}"
        new = channel not in self.subscription.channels
        self.joining[game_id] = False
        try:
            await self.subscription.add(channel)
            view = await to_thread.run_sync(self.platform.views.view, self.member_id, game_id)
            self.watched[game_id] = view["seq"]
            if self.member_id is not None:
                await to_thread.run_sync(
                    self.platform.presence.watch, self.id, self.member_id, game_id
                )
            await self.send({"type": "game", "game_id": game_id, "resync": True, "log": [], **view})
        except BaseException:
            if new:
                self.watched.pop(game_id, None)
                self.subscription.discard(channel)
            raise
        finally:
            missed = self.joining.pop(game_id)
        if missed:
            await self.game_changed(game_id)

    async def unwatch(self, game_id: int) -> None:
        """Stop following a game."""
        self.watched.pop(game_id, None)
        self.subscription.discard(f"game:{game_id}")
        await to_thread.run_sync(self.platform.presence.unwatch, self.id, game_id)

    async def game_changed(self, game_id: int) -> None:
        """Send what happened since the last update, and the new view."""
        after = self.watched.get(game_id)
        if after is None:
            return
        view = await to_thread.run_sync(self.platform.views.view, self.member_id, game_id)
        if view["seq"] <= after:
            return
        log = await to_thread.run_sync(
            self.platform.views.events_since, self.member_id, game_id, after
        )
        # The view first, then the log up to the view's step: a step committed between the two
        # reads comes with the next update, never marked as sent without its entry.
        log = [entry for entry in log if entry["seq"] <= view["seq"]]
        self.watched[game_id] = view["seq"]
        await self.send({"type": "game", "game_id": game_id, "resync": False, "log": log, **view})

    async def check_session(self) -> None:
        """Raise SessionEndedError when a member's session was ended since the connection opened."""
        if self.member_id is None:
            return
        identity = await to_thread.run_sync(identity_of, self.platform, self.token)
        if identity is None or identity.member_id != self.member_id:
            raise SessionEndedError

    async def act(self, message: dict[str, Any]) -> None:
        """Play an action through the same service as the HTTP API, answered like it."""
        if self.member_id is None:
            await self.error("accounts.not_signed_in", "Sign in first.", message.get("ref"))
            return
        await self.check_session()
        await self.socket.app.state.rate_limits.write(self.member_id)
        game_id, seq, action = message.get("game_id"), message.get("seq"), message.get("action")
        if not (_game_id(game_id) and _number(seq) and isinstance(action, str)):
            await self.error("ws.invalid", "act needs game_id, seq and action.", message.get("ref"))
            return
        played = await to_thread.run_sync(
            self.platform.tables.act, self.member_id, game_id, seq, action
        )
        await self.send(
            {
                "type": "acted",
                "ref": message.get("ref"),
                "game_id": game_id,
                "seq": played.seq,
                "events": played.events,
                "repeated": played.repeated,
                "to_act": played.to_act,
                "view": played.view,
                "legal": played.legal,
            }
        )
        if played.bot_turn:
            asyncio.get_running_loop().run_in_executor(None, self.platform.tables.run_bots, game_id)

    async def handle(self, message: dict[str, Any]) -> None:
        """Answer one client message."""
        kind = message.get("type")
        game_id = message.get("game_id")
        if kind == "ping":
            await self.send({"type": "pong", "ref": message.get("ref")})
        elif kind in ("watch", "unwatch") and _game_id(game_id):
            await (self.watch(game_id) if kind == "watch" else self.unwatch(game_id))
        elif kind == "act":
            await self.act(message)
        else:
            await self.error("ws.invalid", "Unknown or malformed message.", message.get("ref"))

    async def pump(self) -> None:
        """Forward bus messages to the client as they arrive."""
        while True:
            channel, message = await self.subscription.get()
            try:
                await self.forward(channel, message)
            except (ServiceError, GameError) as error:
                await self.error(getattr(error, "code", "ws.error"), str(error))

    async def forward(self, channel: str, message: dict[str, Any]) -> None:
        """Turn one bus message into what this client may see."""
        if channel.startswith("game:"):
            game_id = int(channel.split(":")[1])
            if game_id in self.joining:
                self.joining[game_id] = True
            else:
                await self.game_changed(game_id)
        elif channel.startswith("member:") and message.get("type") == "sessions":
            await self.check_session()
        elif channel.startswith("member:") and message.get("type") == "album":
            if self.member_id is not None:
                waiting = await to_thread.run_sync(self.platform.progress.waiting, self.member_id)
                await self.send({"type": "album", "waiting": waiting})
        elif channel.startswith("member:") and self.member_id is not None:
            unread = await to_thread.run_sync(self.platform.notifications.unread, self.member_id)
            change = message.get("type")
            await self.send({"type": "notifications", "unread": unread, "change": change})
        elif channel == "lobby":
            await self.send({"type": "lobby"})

    async def heartbeat(self) -> None:
        """Keep this connection's presence alive while it is open."""
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            await self.check_session()
            if self.watched and self.member_id is not None:
                await to_thread.run_sync(
                    self.platform.presence.renew, self.id, self.member_id, list(self.watched)
                )

    async def receive(self) -> None:
        """Read client messages until the client goes away."""
        while True:
            received = await self.socket.receive()
            if received["type"] == "websocket.disconnect":
                raise WebSocketDisconnect(received.get("code", 1000))
            text = received.get("text")
            size = len(text.encode()) if text is not None else len(received.get("bytes") or b"")
            if size > self.platform.ctx.settings.max_frame_bytes:
                raise MessageTooLargeError
            if text is None:
                await self.error("ws.invalid", "Messages are JSON text, not binary.")
                continue
            try:
                message = json.loads(text)
                if not isinstance(message, dict):
                    raise ValueError("not an object")
            except ValueError:
                await self.error("ws.invalid", "Messages are JSON objects.")
                continue
            try:
                await self.handle(message)
            except ServiceError as error:
                await self.error(error.code, error.message, message.get("ref"))
            except GameError as error:
                await self.error(f"game.{error.code}", error.reason, message.get("ref"))

    async def close(self) -> None:
        """Forget this connection everywhere."""
        self.subscription.close()
        if self.member_id is not None:
            await to_thread.run_sync(self.platform.presence.unwatch, self.id, None)


def _number(value: object) -> TypeGuard[int]:
    """Whether a message field is a whole number the database can hold (not a boolean)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**31


def _game_id(value: object) -> TypeGuard[int]:
    return _number(value) and value != 0


def same_origin(socket: WebSocket, platform: Platform) -> bool:
    """Browsers send an Origin; it must be this site (no cross-site websocket hijacking)."""
    return not from_elsewhere(socket.headers, platform.ctx.settings.public_base_url)


@router.websocket("/api/ws")
async def websocket(socket: WebSocket) -> None:
    """One connection per member (or spectator)."""
    platform: Platform = socket.app.state.platform
    if not same_origin(socket, platform):
        await socket.close(code=4403)
        return
    token = socket.cookies.get(SESSION_COOKIE)
    identity = await to_thread.run_sync(identity_of, platform, token)
    await socket.accept()
    drain: Drain = socket.app.state.drain
    if drain.draining:
        await socket.close(code=SERVICE_RESTART)
        return
    connection = Connection(socket, platform, identity, token)
    tasks: list[asyncio.Task[None]] = []
    drain.opened(socket)
    try:
        await connection.hello()
        tasks = [
            asyncio.create_task(connection.receive()),
            asyncio.create_task(connection.pump()),
            asyncio.create_task(connection.heartbeat()),
        ]
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        await _finish(socket, [task.exception() for task in done])
    except WebSocketDisconnect:
        pass
    finally:
        for task in tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        drain.closed(socket)
        await connection.close()


async def _finish(socket: WebSocket, failures: list[BaseException | None]) -> None:
    """Close the socket after one of the connection's tasks ended."""
    for failure in failures:
        if isinstance(failure, SessionEndedError):
            await socket.close(code=SESSION_ENDED)
            return
        if isinstance(failure, MessageTooLargeError):
            await socket.close(code=TOO_LARGE, reason="message too large")
            return
        if failure is not None and not isinstance(failure, WebSocketDisconnect):
            log.error("websocket connection failed", exc_info=failure)
            await socket.close(code=1011)
            return
