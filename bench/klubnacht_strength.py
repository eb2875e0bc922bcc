"""How often the strong Klubnacht robot beats the heuristic one (goal: at least 70%).

Nights come in pairs with the same seed and the robots' seats swapped, so each robot plays
both seats of every deal; even seeds play Classic, odd ones the chip variant (or --variant).
Prints one line: the strong robot's win rate with a 95% interval, the budget, and the
processor seconds per strong move. Several processes with --workers. With --log FILE every
finished night is appended to FILE as a JSON line at once, and nights already there are not
played again: an interrupted run keeps its nights and continues where it stopped (the
figure then covers every night in the file that belongs to this run's settings).
Usage: python bench/klubnacht_strength.py [--games 1000] [--iterations N] [--workers 2]
       [--log FILE] [--every 50]
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from stammtisch.bots.klubnacht.balance import NightResult, play_one
from stammtisch.bots.klubnacht.ismcts import DEFAULT_ITERATIONS

Job = tuple[int, bool, int, int]


def night(job: Job) -> tuple[Job, NightResult]:
    """One night of a pair: the strong robot in seat `job[2]`."""
    seed, chips, seat, iterations = job
    names = ("strong", "heuristic") if seat == 0 else ("heuristic", "strong")
    return job, play_one(seed, chips, names, iterations)


def record(job: Job, result: NightResult) -> dict[str, object]:
    """The log line of one finished night."""
    seed, chips, seat, iterations = job
    return {
        "seed": seed,
        "chips": chips,
        "seat": seat,
        "iterations": iterations,
        "won": result.winner == seat,
        "thinking": result.thinking[seat],
        "decisions": result.decisions[seat],
    }


def summary(rows: list[dict[str, object]], iterations: int, variant: str) -> str:
    """The one-line figure of some finished nights."""
    games = len(rows)
    wins = sum(bool(row["won"]) for row in rows)
    thinking = sum(float(str(row["thinking"])) for row in rows)
    moves = sum(int(str(row["decisions"])) for row in rows)
    rate = wins / games if games else 0.0
    margin = 1.96 * math.sqrt(rate * (1 - rate) / games) if games else 0.0
    return (
        f"klubnacht strength: strong ({iterations} iterations) beats heuristic in "
        f"{wins}/{games} = {rate:.1%} (95% ±{margin:.1%}) of {variant} nights, "
        f"seats alternated; {thinking / max(moves, 1):.3f} processor s per strong move"
    )


def load(path: Path | None, jobs: Iterable[Job]) -> dict[Job, dict[str, object]]:
    """The nights of these jobs already in the log file."""
    if path is None or not path.exists():
        return {}
    wanted = set(jobs)
    done: dict[Job, dict[str, object]] = {}
    for line in path.read_text().splitlines():
        row = json.loads(line)
        job = (row["seed"], row["chips"], row["seat"], row["iterations"])
        if job in wanted:
            done[job] = row
    return done


def main() -> None:
    """Play the pairs and print the strong robot's win rate."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--variant", choices=["classic", "chips", "mixed"], default="mixed")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--log", type=Path, default=None)
    parser.add_argument("--every", type=int, default=50, help="print running totals this often")
    args = parser.parse_args()
    jobs = []
    for index in range(args.games):
        seed = args.first_seed + index // 2
        chips = {"classic": False, "chips": True, "mixed": seed % 2 == 1}[args.variant]
        jobs.append((seed, chips, index % 2, args.iterations))
    done = load(args.log, jobs)
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = [pool.submit(night, job) for job in jobs if job not in done]
        for future in as_completed(futures):
            job, result = future.result()
            done[job] = record(job, result)
            if args.log is not None:
                with args.log.open("a") as log:
                    log.write(json.dumps(done[job]) + "\n")
            if len(done) % args.every == 0:
                print(summary(list(done.values()), args.iterations, args.variant), flush=True)
    line = summary([done[job] for job in jobs], args.iterations, args.variant)
    print(f"{line}; {time.perf_counter() - started:.0f} s wall")


if __name__ == "__main__":
    main()
