"""Websocket fan-out: what one live update costs the server per connection that watches the game.

Starts one `stammtisch serve` on SQLite in a temporary folder, signs up the two members of each
of --games Klubnacht games, and plays --actions actions round-robin over them through the JSON
API twice: first with nobody watching, then with --watchers anonymous websocket connections
watching each game (each update is sent to every one of them: its log since the last update and
the spectator view). Prints one line: the server's CPU per action without and with the watchers,
the difference per watching connection and action and per delivered update (updates of a game
that moved on twice before a connection was served are sent as one), and the bytes of an
update as sent.

    python bench/ws_fanout.py --games 20 --watchers 10 --actions 400
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import signal
import tempfile
import time
from pathlib import Path

import websockets
from load_klubnacht import Player, choose, cpu_seconds, new_game, sign_up, start_server


class Watcher:
    """An anonymous websocket that watches games and counts what it receives."""

    def __init__(self, url: str) -> None:
        self.url = url.replace("http://", "ws://") + "/api/ws"
        self.updates = 0
        self.bytes = 0
        self.task: asyncio.Task[None] | None = None

    async def start(self, game_ids: list[int]) -> None:
        """Connect, watch the games and read updates until cancelled."""
        ready = asyncio.get_running_loop().create_future()
        self.task = asyncio.create_task(self._run(game_ids, ready))
        await ready

    async def _run(self, game_ids: list[int], ready: asyncio.Future[None]) -> None:
        async with websockets.connect(self.url, max_size=None) as socket:
            await socket.recv()  # hello
            for game_id in game_ids:
                await socket.send(json.dumps({"type": "watch", "game_id": game_id}))
                await socket.recv()  # the resync
            ready.set_result(None)
            async for frame in socket:
                self.updates += 1
                self.bytes += len(frame)


async def play(tables: list[tuple[list[Player], int]], actions: int) -> int:
    """Play `actions` actions round-robin over the tables (a finished game is not replaced)."""
    done, stuck = 0, 0
    while done < actions and stuck < len(tables):
        stuck = 0
        for players, game_id in tables:
            path = f"/api/games/{game_id}"
            status, view = await players[0].request("GET", path)
            if view["status"] != "active":
                stuck += 1
                continue
            actor = players[view["to_act"][0]]
            _, mine = await actor.request("GET", path)
            status, _ = await actor.request(
                "POST",
                f"{path}/actions",
                {"seq": mine["seq"], "action": choose_first(mine["legal"])},
            )
            if status == 200:
                done += 1
            await asyncio.sleep(0.002)
    return done


async def measure(url: str, pid: int, games: int, watchers: int, actions: int) -> str:
    limits = asyncio.Semaphore(8)
    names = [f"f{time.time_ns() % 10**8}_{i}" for i in range(2 * games)]
    members = await asyncio.gather(*(sign_up(url, name, limits) for name in names))
    tables = []
    for index in range(games):
        players = [Player(url, *members[2 * index]), Player(url, *members[2 * index + 1])]
        tables.append((players, await new_game(players, names[2 * index + 1])))
    before = cpu_seconds(pid)
    quiet = await play(tables, actions)
    alone = cpu_seconds(pid) - before
    audience = [Watcher(url) for _ in range(watchers)]
    for watcher in audience:
        await watcher.start([game_id for _, game_id in tables])
    await asyncio.sleep(1)
    before = cpu_seconds(pid)
    watched = await play(tables, actions)
    await asyncio.sleep(1)
    together = cpu_seconds(pid) - before
    updates = sum(w.updates for w in audience)
    sent = sum(w.bytes for w in audience)
    for watcher in audience:
        if watcher.task is not None:
            watcher.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await watcher.task
    per_action = (1000 * alone / max(quiet, 1), 1000 * together / max(watched, 1))
    extra = (together - alone * watched / max(quiet, 1)) / max(updates, 1)
    return (
        f"ws_fanout: games={games} watchers={watchers} actions={quiet}+{watched} "
        f"server_cpu={per_action[0]:.2f}ms/action alone, {per_action[1]:.2f}ms/action watched "
        f"per_watcher={(per_action[1] - per_action[0]) / max(watchers, 1):.3f}ms/action "
        f"updates={updates} per_update={1000 * extra:.3f}ms "
        f"update_bytes={sent / max(updates, 1):.0f}"
    )


def choose_first(legal: list[str]) -> str:
    """The load bench's player choice, seeded the same for every run."""
    return choose(legal, random.Random(len(legal)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--watchers", type=int, default=10, help="connections watching each game")
    parser.add_argument(
        "--actions", type=int, default=400, help="actions per phase (a game has about 60)"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        process, url = start_server(Path(folder), None)
        try:
            line = asyncio.run(measure(url, process.pid, args.games, args.watchers, args.actions))
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=30)
    print(line)


if __name__ == "__main__":
    main()
