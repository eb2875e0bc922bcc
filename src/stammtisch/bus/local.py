"""The in-process bus: fans messages out to asyncio subscribers, from any thread."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Collection, Iterable
from typing import Any, Protocol


class Follower(Protocol):
    """What brings a channel's messages of other processes here (the Redis listener)."""

    async def follow(self, channel: str) -> None:
        """Receive this channel from now on (returns once messages published after it will
        arrive, or the caller is told to resync when they cannot be counted on)."""
        ...

    def unfollow(self, channel: str) -> None:
        """Stop receiving this channel (no subscription here wants it any more)."""
        ...


class Subscription:
    """A queue of (channel, message) pairs for the channels added to it."""

    def __init__(self, fanout: LocalBus, loop: asyncio.AbstractEventLoop) -> None:
        self._fanout = fanout
        self._loop = loop
        self._queue: asyncio.Queue[tuple[str, dict[str, Any]]] = asyncio.Queue()
        self.channels: set[str] = set()

    async def add(self, channel: str) -> None:
        """Receive messages of this channel from now on: once this returns, every message
        published after it arrives (or a resync of the channel says some may not)."""
        if channel not in self.channels:
            self.channels.add(channel)
            await self._fanout.added(self, channel)

    def discard(self, channel: str) -> None:
        """Stop receiving messages of this channel."""
        if channel in self.channels:
            self.channels.discard(channel)
            self._fanout.discarded(self, [channel])

    def deliver(self, channel: str, message: dict[str, Any]) -> None:
        """Queue a message (called from any thread)."""
        if channel in self.channels and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._queue.put_nowait, (channel, message))

    async def get(self) -> tuple[str, dict[str, Any]]:
        """The next (channel, message), waiting for it."""
        return await self._queue.get()

    def close(self) -> None:
        """Receive nothing more."""
        channels, self.channels = list(self.channels), set()
        self._fanout.discarded(self, channels)


class LocalBus:
    """Delivers each published message to the subscriptions of its channel in this process."""

    def __init__(self) -> None:
        self._by_channel: dict[str, set[Subscription]] = {}
        self._lock = threading.Lock()
        self.follower: Follower | None = None
        """Told when a channel gains its first subscription here or loses its last."""

    def publish(self, channel: str, message: dict[str, Any]) -> None:
        """Deliver to every subscription of the channel in this process."""
        with self._lock:
            subscriptions = list(self._by_channel.get(channel, ()))
        for subscription in subscriptions:
            subscription.deliver(channel, message)

    def subscribe(self) -> Subscription:
        """A new subscription bound to the running event loop."""
        return Subscription(self, asyncio.get_running_loop())

    def channels(self) -> list[str]:
        """The channels some subscription of this process receives."""
        with self._lock:
            return list(self._by_channel)

    def wants(self, channel: str) -> bool:
        """Whether some subscription of this process receives this channel."""
        with self._lock:
            return channel in self._by_channel

    async def added(self, subscription: Subscription, channel: str) -> None:
        """A subscription wants a channel (the follower is told of a channel new here)."""
        with self._lock:
            wanted = self._by_channel.setdefault(channel, set())
            wanted.add(subscription)
        if self.follower is not None:
            await self.follower.follow(channel)

    def discarded(self, subscription: Subscription, channels: Iterable[str]) -> None:
        """A subscription no longer wants these channels."""
        gone = []
        with self._lock:
            for channel in channels:
                wanted = self._by_channel.get(channel, set())
                wanted.discard(subscription)
                if not wanted:
                    self._by_channel.pop(channel, None)
                    gone.append(channel)
        if self.follower is not None:
            for channel in gone:
                self.follower.unfollow(channel)

    def resync(self, channels: Collection[str] | None = None) -> None:
        """Tell every subscription, on each of these channels it receives (default: all), that
        messages may have been missed (`{"type": "resync"}`): it catches up from the database."""
        with self._lock:
            wanted = [
                (channel, list(subscriptions))
                for channel, subscriptions in self._by_channel.items()
                if channels is None or channel in channels
            ]
        for channel, subscriptions in wanted:
            for subscription in subscriptions:
                subscription.deliver(channel, {"type": "resync"})

    async def start(self) -> None:
        """Nothing to connect to."""

    async def stop(self) -> None:
        """Nothing to release."""
