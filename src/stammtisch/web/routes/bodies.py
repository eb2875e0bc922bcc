"""Request bodies shared by the routes that open tables: the clock and the bots."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Field

BotName = Annotated[str, Field(min_length=1, max_length=40)]
"""A bot's name, as the bot registry knows it (e.g. `greedy`)."""


class ClockIn(BaseModel):
    """Turn-based (24 h per turn) or realtime with a short clock per decision."""

    mode: str = Field("turn", max_length=10)
    seconds: int | None = Field(None, ge=1, le=86400)

    def as_dict(self) -> dict[str, Any]:
        """The clock as the services take it."""
        return (
            {"mode": self.mode}
            if self.seconds is None
            else {"mode": self.mode, "seconds": self.seconds}
        )
