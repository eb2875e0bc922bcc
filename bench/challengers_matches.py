"""Full-catalogue Challengers! matches per second on one core (goal: at least 25,000/s).

Decks are drafted once, before timing, from piles of all seven sets (City and the six others)
by the round schedule and the auto-play policy's draft values: a round-r deck holds the starter
deck plus r rounds of picks. Each timed match copies two decks of the same round, shuffles
them, builds the sides and the match with the engine's own constructors and runs the engine's
match loop to its end, every decision answered inline by the auto-play policy. Events are off
(`--events` switches them on: same rule code, plus recording; `--coaches` gives the two sides
house coaches in turn, match i coaches i and i+5 mod 16). The rate is per processor second
of this one process. The line says whether the match loop ran compiled (the build
scripts/setup-env makes) or as pure Python (STAMMTISCH_PURE_ENGINE=1, or no build). Prints one line.
Usage: python bench/challengers_matches.py [--matches 200000] [--events] [--coaches]
"""

from __future__ import annotations

import argparse
import random
import time

from stammtisch.engine import compiled
from stammtisch.engine.challengers.autoplay import draft_value
from stammtisch.engine.challengers.catalogue import PILE_LEVELS, catalogue
from stammtisch.engine.challengers.coaching import COACHES, equip
from stammtisch.engine.challengers.match import new_match, new_side, run, start
from stammtisch.engine.challengers.match_state import EventRecord
from stammtisch.engine.challengers.piles import Piles, shuffle
from stammtisch.engine.challengers.rules_data import rules
from stammtisch.engine.challengers.setup import starter_deck

DECKS_PER_ROUND = 400


def _piles() -> list[list[int]]:
    """Every level card of all seven sets, by level."""
    return [
        [c.index for c in catalogue().cards if c.level == level for _ in range(c.copies)]
        for level in PILE_LEVELS
    ]


def draft_decks(rng: random.Random) -> list[list[list[int]]]:
    """Per round 1..7, decks drafted over that many rounds (starter deck plus picks)."""
    rule = rules()
    by_round: list[list[list[int]]] = [[] for _ in range(rule.rounds + 1)]
    piles = _piles()
    for _ in range(DECKS_PER_ROUND):
        deck = starter_deck()
        for round_index, offers in enumerate(rule.offers):
            level = rng.choice(offers)
            drawn = rng.sample(piles[PILE_LEVELS.index(level)], rule.draw)
            drawn.sort(key=draft_value, reverse=True)
            deck += drawn[: rule.keep[level]]
            by_round[round_index + 1].append(list(deck))
    return by_round


def main() -> None:
    """Time the matches and print the rate."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=200_000)
    parser.add_argument("--events", action="store_true")
    parser.add_argument("--coaches", action="store_true")
    args = parser.parse_args()
    rng = random.Random(2026)
    decks = draft_decks(rng)
    full = _piles()
    for pile in full:
        rng.shuffle(pile)
    pairs = []
    for i in range(4096):
        round_number = i % 7 + 1
        pool = decks[round_number]
        pairs.append((round_number, pool[rng.randrange(len(pool))], pool[rng.randrange(len(pool))]))
    capacity = rules().discard_capacity
    flip = rng.random
    cards = sum(len(first) + len(second) for _, first, second in pairs) / len(pairs) / 2
    cpu, wall = time.process_time(), time.perf_counter()
    for i in range(args.matches):
        round_number, first, second = pairs[i & 4095]
        a, b = list(first), list(second)
        shuffle(a, rng)
        shuffle(b, rng)
        sides = [
            new_side(0, 0, a, robot=False, auto=True, trophies=i % 3, frozen=False),
            new_side(1, 1, b, robot=False, auto=True, trophies=i % 4, frozen=False),
        ]
        piles = Piles([full[0][:30], full[1][:30], full[2][:30]], capacity, rng)
        events: list[EventRecord] | None = [] if args.events else None
        match = new_match(sides, round_number, park=0, piles=piles, box=[], events=events)
        start(match, 0 if flip() < 0.5 else 1, toss=True)
        if args.coaches:
            equip(match, sides[0], i % len(COACHES))
            equip(match, sides[1], (i + 5) % len(COACHES))
        run(match)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(
        f"challengers full-catalogue matches: {args.matches / cpu:,.0f} per processor second"
        f" on one core ({args.matches / wall:,.0f}/s wall; {args.matches} matches,"
        f" auto-play policy, events {'on' if args.events else 'off'},"
        f" {'house coaches' if args.coaches else 'no coaches'},"
        f" match loop {'compiled' if compiled.active() else 'pure Python'},"
        f" {cards:.1f} cards per deck on average)"
    )


if __name__ == "__main__":
    main()
