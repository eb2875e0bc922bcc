"""The in-process bus: fans messages out to asyncio subscribers, from any thread."""

from __future__ import annotations

import asyncio
import threading
from typing import Any


class Subscription:
    """A queue of (channel, message) pairs for the channels added to it."""

    def __init__(self, fanout: LocalBus, loop: asyncio.AbstractEventLoop) -> None:
        self._fanout = fanout
        self._loop = loop
        self._queue: asyncio.Queue[tuple[str, dict[str, Any]]] = asyncio.Queue()
        self.channels: set[str] = set()

    def add(self, channel: str) -> None:
        """Receive messages of this channel from now on."""
        self.channels.add(channel)

    def discard(self, channel: str) -> None:
        """Stop receiving messages of this channel."""
        self.channels.discard(channel)

    def deliver(self, channel: str, message: dict[str, Any]) -> None:
        """Queue a message (called from any thread)."""
        if channel in self.channels and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._queue.put_nowait, (channel, message))

    async def get(self) -> tuple[str, dict[str, Any]]:
        """The next (channel, message), waiting for it."""
        return await self._queue.get()

    def close(self) -> None:
        """Receive nothing more."""
        self._fanout.remove(self)


class LocalBus:
    """Delivers each published message to the subscriptions of this process."""

    def __init__(self) -> None:
        self._subscriptions: set[Subscription] = set()
        self._lock = threading.Lock()

    def publish(self, channel: str, message: dict[str, Any]) -> None:
        """Deliver to every subscription of the channel in this process."""
        with self._lock:
            subscriptions = list(self._subscriptions)
        for subscription in subscriptions:
            subscription.deliver(channel, message)

    def subscribe(self) -> Subscription:
        """A new subscription bound to the running event loop."""
        subscription = Subscription(self, asyncio.get_running_loop())
        with self._lock:
            self._subscriptions.add(subscription)
        return subscription

    def resync(self) -> None:
        """Tell every subscription, on each of its channels, that messages may have been missed
        (`{"type": "resync"}`): it catches up from the database."""
        with self._lock:
            subscriptions = list(self._subscriptions)
        for subscription in subscriptions:
            for channel in list(subscription.channels):
                subscription.deliver(channel, {"type": "resync"})

    def remove(self, subscription: Subscription) -> None:
        """Forget a subscription."""
        with self._lock:
            self._subscriptions.discard(subscription)

    async def start(self) -> None:
        """Nothing to connect to."""

    async def stop(self) -> None:
        """Nothing to release."""
