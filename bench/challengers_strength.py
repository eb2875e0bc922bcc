"""Challengers! robot strength against the goals of issue 11, one printed line per goal.

Goals (tournament i has seed --seed + i and the seats turned by i, as `stammtisch challengers
strength` plays them; win rates are per seat):
  duel    2 players, hard against greedy:             hard wins >= 65%
  four    4 seats, one hard against three greedy:     hard wins >= 45% and reaches the final >= 80%
  medium  2 players, medium against greedy:           above 50% and below hard's duel rate
  medium4 4 seats, one medium against three greedy:   above 25% and below hard's rate in `four`
  over2   2 players, hard against medium:             hard wins > 50%
  over4   4 seats, one hard against three medium:     hard wins >= 35% (fair share 25%)
  easy    2 players, easy against greedy:             below 50%
  sensible 2 players, easy against random:            above 50% (easy plays sensibly)
  ladder  solo, hard against the robot at difficulty 0-5, without and with SOLO cards: the rate
          never rises with the difficulty (one line per difficulty; --ladder-games per cell)
Each line also gives the candidate's median and 99th-percentile decision time (processor ms).
With --log FILE each finished tournament is appended as a JSON line at once, and tournaments
already there are not played again, so an interrupted run continues where it stopped; --report
only prints what the log holds (partial counts of an unfinished run).
Usage: python bench/challengers_strength.py [--games 400] [--ladder-games 100] [--goals all]
       [--workers 1] [--seed 1] [--log FILE] [--report]
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stammtisch.bots.challengers.strength import play_one, seating
from stammtisch.bots.registry import bot_names


@dataclass(frozen=True, slots=True)
class Run:
    """One measured setting: its goal name, seats before rotation and table options."""

    goal: str
    line: tuple[str, ...]
    options: tuple[tuple[str, Any], ...]
    games: int


def runs(games: int, ladder_games: int, goals: set[str]) -> list[Run]:
    """The settings of the chosen goals."""
    four = ("greedy", "greedy", "greedy")
    settings = {
        "duel": ("hard", "greedy"),
        "four": ("hard", *four),
        "medium": ("medium", "greedy"),
        "medium4": ("medium", *four),
        "over2": ("hard", "medium"),
        "over4": ("hard", "medium", "medium", "medium"),
        "easy": ("easy", "greedy"),
        "sensible": ("easy", "random"),
    }
    out = [Run(g, line, (), games) for g, line in settings.items() if g in goals]
    if "ladder" in goals:
        for difficulty in range(6):
            for solo_cards in (False, True):
                options = (("difficulty", difficulty), ("solo_cards", solo_cards))
                out.append(Run("ladder", ("hard",), options, ladder_games))
    return out


def tag(run: Run, seed: int) -> dict[str, Any]:
    """What identifies one tournament in the log."""
    return {"goal": run.goal, "options": dict(run.options), "seed": seed, "line": list(run.line)}


def tournament(run: Run, first_seed: int, game: int) -> dict[str, Any]:
    """Play tournament `game` of a run; the log line."""
    seats = seating(run.line, game)
    results = play_one(dict(run.options), first_seed + game, seats)
    return {
        **tag(run, first_seed + game),
        "seats": seats,
        "won": [r.won for r in results],
        "draw": [r.draw for r in results],
        "final": [r.final for r in results],
        "times": [[round(t, 5) for t in r.times] for r in results],
    }


def key(row: dict[str, Any]) -> str:
    """A log row's identity as one string."""
    return json.dumps({k: row[k] for k in ("goal", "options", "seed", "line")}, sort_keys=True)


def figures(rows: list[dict[str, Any]], bot: str) -> dict[str, Any]:
    """The candidate's pooled figures over these tournaments."""
    played = wins = finals = 0
    times: list[float] = []
    for row in rows:
        for seat, name in enumerate(row["seats"]):
            if name == bot:
                played += 1
                wins += row["won"][seat]
                finals += row["final"][seat]
                times += row["times"][seat]
    cuts = statistics.quantiles(times, n=100, method="inclusive") if len(times) > 1 else [0.0] * 99
    return {
        "played": played,
        "rate": wins / played if played else 0.0,
        "wins": wins,
        "finals": finals / played if played else 0.0,
        "p50": cuts[49] * 1000,
        "p99": cuts[98] * 1000,
    }


