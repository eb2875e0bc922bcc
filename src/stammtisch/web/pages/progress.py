"""The progress area's pages: leaderboards, the album, notifications, profiles, finished games."""

from __future__ import annotations

from fastapi import APIRouter

from stammtisch.web.pages import album, leaderboards, notifications, profiles

router = APIRouter(include_in_schema=False)
for part in (leaderboards, album, notifications, profiles):
    router.include_router(part.router)
