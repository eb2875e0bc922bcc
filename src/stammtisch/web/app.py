"""The FastAPI application: routes, the one error mapping, and the background sweeper."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from anyio import to_thread
from fastapi import FastAPI

from stammtisch import __version__
from stammtisch.services.platform import Platform
from stammtisch.web import ws
from stammtisch.web.errors import install_error_handlers
from stammtisch.web.routes import accounts, album, games, leaderboards, social

log = logging.getLogger(__name__)


async def sweep_forever(platform: Platform) -> None:
    """Handle due deadlines, expiries, bot turns and e-mails every few seconds."""
    while True:
        try:
            await to_thread.run_sync(platform.sweeper.sweep)
        except Exception:
            log.exception("sweep failed; trying again")
        await asyncio.sleep(platform.ctx.settings.sweep_seconds)


def create_app(platform: Platform) -> FastAPI:
    """The web application serving this platform's JSON API and websocket."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        limiter = to_thread.current_default_thread_limiter()
        limiter.total_tokens = platform.ctx.settings.effective_worker_threads()
        await platform.ctx.bus.start()
        sweeper = (
            asyncio.create_task(sweep_forever(platform))
            if platform.ctx.settings.run_sweeper
            else None
        )
        try:
            yield
        finally:
            if sweeper is not None:
                sweeper.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await sweeper
            await platform.ctx.bus.stop()

    app = FastAPI(
        title="Stammtisch",
        version=__version__,
        description="JSON API of Stammtisch; live updates over the websocket at /api/ws.",
        lifespan=lifespan,
    )
    app.state.platform = platform
    install_error_handlers(app)
    for module in (accounts, games, social, ws, leaderboards, album):
        app.include_router(module.router)
    return app
