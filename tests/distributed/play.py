"""Playing through the HTTP API of server processes: games between two members, one move at a
time, and what the database holds afterwards."""

from __future__ import annotations

from typing import Any

import httpx
from sqlalchemy import create_engine, text


def new_game(
    challenger: httpx.Client,
    accepter: httpx.Client,
    nickname: str,
    game: str,
    options: dict[str, Any] | None = None,
) -> int:
    """A challenge from one member to `nickname`, accepted by them; the game's id."""
    body = {"nickname": nickname, "game": game, "options": options or {}}
    sent = challenger.post("/api/challenges", json=body)
    assert sent.status_code == 201, sent.text
    accepted = accepter.post(f"/api/challenges/{sent.json()['id']}/accept")
    assert accepted.status_code == 200, accepted.text
    return int(accepted.json()["game_id"])


def to_act(seats: list[httpx.Client], game_id: int) -> tuple[httpx.Client, dict[str, Any]]:
    """The client of the seat to act and that seat's view."""
    view = seats[0].get(f"/api/games/{game_id}").json()
    assert view["status"] == "active", view
    player = seats[view["to_act"][0]]
    return player, player.get(f"/api/games/{game_id}").json()


def move(seats: list[httpx.Client], game_id: int) -> dict[str, Any]:
    """Play the first legal action of the seat to act; the acknowledged answer."""
    player, view = to_act(seats, game_id)
    answer = player.post(
        f"/api/games/{game_id}/actions", json={"seq": view["seq"], "action": view["legal"][0]}
    )
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def stored_steps(database_url: str, game_id: int) -> list[int]:
    """The step numbers of a game's log as the database holds them."""
    engine = create_engine(database_url)
    try:
        with engine.connect() as connection:
            rows = connection.execute(
                text("SELECT seq FROM actions WHERE game_id = :g ORDER BY seq"), {"g": game_id}
            )
            return [int(seq) for (seq,) in rows]
    finally:
        engine.dispose()


def count(database_url: str, query: str, **params: Any) -> int:
    """The single number a query answers."""
    engine = create_engine(database_url)
    try:
        with engine.connect() as connection:
            return int(connection.execute(text(query), params).scalar_one())
    finally:
        engine.dispose()
