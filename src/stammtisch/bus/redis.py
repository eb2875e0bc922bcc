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
from redis.asyncio.client import PubSub
from redis.connection import Connection

from stammtisch.bus.local import LocalBus, Subscription

log = logging.getLogger(__name__)

MIN_PAUSE = 0.5
"""Seconds before the first attempt to subscribe again after the connection was lost."""
MAX_PAUSE = 5.0
"""The pause between attempts grows to at most this, so live updates resume soon after Redis."""
SEND_BATCH = 500
"""The most messages the sender publishes in one round trip."""
CONFIRM_SECONDS = 2.0
"""How long subscribing to a channel waits for Redis to confirm it."""
CONTROL = "bus"
"""The channel each listener always subscribes to (nobody publishes there): its confirmation says
the listener is up, and keeps the connection subscribed when no channel is wanted."""


class RedisBus:
    """Publishes to Redis; one listener per process subscribes to the channels its local
    subscriptions want (a game's channel while a socket here watches it) and fans their
    messages out locally, so a process receives only what it passes on.

    While the bus runs, a sender thread of its own publishes: `publish` only queues the message,
    and the sender sends whatever queued up meanwhile in one round trip (in order), so neither a
    request's thread nor the event loop waits on Redis.
    """

    def __init__(self, url: str, prefix: str) -> None:
        self._prefix = f"{prefix}:"
        self._publisher = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
        self._url = url
        self._local = LocalBus()
        self._local.follower = self
        self._pubsub: PubSub | None = None
        """The listener's connection while it is up."""
        self._confirmed: set[str] = set()
        """Channels whose subscription Redis confirmed on that connection."""
        self._confirming: dict[str, asyncio.Future[None]] = {}
        """Channels subscribed to and not yet confirmed, each with what `follow` waits on."""
        self._late: set[str] = set()
        """Channels whose subscribers resync once the subscription is confirmed (wanted while
        Redis was away, or confirmed after `follow` stopped waiting)."""
        self._commands = asyncio.Lock()
        """Held while deciding on and sending a SUBSCRIBE or UNSUBSCRIBE, so they reach Redis in
        the order they were decided in (its confirmations come back in that order)."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._listener: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()
        self._subscribed = False
        self._outbox: queue.SimpleQueue[tuple[str, dict[str, Any]] | None] = queue.SimpleQueue()
        self._sender: threading.Thread | None = None
        self._sending = threading.Lock()
        self._connection: Connection | None = None
        """The connection messages are published on (made on first use)."""

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
        """Publish these messages in one round trip (locally only, when Redis fails).

        Straight on a connection of its own: the commands packed together and the answers read,
        without a pipeline object (its per-command bookkeeping cost more than the round trip).
        """
        commands = [
            ("PUBLISH", self._prefix + channel, json.dumps(message)) for channel, message in batch
        ]
        with self._sending:
            try:
                if self._connection is None:
                    self._connection = self._publisher.connection_pool.get_connection()
                connection = self._connection
                packed = connection.pack_commands(commands)  # type: ignore[no-untyped-call]
                connection.send_packed_command(packed)  # type: ignore[no-untyped-call]
                for _ in commands:
                    connection.read_response()
            except (OSError, redis.RedisError):
                log.exception("could not publish %d message(s); Redis unreachable", len(batch))
                if self._connection is not None:
                    self._connection.disconnect()  # type: ignore[no-untyped-call]
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

    async def follow(self, channel: str) -> None:
        """Subscribe the listener to a channel a local subscription wants; returns once Redis
        confirmed it. Not connected (or no confirmation within `CONFIRM_SECONDS`): returns at
        once, and the channel's subscribers are told to resync when its subscription stands."""
        async with self._commands:
            pubsub = self._pubsub
            if channel in self._confirmed:
                return
            if pubsub is None:
                self._late.add(channel)
                return
            confirmed = self._confirming.get(channel)
            if confirmed is None:
                confirmed = self._confirming[channel] = asyncio.get_running_loop().create_future()
                try:
                    await pubsub.subscribe(self._prefix + channel)
                except (OSError, redis.RedisError):
                    log.exception("could not subscribe to %s; resyncing it once back", channel)
                    self._confirming.pop(channel, None)
                    self._late.add(channel)
                    return
        try:
            await asyncio.wait_for(asyncio.shield(confirmed), CONFIRM_SECONDS)
        except TimeoutError:
            self._late.add(channel)

    def unfollow(self, channel: str) -> None:
        """Unsubscribe the listener from a channel no local subscription wants any more (one
        still being subscribed to is, once Redis confirmed it)."""
        if self._pubsub is not None and channel in self._confirmed:
            task = asyncio.get_running_loop().create_task(self._unsubscribe(channel))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _unsubscribe(self, channel: str) -> None:
        """Unsubscribe from a confirmed channel unless it is wanted again by now."""
        async with self._commands:
            pubsub = self._pubsub
            if pubsub is None or channel not in self._confirmed or self._local.wants(channel):
                return
            self._confirmed.discard(channel)
            try:
                await pubsub.unsubscribe(self._prefix + channel)
            except (OSError, redis.RedisError):
                log.warning("could not unsubscribe from %s (a reconnect drops it)", channel)

    async def start(self) -> None:
        """Start the sender and listening, and wait until Redis confirmed the subscription."""
        if self._sender is None:
            self._sender = threading.Thread(target=self._send_queued, name="redis-bus", daemon=True)
            self._sender.start()
        self._ready = asyncio.Event()
        self._commands = asyncio.Lock()
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
        with self._sending:
            if self._connection is not None:
                self._publisher.connection_pool.release(self._connection)
                self._connection = None
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
            await pubsub.connect()  # type: ignore[no-untyped-call]
            async with self._commands:
                # From here `follow` subscribes on this connection itself; what was wanted
                # before (or while Redis was away) is subscribed now, and resynced once
                # confirmed.
                self._pubsub = pubsub
                wanted = self._local.channels()
                self._late &= set(wanted)
                loop = asyncio.get_running_loop()
                self._confirming = {channel: loop.create_future() for channel in wanted}
                await pubsub.subscribe(*(self._prefix + c for c in [CONTROL, *wanted]))
            async for item in pubsub.listen():
                kind = item["type"]
                channel = item["channel"].decode()[len(self._prefix) :]
                if kind == "message":
                    self._local.publish(channel, json.loads(item["data"]))
                elif kind == "subscribe":
                    self._confirm(channel, resync)
        finally:
            self._pubsub = None
            self._confirmed.clear()
            for channel, confirmed in self._confirming.items():
                self._late.add(channel)
                if not confirmed.done():
                    confirmed.set_result(None)
            self._confirming.clear()
            await pubsub.aclose()  # type: ignore[no-untyped-call]
            await client.aclose()

    def _confirm(self, channel: str, resync: bool) -> None:
        """Redis confirmed a subscription: a waiting `follow` goes on; subscribers that may
        have missed messages meanwhile resync."""
        if channel == CONTROL:
            self._subscribed = True
            self._ready.set()
            if resync:
                log.info("Redis subscription back; resyncing local subscribers")
                self._late.update(self._local.channels())
            return
        confirmed = self._confirming.pop(channel, None)
        if confirmed is None:
            return
        self._confirmed.add(channel)
        if not confirmed.done():
            confirmed.set_result(None)
        if channel in self._late:
            self._late.discard(channel)
            self._local.resync([channel])
        if not self._local.wants(channel):
            self.unfollow(channel)  # its last subscriber left while it was being subscribed
