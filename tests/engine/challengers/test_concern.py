"""A seat's concern: untouched by the moves of seats drafting beside it, changed by its own and
by a new phase or round."""

from __future__ import annotations

import random

import pytest

from stammtisch.engine.challengers.game import GAME
from stammtisch.engine.challengers.state import DECK
from stammtisch.engine.protocol import GameError, SeatConcern


def test_challengers_defines_a_seat_concern_and_refuses_seats_it_does_not_have() -> None:
    assert isinstance(GAME, SeatConcern)
    state = GAME.setup({"players": 3}, 5)
    with pytest.raises(GameError):
        GAME.concern(state, 3)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_other_seats_drafting_leave_a_seat_concern_as_it_was(seed: int) -> None:
    state = GAME.setup({"players": 4}, seed)
    rng = random.Random(seed)
    others_moved = own_moved = phase_changed = 0
    while GAME.outcome(state) is None:
        seat = rng.choice(sorted(GAME.to_act(state)))
        before = {s: GAME.concern(state, s) for s in range(4)}
        was = (state.phase, state.round)
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        if (state.phase, state.round) != was:
            phase_changed += 1
            assert all(GAME.concern(state, s) != before[s] for s in range(4))
            continue
        if state.phase != DECK:
            continue
        assert GAME.concern(state, seat) != before[seat]
        own_moved += 1
        for other in set(range(4)) - {seat}:
            assert GAME.concern(state, other) == before[other]
            others_moved += 1
    assert own_moved > 20
    assert others_moved > 60
    assert phase_changed >= 8
