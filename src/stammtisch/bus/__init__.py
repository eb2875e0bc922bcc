"""Publish/subscribe of "something changed": in-process by default, Redis when configured."""

from __future__ import annotations

from typing import Any, Protocol

from stammtisch.bus.local import LocalBus, Subscription


class Bus(Protocol):
    """Publishes small JSON messages on named channels (`game:42`, `member:7`) after commits."""

    def publish(self, channel: str, message: dict[str, Any]) -> None:
        """Send a message to every subscriber of the channel, in every process; thread-safe."""
        ...

    def subscribe(self) -> Subscription:
        """A new subscription for the running event loop; add channels to it."""
        ...

    async def start(self) -> None:
        """Begin delivering (connects to Redis where there is one)."""
        ...

    async def stop(self) -> None:
        """Stop delivering and release connections."""
        ...


def make_bus(redis_url: str | None, prefix: str = "stammtisch") -> Bus:
    """The Redis bus when a URL is given, else the in-process one."""
    if redis_url:
        from stammtisch.bus.redis import RedisBus

        return RedisBus(redis_url, prefix)
    return LocalBus()


__all__ = ["Bus", "LocalBus", "Subscription", "make_bus"]
