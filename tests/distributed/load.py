"""Load for the fault tests: one thread per game plays it through the processes its two members
use, fails over to another process when theirs does not answer, and books every answer."""

from __future__ import annotations

import random
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import httpx

from tests.distributed.conftest import Deployment, Member
from tests.distributed.play import new_game, stored_steps
from tests.servers import ServerProcess

PAUSE = 0.05
"""Seconds a player waits between two of their requests (so a few games make a steady load)."""
RETRY_PAUSE = 0.2
"""Seconds a player waits after a 503 or a process that did not answer, before trying again.
(Far below the Retry-After the server sends, to keep the tests short.)"""


@dataclass
class Booked:
    """What the players of all games saw: acknowledged steps, answers and failures."""

    acknowledged: dict[int, list[int]] = field(default_factory=dict)
    statuses: Counter[int] = field(default_factory=Counter)
    failures: Counter[str] = field(default_factory=Counter)
    retry_after: Counter[str | None] = field(default_factory=Counter)
    ack_times: list[float] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def ack(self, game_id: int, seq: int) -> None:
        """A 2xx answer to a move: this step is stored."""
        with self.lock:
            self.acknowledged.setdefault(game_id, []).append(seq)
            self.ack_times.append(time.monotonic())

    def first_ack_after(self, moment: float) -> float:
        """Seconds from `moment` to the first acknowledged move after it."""
        with self.lock:
            return min(t for t in self.ack_times if t > moment) - moment

    def rate(self, start: float, end: float) -> float:
        """Acknowledged moves per second between two moments."""
        with self.lock:
            return sum(start <= t < end for t in self.ack_times) / (end - start)

    def moves(self) -> int:
        """Acknowledged moves in all games."""
        with self.lock:
            return sum(len(steps) for steps in self.acknowledged.values())


class Table:
    """One game between two members, each seat talking to its own process first."""

    def __init__(self, game_id: int, members: list[Member], homes: list[int], game: str) -> None:
        self.game_id = game_id
        self.games = [game_id]
        self.members = members
        self.homes = homes
        self.game = game


class Load:
    """Plays the tables in threads until stopped; `booked` holds what happened."""

    def __init__(self, servers: list[ServerProcess], tables: list[Table], timeout: float) -> None:
        self.servers = servers
        self.tables = tables
        self.timeout = timeout
        self.booked = Booked()
        self.stopping = threading.Event()
        self.threads = [threading.Thread(target=self._play, args=(t,)) for t in tables]

    def __enter__(self) -> Load:
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stopping.set()
        for thread in self.threads:
            thread.join(timeout=self.timeout * 3)

    def _request(
        self, table: Table, seat: int, method: str, path: str, body: object = None
    ) -> httpx.Response | None:
        """One request of a seat, through its own process or, if that one does not answer, the
        next; None when no process answered in time (a failure is booked)."""
        member = table.members[seat]
        for turn in range(len(self.servers)):
            server = self.servers[(table.homes[seat] + turn) % len(self.servers)]
            try:
                with member.client(server, timeout=self.timeout) as client:
                    response = client.request(method, path, json=body)
            except httpx.TimeoutException as error:
                self.booked.failures[f"timeout {type(error).__name__}"] += 1
                return None
            except httpx.TransportError as error:
                self.booked.failures[type(error).__name__] += 1
                continue
            self.booked.statuses[response.status_code] += 1
            if response.status_code == 503:
                self.booked.retry_after[response.headers.get("Retry-After")] += 1
            return response
        return None

    def _next_game(self, table: Table) -> None:
        """The game ended: the two members start another one (load stays steady)."""
        guest = table.members[1]
        sent = self._request(
            table, 0, "POST", "/api/challenges", {"nickname": guest.nickname, "game": table.game}
        )
        if sent is None or sent.status_code != 201:
            time.sleep(RETRY_PAUSE)
            return
        accepted = self._request(table, 1, "POST", f"/api/challenges/{sent.json()['id']}/accept")
        if accepted is None or accepted.status_code != 200:
            time.sleep(RETRY_PAUSE)  # the challenge stays open; the next try sends another
            return
        table.game_id = int(accepted.json()["game_id"])
        table.games.append(table.game_id)

    def _play(self, table: Table) -> None:
        rng = random.Random(table.game_id)
        while not self.stopping.is_set():
            path = f"/api/games/{table.game_id}"
            seen = self._request(table, 0, "GET", path)
            if seen is None or seen.status_code != 200:
                time.sleep(RETRY_PAUSE)
                continue
            if seen.json()["status"] != "active":
                self._next_game(table)
                continue
            seat = seen.json()["to_act"][0]
            mine = self._request(table, seat, "GET", path)
            if mine is None or mine.status_code != 200:
                time.sleep(RETRY_PAUSE)
                continue
            view = mine.json()
            action = rng.choice(view["legal"])
            answer = self._request(
                table, seat, "POST", f"{path}/actions", {"seq": view["seq"], "action": action}
            )
            if answer is not None and answer.status_code == 200:
                self.booked.ack(table.game_id, int(answer.json()["seq"]))
            elif answer is None or answer.status_code == 503:
                time.sleep(RETRY_PAUSE)
            time.sleep(PAUSE)


