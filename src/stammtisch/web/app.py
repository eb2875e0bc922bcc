"""The FastAPI application: routes, the one error mapping, and the background sweeper."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from stammtisch import __version__
from stammtisch.services.platform import Platform
from stammtisch.web.errors import install_error_handlers
from stammtisch.web.routes import accounts


def create_app(platform: Platform) -> FastAPI:
    """The web application serving this platform's JSON API and websocket."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await platform.ctx.bus.start()
        try:
            yield
        finally:
            await platform.ctx.bus.stop()

    app = FastAPI(
        title="Stammtisch",
        version=__version__,
        description="JSON API of Stammtisch; live updates over the websocket at /api/ws.",
        lifespan=lifespan,
    )
    app.state.platform = platform
    install_error_handlers(app)
    app.include_router(accounts.router)
    return app
