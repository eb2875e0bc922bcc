"""The shared game protocol's small types."""

from stammtisch.engine.protocol import Event, GameError, Outcome, events_for


def test_event_without_audience_is_public() -> None:
    event = Event("flag_taken", {"seat": 1})
    assert event.visible_to(0)
    assert event.visible_to(None)


def test_event_with_audience_reaches_only_those_seats() -> None:
    event = Event("cards_drawn", {"cards": ["Dog"]}, audience=frozenset({1}))
    assert event.visible_to(1)
    assert not event.visible_to(0)
    assert not event.visible_to(None)
    assert events_for([event, Event("public")], 0) == [Event("public")]


def test_event_to_dict_drops_audience() -> None:
    event = Event("cards_drawn", {"cards": ["Dog"]}, audience=frozenset({1}))
    assert event.to_dict() == {"kind": "cards_drawn", "cards": ["Dog"]}


def test_game_error_carries_code_and_reason() -> None:
    error = GameError("not_your_turn", "It is not your turn.")
    assert error.code == "not_your_turn"
    assert str(error) == "It is not your turn."


def test_outcome_winners_are_the_first_group() -> None:
    assert Outcome(ranking=((2,), (0, 1)), reason="final").winners == (2,)
    assert Outcome(ranking=(), reason="aborted").winners == ()
