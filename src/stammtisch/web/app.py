"""The FastAPI application: routes, the one error mapping, the background sweeper and outbox."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from anyio import to_thread
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from stammtisch import __version__
from stammtisch.services.platform import Platform
from stammtisch.web import ops, pages, ws
from stammtisch.web.art.routes import router as art_router
from stammtisch.web.bodylimit import BodyLimit
from stammtisch.web.drain import Drain
from stammtisch.web.errors import install_error_handlers
from stammtisch.web.hotpath import install_hot_path
from stammtisch.web.metrics import Metrics
from stammtisch.web.openapi import install_openapi
from stammtisch.web.ops import Observed
from stammtisch.web.pages.context import SignInFirst
from stammtisch.web.pages.errors import page_for_error, sign_in_first
from stammtisch.web.pages.site import DOCS_ASSETS
from stammtisch.web.ratelimits import RateLimits
from stammtisch.web.routes import accounts, album, games, help, leaderboards, social
from stammtisch.web.security import SecurityHeaders
from stammtisch.web.sessionends import follow_session_ends
from stammtisch.web.staticfiles import SiteStatic

log = logging.getLogger(__name__)


async def repeat_forever(
    platform: Platform, job: Callable[[], object], what: str, stopping: asyncio.Event
) -> None:
    """Run a background job in a worker thread every few seconds until `stopping` is set; a run
    under way is finished, never abandoned (its thread would die with the process)."""
    while not stopping.is_set():
        try:
            await to_thread.run_sync(job)
        except Exception:
            log.exception("%s failed; trying again", what)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stopping.wait(), platform.ctx.settings.sweep_seconds)


def background_jobs(platform: Platform) -> list[tuple[Callable[[], object], str]]:
    """The sweep of deadlines, expiries and bot turns, and apart from it the e-mail outbox, so a
    slow or hanging SMTP server never holds up a clock."""
    return [
        (lambda: platform.sweeper.sweep(emails=False), "sweep"),
        (platform.outbox.send_due, "e-mail delivery"),
    ]


def create_app(platform: Platform) -> FastAPI:
    """The web application serving this platform's site, JSON API and websocket."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        limiter = to_thread.current_default_thread_limiter()
        limiter.total_tokens = platform.ctx.settings.effective_worker_threads()
        await platform.ctx.bus.start()
        jobs = background_jobs(platform) if platform.ctx.settings.run_sweeper else []
        stopping = asyncio.Event()
        tasks = [
            asyncio.create_task(
                repeat_forever(platform, metrics.timed_job(job, what), what, stopping)
            )
            for job, what in jobs
        ]
        session_ends = asyncio.create_task(follow_session_ends(platform))
        try:
            yield
        finally:
            stopping.set()
            session_ends.cancel()
            with platform.outbox.interrupted():  # unsent claimed e-mails are handed back
                await asyncio.gather(*tasks, session_ends, return_exceptions=True)
            await platform.ctx.bus.stop()

    app = FastAPI(
        title="Stammtisch",
        version=__version__,
        description="JSON API of Stammtisch; live updates over the websocket at /api/ws.",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        # Our own Prometheus metrics observe requests (web/ops.py); FastAPI's OpenTelemetry
        # hooks would only ask, on every request, whether a provider was configured.
        telemetry={"tracing": False, "metrics": False, "logs": False},
    )
    app.state.platform = platform
    app.state.drain = Drain()
    app.state.metrics = metrics = Metrics(platform)
    app.state.error_page = page_for_error
    app.state.rate_limits = RateLimits(platform.ctx.settings, platform.ctx.clock.now)
    install_error_handlers(app)
    app.add_exception_handler(SignInFirst, sign_in_first)
    for module in (games, ops, accounts, social, ws, leaderboards, album, help):
        app.include_router(module.router)
    for router in [*pages.routers(), art_router]:
        app.include_router(router)
    install_openapi(app)
    app.mount("/static", SiteStatic(), name="static")
    app.mount("/docs/assets", StaticFiles(directory=DOCS_ASSETS), name="docs-assets")
    install_hot_path(app)
    app.add_middleware(BodyLimit, limit=platform.ctx.settings.max_body_bytes)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(Observed, metrics=metrics)
    return app
