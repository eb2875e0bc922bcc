"""The determiniser: full nights consistent with one seat's view, blind to hidden facts."""

import random

from stammtisch.engine.klubnacht import GAME, KlubnachtState
from stammtisch.engine.klubnacht.catalogue import Task, catalogue
from stammtisch.engine.klubnacht.determinise import determinise
from stammtisch.engine.klubnacht.fast import random_playout
from tests.engine.klubnacht.test_conformance import assert_cards_conserved


def random_positions(count: int, chips: bool = True):
    """Positions from random nights, some way in, not over."""
    for seed in range(count):
        state = GAME.setup({"chips": chips}, seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(60)):
            if state.over:
                break
            GAME.apply(state, state.current, rng.choice(GAME.legal_actions(state, state.current)))
        if not state.over:
            yield state


def shuffle_hidden(state: KlubnachtState, seat: int, rng: random.Random) -> KlubnachtState:
    """The same night with facts `seat` cannot know changed by hand (not by the determiniser)."""
    other = state.clone()
    opponent = 1 - seat
    hidden = [i for i, c in enumerate(other.hands[opponent]) if not other.seen[c] & (1 << seat)]
    if hidden and other.stack:
        i = rng.choice(hidden)
        j = rng.randrange(len(other.stack))
        card, swap = other.hands[opponent][i], other.stack[j]
        other.hands[opponent][i], other.stack[j] = swap, card
        other.seen[swap], other.seen[card] = other.seen[card], 0
        for c in (card, swap):
            delta = 1 if c == swap else -1
            other.counts[opponent][c // 5] += delta
            other.packed[opponent] += delta << (5 * (c // 5))
    rng.shuffle(other.stack)
    other.rng = random.Random(rng.random())
    tasks = list(other.tasks)
    shown = {t.id for t in tasks}
    for slot, down in enumerate(other.face_down):
        if down:
            same = [
                t for t in catalogue().tasks if t.points == tasks[slot].points and t.id not in shown
            ]
            if same:
                tasks[slot] = same[0]
                shown.add(same[0].id)
    other.tasks = tuple(tasks)
    other.claim_memo = {}
    return other


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
