"""Match decisions of the `hard` bot by rollouts from determinised matches built from the view.

For put under, reorder, bench picks and search, the match the seat sees (park halves, benches,
frozen seats, exhaust piles, deck sizes, who attacks, who holds the flag) is rebuilt on the
engine's own match loop; what the seat cannot see is sampled: its own deck's order (from its
deck list before the match, less the cards it sees, with the cards the decision shows on top),
the opponent's unseen cards (modelled like the look-ahead's opponents) and the piles. Each option
is applied and the match played out with auto-play, the same samples for every option; the
option that wins most is taken (ties: the auto-play answer's option first). Winter Park places
and coach powers keep the auto-play policy (few options, little at stake).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Final

from stammtisch.bots.challengers.knowledge import Memory, index_of, table_of
from stammtisch.bots.challengers.lookahead import model_deck
from stammtisch.engine.challengers.actions import Action
from stammtisch.engine.challengers.auto import auto_action
from stammtisch.engine.challengers.board import NAME_ID, Side, count_in
from stammtisch.engine.challengers.catalogue import catalogue
from stammtisch.engine.challengers.decide import bench_pick, put_under, reorder, search
from stammtisch.engine.challengers.match import new_match, new_side, run
from stammtisch.engine.challengers.match_state import BENCH, COMPARE, Match
from stammtisch.engine.challengers.piles import Piles
from stammtisch.engine.challengers.rules_data import rules
from stammtisch.engine.challengers.setup import robot_deck

ROLLOUTS = 96
"""Determinised matches per option of a match decision (the shipped budget; was 32)."""
PLAYED: Final = ("put_under", "reorder", "bench_pick", "search")
"""Decision kinds decided by rollouts."""
_CAT: Final = catalogue()


def _side_cards(side: dict[str, Any]) -> list[int]:
    """Every card a side shows in the match."""
    keys = list(side["park"]) + list(side["exhaust"])
    for group in (*side["bench"], *side["frozen"], *side["placing"]):
        keys += group
    return [index_of(key) for key in keys]


def _fit(cards: list[int], size: int, filler: tuple[int, ...], rng: random.Random) -> list[int]:
    """Exactly `size` cards: a random part of `cards`, or all of them and filler draws."""
    cards = list(cards)
    rng.shuffle(cards)
    if len(cards) > size:
        return cards[:size]
    while len(cards) < size and filler:
        cards.append(filler[rng.randrange(len(filler))])
    return cards


def _rebuild(
    view: dict[str, Any], match: dict[str, Any], decks: list[list[int]], seed: int
) -> Match:
    """The seen match on the engine's loop, with the given (sampled) decks, top at the end."""
    sides: list[Side] = []
    for index, seen in enumerate(match["sides"]):
        side = new_side(
            index,
            seen["seat"],
            decks[index],
            robot=seen["seat"] < 0,
            auto=True,
            trophies=seen["trophies"],
            frozen=bool(seen["frozen"]),
        )
        side.stack = [index_of(key) for key in seen["park"]]
        side.extra = [0] * len(side.stack)
        side.exhaust = [index_of(key) for key in seen["exhaust"]]
        side.next_bonus = seen["next_bonus"]
        sides.append(side)
    rng = random.Random(seed)
    stacks = [
        [c.index for c in _CAT.cards if c.level == level and c.set in view["sets"]]
        for level in ("A", "B", "C")
    ]
    for stack in stacks:
        rng.shuffle(stack)
    m = new_match(
        sides,
        match["round"],
        park=match["park"],
        piles=Piles(stacks, rules().discard_capacity, rng),
        box=[],
        events=None,
    )
    for side, seen in zip(sides, match["sides"], strict=True):
        for group in seen["bench"]:
            cards = [index_of(key) for key in group]
            side.bench[NAME_ID[cards[0]]] = cards
            for card in cards:
                count_in(side, card, m.base)
        for i, group in enumerate(seen["frozen"]):
            side.frozen[i] = [index_of(key) for key in group]
            for card in side.frozen[i]:
                count_in(side, card, m.base, frozen=True)
    seats = [side["seat"] for side in match["sides"]]
    m.att = seats.index(match["attacker"])
    holders = [i for i, side in enumerate(match["sides"]) if side["flag"]]
    m.flag = holders[0] if holders else -1
    m.dirty = True
    return m


