"""Rate limits: sign-ups per client address and writes per member, in fixed windows.

Each key's windows are offset by a stable share of the window taken from the key, so that members'
windows do not all turn over at the same moment (a burst of first writes, each counted in Redis at
once), and every process agrees on them.

Counts live in this process, or in Redis when `redis_url` is set so that every process counts
the same requests: each sign-up at once; a member's writes too at the first of a window in this
process, then (they are far more) added up for a tenth of a second and sent together, so a
process sees the others' writes that much later. With Redis
unreachable the process counts on its own for a while (a limit that holds per process beats
refusing every write, and the writes' own work never waits on it).
"""

from __future__ import annotations

import asyncio
import logging
import math
import threading
import time
import zlib
from collections.abc import Callable
from datetime import datetime

import redis
import redis.asyncio as aioredis
from redis.commands.core import AsyncScript

from stammtisch.services.errors import Problem, ServiceError
from stammtisch.settings import Settings

log = logging.getLogger(__name__)

REDIS_PAUSE_SECONDS = 10.0
"""After Redis failed, how long this process counts locally before it tries Redis again."""
REDIS_TIMEOUT_SECONDS = 0.5
"""How long one count waits for Redis before the process counts locally instead."""
LOCAL_KEYS = 100_000
"""Windows kept in memory before the ended ones are dropped."""
FLUSH_SECONDS = 0.1
"""How long writes are added up before their counts go to Redis together."""
REDIS_CONNECTIONS = 8
"""Connections to Redis a process's event loop counts on at most (more counts at once wait)."""


