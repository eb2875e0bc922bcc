"""What ratings, XP and the album cost: finished games handled per second, leaderboard latency.

Finishes N Klubnacht and Challengers! games between random members through the GameFinished
hook (every handler: ratings, XP, album, notifications; one transaction each, like the tables
service), then reads the current leaderboard, a profile and an album repeatedly. Prints one line.
With a PostgreSQL URL it works in a database of its own (created, and dropped at the end).
Usage: python bench/progress_finish.py [--members 500] [--games 3000] [--reads 300]
                                       [--database-url URL]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from stammtisch.engine.protocol import Outcome
from stammtisch.services.events import GameFinished, publish
from stammtisch.services.platform import Platform, build_platform
from stammtisch.services.timesource import ManualClock
from stammtisch.settings import Settings
from stammtisch.store.games import GameRow
from stammtisch.store.members import Member

BENCH_DATABASE = "stammtisch_bench_progress"


def add_members(platform: Platform, count: int) -> list[int]:
    """Members stored directly (their passwords play no part here)."""
    now = platform.ctx.clock.now()
    with platform.ctx.write() as session:
        rows = [
            Member(nickname=f"m{i}", nickname_key=f"m{i}", password_hash="-", created_at=now)
            for i in range(count)
        ]
        session.add_all(rows)
        session.flush()
        return [row.id for row in rows]


def finish(platform: Platform, game: str, members: list[int], rng: random.Random) -> None:
    """One finished game announced through the hook, in its own transaction."""
    now = platform.ctx.clock.now()
    seats = list(range(len(members)))
    rng.shuffle(seats)
    scores = {seat: rng.randint(5, 30) for seat in range(len(members))}
    details = {}
    if game == "klubnacht":
        details = {
            "starter": 0,
            "variant": "chips",
            "chips": [{"chip": rng.choice(["sabotage", "magpie", "triple"]), "used": True}] * 2,
            "tasks": [["e01", "m01"], ["h01"]],
            "coin": 0,
        }
    outcome = Outcome(
        ranking=tuple((s,) for s in seats), reason="bench", scores=scores, details=details
    )
    with platform.ctx.write() as session:
        row = GameRow(
            game=game,
            rules_version="bench",
            options={},
            seed=1,
            practice=False,
            clock={},
            status="finished",
            to_act=[],
            created_at=now,
            finished_at=now,
            ended_by="normal",
        )
        session.add(row)
        session.flush()
        publish(
            session,
            GameFinished(
                game_id=row.id,
                game=game,
                options={"chips": True},
                practice=False,
                members=tuple(members),
                outcome=outcome,
                ended_by="normal",
                ended_seat=None,
                moves=tuple(20 for _ in members),
                finished_at=now,
            ),
        )


def own_database(url: str, drop: bool = False) -> str:
    """A fresh database of this benchmark beside the one the URL names (or drop it again)."""
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{BENCH_DATABASE}" WITH (FORCE)'))
        if not drop:
            connection.execute(text(f'CREATE DATABASE "{BENCH_DATABASE}"'))
    admin.dispose()
    return make_url(url).set(database=BENCH_DATABASE).render_as_string(hide_password=False)


def timed(call: Callable[[], object], times: int) -> tuple[float, float]:
    """p50 and p99 of a call in milliseconds."""
    samples = []
    for _ in range(times):
        started = time.perf_counter()
        call()
        samples.append((time.perf_counter() - started) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(len(samples) * 0.99) - 1]


def main() -> None:
    """Finish the games, read the boards, print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--members", type=int, default=500)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--reads", type=int, default=300)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="stammtisch-bench-"))
    url = own_database(args.database_url) if args.database_url else f"sqlite:///{folder / 'b.db'}"
    clock = ManualClock()
    platform = build_platform(
        Settings(data_dir=folder, database_url=url, secret_key="bench"), clock=clock
    )
    rng = random.Random(1)
    members = add_members(platform, args.members)
    handle = []
    for i in range(args.games):
        game = "challengers" if i % 4 == 3 else "klubnacht"
        table = rng.sample(members, 4 if game == "challengers" else 2)
        started = time.perf_counter()
        finish(platform, game, table, rng)
        handle.append((time.perf_counter() - started) * 1000)
        clock.advance(timedelta(seconds=30))
    handle.sort()
    board = platform.progress.leaderboard("klubnacht", None)
    board_p50, board_p99 = timed(
        lambda: platform.progress.leaderboard("klubnacht", None), args.reads
    )
    profile_p50, profile_p99 = timed(
        lambda: platform.progress.profile(members[0], "en"), args.reads
    )
    album_p50, album_p99 = timed(
        lambda: platform.progress.album(members[0], None, "en"), args.reads
    )
    platform.close()
    if args.database_url:
        own_database(args.database_url, drop=True)
    per_game = (statistics.median(handle), handle[int(len(handle) * 0.99) - 1])
    print(
        f"progress ({platform.ctx.store.engine.dialect.name}, {args.members} members, "
        f"{args.games} finished games): {args.games / (sum(handle) / 1000):.0f} finished games/s, "
        f"p50 {per_game[0]:.1f} ms p99 {per_game[1]:.1f} ms per game end; "
        f"leaderboard ({board.total} listed) p50 {board_p50:.1f} ms p99 {board_p99:.1f} ms; "
        f"profile p50 {profile_p50:.1f} ms p99 {profile_p99:.1f} ms; "
        f"album p50 {album_p50:.1f} ms p99 {album_p99:.1f} ms"
    )


if __name__ == "__main__":
    main()