def _apply(m: Match, me: int, decision: dict[str, Any], option: str) -> None:
    """Carry out one option of the seat's decision in a rebuilt match and set the loop's step."""
    source = decision["card"]
    effect = _CAT.card(source).effect
    assert effect is not None
    kind = decision["kind"]
    side = m.sides[me]
    if kind == "put_under":
        put_under(m, side, list(decision["shown"]).index(option))
    elif kind == "reorder":
        reorder(m, side, tuple(index_of(key) for key in option.split(",")))
    elif kind == "search":
        search(m, side, index_of(option), effect.params["position"])
    else:
        holder = m.att if effect.timing == "immediate" else m.flag
        owner = holder if effect.params["whose"] == "self" else 1 - holder
        destination = "deck" if effect.kind == "bench_to_deck_top" else "exhaust"
        cards = () if option == "none" else tuple(index_of(key) for key in option.split("+"))
        bench_pick(m, m.sides[owner], cards, destination)
    m.step = COMPARE if effect.timing == "immediate" else BENCH


def _decks(
    view: dict[str, Any],
    match: dict[str, Any],
    me: int,
    memory: Memory,
    rng: random.Random,
) -> list[list[int]]:
    """Sampled decks (top at the end) for both sides of the seen match."""
    decision = view["you"]["decision"]
    table = table_of(view, memory.deck)
    decks: list[list[int]] = [[], []]
    for index, seen in enumerate(match["sides"]):
        visible = Counter(_side_cards(seen))
        size = seen["deck"]
        if index == me:
            if decision["kind"] == "search":
                decks[index] = _fit([index_of(k) for k in decision["shown"]], size, (), rng)
                continue
            top = [index_of(key) for key in decision["shown"]][:size]
            own = Counter(memory.deck) - visible - Counter(top)
            rest = _fit(list(own.elements()), size - len(top), table.pool[0], rng)
            decks[index] = rest + top[::-1]
            continue
        if seen["seat"] < 0:
            full = robot_deck(table.difficulty, table.solo_cards, rng)
        else:
            full = model_deck(
                rng, table, seen["seat"], table.round, memory.seen.get(seen["seat"], Counter())
            )
        unseen = Counter(full) - visible
        decks[index] = _fit(list(unseen.elements()), size, table.pool[0], rng)
    return decks


def decide(
    state: Any,
    seat: int,
    view: dict[str, Any],
    legal: list[Action],
    memory: Memory,
    rng: random.Random,
    budget: int,
) -> Action:
    """The answer to a pending match decision."""
    decision = view["you"]["decision"]
    fallback = auto_action(state, seat)
    if decision["kind"] not in PLAYED or len(legal) < 2 or budget <= 0:
        return fallback
    match = next(
        park["match"]
        for park in view["parks"]
        if park["match"] is not None and park["match"]["waiting_for"] == seat
    )
    me = [side["seat"] for side in match["sides"]].index(seat)
    options = [a.arg for a in legal]
    wins = [0] * len(options)
    for _ in range(budget):
        decks = _decks(view, match, me, memory, rng)
        seed = rng.getrandbits(32)
        for i, option in enumerate(options):
            m = _rebuild(view, match, [list(d) for d in decks], seed)
            _apply(m, me, decision, option)
            run(m)
            wins[i] += m.winner == me
    order = sorted(range(len(options)), key=lambda i: (-wins[i], options[i] != fallback.arg, i))
    return legal[order[0]]
