"""The Redis bus subscribes each process to the channels its own subscriptions want, and a
subscription hears everything published once its `add` returned."""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import redis

from stammtisch.bus.redis import CONTROL, RedisBus


def unused_prefix() -> str:
    """A prefix of channels no other test uses."""
    return f"stammtisch-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"


Scenario = Callable[[RedisBus, RedisBus, Callable[[], set[str]]], Awaitable[None]]


@asynccontextmanager
async def two_processes(url: str, name: str) -> AsyncIterator[tuple[RedisBus, RedisBus]]:
    """Two processes' buses on one Redis with this channel prefix, started."""
    here, there = RedisBus(url, name), RedisBus(url, name)
    await here.start()
    await there.start()
    try:
        yield here, there
    finally:
        await here.stop()
        await there.stop()


def play(url: str, scenario: Scenario) -> None:
    """Run a scenario with two started buses and what their prefix is subscribed to."""

    def subscribed_of(name: str) -> Callable[[], set[str]]:
        def subscribed() -> set[str]:
            client = redis.Redis.from_url(url)
            try:
                return {c.decode()[len(name) + 1 :] for c in client.pubsub_channels(f"{name}:*")}
            finally:
                client.close()

        return subscribed

    async def run() -> None:
        name = unused_prefix()
        async with two_processes(url, name) as (here, there):
            await scenario(here, there, subscribed_of(name))

    asyncio.run(run())


async def next_message(subscription: Any) -> tuple[str, dict[str, Any]]:
    """The subscription's next message (failing after a few seconds)."""
    found: tuple[str, dict[str, Any]] = await asyncio.wait_for(subscription.get(), 5)
    return found


async def settles(subscribed: Callable[[], set[str]], expected: set[str]) -> set[str]:
    """What is subscribed once it is `expected` (or after two seconds)."""
    for _ in range(100):
        if subscribed() == expected:
            break
        await asyncio.sleep(0.02)
    return subscribed()


def test_a_process_subscribes_only_to_the_channels_it_passes_on(redis_url: str) -> None:
    async def scenario(here: RedisBus, there: RedisBus, subscribed: Callable[[], set[str]]) -> None:
        assert subscribed() == {CONTROL}
        watching = here.subscribe()
        await watching.add("game:1")
        assert subscribed() == {CONTROL, "game:1"}
        there.publish("game:2", {"type": "game", "seq": 4})
        there.publish("game:1", {"type": "game", "seq": 7})
        assert await next_message(watching) == ("game:1", {"type": "game", "seq": 7})
        watching.close()
        assert await settles(subscribed, {CONTROL}) == {CONTROL}

    play(redis_url, scenario)


def test_a_message_published_right_after_add_returns_is_heard(redis_url: str) -> None:
    """`add` returns once Redis confirmed the subscription, so nothing published after it is
    missed, on any channel newly subscribed to."""

    async def scenario(here: RedisBus, there: RedisBus, _: Callable[[], set[str]]) -> None:
        subscription = here.subscribe()
        for game_id in range(1, 21):
            await subscription.add(f"game:{game_id}")
            there.publish(f"game:{game_id}", {"type": "game", "seq": game_id})
            heard = await next_message(subscription)
            assert heard == (f"game:{game_id}", {"type": "game", "seq": game_id})

    play(redis_url, scenario)


def test_two_subscriptions_of_a_channel_share_its_subscription(redis_url: str) -> None:
    """The channel stays subscribed while one subscription here still wants it."""

    async def scenario(here: RedisBus, _: RedisBus, subscribed: Callable[[], set[str]]) -> None:
        first, second = here.subscribe(), here.subscribe()
        await first.add("member:3")
        await second.add("member:3")
        first.close()
        await asyncio.sleep(0.1)
        assert subscribed() == {CONTROL, "member:3"}
        here.publish("member:3", {"type": "notification"})
        assert await next_message(second) == ("member:3", {"type": "notification"})

    play(redis_url, scenario)


def test_a_channel_wanted_again_as_it_is_let_go_stays_subscribed(redis_url: str) -> None:
    """Leaving a channel and taking it up again at once (a socket that unwatches and watches a
    game, another socket that takes over) never leaves the process unsubscribed: the
    SUBSCRIBE and UNSUBSCRIBE reach Redis in the order they were decided in."""

    async def scenario(here: RedisBus, there: RedisBus, subscribed: Callable[[], set[str]]) -> None:
        first = here.subscribe()
        await first.add("game:5")
        for step in range(10):
            second = here.subscribe()
            first.close()
            await second.add("game:5")
            await asyncio.sleep(0.01 * (step % 3))
            there.publish("game:5", {"type": "game", "seq": step})
            assert await next_message(second) == ("game:5", {"type": "game", "seq": step})
            first = second
        await asyncio.sleep(0.1)
        assert subscribed() == {CONTROL, "game:5"}

    play(redis_url, scenario)


def test_a_channel_left_while_being_subscribed_is_let_go_once_confirmed(redis_url: str) -> None:
    async def scenario(here: RedisBus, _: RedisBus, subscribed: Callable[[], set[str]]) -> None:
        subscription = here.subscribe()
        adding = asyncio.create_task(subscription.add("game:6"))
        await asyncio.sleep(0)
        subscription.close()
        await adding
        assert await settles(subscribed, {CONTROL}) == {CONTROL}

    play(redis_url, scenario)


def test_a_channel_wanted_before_the_listener_is_up_is_resynced_once_subscribed(
    redis_url: str,
) -> None:
    """Without a subscription to Redis yet, `add` cannot wait for one: once the listener has
    subscribed to the channel, its subscribers are told to resync (they may have missed
    messages)."""
    name = unused_prefix()

    async def scenario() -> None:
        bus = RedisBus(redis_url, name)
        early = bus.subscribe()
        await early.add("game:9")
        await bus.start()
        try:
            assert await next_message(early) == ("game:9", {"type": "resync"})
            client = redis.Redis.from_url(redis_url)
            assert {c.decode() for c in client.pubsub_channels(f"{name}:*")} == {
                f"{name}:{CONTROL}",
                f"{name}:game:9",
            }
            client.close()
        finally:
            await bus.stop()

    asyncio.run(scenario())
