"""Measure every Challengers! card's worth per round for the bots (writes bots/challengers/data).

A card's worth in a round is how much adding it to a typical deck of that round (a greedy
drafter's, sets drawn at random) changes the deck's result against another typical deck:
the match's win (1) plus the fans its effects bring, divided by the round's mean trophy, and
the final counting as round 8 (win only). Every card is added to the same decks and shuffles
(common random numbers), so the differences are measured on equal footing.

    nice -n 5 .venv/bin/python scripts/challengers_card_values.py --games 4000 --seed 1
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from stammtisch.bots.challengers.knowledge import public_pool
from stammtisch.bots.challengers.lookahead import KEY_SLOTS, Sample, play, typical_deck
from stammtisch.bots.challengers.values import round_weight
from stammtisch.engine.challengers.catalogue import catalogue
from stammtisch.engine.challengers.options import optional_sets
from stammtisch.engine.challengers.rules_data import rules

FIRST_ROUND = {"B": 3, "C": 6}
"""Levels first offered in a later round are measured from there on (earlier is never asked)."""
OUT = Path(__file__).resolve().parents[1] / "src/stammtisch/bots/challengers/data/card_values.json"


def measure(games: int, seed: int) -> dict[str, list[float]]:
    """Per card key its worth in rounds 1..7 and the final (mean change per match)."""
    cat = catalogue()
    rng = random.Random(seed)
    cards = [c for c in cat.cards if c.set not in ("robot",)]
    final = rules().final_round
    totals = {c.key: [0.0] * final for c in cards}
    counts = {c.key: [0] * final for c in cards}
    for round_number in range(1, final + 1):
        for _ in range(games):
            sets = ("city", *rng.sample(optional_sets(), rules().sets_to_choose))
            pool = public_pool(sets, [])
            deck = typical_deck(rng, pool, round_number)
            sample = Sample(
                round=round_number,
                weight=round_weight(round_number),
                opponent=tuple(typical_deck(rng, pool, round_number)),
                opponent_robot=False,
                future=(),
                trophies=(round_number // 2, round_number // 2),
                tops=(0, 0),
                coaches=(-1, -1),
                frozen=False,
                seed=rng.getrandbits(32),
                two_player=False,
                players=4,
                keys=[rng.random() for _ in range(KEY_SLOTS)],
                stacks=tuple(tuple(rng.sample(level, len(level))) for level in pool),
            )
            base = play(deck, sample)
            for card in cards:
                if round_number < FIRST_ROUND.get(card.level, 1):
                    continue
                if card.set in sets or card.set == "starter":
                    totals[card.key][round_number - 1] += play([*deck, card.index], sample) - base
                    counts[card.key][round_number - 1] += 1
        print(f"round {round_number} done", flush=True)
    return {
        key: [round(t / n, 4) if n else 0.0 for t, n in zip(totals[key], counts[key], strict=True)]
        for key in totals
    }


def main() -> None:
    """Measure and write the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    values = measure(args.games, args.seed)
    document = {
        "about": "Worth of adding each card to a typical deck, per round 1-7 and the final",
        "made_by": f"scripts/challengers_card_values.py --games {args.games} --seed {args.seed}",
        "values": values,
    }
    OUT.write_text(json.dumps(document, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
