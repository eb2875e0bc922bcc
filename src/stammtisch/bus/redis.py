"""The Redis bus: messages go through Redis pub/sub, so every server process receives them."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

import redis
import redis.asyncio as aioredis

from stammtisch.bus.local import LocalBus, Subscription

log = logging.getLogger(__name__)


class RedisBus:
    """Publishes to Redis; one listener per process fans incoming messages out locally."""

    def __init__(self, url: str, prefix: str) -> None:
        self._prefix = f"{prefix}:"
        self._publisher = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
        self._url = url
        self._local = LocalBus()
        self._listener: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()

    def publish(self, channel: str, message: dict[str, Any]) -> None:
        """Send the message through Redis to every process (this one included).

        With Redis unreachable the message is logged and dropped: subscribers resync from the
        log once the listener is back, and the caller's (committed) work stands.
        """
        try:
            self._publisher.publish(self._prefix + channel, json.dumps(message))
        except (OSError, redis.RedisError):
            log.exception("could not publish on %s; Redis unreachable", channel)

    def subscribe(self) -> Subscription:
        """A new local subscription fed by this process's Redis listener."""
        return self._local.subscribe()

    async def start(self) -> None:
        """Start listening, and wait until Redis confirmed the subscription."""
        self._ready = asyncio.Event()
        self._listener = asyncio.create_task(self._listen())
        await asyncio.wait_for(self._ready.wait(), timeout=10)

    async def stop(self) -> None:
        """Stop listening and close connections."""
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
        self._publisher.close()

    async def _listen(self) -> None:
        """Listen for ever; after a lost connection, reconnect with a growing pause."""
        pause = 0.5
        while True:
            try:
                await self._listen_once()
            except (OSError, redis.RedisError):
                log.exception("lost the Redis subscription; reconnecting in %.1f s", pause)
                await asyncio.sleep(pause)
                pause = min(pause * 2, 30.0)

    async def _listen_once(self) -> None:
        client = aioredis.Redis.from_url(self._url)
        pubsub = client.pubsub()
        try:
            await pubsub.psubscribe(self._prefix + "*")
            async for item in pubsub.listen():
                if item["type"] == "psubscribe":
                    self._ready.set()
                if item["type"] != "pmessage":
                    continue
                channel = item["channel"].decode()[len(self._prefix) :]
                self._local.publish(channel, json.loads(item["data"]))
        finally:
            await pubsub.aclose()  # type: ignore[no-untyped-call]
            await client.aclose()
