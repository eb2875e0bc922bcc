"""Which seats of a finished game count, and how the members placed."""

from stammtisch.engine.protocol import Outcome
from stammtisch.services.placings import counts, member_placings


def _outcome(*groups: tuple[int, ...]) -> Outcome:
    return Outcome(ranking=tuple(groups), reason="test")


def test_practice_games_never_count() -> None:
    assert not counts(practice=True, members=[1, 2])


def test_a_game_counts_only_with_two_members_at_the_table() -> None:
    assert counts(practice=False, members=[1, 2])
    assert counts(practice=False, members=[1, None, 2, None])
    assert not counts(practice=False, members=[1, None, None])


def test_bots_are_left_out_and_members_placed_among_themselves() -> None:
    placings = member_placings(_outcome((1,), (0,), (2,), (3,)), [7, None, 8, 9])
    assert [(p.member, p.place, p.won) for p in placings] == [
        (7, 1, False),
        (8, 2, False),
        (9, 3, False),
    ]


def test_only_the_first_place_of_the_game_is_a_win() -> None:
    placings = member_placings(_outcome((0,), (1,)), [7, 8])
    assert [(p.member, p.won) for p in placings] == [(7, True), (8, False)]


def test_shared_places_share_a_number_and_skip_the_next() -> None:
    placings = member_placings(_outcome((0, 1), (2,)), [7, 8, 9])
    assert [(p.member, p.place, p.won) for p in placings] == [
        (7, 1, True),
        (8, 1, True),
        (9, 3, False),
    ]


def test_a_forfeit_ranks_below_everyone_who_played_on() -> None:
    placings = member_placings(_outcome((2,), (0,), (1,)), [7, 8, 9], forfeits={2})
    assert [(p.member, p.place, p.won, p.forfeited) for p in placings] == [
        (7, 1, False, False),
        (8, 2, False, False),
        (9, 3, False, True),
    ]


def test_a_seat_finished_by_a_bot_after_a_timeout_wins_nobody_anything() -> None:
    placings = member_placings(_outcome((0,), (1,), (2,)), [7, 8, 9], forfeits={0})
    assert [(p.member, p.place, p.won) for p in placings] == [
        (8, 1, False),
        (9, 2, False),
        (7, 3, False),
    ]


def test_moves_are_carried_per_seat() -> None:
    placings = member_placings(_outcome((0,), (1,)), [7, 8], moves=[12, 0])
    assert [p.moves for p in placings] == [12, 0]
