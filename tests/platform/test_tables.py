"""Running games: sequence numbers, stale and repeated submissions, resign, bots, practice."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import select, update

from stammtisch.engine.protocol import GameError
from stammtisch.services.errors import ServiceError
from stammtisch.services.events import GameFinished, subscribe
from stammtisch.services.platform import Platform
from stammtisch.store.games import ActionRow, GameRow


def log_of(platform: Platform, game_id: int) -> list[tuple[int, int, str, str]]:
    with platform.ctx.read() as session:
        rows = session.scalars(
            select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.seq)
        )
        return [(r.seq, r.seat, r.kind, r.text) for r in rows]


def test_an_action_is_appended_to_the_log_with_the_next_sequence_number(
    platform: Platform, duel: tuple[int, int, int]
) -> None:
    anna, _, game_id = duel
    played = platform.tables.act(anna, game_id, 0, "add:2")
    assert played.seq == 1
    assert {"kind": "added", "seat": 0, "amount": 2, "total": 2} in played.events
    assert log_of(platform, game_id) == [(1, 0, "play", "add:2")]


def test_two_submissions_for_the_same_step_cannot_both_apply(
    platform: Platform, duel: tuple[int, int, int]
) -> None:
    anna, _, game_id = duel
    platform.tables.act(anna, game_id, 0, "add:2")
    with pytest.raises(ServiceError) as stale:
        platform.tables.act(anna, game_id, 0, "add:3")
    assert stale.value.code == "game.stale"
    assert log_of(platform, game_id) == [(1, 0, "play", "add:2")]


def test_resubmitting_the_applied_action_succeeds_without_applying_again(
    platform: Platform, duel: tuple[int, int, int]
) -> None:
    anna, _, game_id = duel
    first = platform.tables.act(anna, game_id, 0, "add:2")
    again = platform.tables.act(anna, game_id, 0, "add:2")
    assert again.repeated
    assert again.seq == first.seq
    assert len(log_of(platform, game_id)) == 1
    assert platform.views.view(anna, game_id)["view"]["total"] == 2


def test_a_repeated_submission_answers_the_view_while_the_game_waits_for_that_member(
    platform: Platform, duel: tuple[int, int, int]
) -> None:
    anna, _, game_id = duel
    first = platform.tables.act(anna, game_id, 0, "add:2")
    again = platform.tables.act(anna, game_id, 0, "add:2")
    assert again.repeated
    assert again.events == first.events
    assert (again.seq, again.to_act, again.view) == (first.seq, [0], first.view)
    assert again.legal == first.legal == ["add:1", "add:2", "add:3", "end"]
    now = platform.views.view(anna, game_id)
    assert (now["seq"], now["view"], now["legal"]) == (again.seq, again.view, again.legal)


def test_a_repeated_submission_after_others_moved_answers_the_game_as_it_stands(
    platform: Platform, duel: tuple[int, int, int]
) -> None:
    anna, bert, game_id = duel
    platform.tables.act(anna, game_id, 0, "add:1")
    ended = platform.tables.act(anna, game_id, 1, "end")
    platform.tables.act(bert, game_id, 2, "add:3")
    late = platform.tables.act(anna, game_id, 1, "end")
    assert late.repeated
    assert late.events == ended.events
    now = platform.views.view(anna, game_id)
    assert (late.seq, late.to_act, late.view, late.legal) == (3, [1], now["view"], [])
    assert late.view is not None
    assert late.view["total"] == 4
    platform.tables.act(bert, game_id, 3, "end")
    back = platform.tables.act(anna, game_id, 1, "end")
    assert (back.seq, back.to_act) == (4, [0])
    assert (
        back.legal
        == platform.views.view(anna, game_id)["legal"]
        == [
            "add:1",
            "add:2",
            "add:3",
            "end",
        ]
    )


def test_a_repeated_submission_of_the_last_step_answers_the_finished_game(
    platform: Platform, duel: tuple[int, int, int]
) -> None:
    anna, bert, game_id = duel
    seq = 0
    for member, texts in ((anna, ["add:3", "add:3", "add:3", "end"]), (bert, ["end"])):
        for text in texts:
            platform.tables.act(member, game_id, seq, text)
            seq += 1
    last = platform.tables.act(anna, game_id, seq, "add:1")
    assert platform.views.view(anna, game_id)["status"] == "finished"
    again = platform.tables.act(anna, game_id, seq, "add:1")
    assert again.repeated
    assert (again.seq, again.to_act, again.legal) == (last.seq, [], [])
    assert again.view == last.view


def test_an_illegal_action_changes_nothing(platform: Platform, duel: tuple[int, int, int]) -> None:
    anna, bert, game_id = duel
    with pytest.raises(GameError):
        platform.tables.act(anna, game_id, 0, "add:9")
    with pytest.raises(ServiceError) as turn:
        platform.tables.act(bert, game_id, 0, "add:1")
    assert turn.value.code == "game.not_your_turn"
    assert log_of(platform, game_id) == []


def test_nobody_can_act_in_a_game_they_do_not_sit_in(
    platform: Platform, duel: tuple[int, int, int], new_member: Callable[..., int]
) -> None:
    _, _, game_id = duel
    carla = new_member("carla")
    with pytest.raises(ServiceError) as refused:
        platform.tables.act(carla, game_id, 0, "add:1")
    assert refused.value.code == "game.not_seated"


def test_state_is_rebuilt_by_replaying_the_log(
    platform: Platform, duel: tuple[int, int, int]
) -> None:
    anna, bert, game_id = duel
    platform.tables.act(anna, game_id, 0, "add:3")
    platform.tables.act(anna, game_id, 1, "end")
    platform.tables.act(bert, game_id, 2, "add:2")
    before = platform.views.view(bert, game_id)
    platform.tables.cache.forget(game_id)
    assert platform.views.view(bert, game_id) == before
    assert before["view"]["total"] == 5


def test_a_game_stored_under_other_rules_is_refused_not_replayed_wrongly(
    platform: Platform, duel: tuple[int, int, int]
) -> None:
    anna, bert, game_id = duel
    platform.tables.act(anna, game_id, 0, "add:3")
    with platform.ctx.write() as session:
        session.execute(update(GameRow).where(GameRow.id == game_id).values(rules_version="0"))
    platform.tables.cache.forget(game_id)
    for attempt in (
        lambda: platform.views.view(bert, game_id),
        lambda: platform.tables.act(anna, game_id, 1, "end"),
    ):
        with pytest.raises(ServiceError) as refused:
            attempt()
        assert refused.value.code == "game.rules_version"
    assert log_of(platform, game_id) == [(1, 0, "play", "add:3")]


def test_views_never_show_another_seats_secret(
    platform: Platform, duel: tuple[int, int, int]
) -> None:
    anna, bert, game_id = duel
    platform.tables.act(anna, game_id, 0, "add:1")
    state = platform.tables.cache.state
    with platform.ctx.read() as session:
        from stammtisch.store.games import GameRow

        secrets = state(session, session.get(GameRow, game_id)).secrets
    assert platform.views.view(anna, game_id)["view"]["my_secret"] == secrets[0]
    assert platform.views.view(bert, game_id)["view"]["my_secret"] == secrets[1]
    assert platform.views.view(None, game_id)["view"]["my_secret"] is None
    for viewer, seat in ((bert, 1), (None, None)):
        for entry in platform.views.events_since(viewer, game_id, 0):
            assert all(event["kind"] != "secret_reminder" for event in entry["events"]), seat
    mine = platform.views.events_since(anna, game_id, 0)[0]["events"]
    assert {"kind": "secret_reminder", "secret": secrets[0]} in mine


def test_finishing_publishes_game_finished_once_in_the_same_transaction(
    platform: Platform, duel: tuple[int, int, int]
) -> None:
    anna, bert, game_id = duel
    seen: list[GameFinished] = []
    undo = subscribe(GameFinished, lambda session, event: seen.append(event))
    try:
        seq = 0
        for _ in range(2):
            for text in ("add:3", "add:3", "add:3", "end"):
                if platform.views.view(anna, game_id)["status"] != "active":
                    break
                platform.tables.act(anna, game_id, seq, text)
                seq += 1
            platform.tables.act(bert, game_id, seq, "end")
            seq += 1
    except ServiceError:
        pass
    finally:
        undo()
    assert len(seen) == 1
    event = seen[0]
    assert event.game_id == game_id
    assert event.game == "toy"
    assert not event.practice
    assert event.members == (anna, bert)
    assert event.outcome.winners == (0,)
    assert event.ended_by == "normal"
    assert event.ended_seat is None
    assert event.moves[1] == 1


def test_resign_ends_a_duel_as_a_loss_for_the_resigning_seat(
    platform: Platform, duel: tuple[int, int, int]
) -> None:
    anna, bert, game_id = duel
    seen: list[GameFinished] = []
    undo = subscribe(GameFinished, lambda session, event: seen.append(event))
    try:
        platform.tables.resign(bert, game_id)
    finally:
        undo()
    view = platform.views.view(anna, game_id)
    assert view["status"] == "finished"
    assert view["outcome"]["ranking"] == [[0], [1]]
    assert seen[0].ended_by == "resign"
    assert seen[0].ended_seat == 1
    assert seen[0].moves == (0, 0)
    with pytest.raises(ServiceError) as over:
        platform.tables.act(anna, game_id, view["seq"], "add:1")
    assert over.value.code == "game.over"


def test_practice_game_against_the_training_robot(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna = new_member("anna")
    game_id = platform.tables.practice(anna, "toy", {"target": 5})
    view = platform.views.view(anna, game_id)
    assert view["practice"] is True
    assert view["seats"][1]["bot"] == "steady"
    platform.tables.act(anna, game_id, 0, "add:1")
    played = platform.tables.act(anna, game_id, 1, "end")
    assert played.bot_turn
    assert platform.tables.run_bots(game_id) == 2
    view = platform.views.view(anna, game_id)
    assert view["to_act"] == [0]
    assert view["view"]["total"] == 2
    assert [entry[1:3] for entry in log_of(platform, game_id)][-2:] == [(1, "play"), (1, "play")]
