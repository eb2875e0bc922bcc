"""How often each chip's holder wins with the strong robot on both sides (target: 45-55%).

Plays chip nights from --first-seed on, as many as it takes for every chip to be dealt in at
least --per-chip nights (each night deals two different chips of five). Prints one line per
chip: the holder's wins, nights, win rate and 95% interval; then one line with the starter's
rate, the budget and the processor seconds the robots spent. With --log FILE each finished
night is appended as a JSON line at once and nights already there (same seed and budget) are
not played again, so an interrupted run continues where it stopped.
Usage: python bench/klubnacht_chips.py [--per-chip 1000] [--iterations 100] [--workers 1]
       [--first-seed 0] [--log FILE]
"""

from __future__ import annotations

import argparse
import json
import math
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from stammtisch.bots.klubnacht.balance import play_one
from stammtisch.engine.klubnacht import GAME
from stammtisch.engine.klubnacht.catalogue import CHIP_CODES


def seeds_for(per_chip: int, first: int) -> list[int]:
    """The seeds from `first` on until every chip is dealt in at least `per_chip` nights."""
    dealt = dict.fromkeys(CHIP_CODES, 0)
    seeds = []
    seed = first
    while min(dealt.values()) < per_chip:
        for chip in GAME.setup({"chips": True}, seed).chips:
            if chip is not None:
                dealt[chip] += 1
        seeds.append(seed)
        seed += 1
    return seeds


def night(seed: int, iterations: int) -> dict[str, Any]:
    """One strong-against-strong chip night as a log line."""
    result = play_one(seed, True, ("strong", "strong"), iterations)
    return {
        "seed": seed,
        "iterations": iterations,
        "chips": list(result.chips),
        "starter": result.starter,
        "winner": result.winner,
        "thinking": sum(result.thinking),
    }


def interval(wins: int, games: int) -> float:
    """Half the width of the 95% normal interval of a win rate."""
    rate = wins / games
    return 1.96 * math.sqrt(rate * (1 - rate) / games)


def lines(rows: list[dict[str, Any]], iterations: int) -> list[str]:
    """One line per chip, then the run's line."""
    out = []
    for chip in CHIP_CODES:
        held = [row for row in rows if chip in row["chips"]]
        wins = sum(row["winner"] == row["chips"].index(chip) for row in held)
        games = len(held)
        if games:
            out.append(
                f"klubnacht chip {chip}: holder wins {wins}/{games} = {wins / games:.1%} "
                f"(95% ±{interval(wins, games):.1%}), strong vs strong, {iterations} iterations"
            )
    starter = sum(row["winner"] == row["starter"] for row in rows)
    seconds = sum(float(row["thinking"]) for row in rows)
    out.append(
        f"klubnacht chips: {len(rows)} nights, starter wins {starter / max(len(rows), 1):.1%}; "
        f"{seconds:.0f} processor s of robot thinking ({seconds / max(len(rows), 1):.2f} per night)"
    )
    return out


def main() -> None:
    """Play the nights (or take them from the log) and print the chip lines."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--per-chip", type=int, default=1000)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--log", type=Path, default=None)
    args = parser.parse_args()
    seeds = seeds_for(args.per_chip, args.first_seed)
    done: dict[int, dict[str, Any]] = {}
    if args.log is not None and args.log.exists():
        for text in args.log.read_text().splitlines():
            row = json.loads(text)
            if row["iterations"] == args.iterations:
                done[row["seed"]] = row
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = [pool.submit(night, s, args.iterations) for s in seeds if s not in done]
        for future in as_completed(futures):
            row = future.result()
            done[int(row["seed"])] = row
            if args.log is not None:
                with args.log.open("a") as log:
                    log.write(json.dumps(row) + "\n")
    for line in lines([done[seed] for seed in seeds], args.iterations):
        print(line)


if __name__ == "__main__":
    main()
