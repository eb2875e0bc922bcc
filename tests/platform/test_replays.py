"""Replays of finished games: each step is the engine's own view for the caller's seat, with the
events and action texts that seat may see; running games are refused."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import select, update

from stammtisch.engine.challengers.game import GAME as CHALLENGERS
from stammtisch.engine.klubnacht import GAME as KLUBNACHT
from stammtisch.services.errors import ServiceError
from stammtisch.services.gameflow import visible_events
from stammtisch.services.platform import Platform
from stammtisch.store.games import ActionRow, GameRow
from tests.platform.nights import play_night

FREE_DRINK_AGAINST_MAGPIE = 31
"""A chip night whose starter (seat 0) holds Free drink and whose second player holds Magpie."""

CARD = re.compile(r"^(dj|bouncer|bartender|lights|sound|delivery)\d$")


@pytest.fixture
def night(
    platform: Platform, new_member: Callable[..., int], monkeypatch: pytest.MonkeyPatch
) -> tuple[int, int, int]:
    """Anna (seat 0, Free drink) and Bert (seat 1, Magpie) play a chip night to its end."""
    anna, bert = new_member("anna"), new_member("bert")
    challenge = platform.challenges.send(anna, "bert", "klubnacht", {"chips": True})
    monkeypatch.setattr(
        "stammtisch.services.tables.secrets.randbits", lambda bits: FREE_DRINK_AGAINST_MAGPIE
    )
    game_id = platform.challenges.accept(bert, challenge["id"])
    assert play_night(platform, game_id, [anna, bert])["status"] == "finished"
    return anna, bert, game_id


def logged(platform: Platform, game_id: int) -> list[ActionRow]:
    with platform.ctx.read() as session:
        query = select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.seq)
        return list(session.scalars(query))


def test_every_step_is_the_engines_own_view_for_the_callers_seat(
    platform: Platform, night: tuple[int, int, int]
) -> None:
    anna, bert, game_id = night
    log = logged(platform, game_id)
    for viewer, seat in ((anna, 0), (bert, 1), (None, None)):
        replay = platform.replays.replay(viewer, game_id)
        assert replay["seat"] == seat
        assert replay["status"] == "finished"
        assert [step["seq"] for step in replay["steps"]] == list(range(len(log) + 1))
        state = KLUBNACHT.setup({"chips": True}, FREE_DRINK_AGAINST_MAGPIE)
        assert replay["steps"][0]["view"] == KLUBNACHT.view(state, seat)
        for entry, step in zip(log, replay["steps"][1:], strict=True):
            KLUBNACHT.apply(state, entry.seat, KLUBNACHT.parse_action(entry.text))
            assert step["view"] == KLUBNACHT.view(state, seat)
            assert step["events"] == visible_events(entry.events, seat)
        assert state.over


def test_no_step_shows_the_opponents_hand_or_what_only_the_opponent_saw(
    platform: Platform, night: tuple[int, int, int]
) -> None:
    anna, bert, game_id = night
    log = logged(platform, game_id)
    assert any(entry.text.startswith("redeem free_drink") for entry in log)
    assert any(entry.text.startswith("keep") for entry in log)
    for viewer, seat in ((anna, 0), (bert, 1), (None, None)):
        for step in platform.replays.replay(viewer, game_id)["steps"]:
            for side in step["view"]["seats"]:
                assert (side["hand"] is None) == (side["seat"] != seat)
            for event in step["events"]:
                if event["kind"] in ("cards_seen", "cards_revealed"):
                    assert event["seat"] == seat


def test_action_texts_show_only_what_the_steps_events_showed_that_seat(
    platform: Platform, night: tuple[int, int, int]
) -> None:
    anna, bert, game_id = night
    log = logged(platform, game_id)
    drink = next(entry for entry in log if entry.text.startswith("redeem free_drink"))
    for viewer, seat in ((anna, 0), (bert, 1), (None, None)):
        steps = platform.replays.replay(viewer, game_id)["steps"][1:]
        for entry, step in zip(log, steps, strict=True):
            if entry.seat == seat:
                assert step["action"] == entry.text
                continue
            assert step["action"] is not None
            seen = str(step["events"])
            for word in step["action"].split():
                assert not CARD.match(word) or f"'{word}'" in seen, (step["action"], seen)
        assert steps[drink.seq - 1]["action"] == (
            drink.text if seat == drink.seat else "redeem free_drink"
        )


def test_a_running_game_has_no_replay(platform: Platform, duel: tuple[int, int, int]) -> None:
    anna, bert, game_id = duel
    platform.tables.act(anna, game_id, 0, "add:1")
    for viewer in (anna, bert, None):
        with pytest.raises(ServiceError) as refused:
            platform.replays.replay(viewer, game_id)
        assert refused.value.code == "game.running"
    with pytest.raises(ServiceError) as unknown:
        platform.replays.replay(anna, game_id + 100)
    assert unknown.value.code == "game.unknown_game"


def test_a_resigned_game_replays_its_moves_and_the_resign(
    platform: Platform, duel: tuple[int, int, int]
) -> None:
    anna, bert, game_id = duel
    platform.tables.act(anna, game_id, 0, "add:2")
    platform.tables.resign(anna, game_id)
    mine, theirs = platform.replays.replay(anna, game_id), platform.replays.replay(bert, game_id)
    steps: list[dict[str, Any]] = mine["steps"]
    assert [(s["seq"], s["seat"], s["kind"], s["action"]) for s in steps] == [
        (0, None, None, None),
        (1, 0, "play", "add:2"),
        (2, 0, "resign", None),
    ]
    assert (
        steps[2]["view"]
        == steps[1]["view"]
        == {"total": 2, "target": 10, "turn": 0, "my_secret": steps[0]["view"]["my_secret"]}
    )
    assert [s["action"] for s in theirs["steps"]] == [None, None, None]
    assert [e["kind"] for e in theirs["steps"][1]["events"]] == ["added"]
    assert theirs["ended_by"] == "resign"
    assert theirs["outcome"]["ranking"] == [[1], [0]]


def test_a_game_of_other_rules_is_not_replayed(
    platform: Platform, duel: tuple[int, int, int]
) -> None:
    anna, _, game_id = duel
    platform.tables.resign(anna, game_id)
    with platform.ctx.write() as session:
        session.execute(update(GameRow).where(GameRow.id == game_id).values(rules_version="0"))
    with pytest.raises(ServiceError) as refused:
        platform.replays.replay(anna, game_id)
    assert refused.value.code == "game.rules_version"


def test_a_challengers_game_replays_with_action_texts_only_for_their_own_seat(
    platform: Platform, new_member: Callable[..., int]
) -> None:
    anna = new_member("anna")
    game_id = platform.tables.practice(anna, "challengers", {"players": 3})
    platform.tables.run_bots(game_id)
    platform.tables.resign(anna, game_id)
    platform.tables.run_bots(game_id)
    assert platform.views.view(anna, game_id)["status"] == "finished"
    log = logged(platform, game_id)
    mine, watched = platform.replays.replay(anna, game_id), platform.replays.replay(None, game_id)
    state = CHALLENGERS.setup(mine["options"], logged_seed(platform, game_id))
    for entry, step, seen in zip(log, mine["steps"][1:], watched["steps"][1:], strict=True):
        if entry.kind == "play":
            CHALLENGERS.apply(state, entry.seat, CHALLENGERS.parse_action(entry.text))
        assert step["view"] == CHALLENGERS.view(state, 0)
        assert seen["view"] == CHALLENGERS.view(state, None)
        assert step["action"] == (entry.text if entry.seat == 0 and entry.kind == "play" else None)
        assert seen["action"] is None
    assert [step["kind"] for step in mine["steps"]].count("resign") == 1


def logged_seed(platform: Platform, game_id: int) -> int:
    with platform.ctx.read() as session:
        row = session.get(GameRow, game_id)
        assert row is not None
        return row.seed
