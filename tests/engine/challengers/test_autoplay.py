"""The auto-play policy's direct answers agree with `choose` over all candidates."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from stammtisch.engine.challengers import autoplay
from stammtisch.engine.challengers.board import NAME_ID, Side
from stammtisch.engine.challengers.catalogue import catalogue
from stammtisch.engine.challengers.decide import combos, place_on_normal_seat
from stammtisch.engine.challengers.match import BASE_BY_ROUND, new_side

LEVEL_CARDS = [c.index for c in catalogue().cards if c.level in ("S", "A", "B", "C")]


def _side(index: int, cards: list[int], base: tuple[int, ...]) -> Side:
    """A side whose bench holds these cards (as many seats as their names need)."""
    side = new_side(index, index, [], robot=False, auto=True, trophies=0, frozen=False)
    side.seats = len({NAME_ID[card] for card in cards})
    for card in cards:
        place_on_normal_seat(side, card, base)
    return side


@settings(max_examples=400, deadline=None)
@given(
    bench=st.lists(st.sampled_from(LEVEL_CARDS), min_size=1, max_size=12),
    fits=st.data(),  # which bench cards the effect's filter lets through
    optional=st.booleans(),
    own=st.booleans(),
    destination=st.sampled_from(["exhaust", "deck"]),
    round_number=st.integers(min_value=1, max_value=8),
)
def test_a_one_card_bench_pick_is_what_choose_takes_from_every_candidate(
    bench: list[int],
    fits: st.DataObject,
    optional: bool,
    own: bool,
    destination: str,
    round_number: int,
) -> None:
    base = BASE_BY_ROUND[round_number]
    owner = _side(0, bench, base)
    other = _side(1, [], base)
    chooser = owner if own else other
    keep = fits.draw(st.lists(st.booleans(), min_size=len(bench), max_size=len(bench)))
    cards = sorted(card for card, kept in zip(bench, keep, strict=True) if kept)
    assume(cards)  # the effect does nothing when no card fits
    candidates = combos(cards, 1, optional=optional)
    data = (0, destination)
    expected = (
        candidates[0]
        if len(candidates) == 1
        else autoplay.choose("bench_pick", candidates, data, [], chooser, [owner, other], base)
    )
    picked = autoplay.bench_pick_one(cards, optional, owner, chooser, destination, base)
    assert picked == expected


@given(
    shown=st.lists(st.sampled_from(LEVEL_CARDS), min_size=2, max_size=3),
    round_number=st.integers(min_value=1, max_value=8),
)
def test_a_direct_reorder_is_one_of_the_offered_orders_strongest_first(
    shown: list[int], round_number: int
) -> None:
    from stammtisch.engine.challengers.decide import orders

    base = BASE_BY_ROUND[round_number]
    best = autoplay.reorder(shown, base)
    assert best in orders(shown)
    assert [base[card] for card in best] == sorted((base[card] for card in shown), reverse=True)
