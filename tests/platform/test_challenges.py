"""Direct challenges: accept, decline, withdraw, 72-hour expiry, crossing challenges, rematch."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest

from stammtisch.services.errors import ServiceError
from stammtisch.services.platform import Platform
from stammtisch.services.timesource import ManualClock


def kinds(platform: Platform, member_id: int) -> list[str]:
    return [item["kind"] for item in platform.notifications.feed(member_id)["items"]]


def test_challenge_by_nickname_notifies_and_accepting_starts_the_game(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna, bert = new_member("anna"), new_member("bert")
    challenge = platform.challenges.send(anna, "BERT", "toy", {})
    assert challenge["challenged"] == "bert"
    assert challenge["status"] == "open"
    assert kinds(platform, bert) == ["challenge_received"]
    assert platform.challenges.open_for(bert)["received"][0]["id"] == challenge["id"]
    game_id = platform.challenges.accept(bert, challenge["id"])
    view = platform.views.view(anna, game_id)
    assert [s["nickname"] for s in view["seats"]] == ["anna", "bert"]
    assert "challenge_accepted" in kinds(platform, anna)


def test_only_the_challenged_member_can_accept(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna, _, carla = new_member("anna"), new_member("bert"), new_member("carla")
    challenge = platform.challenges.send(anna, "bert", "toy", {})
    with pytest.raises(ServiceError) as refused:
        platform.challenges.accept(carla, challenge["id"])
    assert refused.value.code == "challenges.not_yours"


def test_declined_challenge_tells_the_challenger_and_cannot_be_accepted(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna, bert = new_member("anna"), new_member("bert")
    challenge = platform.challenges.send(anna, "bert", "toy", {})
    platform.challenges.decline(bert, challenge["id"])
    assert "challenge_declined" in kinds(platform, anna)
    with pytest.raises(ServiceError) as closed:
        platform.challenges.accept(bert, challenge["id"])
    assert closed.value.code == "challenges.closed"


def test_a_withdrawn_challenge_tells_the_challenged_member_and_cannot_be_accepted(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna, bert = new_member("anna"), new_member("bert")
    challenge = platform.challenges.send(anna, "bert", "toy", {})
    with pytest.raises(ServiceError) as refused:
        platform.challenges.withdraw(bert, challenge["id"])
    assert refused.value.code == "challenges.not_yours"
    platform.challenges.withdraw(anna, challenge["id"])
    assert kinds(platform, bert) == ["challenge_withdrawn", "challenge_received"]
    assert platform.challenges.open_for(bert)["received"] == []
    assert platform.challenges.open_for(anna)["sent"] == []
    with pytest.raises(ServiceError) as closed:
        platform.challenges.accept(bert, challenge["id"])
    assert closed.value.code == "challenges.closed"
    with pytest.raises(ServiceError) as again:
        platform.challenges.withdraw(anna, challenge["id"])
    assert again.value.code == "challenges.closed"


def test_unanswered_challenge_expires_after_72_hours(
    platform: Platform, new_member: Callable[..., int], clock: ManualClock
) -> None:
    anna, bert = new_member("anna"), new_member("bert")
    challenge = platform.challenges.send(anna, "bert", "toy", {})
    clock.advance(timedelta(hours=71, minutes=59))
    assert platform.sweeper.sweep().expired == 0
    clock.advance(timedelta(minutes=1))
    assert platform.sweeper.sweep().expired == 1
    assert platform.sweeper.sweep().expired == 0
    assert "challenge_expired" in kinds(platform, anna)
    assert "challenge_expired" in kinds(platform, bert)
    with pytest.raises(ServiceError):
        platform.challenges.accept(bert, challenge["id"])


def test_crossing_challenges_for_the_same_game_and_variant_become_one_game(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna, bert = new_member("anna"), new_member("bert")
    platform.challenges.send(anna, "bert", "toy", {"target": 12})
    crossing = platform.challenges.send(bert, "anna", "toy", {"target": 12})
    assert crossing["merged"] is True
    assert crossing["game_id"]
    assert len(platform.hub.games(anna)) == 1
    assert len(platform.hub.games(bert)) == 1
    assert platform.challenges.open_for(anna) == {"received": [], "sent": []}


def test_challenges_for_another_variant_do_not_merge(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna, bert = new_member("anna"), new_member("bert")
    platform.challenges.send(anna, "bert", "toy", {"target": 12})
    other = platform.challenges.send(bert, "anna", "toy", {"target": 20})
    assert other["merged"] is False
    assert len(platform.challenges.open_for(anna)["received"]) == 1


def test_bad_challenges_are_refused_clearly(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna, _ = new_member("anna"), new_member("bert")
    cases = [
        (("nobody", "toy", {}), "challenges.member_unknown"),
        (("anna", "toy", {}), "challenges.self"),
        (("bert", "chess", {}), "game.unknown"),
        (("bert", "toy", {"target": 1}), "game.bad_options"),
        (("bert", "toy", {"seats": 3}), "challenges.two_seats"),
    ]
    for args, code in cases:
        with pytest.raises(ServiceError) as refused:
            platform.challenges.send(anna, *args)
        assert refused.value.code == code


def test_regulars_are_the_ten_members_with_most_games_in_30_days(
    platform: Platform, new_member: Callable[..., int], clock: ManualClock
) -> None:
    me = new_member("me_myself")
    players = [new_member(f"player{i:02}") for i in range(12)]
    for i, player in enumerate(players):
        for _ in range(i % 3 + 1):
            opponent = players[(i + 1) % len(players)]
            nickname = f"player{(i + 1) % len(players):02}"
            challenge = platform.challenges.send(player, nickname, "toy", {"target": 3 + _})
            game_id = platform.challenges.accept(opponent, challenge["id"])
            platform.tables.resign(player, game_id)
    regulars = platform.challenges.regulars(me)
    assert len(regulars) == 10
    assert all(r["nickname"] != "me_myself" for r in regulars)
    counts = [r["games"] for r in regulars]
    assert counts == sorted(counts, reverse=True)
    clock.advance(timedelta(days=31))
    assert platform.challenges.regulars(me) == []


def test_rematch_asks_for_the_variant_and_sends_an_invitation(
    platform: Platform, duel: tuple[int, int, int]
) -> None:
    anna, bert, game_id = duel
    with pytest.raises(ServiceError) as running:
        platform.challenges.rematch(anna, game_id, {"target": 15})
    assert running.value.code == "challenges.rematch_running"
    platform.tables.resign(bert, game_id)
    rematch = platform.challenges.rematch(bert, game_id, {"target": 15})
    assert rematch["challenged"] == "anna"
    assert rematch["options"]["target"] == 15
    assert rematch["rematch_of"] == game_id
    new_game = platform.challenges.accept(anna, rematch["id"])
    assert platform.views.view(anna, new_game)["rematch_of"] == game_id


def test_crossing_challenges_sent_at_the_same_moment_become_one_game(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    import threading

    anna, bert = new_member("anna"), new_member("bert")
    start = threading.Barrier(2)
    results: list[dict[str, object]] = []

    def send(me: int, nickname: str) -> None:
        start.wait()
        results.append(platform.challenges.send(me, nickname, "toy", {}))

    threads = [
        threading.Thread(target=send, args=(anna, "bert")),
        threading.Thread(target=send, args=(bert, "anna")),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(bool(r["merged"]) for r in results) == [False, True]
    assert len(platform.hub.games(anna)) == 1
    assert platform.challenges.open_for(anna) == {"received": [], "sent": []}
