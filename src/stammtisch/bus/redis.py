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

MIN_PAUSE = 0.5
"""Seconds before the first attempt to subscribe again after the connection was lost."""
MAX_PAUSE = 5.0
"""The pause between attempts grows to at most this, so live updates resume soon after Redis."""


class RedisBus:
    """Publishes to Redis; one listener per process fans incoming messages out locally."""

    def __init__(self, url: str, prefix: str) -> None:
        self._prefix = f"{prefix}:"
        self._publisher = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
        self._url = url
        self._local = LocalBus()
        self._listener: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()
        self._subscribed = False

    def publish(self, channel: str, message: dict[str, Any]) -> None:
        """Send the message through Redis to every process (this one included).

        With Redis unreachable the message is logged and reaches only this process's
        subscribers: the other processes' subscribers resync from the database once their
        listener is back, and the caller's (committed) work stands.
        """
        try:
            self._publisher.publish(self._prefix + channel, json.dumps(message))
        except (OSError, redis.RedisError):
            log.exception("could not publish on %s; Redis unreachable", channel)
            self._local.publish(channel, message)

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
        """Listen for ever; after a lost connection, reconnect with a growing pause, and once
        subscribed again tell every local subscriber to resync (messages were missed)."""
        pause, lost = MIN_PAUSE, False
        while True:
            try:
                await self._listen_once(resync=lost)
            except (OSError, redis.RedisError):
                log.exception("lost the Redis subscription; reconnecting in %.1f s", pause)
                lost = True
                await asyncio.sleep(pause)
                pause = MIN_PAUSE if self._subscribed else min(pause * 2, MAX_PAUSE)

    async def _listen_once(self, resync: bool) -> None:
        client = aioredis.Redis.from_url(self._url)
        pubsub = client.pubsub()
        self._subscribed = False
        try:
            await pubsub.psubscribe(self._prefix + "*")
            async for item in pubsub.listen():
                if item["type"] == "psubscribe":
                    self._subscribed = True
                    self._ready.set()
                    if resync:
                        log.info("Redis subscription back; resyncing local subscribers")
                        self._local.resync()
                if item["type"] != "pmessage":
                    continue
                channel = item["channel"].decode()[len(self._prefix) :]
                self._local.publish(channel, json.loads(item["data"]))
        finally:
            await pubsub.aclose()  # type: ignore[no-untyped-call]
            await client.aclose()
