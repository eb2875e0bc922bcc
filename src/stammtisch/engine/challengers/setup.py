"""A new tournament from options and a seed: sets, piles, starters, robot, trophies, coaches."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from stammtisch.engine.challengers.catalogue import PILE_LEVELS, catalogue
from stammtisch.engine.challengers.coaching import deal
from stammtisch.engine.challengers.options import optional_sets
from stammtisch.engine.challengers.piles import Piles
from stammtisch.engine.challengers.rules_data import rules
from stammtisch.engine.challengers.state import Player, Robot, State, Trophy


def choose_sets(choice: str | list[str], rng: random.Random) -> list[str]:
    """The 5 optional sets in play: as listed, the first-game preset, or drawn at random."""
    choosable = optional_sets()
    if isinstance(choice, list):
        return list(choice)
    if choice == "first-game":
        return [key for key in choosable if not catalogue().sets[key].first_game_leaves_out]
    return sorted(rng.sample(choosable, rules().sets_to_choose), key=choosable.index)


def build_piles(sets: list[str], rng: random.Random) -> Piles:
    """Level piles A, B, C of City plus the chosen sets, each shuffled."""
    in_play = {"city", *sets}
    stacks: list[list[int]] = []
    for level in PILE_LEVELS:
        cards = [
            card.index
            for card in catalogue().cards
            if card.set in in_play and card.level == level
            for _ in range(card.copies)
        ]
        rng.shuffle(cards)
        stacks.append(cards)
    return Piles(stacks, rules().discard_capacity, rng)


def starter_deck() -> list[int]:
    """One starter deck (6 cards)."""
    return [card.index for card in catalogue().of_set("starter") for _ in range(card.copies)]


def robot_deck(difficulty: int, solo_cards: bool, rng: random.Random) -> list[int]:
    """The robot's 8 base cards with the difficulty's replacements drawn from the R pool."""
    cat = catalogue()
    robot_cards = cat.of_set("robot")
    deck = [card.index for card in robot_cards if card.level == "S" for _ in range(card.copies)]
    pool_levels = ("R", "SOLO") if solo_cards else ("R",)
    pool = [
        card.index for card in robot_cards if card.level in pool_levels for _ in range(card.copies)
    ]
    for key, count in rules().difficulties[difficulty].replace:
        deck.remove(cat.card(key).index)
        for _ in range(count):
            deck.append(pool.pop(rng.randrange(len(pool))))
    return sorted(deck)


def trophy_stacks(parks: int, rng: random.Random) -> list[list[Trophy]]:
    """Per park a stack with one trophy of each round, round 1 on top (end of the list)."""
    stacks: list[list[Trophy]] = [[] for _ in range(parks)]
    values = rules().trophies
    for round_index in reversed(range(len(values))):
        fans = list(values[round_index])
        rng.shuffle(fans)
        for park in range(parks):
            stacks[park].append((round_index + 1, fans[park]))
    return stacks


def new_state(options: Mapping[str, Any], seed: int) -> State:
    """The state before round 1 (normalized options expected)."""
    rng = random.Random(seed)
    rule = rules()
    players_count = options["players"]
    plans = rule.plans_for(players_count)
    sets = choose_sets(options["sets"], rng)
    piles = build_piles(sets, rng)
    players = [
        Player(seat=seat, plan=plans[seat], deck=starter_deck()) for seat in range(players_count)
    ]
    robot = None
    if players_count % 2:
        deck = robot_deck(options["difficulty"], options["solo_cards"], rng)
        robot = Robot(plan=plans[players_count], deck=deck)
    state = State(
        options=dict(options),
        seed=seed,
        rng=rng,
        sets=sets,
        players=players,
        robot=robot,
        piles=piles,
        box=[],
        trophy_stacks=trophy_stacks(rule.parks[players_count], rng),
    )
    if options["coaches"]:
        for player, dealt in zip(players, deal(players_count, rng), strict=True):
            player.coaches = dealt
    state.universe = dict(Counter(all_cards(state)))
    return state


def all_cards(state: State) -> list[int]:
    """Every card in play wherever it lies (for the conservation check)."""
    cards = state.piles.cards() + list(state.box)
    for player in state.players:
        cards += player.deck + player.drawn
    if state.robot is not None:
        cards += state.robot.deck
    for match in state.matches:
        if match is not None:
            for side in match.sides:
                cards += side.cards()
            cards += [card for group in match.queue for card in group]
    return cards
