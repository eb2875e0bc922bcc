"""The Redis bus: messages go through Redis pub/sub, so every server process receives them."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import queue
import threading
from typing import Any

import redis
import redis.asyncio as aioredis

from stammtisch.bus.local import LocalBus, Subscription

log = logging.getLogger(__name__)

MIN_PAUSE = 0.5
"""Seconds before the first attempt to subscribe again after the connection was lost."""
MAX_PAUSE = 5.0
"""The pause between attempts grows to at most this, so live updates resume soon after Redis."""
SEND_BATCH = 500
"""The most messages the sender publishes in one round trip."""


class RedisBus:
    """Publishes to Redis; one listener per process fans incoming messages out locally.

    While the bus runs, a sender thread of its own publishes: `publish` only queues the message,
    and the sender sends whatever queued up meanwhile in one round trip (in order), so neither a
    request's thread nor the event loop waits on Redis.
    """

    def __init__(self, url: str, prefix: str) -> None:
        self._prefix = f"{prefix}:"
        self._publisher = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
        self._url = url
        self._local = LocalBus()
        self._listener: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()
        self._subscribed = False
        self._outbox: queue.SimpleQueue[tuple[str, dict[str, Any]] | None] = queue.SimpleQueue()
        self._sender: threading.Thread | None = None

    def publish(self, channel: str, message: dict[str, Any]) -> None:
        """Send the message through Redis to every process (this one included): queued for the
        sender thread while the bus runs, else sent at once.

        With Redis unreachable the message is logged and reaches only this process's
        subscribers: the other processes' subscribers resync from the database once their
        listener is back, and the caller's (committed) work stands.
        """
        if self._sender is not None:
            self._outbox.put((channel, message))
        else:
            self._send([(channel, message)])

    def _send(self, batch: list[tuple[str, dict[str, Any]]]) -> None:
        """Publish these messages in one round trip (locally only, when Redis fails)."""
        try:
            pipe = self._publisher.pipeline(transaction=False)
            for channel, message in batch:
                pipe.publish(self._prefix + channel, json.dumps(message))
            pipe.execute()
        except (OSError, redis.RedisError):
            log.exception("could not publish %d message(s); Redis unreachable", len(batch))
            for channel, message in batch:
                self._local.publish(channel, message)

    def _send_queued(self) -> None:
        """The sender thread: send what queued up, until the bus stops (after the last one)."""
        while True:
            batch = [self._outbox.get()]
            with contextlib.suppress(queue.Empty):
                while len(batch) < SEND_BATCH:
                    batch.append(self._outbox.get_nowait())
            messages = [item for item in batch if item is not None]
            if messages:
                self._send(messages)
            if len(messages) < len(batch):
                return

    def subscribe(self) -> Subscription:
        """A new local subscription fed by this process's Redis listener."""
        return self._local.subscribe()

    async def start(self) -> None:
        """Start the sender and listening, and wait until Redis confirmed the subscription."""
        if self._sender is None:
            self._sender = threading.Thread(target=self._send_queued, name="redis-bus", daemon=True)
            self._sender.start()
        self._ready = asyncio.Event()
        self._listener = asyncio.create_task(self._listen())
        await asyncio.wait_for(self._ready.wait(), timeout=10)

    async def stop(self) -> None:
        """Send what is queued, stop listening and close connections."""
        sender, self._sender = self._sender, None
        if sender is not None:
            self._outbox.put(None)
            await asyncio.to_thread(sender.join)
            late = []  # queued by a thread that saw the sender still running
            with contextlib.suppress(queue.Empty):
                while True:
                    late.append(self._outbox.get_nowait())
            if messages := [item for item in late if item is not None]:
                self._send(messages)
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
