"""The determiniser: full nights consistent with one seat's view, blind to hidden facts."""

import random

from stammtisch.engine.klubnacht import GAME
from stammtisch.engine.klubnacht.catalogue import Task
from stammtisch.engine.klubnacht.determinise import determinise
from stammtisch.engine.klubnacht.fast import random_playout
from tests.engine.klubnacht.hidden import random_positions, shuffle_hidden
from tests.engine.klubnacht.test_conformance import assert_cards_conserved


def test_a_determinised_night_looks_the_same_to_the_seat() -> None:
    positions = list(random_positions(150))
    assert len(positions) > 100
    for state in positions:
        for seat in (0, 1):
            sample = determinise(state, seat, random.Random(7))
            assert GAME.view(sample, seat) == GAME.view(state, seat)
            assert_cards_conserved(sample)
            if seat == state.current:
                assert GAME.legal_actions(sample, seat) == GAME.legal_actions(state, seat)


def test_determinised_nights_differ_in_what_the_seat_cannot_know() -> None:
    state = next(s for s in random_positions(50) if len(s.stack) >= 5)
    seat = state.current
    samples = {tuple(determinise(state, seat, random.Random(i)).stack) for i in range(20)}
    assert len(samples) > 10


def test_the_determiniser_ignores_every_hidden_fact() -> None:
    checked = 0
    for state in random_positions(150):
        seat = state.current
        other = shuffle_hidden(state, seat, random.Random(3))
        if GAME.view(other, seat) != GAME.view(state, seat):
            continue  # e.g. the swap changed which motifs Free drink offers
        first = determinise(state, seat, random.Random(11)).snapshot()
        second = determinise(other, seat, random.Random(11)).snapshot()
        assert first == second
        checked += 1
    assert checked > 100


def test_face_down_tasks_are_resampled_with_their_visible_points() -> None:
    for state in random_positions(40):
        sample = determinise(state, state.current, random.Random(5))
        for real, drawn, down in zip(state.tasks, sample.tasks, state.face_down, strict=True):
            assert isinstance(drawn, Task)
            assert drawn.points == real.points
            if not down:
                assert drawn is real


def test_determinised_nights_play_to_their_end() -> None:
    for state in random_positions(100):
        sample = determinise(state, state.current, random.Random(1))
        random_playout(sample, random.Random(2))
        assert sample.over
        assert_cards_conserved(sample)
