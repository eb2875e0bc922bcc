"""Draining before a stop: readiness off and every websocket told to reconnect elsewhere."""

from __future__ import annotations

import contextlib
import logging

from fastapi import WebSocket

log = logging.getLogger(__name__)

SERVICE_RESTART = 1012
"""Websocket close code telling clients the server restarts: reconnect (to another process)."""


class Drain:
    """Whether this process is draining, and the websockets it must close when it starts to."""

    def __init__(self) -> None:
        self.draining = False
        self._sockets: set[WebSocket] = set()

    def opened(self, socket: WebSocket) -> None:
        """An accepted websocket to close on draining."""
        self._sockets.add(socket)

    def closed(self, socket: WebSocket) -> None:
        """A websocket that has ended."""
        self._sockets.discard(socket)

    async def begin(self) -> None:
        """Answer not ready from now on, and close every websocket with code 1012."""
        if self.draining:
            return
        self.draining = True
        log.info("draining: readiness off, closing %d websockets", len(self._sockets))
        for socket in list(self._sockets):
            with contextlib.suppress(Exception):
                await socket.close(code=SERVICE_RESTART)
