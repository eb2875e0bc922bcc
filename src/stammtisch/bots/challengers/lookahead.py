"""Look-ahead for drafting: play out the decks a seat could have against the decks it may meet.

Every candidate deck is scored on the same sampled futures (common random numbers): per sample
a round to look at (drawn in proportion to what that round's match is worth), the opponent of
that round modelled from public facts (deck size, trophies, seen cards, draws from the public
piles), the cards both sides may still draft until then, and one shuffle order per card copy,
so that decks which differ by one card meet the same opponents in nearly the same order.
Matches run on the engine's own loop with auto-play for the decisions inside.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from stammtisch.bots.challengers.knowledge import Table, opponent_in
from stammtisch.bots.challengers.values import round_weight, worths
from stammtisch.engine.challengers import coaching
from stammtisch.engine.challengers.autoplay import draft_value
from stammtisch.engine.challengers.catalogue import PILE_LEVELS, catalogue
from stammtisch.engine.challengers.match import new_match, new_side, run, start
from stammtisch.engine.challengers.piles import Piles
from stammtisch.engine.challengers.rules_data import rules
from stammtisch.engine.challengers.setup import robot_deck, starter_deck

_RULES: Final = rules()
STARTER: Final = tuple(starter_deck())
COPY_SLOTS: Final = 12
"""Shuffle-key slots per card index (copies beyond it share slots with other cards)."""
KEY_SLOTS: Final = 2 * 1021
"""Shuffle keys per sample: one half for the seat's copies, one for the opponent's."""
SHED_BELOW: Final = -0.01
"""In sampled future rounds the seat removes cards worth less than this (down to MIN_DECK)."""
MIN_DECK: Final = 8
"""The seat never shrinks its deck below this many cards."""
SHED_FROM_ROUND: Final = {"starter-newcomer": 3, "starter-talent": 5}
"""The modelled opponents shed these starters from this round on (down to 9 cards)."""
_SHED: Final = {catalogue().by_key[key]: start for key, start in SHED_FROM_ROUND.items()}


@dataclass(frozen=True, slots=True)
class Sample:
    """One sampled future: the round, the opponent's deck, what the seat drafts until then."""

    round: int
    weight: float
    opponent: tuple[int, ...]
    opponent_robot: bool
    future: tuple[tuple[int, tuple[int, ...]], ...]
    """Per coming round before the sample's round: (round, the cards the seat would draw)."""
    players: int
    trophies: tuple[int, int]
    tops: tuple[int, int]
    coaches: tuple[int, int]
    frozen: bool
    seed: int
    two_player: bool
    keys: list[float]
    stacks: tuple[tuple[int, ...], ...]


def greedy_pick(cards: Sequence[int], count: int) -> list[int]:
    """The `count` cards a greedy drafter keeps (highest draft value)."""
    return sorted(cards, key=lambda c: (-draft_value(c), c))[:count]


def draft_rounds(
    rng: random.Random, pool: tuple[tuple[int, ...], ...], first: int, last: int
) -> list[int]:
    """Cards a greedy drafter adds in rounds first..last (highest level offered, best kept)."""
    added: list[int] = []
    for round_number in range(first, last + 1):
        if round_number > _RULES.rounds:
            break
        level = _RULES.offers[round_number - 1][-1]
        cards = pool[PILE_LEVELS.index(level)]
        if not cards:
            continue
        drawn = [cards[rng.randrange(len(cards))] for _ in range(_RULES.draw)]
        added += greedy_pick(drawn, _RULES.keep[level])
    return added


def keeps(first: int, last: int) -> int:
    """How many cards a drafter keeps in rounds first..last (highest level offered)."""
    return sum(
        _RULES.keep[_RULES.offers[r - 1][-1]] for r in range(first, min(last, _RULES.rounds) + 1)
    )


def typical_deck(
    rng: random.Random, pool: tuple[tuple[int, ...], ...], round_number: int
) -> list[int]:
    """A greedy drafter's deck for a round's match: starters, best draws, weak starters shed."""
    deck = list(STARTER) + draft_rounds(rng, pool, 1, min(round_number, _RULES.rounds))
    for card, first in _SHED.items():
        while round_number >= first and card in deck and len(deck) > 9:
            deck.remove(card)
    return deck