def window_of(key: str, window: int, now: float) -> tuple[int, int]:
    """The index of `key`'s window at `now` (seconds) and the whole seconds it has left; the
    key's windows start its CRC-32 modulo `window` seconds after those of the clock, the same in
    every process."""
    offset = zlib.crc32(key.encode()) % window
    index = int((now - offset) // window)
    return index, max(1, math.ceil((index + 1) * window + offset - now))


class LocalCounts:
    """Counts of fixed windows in this process's memory."""

    def __init__(self) -> None:
        self._counts: dict[str, tuple[int, int]] = {}
        self._lock = threading.Lock()

    def add(self, key: str, window: int, index: int) -> int:
        """Count one more request in window `index` of `key`; returns the window's count."""
        with self._lock:
            start, count = self._counts.get(key, (index, 0))
            count = count + 1 if start == index else 1
            if len(self._counts) >= LOCAL_KEYS:
                self._counts = {k: v for k, v in self._counts.items() if v[0] == index}
            self._counts[key] = (index, count)
            return count


COUNT_SCRIPT = """
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count
"""
"""Count a request in its window's key, which expires after the window (one round trip)."""


class RedisCounts:
    """Counts of fixed windows in Redis, shared by every process: one script call a request
    (`add`), or counts added up here and sent together (`add_soon`)."""

    def __init__(self, url: str, prefix: str) -> None:
        self._url = url
        self._prefix = f"{prefix}:limit:"
        self._clients: dict[asyncio.AbstractEventLoop, AsyncScript] = {}
        self._pending: dict[str, tuple[int, int]] = {}
        """Counts not yet sent, with the seconds their window's key lives, by key."""
        self._sending: dict[str, int] = {}
        """Counts on their way to Redis."""
        self._known: dict[str, tuple[int, float]] = {}
        """Each key's count in Redis as last heard, and until when (monotonic) it matters."""
        self._flushing: asyncio.Task[None] | None = None
        self._paused_until = 0.0

    def _script(self) -> AsyncScript:
        loop = asyncio.get_running_loop()
        script = self._clients.get(loop)
        if script is None:
            self._clients = {k: v for k, v in self._clients.items() if not k.is_closed()}
            pool = aioredis.BlockingConnectionPool.from_url(
                self._url,
                max_connections=REDIS_CONNECTIONS,
                timeout=REDIS_TIMEOUT_SECONDS,
                socket_connect_timeout=REDIS_TIMEOUT_SECONDS,
                socket_timeout=REDIS_TIMEOUT_SECONDS,
            )
            client = aioredis.Redis(connection_pool=pool)
            script = self._clients[loop] = client.register_script(COUNT_SCRIPT)
        return script

    async def add(self, key: str, window: int, index: int) -> int:
        """Count one more request in window `index` of `key`; returns the window's count."""
        name = f"{self._prefix}{key}:{index}"
        count = int(await self._script()(keys=[name], args=[window + 1]))
        self._known[name] = (count, time.monotonic() + window + 1)
        return count

    def add_soon(self, key: str, window: int, index: int) -> int | None:
        """Count one more request in window `index` of `key`, sent to Redis with the others of
        the next tenth of a second; returns the window's count as this process knows it (every
        process's requests until the last sending, this one's since). None, counting nothing,
        when this process has not heard the window's count yet: `add` it."""
        name = f"{self._prefix}{key}:{index}"
        if name not in self._known:
            return None
        pending = self._pending.get(name, (0, 0))[0] + 1
        self._pending[name] = (pending, window + 1)
        if self._flushing is None or self._flushing.done():
            self._flushing = asyncio.get_running_loop().create_task(self._flush_soon())
        return self._known.get(name, (0, 0.0))[0] + self._sending.get(name, 0) + pending

    async def _flush_soon(self) -> None:
        """Send the pending counts together; on failure keep them and try again later."""
        await asyncio.sleep(max(FLUSH_SECONDS, self._paused_until - time.monotonic()))
        sending = self._pending
        self._pending, self._sending = {}, {name: count for name, (count, _) in sending.items()}
        try:
            async with self._script().registered_client.pipeline(transaction=False) as pipe:
                for name, (count, ttl) in sending.items():
                    pipe.incrby(name, count)
                    pipe.expire(name, ttl)
                totals = (await pipe.execute())[::2]
        except (OSError, redis.RedisError, TimeoutError) as error:
            log.warning("write counts kept in this process for a while: %s", error)
            self._paused_until = time.monotonic() + REDIS_PAUSE_SECONDS
            for name, (count, ttl) in sending.items():
                pending = self._pending.get(name, (0, ttl))[0]
                self._pending[name] = (pending + count, ttl)
        else:
            now = time.monotonic()
            self._known = {k: v for k, v in self._known.items() if v[1] > now}
            for (name, (_, ttl)), total in zip(sending.items(), totals, strict=True):
                self._known[name] = (int(total), now + ttl)
        finally:
            self._sending = {}
            if self._pending:
                self._flushing = asyncio.get_running_loop().create_task(self._flush_soon())


class RateLimits:
    """The sign-up and write limits of this process's settings."""

    def __init__(self, settings: Settings, now: Callable[[], datetime]) -> None:
        self.settings = settings
        self._now = now
        self._local = LocalCounts()
        self._redis = (
            RedisCounts(settings.redis_url, settings.redis_prefix) if (settings.redis_url) else None
        )
        self._redis_paused_until = 0.0

    async def _count(self, key: str, window: int, soon: bool = False) -> tuple[int, int]:
        """One more request of `key`: the count in its window and the seconds the window has
        left (`soon`: counted in Redis with the others of the next tenth of a second)."""
        now = self._now().timestamp()
        index, left = window_of(key, window, now)
        if self._redis is not None and soon:
            count = self._redis.add_soon(key, window, index)
            if count is not None:
                return count, left
        if self._redis is not None and now >= self._redis_paused_until:
            try:
                return await self._redis.add(key, window, index), left
            except (OSError, redis.RedisError, TimeoutError) as error:
                log.warning("rate limits counted in this process for a while: %s", error)
                self._redis_paused_until = now + REDIS_PAUSE_SECONDS
        return self._local.add(key, window, index), left

    async def sign_up(self, remote: str) -> None:
        """Count a sign-up from this client address; refuse it above the limit."""
        window = self.settings.signup_window_seconds
        count, left = await self._count(f"signup:{remote}", window)
        if count > self.settings.signup_limit:
            raise ServiceError(
                "limits.too_many_signups",
                "Too many new accounts from this address; try again later.",
                Problem.LIMIT,
                retry_after=left,
            )

    async def write(self, member_id: int) -> None:
        """Count a write of this member; refuse it above the limit."""
        window = self.settings.write_window_seconds
        count, left = await self._count(f"write:{member_id}", window, soon=True)
        if count > self.settings.write_limit:
            raise ServiceError(
                "limits.too_many_requests",
                f"Too many changes in a short time; wait {left} seconds and try again.",
                Problem.LIMIT,
                retry_after=left,
            )
