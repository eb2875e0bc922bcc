"""The robot levels: each decides from its seat's view alone and plays whole tournaments legally."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from stammtisch.bots.challengers.hard import HardBot
from stammtisch.bots.challengers.simulate import bot_rng
from stammtisch.bots.protocol import Bot
from stammtisch.bots.registry import make_bot
from stammtisch.engine.challengers.game import GAME
from stammtisch.engine.challengers.state import State

LEVELS = ("random", "easy", "greedy", "medium", "hard")
KINDS = ("pile", "pick", "redraw", "remove", "put_under", "reorder", "bench_pick", "search")
"""The decision points the view test covers (the draft's and the match effects')."""


def _bot(name: str) -> Bot:
    """A bot of a level (hard with a small budget, to keep the tests quick)."""
    return HardBot(samples=8, rollouts=3) if name == "hard" else make_bot("challengers", name)


def _kind(state: State, seat: int) -> str:
    """What sort of decision the seat faces now."""
    view = GAME.view(state, seat)
    own = view["you"]
    if own["decision"] is not None:
        return str(own["decision"]["kind"])
    if own["stage"] == "pick":
        return "redraw" if own["picks_left"] == 1 and not own["redraw_used"] else "pick"
    return str(own["stage"])


@cache
def _decision_points() -> tuple[tuple[str, State], ...]:
    """One state for each kind of decision seat 0 meets in greedy tournaments (2 and 4 seats)."""
    found: dict[str, State] = {}
    for seed in range(40):
        state = GAME.setup({"players": 2 + 2 * (seed % 2), "sets": "random"}, seed)
        bots = [make_bot("challengers", "greedy") for _ in state.players]
        while GAME.outcome(state) is None and len(found) < len(KINDS):
            seat = min(GAME.to_act(state))
            if seat == 0 and len(GAME.legal_actions(state, 0)) > 1:
                found.setdefault(_kind(state, 0), GAME.clone(state))
            GAME.apply(state, seat, bots[seat].choose(GAME, state, seat, bot_rng(seed, seat)))
    return tuple((kind, found[kind]) for kind in KINDS if kind in found)


def _scrambled(state: State, seat: int, seed: int) -> State:
    """The same position as `seat` sees it, with everything it cannot see shuffled or swapped:
    other seats' decks and draws exchanged with pile cards, pile order, unseen deck orders, and
    the game's own random source."""
    rng = random.Random(seed)
    copy = GAME.clone(state)
    piles = copy.piles
    for level in range(3):
        cards = piles.stacks[level] + piles.discards[level]
        rng.shuffle(cards)
        size = len(piles.stacks[level])
        piles.stacks[level], piles.discards[level] = cards[:size], cards[size:]

    def swap(cards: list[int]) -> None:
        for i, card in enumerate(cards):
            level = copy.piles.stacks
            for stack in level:
                if stack and _same_level(stack[0], card):
                    j = rng.randrange(len(stack))
                    cards[i], stack[j] = stack[j], card
                    break
        rng.shuffle(cards)

    for player in copy.players:
        if player.seat != seat:
            swap(player.deck)
            swap(player.drawn)
    decision = GAME.view(copy, seat)["you"]["decision"]
    for match in copy.matches:
        if match is None:
            continue
        for side in match.sides:
            if side.seat != seat:
                swap(side.deck)
            elif decision is not None and decision["kind"] in ("put_under", "reorder"):
                keep = len(decision["shown"])
                rest = side.deck[: len(side.deck) - keep]
                rng.shuffle(rest)
                side.deck[: len(rest)] = rest
            else:
                rng.shuffle(side.deck)
    copy.rng = random.Random(seed + 1)
    copy.piles.rng = copy.rng
    return copy


def _same_level(a: int, b: int) -> bool:
    """Whether two cards belong to the same level pile."""
    from stammtisch.engine.challengers.board import LEVEL

    return LEVEL[a] == LEVEL[b]


def test_the_decision_points_cover_draft_and_match_effects() -> None:
    kinds = {kind for kind, _ in _decision_points()}
    assert {"pick", "redraw", "remove", "pile", "put_under"} <= kinds
    assert kinds & {"reorder", "bench_pick", "search"}


@pytest.mark.parametrize("level", LEVELS)
def test_a_level_decides_from_the_view_alone(level: str) -> None:
    for index, (kind, state) in enumerate(_decision_points()):
        other = _scrambled(state, 0, index)
        assert GAME.view(other, 0) == GAME.view(state, 0), kind
        hidden_changed = _hidden(other) != _hidden(state)
        assert hidden_changed, kind
        first = _bot(level).choose(GAME, state, 0, random.Random(index))
        second = _bot(level).choose(GAME, other, 0, random.Random(index))
        assert first == second, (level, kind)
        assert first in GAME.legal_actions(state, 0)


def _hidden(state: State) -> Any:
    """What seat 0 cannot see: pile order, the others' cards, deck orders."""
    decks = [list(p.deck) + list(p.drawn) for p in state.players[1:]]
    sides = [list(s.deck) for m in state.matches if m is not None for s in m.sides]
    return (state.piles.stacks, decks, sides)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players", [1, 2, 4])
def test_a_level_plays_whole_tournaments_legally(level: str, players: int) -> None:
    options: dict[str, Any] = {"players": players, "winter_park": players == 4}
    if players == 1:
        options |= {"difficulty": 4, "solo_cards": True}
    state = GAME.setup(options, 7)
    bots = [_bot(level) for _ in state.players]
    while GAME.outcome(state) is None:
        seat = min(GAME.to_act(state))
        action = bots[seat].choose(GAME, state, seat, bot_rng(7, seat))
        assert action in GAME.legal_actions(state, seat)
        GAME.apply(state, seat, action)
    assert GAME.outcome(state) is not None
