"""The album: progress from games against members, upgrades claimed by hand, card backs."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from stammtisch.services.album.collection import worn_backs
from stammtisch.services.album.months import album_month
from stammtisch.services.errors import ServiceError
from stammtisch.services.platform import Platform
from stammtisch.services.seasons import Season
from stammtisch.services.timesource import ManualClock
from tests.platform.finished import add_members, finish_game

MARCH = Season(2026, 3)
"""The test clock starts on 2 March 2026."""


def slot_of_task(season: Season, task: str) -> int:
    return next(i for i, card in enumerate(album_month(season).cards) if card.task == task)


PLAY = slot_of_task(MARCH, "any_games")
"""Card 1 always counts games against members."""


def play(platform: Platform, a: int, b: int | None, **kwargs: object) -> None:
    finish_game(platform, "klubnacht", [a, b], [[0], [1]], **kwargs)  # type: ignore[arg-type]


def card(platform: Platform, member: int, slot: int, month: str | None = None) -> dict[str, object]:
    return platform.progress.album(member, month, "en").cards[slot].model_dump()


def test_every_game_against_a_member_brings_the_first_card_closer(platform: Platform) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    play(platform, anna, ben)
    assert card(platform, anna, PLAY)["progress"] == 1
    assert card(platform, ben, PLAY)["progress"] == 1


def test_practice_and_robot_games_bring_no_album_progress(platform: Platform) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    play(platform, anna, ben, practice=True)
    play(platform, anna, None)
    assert all(c.progress == 0 for c in platform.progress.album(anna, None, "en").cards)


def test_a_forfeit_without_a_move_brings_no_album_progress(platform: Platform) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    finish_game(
        platform,
        "klubnacht",
        [anna, ben],
        [[1], [0]],
        ended_by="timeout",
        ended_seat=0,
        moves=[0, 5],
    )
    assert card(platform, anna, PLAY)["progress"] == 0
    assert card(platform, ben, PLAY)["progress"] == 1


def test_upgrades_wait_until_claimed(platform: Platform) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    play(platform, anna, ben)
    first = card(platform, anna, PLAY)
    assert (first["tier"], first["reached"], first["waiting"]) == (None, "colour", 1)
    assert platform.progress.waiting(anna) == platform.progress.album(anna, None, "en").waiting
    assert platform.progress.waiting(anna) >= 1
    claimed = platform.progress.claim(anna, MARCH.key, PLAY + 1, "en")
    assert (claimed.tier, claimed.waiting) == ("colour", 0)
    assert card(platform, anna, PLAY)["tier"] == "colour"


def test_each_claim_takes_one_tier(platform: Platform) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    bronze = album_month(MARCH).cards[PLAY].tiers[1]
    for _ in range(bronze):
        play(platform, anna, ben)
    assert card(platform, anna, PLAY)["waiting"] == 2
    assert platform.progress.claim(anna, MARCH.key, PLAY + 1, "en").tier == "colour"
    assert platform.progress.claim(anna, MARCH.key, PLAY + 1, "en").tier == "bronze"
    with pytest.raises(ServiceError) as refused:
        platform.progress.claim(anna, MARCH.key, PLAY + 1, "en")
    assert refused.value.code == "album.nothing_to_claim"


def test_the_waiting_counter_adds_up_all_cards(platform: Platform) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    play(platform, anna, ben)
    album = platform.progress.album(anna, None, "en")
    assert (
        album.waiting == sum(c.waiting or 0 for c in album.cards) == platform.progress.waiting(anna)
    )


def test_the_task_text_names_the_next_target(platform: Platform) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    assert card(platform, anna, PLAY)["task"]["name"] == "Play a game against members"
    play(platform, anna, ben)
    target = album_month(MARCH).cards[PLAY].tiers[1]
    assert card(platform, anna, PLAY)["task"]["name"] == f"Play {target} games against members"
    assert (
        platform.progress.album(anna, None, "de").cards[PLAY].task.name
        == f"{target} Partien gegen Mitglieder spielen"
    )


def test_the_album_closes_at_month_end_and_stays_viewable(
    platform: Platform, clock: ManualClock
) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    play(platform, anna, ben)
    clock.advance(Season(2026, 4).starts - clock.now())
    play(platform, anna, ben)
    march = platform.progress.album(anna, MARCH.key, "en")
    assert not march.open
    assert march.cards[PLAY].progress == 1
    assert platform.progress.album(anna, None, "en").month == "2026-04"
    with pytest.raises(ServiceError) as refused:
        platform.progress.claim(anna, MARCH.key, PLAY + 1, "en")
    assert refused.value.code == "album.closed"


def test_a_game_counts_for_the_album_of_the_month_it_finished_in(
    platform: Platform, clock: ManualClock
) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    play(platform, anna, ben, at=datetime(2026, 2, 28, 23, 59, tzinfo=UTC))
    assert platform.progress.album(anna, "2026-02", "en").cards[0].progress == 1
    assert card(platform, anna, PLAY)["progress"] == 0


def test_albums_of_months_not_begun_do_not_exist(platform: Platform, clock: ManualClock) -> None:
    (anna,) = add_members(platform, "anna")
    for month, code in [
        ("2026-04", "album.no_such_month"),
        ("2025-12", "album.no_such_month"),
        ("March", "album.bad_month"),
    ]:
        with pytest.raises(ServiceError) as refused:
            platform.progress.album(anna, month, "en")
        assert refused.value.code == code


def test_cards_are_numbered_1_to_9(platform: Platform) -> None:
    (anna,) = add_members(platform, "anna")
    for number in (0, 10):
        with pytest.raises(ServiceError) as refused:
            platform.progress.claim(anna, MARCH.key, number, "en")
        assert refused.value.code == "album.no_such_card"


def test_only_upgraded_cards_can_be_worn_as_card_back(platform: Platform) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    play(platform, anna, ben)
    with pytest.raises(ServiceError) as refused:
        platform.progress.choose_back(anna, MARCH.key, PLAY + 1, "en")
    assert refused.value.code == "album.not_upgraded"
    platform.progress.claim(anna, MARCH.key, PLAY + 1, "en")
    worn = platform.progress.choose_back(anna, MARCH.key, PLAY + 1, "en")
    assert (worn.month, worn.card, worn.tier) == (MARCH.key, PLAY + 1, "colour")


def test_the_card_back_grows_with_its_card(platform: Platform) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    for _ in range(album_month(MARCH).cards[PLAY].tiers[1]):
        play(platform, anna, ben)
    platform.progress.claim(anna, MARCH.key, PLAY + 1, "en")
    platform.progress.choose_back(anna, MARCH.key, PLAY + 1, "en")
    platform.progress.claim(anna, MARCH.key, PLAY + 1, "en")
    backs = platform.progress.card_backs(anna, "en")
    assert backs.worn is not None
    assert backs.worn.tier == "bronze"


def test_past_cards_stay_in_the_card_back_selection(platform: Platform, clock: ManualClock) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    play(platform, anna, ben)
    platform.progress.claim(anna, MARCH.key, PLAY + 1, "en")
    clock.advance(timedelta(days=62))
    play(platform, anna, ben)
    choices = platform.progress.card_backs(anna, "en").choices
    assert [(c.month, c.card) for c in choices] == [(MARCH.key, PLAY + 1)]
    worn = platform.progress.choose_back(anna, MARCH.key, PLAY + 1, "en")
    assert worn.tier == "colour"
    platform.progress.plain_back(anna)
    assert platform.progress.card_backs(anna, "en").worn is None


def test_a_profile_shows_claimed_tiers_but_not_progress(platform: Platform) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    play(platform, anna, ben)
    play(platform, anna, ben)
    platform.progress.claim(anna, MARCH.key, PLAY + 1, "en")
    profile = platform.progress.profile(anna, "en")
    shown = profile.album.cards[PLAY]
    assert shown.tier == "colour"
    assert (shown.progress, shown.reached, shown.waiting, profile.album.waiting) == (
        None,
        None,
        None,
        None,
    )
    assert profile.collected == {"colour": 1, "bronze": 0, "silver": 0, "gold": 0}
    assert profile.xp == 50


def test_a_new_tier_reached_notifies_once_per_game(platform: Platform) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    play(platform, anna, ben)
    play(platform, anna, ben)
    feed = platform.notifications.feed(anna)["items"]
    upgrades = [item for item in feed if item["kind"] == "album_upgrade"]
    assert len(upgrades) == 1
    assert upgrades[0]["text"] == "An album upgrade is waiting for you"


def test_the_backs_worn_at_a_table_of_many_are_read_for_each_member(platform: Platform) -> None:
    """Every second member of ten wears a card back; the others show the plain one."""
    names = [f"m{i}" for i in range(10)]
    ids = add_members(platform, *names)
    for first, second in zip(ids[::2], ids[1::2], strict=True):
        play(platform, first, second)
        platform.progress.claim(first, MARCH.key, PLAY + 1, "en")
        platform.progress.choose_back(first, MARCH.key, PLAY + 1, "en")
    with platform.ctx.read() as session:
        backs = worn_backs(session, [*ids, None, ids[0]])
    assert sorted(backs) == sorted(ids[::2])
    assert {(b["month"], b["card"], b["tier"]) for b in backs.values()} == {
        (MARCH.key, PLAY + 1, "colour")
    }
