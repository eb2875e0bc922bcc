"""Thousands of seeded random nights: conservation, replay, fast = checked path, no leaks."""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.engine.klubnacht import GAME, KlubnachtState
from stammtisch.engine.klubnacht.cards import card_text
from stammtisch.engine.klubnacht.catalogue import unpack
from stammtisch.engine.klubnacht.fast import action_keys, random_playout
from stammtisch.engine.klubnacht.rules import end_reason_now
from stammtisch.engine.protocol import replay
from tests.engine.klubnacht.leaks import card_texts_in, hidden_tasks_in, visible_cards


def assert_cards_conserved(state: KlubnachtState) -> None:
    """Every card is in exactly one place: stack, market, a hand, spent or destroyed."""
    places = list(state.stack) + [c for c in state.market if c >= 0] + state.destroyed
    places += state.hands[0] + state.hands[1]
    places += [card for pile in state.spent for card, _ in pile]
    assert sorted(places) == list(range(30))
    for seat in (0, 1):
        counts = Counter(card // 5 for card in state.hands[seat])
        assert unpack(state.packed[seat]) == [counts[m] for m in range(6)]
    for seat in (0, 1):
        for _, slot in state.spent[seat]:
            assert state.owner[slot] == seat


def play_random_night(chips: bool, seed: int, check_leaks: bool = False) -> list[tuple[int, str]]:
    """A random night through the checked path, with the invariants checked after each action."""
    state = GAME.setup({"chips": chips}, seed)
    rng = random.Random(seed)
    log = []
    while not state.over:
        seat = state.current
        legal = GAME.legal_actions(state, seat)
        assert len(legal) == len(action_keys(state))
        action = legal[rng.randrange(len(legal))]
        before = {viewer: visible_cards(state, viewer) for viewer in (0, 1, None)}
        events = GAME.apply(state, seat, action)
        log.append((seat, GAME.action_text(action)))
        assert_cards_conserved(state)
        assert state.over or state.pending is not None or end_reason_now(state) is None
        if check_leaks:
            assert_no_leaks(state, events, before)
    assert GAME.outcome(state) is not None
    return log


def assert_no_leaks(state: KlubnachtState, events, before) -> None:
    """Views and events name only cards and tasks their viewer may know."""
    for viewer in (0, 1, None):
        allowed = {card_text(c) for c in visible_cards(state, viewer) | before[viewer]}
        data = GAME.view(state, viewer)
        assert card_texts_in(data) <= allowed
        assert hidden_tasks_in(state, data) == set()
        seen = [e.to_dict() for e in events if e.visible_to(viewer)]
        assert card_texts_in(seen) <= allowed
        assert hidden_tasks_in(state, seen) == set()


def test_thousands_of_random_nights_conserve_cards_and_end_properly() -> None:
    reasons = Counter()
    for seed in range(1500):
        log = play_random_night(chips=seed % 2 == 1, seed=seed)
        reasons[replay(GAME, {"chips": seed % 2 == 1}, seed, log).end_reason] += 1
    assert set(reasons) == {
        "market_empty",
        "all_tasks_claimed",
        "lead_safe",
        "nothing_buildable",
        "double_pass",
    }


def test_random_nights_leak_nothing_to_either_seat_or_spectators() -> None:
    for seed in range(150):
        play_random_night(chips=seed % 3 > 0, seed=seed, check_leaks=True)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**63), chips=st.booleans())
def test_a_night_replays_exactly_from_its_seed_and_log(seed: int, chips: bool) -> None:
    log = play_random_night(chips, seed)
    state = GAME.setup({"chips": chips}, seed)
    for seat, text in log:
        GAME.apply(state, seat, GAME.parse_action(text))
    assert state.snapshot() == replay(GAME, {"chips": chips}, seed, log).snapshot()


def test_the_fast_path_plays_exactly_like_the_checked_path() -> None:
    for seed in range(1000):
        fast = GAME.setup({"chips": seed % 2 == 0}, seed)
        checked = fast.clone()
        actions = []
        random_playout(fast, random.Random(seed), actions)
        for action in actions:
            GAME.apply(checked, checked.current, action)
        assert fast.snapshot() == checked.snapshot()


def test_every_legal_action_is_accepted_and_changes_nothing_in_a_clone() -> None:
    for seed in range(200):
        state = GAME.setup({"chips": True}, seed)
        random_playout(state, random.Random(seed)) if seed % 4 == 0 else None
        rng = random.Random(seed)
        for _ in range(rng.randrange(40)):
            if state.over:
                break
            GAME.apply(state, state.current, rng.choice(GAME.legal_actions(state, state.current)))
        if state.over:
            continue
        before = state.snapshot()
        for action in GAME.legal_actions(state, state.current):
            GAME.apply(GAME.clone(state), state.current, action)
        assert state.snapshot() == before
