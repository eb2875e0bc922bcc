"""Late submissions in simultaneous phases: others' moves between a member's read and submission
do not make it stale; the seat's own moves and changes to what concerns it do."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from stammtisch.engine.protocol import replay
from stammtisch.engine.registry import get_game
from stammtisch.services.errors import ServiceError
from stammtisch.services.gamecache import PAST_STATES
from stammtisch.services.gamehead import load_head
from stammtisch.services.platform import Platform


def refusal(call: Callable[..., object], *args: object) -> ServiceError:
    """The error a service call is refused with."""
    with pytest.raises(ServiceError) as refused:
        call(*args)
    return refused.value


def log_of(platform: Platform, member: int, game_id: int) -> list[tuple[int, int, str]]:
    """The game's log as (seq, seat, kind) for this member."""
    entries = platform.views.events_since(member, game_id, 0)
    return [(entry["seq"], entry["seat"], entry["kind"]) for entry in entries]


def two_members(platform: Platform, new_member: Callable[..., int]) -> tuple[int, int, int]:
    """Anna and Bert at a two-member Challengers! table: (anna, bert, game id)."""
    anna, bert = new_member("anna"), new_member("bert")
    seek = platform.lobby.create(anna, "challengers", {"players": 2}, {"mode": "turn"})
    return anna, bert, platform.lobby.join(bert, seek["id"])["game_id"]


