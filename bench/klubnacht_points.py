"""The balance figures of a task catalogue with changed points (a proxy for tuning them).

Plays the same nights as the balance report, Classic and chips, with every task's points
replaced as given: a JSON object mapping a tier (easy, medium, hard) or a task id to points
(ids win over tiers; each value must stay in its tier's range). Heuristic robots by default:
cheap enough for thousands of nights per variant; `--bots strong,strong --iterations N` plays
the strong robot. Prints one line per variant: the starter's win rate with and without the
compensation points and each chip holder's win rate.
Usage: python bench/klubnacht_points.py '{"medium": 6}' [--games 10000] [--first-seed 0]
       [--bots heuristic,heuristic] [--iterations N] [--workers 2] [--variant both]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
from concurrent.futures import ProcessPoolExecutor

from stammtisch.bots.klubnacht.balance import NightResult, klubnacht_bot, report
from stammtisch.bots.klubnacht.duel import bot_rng
from stammtisch.engine.klubnacht import GAME
from stammtisch.engine.klubnacht.catalogue import CHIP_CODES, Catalogue, DataError, catalogue
from stammtisch.engine.klubnacht.scoring import leader, score
from stammtisch.engine.klubnacht.setup import new_night

TIER_POINTS = {"easy": (2, 3), "medium": (4, 6), "hard": (7, 9)}


def changed(points: dict[str, int]) -> Catalogue:
    """The shipped catalogue with the given points (by tier, then by task id)."""
    base = catalogue()
    tasks = []
    for task in base.tasks:
        value = points.get(task.id, points.get(task.tier, task.points))
        low, high = TIER_POINTS[task.tier]
        if not low <= value <= high:
            raise DataError("points", f"{task.id} ({task.tier}) must be worth {low} to {high}")
        tasks.append(dataclasses.replace(task, points=value))
    return Catalogue(tuple(tasks), base.per_game, base.face_down)


def play(job: tuple[dict[str, int], bool, range, tuple[str, str], int | None]) -> list[NightResult]:
    """Some nights of one variant with the changed catalogue."""
    points, chips, seeds, names, iterations = job
    tasks = changed(points)
    bots = [klubnacht_bot(name, iterations) for name in names]
    results = []
    for seed in seeds:
        state = new_night(chips, seed, tasks)
        rngs = [bot_rng(seed, seat) for seat in (0, 1)]
        while not state.over:
            seat = state.current
            GAME.apply(state, seat, bots[seat].choose(GAME, state, seat, rngs[seat]))
        results.append(
            NightResult(
                seed=seed,
                starter=state.starter,
                winner=leader(state),
                winner_without_compensation=leader(state, compensation=False),
                chips=(state.chips[0], state.chips[1]),
                scores=(score(state, 0), score(state, 1)),
                reason=state.end_reason or "",
            )
        )
    return results


def main() -> None:
    """Play both variants and print their figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("points", help='e.g. {"medium": 6, "e02": 2}')
    parser.add_argument("--games", type=int, default=10000, help="nights per variant")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--bots", default="heuristic,heuristic")
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--variant", choices=["both", "classic", "chips"], default="both")
    args = parser.parse_args()
    points = json.loads(args.points)
    changed(points)
    first, second = args.bots.split(",")
    parts = max(args.workers * 4, 1)
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for chips in {"both": (False, True), "classic": (False,), "chips": (True,)}[args.variant]:
            seeds = [
                range(args.first_seed + i, args.first_seed + args.games, parts)
                for i in range(parts)
            ]
            jobs = [(points, chips, part, (first, second), args.iterations) for part in seeds]
            summary = report([night for part in pool.map(play, jobs) for night in part])
            rates = {
                c: round(100 * summary.chip_rate(c), 1)
                for c in CHIP_CODES
                if summary.chip_games.get(c)
            }
            print(
                f"klubnacht points {json.dumps(points)} ({summary.games} "
                f"{'chip' if chips else 'classic'} nights, {args.bots}, iterations "
                f"{args.iterations or 'default'}): starter wins {summary.starter_rate:.1%} with "
                f"compensation, {summary.starter_rate_without_compensation:.1%} without"
                + (f"; chip holders win {json.dumps(rates)}" if chips else ""),
                flush=True,
            )


if __name__ == "__main__":
    main()
