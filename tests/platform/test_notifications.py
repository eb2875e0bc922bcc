"""Notifications: the feed in the member's language, unread counts, privacy, your-turn notices,
and how long they are kept."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest

from stammtisch.services import notifications
from stammtisch.services.notifications import notify
from stammtisch.services.platform import Platform
from stammtisch.services.texts import catalogues, translate
from stammtisch.services.timesource import ManualClock


def test_every_text_exists_in_all_four_languages_with_the_same_placeholders() -> None:
    languages = catalogues()
    assert set(languages) == {"de", "en", "fr", "pt"}
    assert len({frozenset(messages) for messages in languages.values()}) == 1
    assert translate("pt", "your_turn", game="Noite dos clubes", opponents="anna") == (
        "É a tua vez: Noite dos clubes contra anna"
    )


def test_the_feed_speaks_the_members_language(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna = new_member("anna")
    bert = platform.accounts.sign_up("bert", "correct horse", language="fr").member_id
    platform.challenges.send(anna, "bert", "klubnacht", {})
    item = platform.notifications.feed(bert)["items"][0]
    assert item["text"] == "anna te défie : Nuit des clubs"


def test_your_turn_is_notified_when_the_turn_passes(
    platform: Platform, duel: tuple[int, int, int]
) -> None:
    anna, bert, game_id = duel
    assert "your_turn" in [n["kind"] for n in platform.notifications.feed(anna)["items"]]
    before = platform.notifications.unread(bert)
    platform.tables.act(anna, game_id, 0, "add:1")
    assert platform.notifications.unread(bert) == before
    platform.tables.act(anna, game_id, 1, "end")
    latest = platform.notifications.feed(bert)["items"][0]
    assert latest["kind"] == "your_turn"
    assert latest["text"] == "Your turn: toy against anna"


def test_nobody_can_read_or_mark_another_members_notifications(
    platform: Platform, duel: tuple[int, int, int]
) -> None:
    anna, bert, _ = duel
    annas = [n["id"] for n in platform.notifications.feed(anna)["items"]]
    unread = platform.notifications.unread(anna)
    assert platform.notifications.mark_read(bert, annas) == platform.notifications.unread(bert)
    assert platform.notifications.unread(anna) == unread
    berts = {n["id"] for n in platform.notifications.feed(bert)["items"]}
    assert not berts & set(annas)


def test_game_over_tells_each_member_their_result(
    platform: Platform, duel: tuple[int, int, int]
) -> None:
    anna, bert, game_id = duel
    platform.tables.resign(bert, game_id)

    def game_over(member_id: int) -> str:
        items = platform.notifications.feed(member_id)["items"]
        return str(next(n["text"] for n in items if n["kind"] == "game_over"))

    assert game_over(anna) == "You won! toy against bert"
    assert game_over(bert) == "You lost: toy against anna"


def _notice(platform: Platform, member_id: int) -> None:
    """One notification for the member, now."""
    with platform.ctx.write() as session:
        data = {"challenge_id": 1, "game": "toy", "nickname": "bert"}
        notify(session, member_id, "challenge_declined", data)


def _count(platform: Platform, member_id: int) -> int:
    return len(platform.notifications.feed(member_id)["items"])


def test_notifications_older_than_the_kept_days_are_deleted_by_the_sweeper(
    platform: Platform, new_member: Callable[..., int], clock: ManualClock
) -> None:
    assert platform.ctx.settings.notification_days == 180
    anna = new_member("anna")
    _notice(platform, anna)
    clock.advance(timedelta(days=100))
    _notice(platform, anna)
    clock.advance(timedelta(days=80))
    assert platform.notifications.forget_old() == 0
    assert _count(platform, anna) == 2
    clock.advance(timedelta(seconds=1))
    platform.sweeper.sweep()
    assert _count(platform, anna) == 1
    assert platform.notifications.forget_old() == 0


def test_old_notifications_are_deleted_in_batches_oldest_first(
    platform: Platform,
    new_member: Callable[..., int],
    clock: ManualClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(notifications, "FORGET_BATCH", 2)
    anna = new_member("anna")
    for _ in range(5):
        _notice(platform, anna)
    clock.advance(timedelta(days=181))
    _notice(platform, anna)
    assert [platform.notifications.forget_old() for _ in range(4)] == [2, 2, 1, 0]
    assert _count(platform, anna) == 1


def test_kept_days_of_0_keep_every_notification(
    platform: Platform,
    new_member: Callable[..., int],
    clock: ManualClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(platform.ctx.settings, "notification_days", 0)
    anna = new_member("anna")
    _notice(platform, anna)
    clock.advance(timedelta(days=3650))
    assert platform.notifications.forget_old() == 0
    assert _count(platform, anna) == 1