def model_deck(
    rng: random.Random,
    table: Table,
    seat: int,
    round_number: int,
    known: Counter[int],
) -> list[int]:
    """A plausible deck of another seat for a round: starters, greedy draws, seen cards kept."""
    last = min(round_number, _RULES.rounds)
    deck = typical_deck(rng, table.pool, round_number)
    target = table.deck_sizes.get(seat, len(deck)) + keeps(table.round + 1, last)
    if table.stages.get(seat) in ("coach", "pile", "pick") and table.round <= _RULES.rounds:
        target += keeps(table.round, table.round)
    for card, count in known.items():
        deck += [card] * (count - deck.count(card))
    deck.sort(key=lambda c: (draft_value(c), c))
    while len(deck) > max(target, 1):
        weakest = next((c for c in deck if known[c] < deck.count(c)), deck[0])
        deck.remove(weakest)
    extra = target - len(deck)
    if extra > 0:
        level = _RULES.offers[max(last, 1) - 1][-1]
        cards = table.pool[PILE_LEVELS.index(level)]
        if cards:
            deck += [cards[rng.randrange(len(cards))] for _ in range(extra)]
    return deck


def _rounds_ahead(table: Table) -> list[int]:
    """The rounds whose matches the seat still plays (the final counts as round 8)."""
    if table.final or table.round > _RULES.rounds:
        return [_RULES.final_round]
    ahead = list(range(table.round, _RULES.rounds + 1))
    if table.players >= 3:
        ahead.append(_RULES.final_round)
    return ahead


def _final_opponent(table: Table) -> int:
    """Whom one would meet in the final: the other finalist, else the seat with most trophies."""
    others = [s for s in table.finalists if s != table.seat]
    if others:
        return others[0]
    rest = [s for s in range(table.players) if s != table.seat]
    return max(rest, key=lambda s: (len(table.trophy_rounds[s]), -s))


