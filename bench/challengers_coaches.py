"""Coaches balance: per house coach, how often its holder wins a 4-seat tournament (fair: 25%).

Plays N tournaments of the table option `coaches` with the same bot in every seat (default
`medium`, else `--bots greedy`); every seat keeps one of its dealt coaches at random (seeded,
so every coach is kept about equally often and its rate measures the coach, not the bot's
taste; `--keep policy` lets the bots choose instead). Everything else the bots decide, coach
powers through the engine's auto-play policy. Tournament i uses seed `--seed + i`. Prints a
table: per coach kept, wins, win rate and its 95% interval (Wilson), marked when the rate lies
outside 20-30%, then one summary line.
Usage: python bench/challengers_coaches.py [--games 1200] [--bots medium] [--workers 1]
       [--keep random|policy] [--seed 1] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from stammtisch.bots.challengers.simulate import bot_rng
from stammtisch.bots.registry import bot_names, make_bot
from stammtisch.engine.challengers.actions import Action
from stammtisch.engine.challengers.coaching import COACH_KEY
from stammtisch.engine.challengers.game import GAME

LOW, HIGH = 0.20, 0.30
"""The goal: each coach's holder wins between 20% and 30% of the tournaments it is kept in."""


def play(seed: int, bot: str, keep: str) -> list[tuple[str, bool]]:
    """One 4-seat tournament: (kept coach, whether its holder won) per seat."""
    state = GAME.setup({"players": 4, "coaches": True}, seed)
    bots = [make_bot("challengers", bot) for _ in range(4)]
    rngs = [bot_rng(seed, seat) for seat in range(4)]
    keeper = random.Random(f"coach-keep:{seed}")
    while GAME.outcome(state) is None:
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        if keep == "random" and legal[0].verb == "coach":
            action: Action = legal[keeper.randrange(len(legal))]
        else:
            action = bots[seat].choose(GAME, state, seat, rngs[seat])
        GAME.apply(state, seat, action)
    outcome = GAME.outcome(state)
    assert outcome is not None
    winner = outcome.ranking[0][0]
    return [(COACH_KEY[p.coach], p.seat == winner) for p in state.players]


def _chunk(args: tuple[int, int, str, str]) -> list[tuple[str, bool]]:
    """A run of tournaments (for one worker process)."""
    first, count, bot, keep = args
    found: list[tuple[str, bool]] = []
    for seed in range(first, first + count):
        found += play(seed, bot, keep)
    return found


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a rate."""
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    """Run the tournaments and print the table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1200)
    parser.add_argument(
        "--bots", default="medium" if "medium" in bot_names("challengers") else "greedy"
    )
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--keep", choices=("random", "policy"), default="random")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    size = max(1, args.games // (args.workers * 8))
    jobs = [
        (args.seed + start, min(size, args.games - start), args.bots, args.keep)
        for start in range(0, args.games, size)
    ]
    cpu, wall = time.process_time(), time.perf_counter()
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            results = [row for chunk in pool.map(_chunk, jobs) for row in chunk]
    else:
        results = [row for job in jobs for row in _chunk(job)]
    wall = time.perf_counter() - wall
    table: dict[str, dict[str, Any]] = {}
    for key in COACH_KEY:
        kept = [won for coach, won in results if coach == key]
        wins = sum(kept)
        low, high = wilson(wins, len(kept))
        rate = wins / len(kept) if kept else 0.0
        table[key] = {
            "kept": len(kept),
            "wins": wins,
            "win_rate": round(rate, 4),
            "low": round(low, 4),
            "high": round(high, 4),
        }
    if args.json:
        print(
            json.dumps(
                {"games": args.games, "bots": args.bots, "keep": args.keep, "coaches": table}
            )
        )
        return
    print("| coach | kept | wins | win rate | 95% interval |")
    print("|---|---:|---:|---:|---|")
    for key, row in table.items():
        mark = "" if LOW <= row["win_rate"] <= HIGH else " (outside 20-30%)"
        print(
            f"| {key} | {row['kept']} | {row['wins']} | {row['win_rate']:.1%}{mark} |"
            f" {row['low']:.1%}-{row['high']:.1%} |"
        )
    outside = [key for key, row in table.items() if not LOW <= row["win_rate"] <= HIGH]
    print(
        f"coaches balance: {args.games} 4-seat tournaments of {args.bots} bots, coaches kept"
        f" {'at random' if args.keep == 'random' else 'by the bots'}, seeds {args.seed}-"
        f"{args.seed + args.games - 1}; {len(outside)} of {len(table)} coaches outside 20-30%"
        f" ({wall:.0f} s wall, {args.workers} worker(s), main-process CPU"
        f" {time.process_time() - cpu:.0f} s)"
    )


if __name__ == "__main__":
    main()
