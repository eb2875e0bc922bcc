"""The platform's services put together for one process."""

from __future__ import annotations

from stammtisch.bus import Bus, make_bus
from stammtisch.services import policy
from stammtisch.services.accounts import Accounts
from stammtisch.services.challenges import Challenges
from stammtisch.services.clock import Sweeper
from stammtisch.services.context import Context
from stammtisch.services.gamecache import GameCache
from stammtisch.services.gameviews import GameViews
from stammtisch.services.help import Help
from stammtisch.services.history import History
from stammtisch.services.hub import Hub
from stammtisch.services.lobby import Lobby
from stammtisch.services.notifications import Notifications
from stammtisch.services.outbox import Outbox
from stammtisch.services.presence import Presence
from stammtisch.services.progress import Progress
from stammtisch.services.replays import Replays
from stammtisch.services.resets import PasswordResets
from stammtisch.services.results import Results
from stammtisch.services.tables import Tables
from stammtisch.services.timesource import Clock, OffsetFileClock, SystemClock
from stammtisch.settings import Settings
from stammtisch.store.db import Store, make_engine, migrate


class Platform:
    """Every service of the platform, sharing one context and one cache of game states."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        cache = GameCache()
        self.accounts = Accounts(ctx)
        self.resets = PasswordResets(ctx, self.accounts)
        self.tables = Tables(ctx, cache)
        self.views = GameViews(ctx, cache)
        self.notifications = Notifications(ctx)
        self.presence = Presence(ctx)
        self.challenges = Challenges(ctx, self.tables)
        self.lobby = Lobby(ctx, self.tables)
        self.hub = Hub(ctx, self.challenges, self.lobby, self.notifications)
        self.outbox = Outbox(ctx)
        self.sweeper = Sweeper(
            ctx,
            self.accounts,
            self.resets,
            self.tables,
            self.challenges,
            self.lobby,
            self.outbox,
            self.notifications,
            self.presence,
        )
        self.progress = Progress(ctx)
        self.history = History(ctx)
        self.replays = Replays(ctx)
        self.results = Results(ctx)
        self.help = Help(ctx)

    def close(self) -> None:
        """Release the database connections."""
        self.ctx.store.engine.dispose()


def build_platform(
    settings: Settings, clock: Clock | None = None, bus: Bus | None = None
) -> Platform:
    """Connect to the configured database (migrating it) and bus, and build the services."""
    if settings.tables_file is not None:
        policy.use_file(settings.tables_file)
    engine = make_engine(
        settings.effective_database_url(), threads=settings.effective_worker_threads()
    )
    migrate(engine)
    bus = bus or make_bus(settings.redis_url, settings.redis_prefix)
    return Platform(Context(settings, Store(engine), bus, clock or clock_of(settings)))


def clock_of(settings: Settings) -> Clock:
    """The real clock, or the shared moved one when a clock offset file is configured."""
    if settings.clock_offset_file is not None:
        return OffsetFileClock(settings.clock_offset_file)
    return SystemClock()
