"""The site's HTML pages, one module per area, each with its `router`."""

from __future__ import annotations

from fastapi import APIRouter

from stammtisch.web.pages import accounts, cards, games, help, hub, progress, site


def routers() -> list[APIRouter]:
    """Every page area's routes."""
    return [
        site.router,
        cards.router,
        hub.router,
        accounts.router,
        games.router,
        progress.router,
        help.router,
    ]
