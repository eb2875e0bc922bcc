"""Notifications: the feed in the member's language, unread counts, privacy, your-turn notices."""

from __future__ import annotations

from collections.abc import Callable

from stammtisch.services.platform import Platform
from stammtisch.services.texts import catalogues, translate


def test_every_text_exists_in_all_four_languages_with_the_same_placeholders() -> None:
    languages = catalogues()
    assert set(languages) == {"de", "en", "fr", "pt"}
    assert len({frozenset(messages) for messages in languages.values()}) == 1
    assert translate("pt", "your_turn", game="Noite dos clubes", opponents="anna") == (
        "Sua vez: Noite dos clubes contra anna"
    )


def test_the_feed_speaks_the_members_language(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna = new_member("anna")
    bert = platform.accounts.sign_up("bert", "correct horse", language="fr").member_id
    platform.challenges.send(anna, "bert", "klubnacht", {})
    item = platform.notifications.feed(bert)["items"][0]
    assert item["text"] == "anna vous défie : Nuit des clubs"


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
