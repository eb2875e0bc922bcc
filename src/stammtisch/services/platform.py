"""The platform's services put together for one process."""

from __future__ import annotations

from stammtisch.bus import Bus, make_bus
from stammtisch.services.accounts import Accounts
from stammtisch.services.context import Context
from stammtisch.services.timesource import Clock, SystemClock
from stammtisch.settings import Settings
from stammtisch.store.db import Store, make_engine, migrate


class Platform:
    """Every service of the platform, sharing one context."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.accounts = Accounts(ctx)

    def close(self) -> None:
        """Release the database connections."""
        self.ctx.store.engine.dispose()


def build_platform(
    settings: Settings, clock: Clock | None = None, bus: Bus | None = None
) -> Platform:
    """Connect to the configured database (migrating it) and bus, and build the services."""
    engine = make_engine(settings.effective_database_url())
    migrate(engine)
    bus = bus or make_bus(settings.redis_url, settings.redis_prefix)
    return Platform(Context(settings, Store(engine), bus, clock or SystemClock()))