def samples(
    table: Table, seen: dict[int, Counter[int]], count: int, rng: random.Random
) -> list[Sample]:
    """`count` sampled futures, rounds allocated in proportion to their worth."""
    ahead = _rounds_ahead(table)
    weights = [round_weight(r) for r in ahead]
    total = sum(weights)
    found: list[Sample] = []
    mine = len(table.trophy_rounds[table.seat])
    for i in range(count):
        # stratified: sample i looks at the round its slot of the cumulative weights falls in
        point = (i + rng.random()) / count * total
        index = 0
        while index < len(ahead) - 1 and point > weights[index]:
            point -= weights[index]
            index += 1
        round_number = ahead[index]
        final = round_number > _RULES.rounds
        opponent = _final_opponent(table) if final else opponent_in(table, round_number)
        future = _future_draws(rng, table.pool, table.round + 1, round_number)
        if opponent is None:
            deck = robot_deck(table.difficulty, table.solo_cards, rng)
            theirs, robot = 0, True
        else:
            deck = model_deck(rng, table, opponent, round_number, seen.get(opponent, Counter()))
            theirs, robot = len(table.trophy_rounds[opponent]), False
        ahead_now = round_number - table.round
        now = round_number == table.round
        tops = (
            max(table.trophy_rounds[table.seat], default=0) if now else 0,
            max(table.trophy_rounds[opponent], default=0) if now and opponent is not None else 0,
        )
        frozen = False
        if table.winter_park and now:
            frozen = table.winter_now is not None and table.winter_now == table.park_now
        elif table.winter_park:
            frozen = final or rng.randrange(_RULES.parks[table.players]) == 0
        found.append(
            Sample(
                round=round_number,
                weight=weights[index],
                opponent=tuple(deck),
                opponent_robot=robot,
                future=future,
                trophies=(mine + ahead_now // 2, theirs + ahead_now // 2),
                tops=tops,
                coaches=(
                    table.coaches.get(table.seat, -1),
                    table.coaches.get(opponent, -1) if opponent is not None else -1,
                ),
                frozen=frozen,
                seed=rng.getrandbits(32),
                two_player=table.players <= 2,
                players=table.players,
                keys=[rng.random() for _ in range(KEY_SLOTS)],
                stacks=tuple(tuple(rng.sample(level, len(level))) for level in table.pool),
            )
        )
    return found


def _future_draws(
    rng: random.Random, pool: tuple[tuple[int, ...], ...], first: int, last: int
) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The draws of rounds first..last (highest level offered) the seat would choose from."""
    draws = []
    for round_number in range(first, min(last, _RULES.rounds) + 1):
        cards = pool[PILE_LEVELS.index(_RULES.offers[round_number - 1][-1])]
        if cards:
            drawn = tuple(cards[rng.randrange(len(cards))] for _ in range(_RULES.draw))
            draws.append((round_number, drawn))
    return tuple(draws)


def grown(deck: Sequence[int], sample: Sample) -> list[int]:
    """The deck after the sample's coming rounds, drafted and shed by the card worths."""
    cards = list(deck)
    for round_number, drawn in sample.future:
        worth = worths(round_number, min(sample.players, 3))
        keep = _RULES.keep[_RULES.offers[round_number - 1][-1]]
        cards += sorted(drawn, key=lambda c: -worth[c])[:keep]
        while len(cards) > MIN_DECK:
            weakest = min(cards, key=lambda c: worth[c])
            if worth[weakest] >= SHED_BELOW:
                break
            cards.remove(weakest)
    return cards


def _ordered(deck: Sequence[int], keys: list[float], offset: int) -> list[int]:
    """A deck in the sample's shuffle order (top = end), by per-copy keys."""
    copies: dict[int, int] = {}
    ranked: list[tuple[float, int]] = []
    for card in deck:
        n = copies.get(card, 0)
        copies[card] = n + 1
        slot = (card * COPY_SLOTS + n) % (KEY_SLOTS // 2)
        ranked.append((keys[offset + slot], card))
    ranked.sort()
    return [card for _, card in ranked]


def play(deck: Sequence[int], sample: Sample) -> float:
    """One simulated match of `deck` (plus the sample's future draws): its worth for the seat."""
    rng = random.Random(sample.seed)
    keys = sample.keys
    mine = _ordered(grown(deck, sample) if sample.future else deck, keys, 0)
    theirs = _ordered(sample.opponent, keys, KEY_SLOTS // 2)
    sides = [
        new_side(
            0, 0, mine, robot=False, auto=True, trophies=sample.trophies[0], frozen=sample.frozen
        ),
        new_side(
            1,
            1,
            theirs,
            robot=sample.opponent_robot,
            auto=True,
            trophies=sample.trophies[1],
            frozen=sample.frozen,
        ),
    ]
    piles = Piles([list(level) for level in sample.stacks], _RULES.discard_capacity, rng)
    m = new_match(sides, sample.round, park=0, piles=piles, box=[], events=None)
    tops = sample.tops
    if sample.round > 1 and tops[0] != tops[1]:
        start(m, 0 if tops[0] > tops[1] else 1, toss=False)
    else:
        start(m, rng.randrange(2), toss=True)
    for side, coach in zip(sides, sample.coaches, strict=True):
        if coach >= 0:
            coaching.equip(m, side, coach)
    run(m)
    for side in sides:
        coaching.after_match(m, side, side.index == m.winner)
    won = 1.0 if m.winner == 0 else 0.0
    if sample.round > _RULES.rounds:
        return won
    fans = sides[0].fans - (sides[1].fans if sample.two_player else 0)
    return won + fans / sample.weight


def evaluate(decks: Sequence[Sequence[int]], futures: list[Sample]) -> list[float]:
    """Each candidate deck's mean worth over the same sampled futures."""
    if not futures:
        return [0.0 for _ in decks]
    return [sum(play(deck, s) for s in futures) / len(futures) for deck in decks]