def lines(done: dict[str, dict[str, Any]], chosen: list[Run], seed: int) -> Iterator[str]:
    """One line per goal (the ladder: one per difficulty)."""
    rates: dict[str, float] = {}
    ladder: dict[tuple[int, bool], dict[str, Any]] = {}
    for run in chosen:
        found = (done.get(key(tag(run, seed + g))) for g in range(run.games))
        rows = [row for row in found if row is not None]
        if not rows:
            continue
        bot = run.line[0]
        fig = figures(rows, bot)
        if run.goal == "ladder":
            options = dict(run.options)
            ladder[(options["difficulty"], options["solo_cards"])] = fig
            continue
        rates[run.goal] = fig["rate"]
        against = " vs ".join(dict.fromkeys(run.line))
        text = (
            f"challengers strength {run.goal}: {against}, {len(run.line)} seats, {bot} wins"
            f" {fig['wins']}/{fig['played']} = {fig['rate']:.1%}"
        )
        if len(run.line) > 2:
            text += f", final {fig['finals']:.1%}"
        if len(rows) < run.games:
            text += f" (partial: {len(rows)} of {run.games} tournaments)"
        verdict = {
            "duel": fig["rate"] >= 0.65,
            "four": fig["rate"] >= 0.45 and fig["finals"] >= 0.80,
            "medium": 0.5 < fig["rate"] < rates.get("duel", 1.0),
            "medium4": 0.25 < fig["rate"] < rates.get("four", 1.0),
            "over2": fig["rate"] > 0.5,
            "over4": fig["rate"] >= 0.35,
            "easy": fig["rate"] < 0.5,
            "sensible": fig["rate"] > 0.5,
        }[run.goal]
        goal = {
            "duel": ">= 65%",
            "four": ">= 45% and final >= 80%",
            "medium": "> 50% and below hard's duel rate",
            "medium4": "> 25% and below hard's 4-seat rate",
            "over2": "> 50%",
            "over4": ">= 35% (fair share 25%)",
            "easy": "< 50%",
            "sensible": "> 50%",
        }[run.goal]
        yield (
            f"{text}; decision p50 {fig['p50']:.1f} ms p99 {fig['p99']:.1f} ms;"
            f" goal {goal}: {'met' if verdict else 'NOT met'}"
        )
    for difficulty in range(6):
        cells = [ladder.get((difficulty, solo)) for solo in (False, True)]
        if all(cell is None for cell in cells):
            continue
        text = ", ".join(
            f"{label} {c['wins']}/{c['played']} = {c['rate']:.1%}"
            for label, c in zip(("without SOLO cards", "with SOLO cards"), cells, strict=True)
            if c is not None
        )
        yield f"challengers solo ladder, difficulty {difficulty}: hard wins {text}"
    if ladder:
        for solo in (False, True):
            row = [ladder[(d, solo)]["rate"] for d in range(6) if (d, solo) in ladder]
            falls = all(a >= b for a, b in itertools.pairwise(row))
            yield (
                f"challengers solo ladder {'with' if solo else 'without'} SOLO cards:"
                f" {' / '.join(f'{r:.0%}' for r in row)} at difficulty 0-5; goal no step up:"
                f" {'met' if falls else 'NOT met'}"
            )


def main() -> None:
    """Play the tournaments (or take them from the log) and print the goal lines."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--ladder-games", type=int, default=100)
    parser.add_argument("--goals", default="all")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--log", type=Path, default=None)
    parser.add_argument("--report", action="store_true", help="only summarise the log")
    args = parser.parse_args()
    every = {"duel", "four", "medium", "medium4", "over2", "over4", "easy", "sensible", "ladder"}
    goals = every if args.goals == "all" else set(args.goals.split(","))
    known = set(bot_names("challengers"))
    chosen = []
    for run in runs(args.games, args.ladder_games, goals):
        if set(run.line) <= known:
            chosen.append(run)
        else:
            print(f"challengers strength {run.goal}: skipped, no bot {run.line[0]!r}")
    done: dict[str, dict[str, Any]] = {}
    if args.log is not None and args.log.exists():
        for text in args.log.read_text().splitlines():
            row = json.loads(text)
            done[key(row)] = row
    todo = [  # game by game across the goals, so a stopped run has a part of each
        (run, game)
        for game in range(max((run.games for run in chosen), default=0))
        for run in chosen
        if game < run.games and key(tag(run, args.seed + game)) not in done and not args.report
    ]
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = [pool.submit(tournament, run, args.seed, game) for run, game in todo]
        for future in as_completed(futures):
            row = future.result()
            done[key(row)] = row
            if args.log is not None:
                with args.log.open("a") as log:
                    log.write(json.dumps(row) + "\n")
    for line in lines(done, chosen, args.seed):
        print(line)


if __name__ == "__main__":
    main()
