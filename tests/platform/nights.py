"""Test helpers: whole Klubnacht nights played through the services by members (and robots)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from stammtisch.services.platform import Platform


def simple_choice(legal: list[str]) -> str:
    """A plain player: claims, chips and Magpie's pick first, else a take, else the end."""
    firsts = [a for a in legal if a.startswith(("claim", "redeem", "keep"))]
    takes = [a for a in legal if a.startswith("take")]
    return (firsts or takes or ["end"])[0]


def play_night(
    platform: Platform,
    game_id: int,
    members: list[int],
    after_robots: Callable[[], object] = lambda: None,
) -> dict[str, Any]:
    """Play a game to its end (members through `tables.act`, robots through `run_bots`), calling
    `after_robots` whenever robots moved; returns the final table as a spectator sees it."""
    seats = {platform.views.view(m, game_id)["seat"]: m for m in members}
    robots_moved = platform.tables.run_bots(game_id) > 0
    for _ in range(1000):
        if robots_moved:
            after_robots()
        table = platform.views.view(None, game_id)
        if table["status"] != "active":
            return table
        member = seats[table["to_act"][0]]
        mine = platform.views.view(member, game_id)
        platform.tables.act(member, game_id, mine["seq"], simple_choice(mine["legal"]))
        robots_moved = platform.tables.run_bots(game_id) > 0
    raise AssertionError("the night did not end")
