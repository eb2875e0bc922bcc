"""The task catalogue and the other data files: shape, ranges, spread, translations."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from stammtisch.engine.klubnacht.catalogue import (
    CHIPS,
    LANGUAGES,
    MOTIF_NAMES,
    DataError,
    catalogue,
    covered,
    covers,
    lanes,
    pack,
    parse_task,
    sentence,
    texts,
)

TIERS = {"easy": {"cards": [2, 2], "points": [2, 3]}, "medium": {"cards": [3, 3], "points": [4, 6]}}


def test_catalogue_has_exactly_30_tasks_10_per_tier() -> None:
    tasks = catalogue().tasks
    assert len(tasks) == 30
    assert Counter(task.tier for task in tasks) == {"easy": 10, "medium": 10, "hard": 10}
    assert len({task.id for task in tasks}) == 30


def test_task_sizes_and_points_fit_their_tier() -> None:
    ranges = {"easy": ((2, 2), (2, 3)), "medium": ((3, 3), (4, 6)), "hard": ((4, 5), (7, 9))}
    for task in catalogue().tasks:
        (low, high), (least, most) = ranges[task.tier]
        assert low <= task.size <= high, task.id
        assert least <= task.points <= most, task.id


def test_every_motif_occurs_equally_often_in_the_catalogue() -> None:
    spread = Counter()
    for task in catalogue().tasks:
        for motif, n in task.pairs:
            spread[motif] += n
    assert len(spread) == 6
    assert max(spread.values()) - min(spread.values()) <= 1


def test_no_two_tasks_need_the_same_cards() -> None:
    assert len({task.needs for task in catalogue().tasks}) == 30


def test_wishlist_draw_and_face_down_count_are_data() -> None:
    assert catalogue().per_game == {"easy": 3, "medium": 3, "hard": 2}
    assert catalogue().face_down == 3


def test_task_and_motif_names_exist_in_every_language() -> None:
    for task in catalogue().tasks:
        assert all(task.name(lang) for lang in LANGUAGES)
    assert catalogue().by_id()["e02"].name("de") == "Gästeliste"
    assert all(set(names) == set(LANGUAGES) for names in MOTIF_NAMES)


def test_chip_names_and_texts_exist_in_every_language() -> None:
    for chip in CHIPS.values():
        assert set(chip.names) == set(chip.texts) == set(LANGUAGES)
    assert CHIPS["magpie"].names["de"] == "Elster"


def test_end_reasons_and_pass_effects_have_sentences_in_every_language() -> None:
    reasons = {"market_empty", "all_tasks_claimed", "lead_safe", "nothing_buildable", "double_pass"}
    assert set(texts()["end_reasons"]) == reasons
    for reason in reasons:
        assert all(sentence("end_reasons", reason, lang) for lang in LANGUAGES)
    assert set(texts()["pass_effects"]) == {"nothing", "reshuffle", "end_night", "not_a_pass"}


def test_bad_task_data_is_refused_with_a_clear_message() -> None:
    good = {"id": "x1", "tier": "easy", "needs": ["dj", "sound"], "points": 2}
    assert parse_task("t", good, TIERS).needs == (1, 0, 0, 0, 1, 0)
    with pytest.raises(DataError, match="unknown motif 'disco'"):
        parse_task("t", {**good, "needs": ["dj", "disco"]}, TIERS)
    with pytest.raises(DataError, match="easy task is worth 2 to 3 points"):
        parse_task("t", {**good, "points": 5}, TIERS)
    with pytest.raises(DataError, match="easy task needs 2 to 2 cards"):
        parse_task("t", {**good, "needs": ["dj"]}, TIERS)
    with pytest.raises(DataError, match="'tier' must be one of"):
        parse_task("t", {**good, "tier": "epic"}, TIERS)
    with pytest.raises(DataError, match="more than the 5 cards"):
        parse_task("t", {**good, "needs": ["dj"] * 6})
    with pytest.raises(DataError, match="missing text for fr, pt"):
        parse_task("t", {**good, "name": {"de": "A", "en": "B"}})


def test_packed_counts_cover_exactly_when_every_motif_suffices() -> None:
    assert covers(pack([2, 0, 1, 0, 0, 5]), pack([2, 0, 1, 0, 0, 5]))
    assert covers(pack([3, 1, 1, 0, 0, 5]), pack([2, 0, 1, 0, 0, 0]))
    assert not covers(pack([1, 5, 5, 5, 5, 5]), pack([2, 0, 0, 0, 0, 0]))
    assert not covers(pack([5, 5, 5, 5, 5, 0]), pack([0, 0, 0, 0, 0, 1]))


COUNTS = st.lists(st.integers(0, 15), min_size=6, max_size=6)


@given(COUNTS, st.lists(st.lists(st.integers(0, 5), min_size=6, max_size=6), max_size=8))
def test_covered_tells_for_every_wishlist_slot_what_covers_tells(
    have: list[int], needs: list[list[int]]
) -> None:
    mask = covered(pack(have), lanes([pack(need) for need in needs]))
    for slot in range(8):
        expected = slot >= len(needs) or covers(pack(have), pack(needs[slot]))
        assert bool(mask >> slot & 1) == expected
