"""The Klubnacht balance report: starter and chip win rates with the strong robot on both sides.

Targets: the starter wins 47-53% with the 3 compensation points; every chip's holder wins
45-55%. Prints one line. Several processes with --workers; a smaller --iterations budget than
the strong robot's default makes long runs feasible (say which one you used).
Usage: python bench/klubnacht_balance.py [--games 1000] [--iterations N] [--workers 2] [--classic]
"""

from __future__ import annotations

import argparse
import json
import time

from stammtisch.bots.klubnacht.balance import play_many, report
from stammtisch.engine.klubnacht.catalogue import CHIP_CODES


def main() -> None:
    """Play the nights and print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--bots", default="strong,strong")
    parser.add_argument("--classic", action="store_true")
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()
    first, second = args.bots.split(",")
    started = time.perf_counter()
    seeds = range(args.first_seed, args.first_seed + args.games)
    results = play_many(seeds, not args.classic, (first, second), args.iterations, args.workers)
    summary = report(results)
    chips = {c: round(summary.chip_rate(c), 3) for c in CHIP_CODES if summary.chip_games.get(c)}
    print(
        f"klubnacht balance ({args.games} {'classic' if args.classic else 'chip'} nights, "
        f"{args.bots}, iterations {args.iterations or 'default'}): starter wins "
        f"{summary.starter_rate:.1%} with compensation, "
        f"{summary.starter_rate_without_compensation:.1%} without; chip holders win "
        f"{json.dumps(chips)}; {time.perf_counter() - started:.0f} s wall"
    )


if __name__ == "__main__":
    main()
