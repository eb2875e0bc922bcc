"""The numbers the help texts name, read from the engines' data (never copied into the texts)."""

from __future__ import annotations

from functools import cache

from stammtisch.engine.challengers.catalogue import catalogue as challengers_cards
from stammtisch.engine.challengers.rules_data import rules
from stammtisch.engine.klubnacht import catalogue as klubnacht_data
from stammtisch.engine.klubnacht.scoring import COIN_POINTS, COMPENSATION_POINTS
from stammtisch.engine.klubnacht.setup import MARKET_SIZE


def challengers_numbers() -> dict[str, int]:
    """Rounds, deck, draw, keep, base powers, bench, parks, sets, lead of Challengers!."""
    data = rules()
    cards = challengers_cards()
    starter = sum(card.copies for card in cards.of_set("starter"))

    def top(level: str) -> int:
        return max(c.power or 0 for c in cards.cards if c.level == level and c.set != "robot")

    parks = data.parks
    return {
        "rounds": data.rounds,
        "starter_deck": starter,
        "draw": data.draw,
        "alt_draw": data.alt_draw,
        "keep_a": data.keep["A"],
        "keep_b": data.keep["B"],
        "keep_c": data.keep["C"],
        "power_a": top("A"),
        "power_b": top("B"),
        "power_c": top("C"),
        "bench": data.bench_seats,
        "parks_2": parks[2],
        "parks_4": parks[4],
        "parks_6": parks[6],
        "parks_8": parks[8],
        "sets": data.sets_to_choose,
        "lead": data.lead_to_win,
        "round_cap": data.round_cap,
        "frozen": data.frozen_seats,
        "max_players": data.max_players,
    }


def klubnacht_numbers() -> dict[str, int]:
    """Cards, motifs, market, tasks, face-down tasks, points of Klubnacht."""
    tasks = klubnacht_data.catalogue()
    per_game = tasks.per_game

    def points(tier: str, end: int) -> int:
        values = [task.points for task in tasks.tier(tier)]
        return min(values) if end == 0 else max(values)

    return {
        "cards": klubnacht_data.CARD_COUNT,
        "motifs": klubnacht_data.MOTIF_COUNT,
        "copies": klubnacht_data.COPIES,
        "market": MARKET_SIZE,
        "takes": 2,
        "tasks": sum(per_game.values()),
        "catalogue": len(tasks.tasks),
        "easy": per_game["easy"],
        "medium": per_game["medium"],
        "hard": per_game["hard"],
        "face_down": tasks.face_down,
        "coin": COIN_POINTS,
        "compensation": COMPENSATION_POINTS,
        "chips": len(klubnacht_data.CHIPS),
        "min_points": min(task.points for task in tasks.tasks),
        "max_points": max(task.points for task in tasks.tasks),
        "easy_low": points("easy", 0),
        "easy_high": points("easy", 1),
        "hard_low": points("hard", 0),
        "hard_high": points("hard", 1),
    }


@cache
def numbers(game: str) -> dict[str, int]:
    """The numbers of a game, by the placeholder names the help texts use (`{rounds}`)."""
    return challengers_numbers() if game == "challengers" else klubnacht_numbers()
