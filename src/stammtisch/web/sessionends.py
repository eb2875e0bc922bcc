"""Sessions ended in any process are forgotten in this one: a listener on the bus."""

from __future__ import annotations

from stammtisch.services.accounts import SESSIONS_CHANNEL
from stammtisch.services.platform import Platform


async def follow_session_ends(platform: Platform) -> None:
    """Forget the remembered sessions of each member whose sessions ended anywhere, until
    cancelled; after a bus outage (a resync) forget every remembered session."""
    subscription = platform.ctx.bus.subscribe()
    await subscription.add(SESSIONS_CHANNEL)
    try:
        while True:
            _, message = await subscription.get()
            member_id = message.get("member_id")
            platform.accounts.forget_remembered(member_id if isinstance(member_id, int) else None)
    finally:
        subscription.close()
