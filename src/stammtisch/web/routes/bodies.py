"""Request bodies shared by the routes that open tables: the clock and the bots."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Field

from stammtisch.web.openapi import CLOCK_MODE, games_enum

BotName = Annotated[str, Field(min_length=1, max_length=40)]
"""A bot's name, as the bot registry knows it (e.g. `greedy`)."""
GameName = Annotated[str, Field(max_length=40, json_schema_extra=games_enum)]
"""A game's name, one of the catalogue's."""


class ClockIn(BaseModel):
    """Turn-based (24 h per turn) or realtime with a short clock per decision."""

    mode: str = Field("turn", max_length=10, json_schema_extra=CLOCK_MODE)
    seconds: int | None = Field(None, ge=1, le=86400)

    def as_dict(self) -> dict[str, Any]:
        """The clock as the services take it."""
        return (
            {"mode": self.mode}
            if self.seconds is None
            else {"mode": self.mode, "seconds": self.seconds}
        )