GAMES_PER_MEMBER = 2
"""Each member plays this many of the games at once (of the three a member may): half the
sign-ups, whose password hashing was the most of setting a load up."""


def tables(
    deployment: Deployment,
    servers: list[ServerProcess],
    count: int,
    game: str = "klubnacht",
    names: str = "",
) -> list[Table]:
    """`count` games whose two members sit on different processes; each pair of members plays
    GAMES_PER_MEMBER of them."""
    pairs = -(-count // GAMES_PER_MEMBER)

    def homes(pair: int) -> list[int]:
        return [pair % len(servers), (pair + 1) % len(servers)]

    def games(pair: int) -> list[Table]:
        mine, theirs = homes(pair)
        host = deployment.sign_up(servers[mine], f"{names}host{pair}")
        guest = deployment.sign_up(servers[theirs], f"{names}guest{pair}")
        played = []
        with host.client(servers[mine]) as challenger, guest.client(servers[theirs]) as accepter:
            for _ in range(pair, count, pairs):  # one at a time: a second open one is refused
                game_id = new_game(challenger, accepter, guest.nickname, game)
                played.append(Table(game_id, [host, guest], homes(pair), game))
        return played

    with ThreadPoolExecutor(4) as pool:  # sign-ups hash passwords: use both processes at once
        by_pair = list(pool.map(games, range(pairs)))
    return [by_pair[index % pairs][index // pairs] for index in range(count)]


def nothing_lost(database_url: str, booked: Booked) -> dict[str, int]:
    """Check every acknowledged step is in its game's log and each log runs 1..n without a gap;
    returns the counts of acknowledged and stored steps."""
    acknowledged = stored = 0
    for game_id, steps in booked.acknowledged.items():
        log = stored_steps(database_url, game_id)
        assert log == list(range(1, len(log) + 1)), f"game {game_id} log has a gap: {log}"
        assert set(steps) <= set(log), f"game {game_id}: acknowledged {steps}, stored {log}"
        assert len(set(steps)) == len(steps), f"game {game_id}: a step acknowledged twice"
        acknowledged += len(steps)
        stored += len(log)
    return {"acknowledged": acknowledged, "stored": stored}


def every_game_goes_on(server: ServerProcess, table_list: list[Table]) -> None:
    """In every game still running, the member to act can move (through `server`)."""
    for table in table_list:
        clients = [member.client(server) for member in table.members]
        view = clients[0].get(f"/api/games/{table.game_id}").json()
        if view["status"] == "active":
            player = clients[view["to_act"][0]]
            mine = player.get(f"/api/games/{table.game_id}").json()
            answer = player.post(
                f"/api/games/{table.game_id}/actions",
                json={"seq": mine["seq"], "action": mine["legal"][0]},
            )
            assert answer.status_code == 200, answer.text
        for client in clients:
            client.close()
