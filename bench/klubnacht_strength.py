"""How often the strong Klubnacht robot beats the heuristic one (goal: at least 70%).

Nights come in pairs with the same seed and the robots' seats swapped, so each robot plays
both seats of every deal; even seeds play Classic, odd ones the chip variant (or --variant).
Prints one line: the strong robot's win rate with a 95% interval, the budget, and the
processor seconds per strong move. Several processes with --workers.
Usage: python bench/klubnacht_strength.py [--games 1000] [--iterations N] [--workers 2]
"""

from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor

from stammtisch.bots.klubnacht.balance import NightResult, play_one
from stammtisch.bots.klubnacht.ismcts import DEFAULT_ITERATIONS


def night(job: tuple[int, bool, int, int | None]) -> tuple[int, NightResult]:
    """One night of a pair: the strong robot in `seat`."""
    seed, chips, seat, iterations = job
    names = ("strong", "heuristic") if seat == 0 else ("heuristic", "strong")
    return seat, play_one(seed, chips, names, iterations)


def main() -> None:
    """Play the pairs and print the strong robot's win rate."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--variant", choices=["classic", "chips", "mixed"], default="mixed")
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()
    jobs = []
    for index in range(args.games):
        seed = args.first_seed + index // 2
        chips = {"classic": False, "chips": True, "mixed": seed % 2 == 1}[args.variant]
        jobs.append((seed, chips, index % 2, args.iterations))
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        results = list(pool.map(night, jobs, chunksize=1))
    wins = sum(result.winner == seat for seat, result in results)
    thinking = sum(result.thinking[seat] for seat, result in results)
    moves = sum(result.decisions[seat] for seat, result in results)
    rate = wins / len(results)
    margin = 1.96 * math.sqrt(rate * (1 - rate) / len(results))
    print(
        f"klubnacht strength: strong ({args.iterations} iterations) beats heuristic in "
        f"{wins}/{len(results)} = {rate:.1%} (95% ±{margin:.1%}) of {args.variant} nights, "
        f"seats alternated; {thinking / moves:.3f} processor s per strong move; "
        f"{time.perf_counter() - started:.0f} s wall"
    )


if __name__ == "__main__":
    main()
