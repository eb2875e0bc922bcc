"""The Redis bus subscribes each process to the channels its own subscriptions want, and a
subscription hears everything published once its `add` returned."""

from __future__ import annotations

import asyncio
import os
import uuid
from typing import Any

import redis

from stammtisch.bus.redis import CONTROL, RedisBus


def prefix() -> str:
    """A prefix of channels no other test uses."""
    return f"stammtisch-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"


def subscribed(url: str, name: str) -> set[str]:
    """The channels of this prefix some connection to Redis is subscribed to."""
    client = redis.Redis.from_url(url)
    try:
        return {c.decode()[len(name) + 1 :] for c in client.pubsub_channels(f"{name}:*")}
    finally:
        client.close()


async def next_message(subscription: Any) -> tuple[str, dict[str, Any]]:
    """The subscription's next message (failing after a few seconds)."""
    found: tuple[str, dict[str, Any]] = await asyncio.wait_for(subscription.get(), 5)
    return found


def test_a_process_subscribes_only_to_the_channels_it_passes_on(redis_url: str) -> None:
    name = prefix()

    async def scenario() -> None:
        here, there = RedisBus(redis_url, name), RedisBus(redis_url, name)
        await here.start()
        await there.start()
        try:
            assert subscribed(redis_url, name) == {CONTROL}
            watching = here.subscribe()
            await watching.add("game:1")
            assert subscribed(redis_url, name) == {CONTROL, "game:1"}
            there.publish("game:2", {"type": "game", "seq": 4})
            there.publish("game:1", {"type": "game", "seq": 7})
            assert await next_message(watching) == ("game:1", {"type": "game", "seq": 7})
            watching.close()
            for _ in range(100):
                if subscribed(redis_url, name) == {CONTROL}:
                    break
                await asyncio.sleep(0.02)
            assert subscribed(redis_url, name) == {CONTROL}
        finally:
            await here.stop()
            await there.stop()

    asyncio.run(scenario())


def test_a_message_published_right_after_add_returns_is_heard(redis_url: str) -> None:
    """`add` returns once Redis confirmed the subscription, so nothing published after it is
    missed, on any channel newly subscribed to."""
    name = prefix()

    async def scenario() -> None:
        here, there = RedisBus(redis_url, name), RedisBus(redis_url, name)
        await here.start()
        await there.start()
        try:
            subscription = here.subscribe()
            for game_id in range(1, 21):
                await subscription.add(f"game:{game_id}")
                there.publish(f"game:{game_id}", {"type": "game", "seq": game_id})
                assert await next_message(subscription) == (
                    f"game:{game_id}",
                    {"type": "game", "seq": game_id},
                )
        finally:
            await here.stop()
            await there.stop()

    asyncio.run(scenario())


def test_two_subscriptions_of_a_channel_share_its_subscription(redis_url: str) -> None:
    """The channel stays subscribed while one subscription here still wants it."""
    name = prefix()

    async def scenario() -> None:
        bus = RedisBus(redis_url, name)
        await bus.start()
        try:
            first, second = bus.subscribe(), bus.subscribe()
            await first.add("member:3")
            await second.add("member:3")
            first.close()
            await asyncio.sleep(0.1)
            assert subscribed(redis_url, name) == {CONTROL, "member:3"}
            bus.publish("member:3", {"type": "notification"})
            assert await next_message(second) == ("member:3", {"type": "notification"})
        finally:
            await bus.stop()

    asyncio.run(scenario())


def test_a_channel_wanted_again_as_it_is_let_go_stays_subscribed(redis_url: str) -> None:
    """Leaving a channel and taking it up again at once (a socket that unwatches and watches a
    game, another socket that takes over) never leaves the process unsubscribed: the
    SUBSCRIBE and UNSUBSCRIBE reach Redis in the order they were decided in."""
    name = prefix()

    async def scenario() -> None:
        here, there = RedisBus(redis_url, name), RedisBus(redis_url, name)
        await here.start()
        await there.start()
        try:
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
            assert subscribed(redis_url, name) == {CONTROL, "game:5"}
        finally:
            await here.stop()
            await there.stop()

    asyncio.run(scenario())


def test_a_channel_left_while_being_subscribed_is_let_go_once_confirmed(redis_url: str) -> None:
    name = prefix()

    async def scenario() -> None:
        bus = RedisBus(redis_url, name)
        await bus.start()
        try:
            subscription = bus.subscribe()
            adding = asyncio.create_task(subscription.add("game:6"))
            await asyncio.sleep(0)
            subscription.close()
            await adding
            for _ in range(100):
                if subscribed(redis_url, name) == {CONTROL}:
                    break
                await asyncio.sleep(0.02)
            assert subscribed(redis_url, name) == {CONTROL}
        finally:
            await bus.stop()

    asyncio.run(scenario())


def test_a_channel_wanted_before_the_listener_is_up_is_resynced_once_subscribed(
    redis_url: str,
) -> None:
    """Without a subscription to Redis yet, `add` cannot wait for one: once the listener has
    subscribed to the channel, its subscribers are told to resync (they may have missed
    messages)."""
    name = prefix()

    async def scenario() -> None:
        bus = RedisBus(redis_url, name)
        early = bus.subscribe()
        await early.add("game:9")
        await bus.start()
        try:
            assert await next_message(early) == ("game:9", {"type": "resync"})
            assert subscribed(redis_url, name) == {CONTROL, "game:9"}
        finally:
            await bus.stop()

    asyncio.run(scenario())
