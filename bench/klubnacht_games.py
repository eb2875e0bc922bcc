"""Random full Klubnacht nights per second on one core (goal: at least 10,000/s).

Each night is set up from its seed (chip variant every other night) and played to its end by
choosing uniformly among the legal actions through the engine's fast path. The rate is per
processor second of this one process (the wall-clock rate is shown too; it drops when other
work shares the machine). Prints one line.
Usage: python bench/klubnacht_games.py [NIGHTS]
"""

from __future__ import annotations

import random
import sys
import time

from stammtisch.engine.klubnacht.fast import random_playout
from stammtisch.engine.klubnacht.setup import new_night


def main(nights: int) -> None:
    """Time the nights and print the rate."""
    rng = random.Random(2026)
    turns = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(nights):
        state = new_night(seed % 2 == 1, seed)
        random_playout(state, rng)
        turns += state.turn
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(
        f"klubnacht random nights: {nights / cpu:,.0f} nights per processor second on one core "
        f"({nights / wall:,.0f}/s wall; {nights} nights, {turns / nights:.1f} turns per night)"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20000)