def test_bots_drafting_between_read_and_submit_do_not_make_a_practice_move_stale(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna = new_member("anna")
    game_id = platform.tables.practice(anna, "challengers", {"players": 4})
    read = platform.views.view(anna, game_id)
    assert read["seq"] == 0
    assert platform.tables.run_bots(game_id) > 0
    head = platform.views.view(anna, game_id)["seq"]
    assert head > 0
    played = platform.tables.act(anna, game_id, 0, read["legal"][0])
    assert not played.repeated
    assert played.seq == head + 1
    assert log_of(platform, anna, game_id)[-1] == (head + 1, 0, "play")
    assert platform.views.view(anna, game_id)["seq"] == head + 1


def test_a_whole_practice_deck_phase_is_drafted_on_reads_the_bots_overtake(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna = new_member("anna")
    game_id = platform.tables.practice(anna, "challengers", {"players": 4})
    read = platform.views.view(anna, game_id)
    moves = 0
    while read["view"]["phase"] == "deck" and read["legal"]:
        platform.tables.run_bots(game_id)
        played = platform.tables.act(anna, game_id, read["seq"], read["legal"][-1])
        assert not played.repeated
        moves += 1
        read = {"seq": played.seq, "view": played.view, "legal": played.legal}
    assert moves >= 3
    assert read["view"]["phase"] != "deck"


def test_two_members_drafting_from_the_same_read_are_both_applied(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna, bert, game_id = two_members(platform, new_member)
    for _ in range(40):
        seen_a, seen_b = platform.views.view(anna, game_id), platform.views.view(bert, game_id)
        if seen_a["view"]["phase"] != "deck" or not (seen_a["legal"] and seen_b["legal"]):
            break
        assert seen_a["seq"] == seen_b["seq"]
        first = platform.tables.act(anna, game_id, seen_a["seq"], seen_a["legal"][-1])
        second = platform.tables.act(bert, game_id, seen_b["seq"], seen_b["legal"][-1])
        assert (first.seq, second.seq) == (seen_a["seq"] + 1, seen_a["seq"] + 2)
        assert not first.repeated
        assert not second.repeated
        steps = log_of(platform, anna, game_id)[-2:]
        assert steps == [(first.seq, 0, "play"), (second.seq, 1, "play")]
    else:
        raise AssertionError("the deck phase never came to one seat alone")
    assert len(log_of(platform, anna, game_id)) >= 4


def test_the_same_late_submission_twice_applies_once(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna, bert, game_id = two_members(platform, new_member)
    read = platform.views.view(anna, game_id)
    bert_read = platform.views.view(bert, game_id)
    platform.tables.act(bert, game_id, bert_read["seq"], bert_read["legal"][0])
    action = read["legal"][0]
    first = platform.tables.act(anna, game_id, read["seq"], action)
    second = platform.tables.act(anna, game_id, read["seq"], action)
    assert not first.repeated
    assert second.repeated
    assert second.seq == first.seq
    assert second.view == first.view
    assert second.legal == first.legal
    assert second.events == first.events
    assert [step for step in log_of(platform, anna, game_id) if step[1] == 0] == [
        (first.seq, 0, "play")
    ]


def test_another_action_from_a_read_the_seat_has_moved_on_from_is_stale(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna, bert, game_id = two_members(platform, new_member)
    read = platform.views.view(anna, game_id)
    assert len(read["legal"]) > 1
    played = platform.tables.act(anna, game_id, read["seq"], read["legal"][0])
    bert_read = platform.views.view(bert, game_id)
    platform.tables.act(bert, game_id, bert_read["seq"], bert_read["legal"][0])
    before = platform.views.view(anna, game_id)
    assert before["view"]["you"] != read["view"]["you"]
    error = refusal(platform.tables.act, anna, game_id, read["seq"], read["legal"][1])
    assert error.code == "game.stale"
    assert f"moved at step {played.seq}" in error.message
    assert platform.views.view(anna, game_id) == before


def finish_deck_phase(platform: Platform, member: int, game_id: int) -> None:
    """Let a member draft until their deck phase is done (always the last legal action)."""
    seen = platform.views.view(member, game_id)
    while seen["legal"] and seen["view"]["phase"] == "deck":
        platform.tables.act(member, game_id, seen["seq"], seen["legal"][-1])
        seen = platform.views.view(member, game_id)


def test_a_submission_after_the_deck_phase_ended_and_matches_ran_is_stale(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna, bert, game_id = two_members(platform, new_member)
    finish_deck_phase(platform, anna, game_id)
    seen: dict[str, Any] = platform.views.view(bert, game_id)
    while (seen["view"]["phase"], seen["view"]["round"]) == ("deck", 1):
        read = platform.views.view(anna, game_id)
        platform.tables.act(bert, game_id, seen["seq"], seen["legal"][-1])
        seen = platform.views.view(bert, game_id)
    before = platform.views.view(anna, game_id)
    assert (read["view"]["phase"], read["view"]["round"], read["legal"]) == ("deck", 1, [])
    action = (before["legal"] or ["done"])[0]
    error = refusal(platform.tables.act, anna, game_id, read["seq"], action)
    assert error.code == "game.stale"
    assert "changed since step" in error.message
    assert platform.views.view(anna, game_id) == before


def test_a_step_the_game_has_not_reached_is_stale(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna, _, game_id = two_members(platform, new_member)
    read = platform.views.view(anna, game_id)
    for seq in (read["seq"] + 1, -1):
        error = refusal(platform.tables.act, anna, game_id, seq, read["legal"][0])
        assert error.code == "game.stale"
    assert platform.views.view(anna, game_id) == read


def test_states_of_earlier_steps_are_rebuilt_from_the_log_and_a_few_are_kept(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna = new_member("anna")
    game_id = platform.tables.practice(anna, "challengers", {"players": 4})
    platform.tables.run_bots(game_id)
    seen = platform.views.view(anna, game_id)
    while seen["seq"] <= PAST_STATES + 4 and seen["status"] == "active":
        platform.tables.act(anna, game_id, seen["seq"], seen["legal"][-1])
        platform.tables.run_bots(game_id)
        seen = platform.views.view(anna, game_id)
    cache, game = platform.tables.cache, get_game("challengers")
    with platform.ctx.read() as session:
        head = load_head(session.connection(), game_id)
        assert head is not None
        assert head.seq > PAST_STATES + 4
        now = cache.state(session, head)
        then = cache.state_at(session, head, 2)
        assert cache.state_at(session, head, 2) is then
        rebuilt = replay(game, head.options, head.seed, now.log[:2])
        assert game.view(then, None) == game.view(rebuilt, None)
        assert game.view(then, None) != game.view(now, None)
        latest = cache.state_at(session, head, head.seq)
        assert latest is not now
        assert game.view(latest, 0) == game.view(now, 0)
        for seq in range(3, 3 + PAST_STATES):
            cache.state_at(session, head, seq)
        again = cache.state_at(session, head, 2)
        assert again is not then
        assert game.view(again, None) == game.view(then, None)


def test_klubnacht_keeps_the_strict_rule(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna = new_member("anna")
    game_id = platform.tables.practice(anna, "klubnacht", {})
    platform.tables.run_bots(game_id)
    read = platform.views.view(anna, game_id)
    assert len(read["legal"]) > 1
    played = platform.tables.act(anna, game_id, read["seq"], read["legal"][0])
    assert played.seq == read["seq"] + 1
    platform.tables.run_bots(game_id)
    now = platform.views.view(anna, game_id)
    error = refusal(platform.tables.act, anna, game_id, read["seq"], read["legal"][1])
    assert error.code == "game.stale"
    assert error.message.startswith(f"The game is at step {now['seq']}, not {read['seq']}")
    assert platform.tables.act(anna, game_id, read["seq"], read["legal"][0]).repeated
    assert platform.views.view(anna, game_id) == now
