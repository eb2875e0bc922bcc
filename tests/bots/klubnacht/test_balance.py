"""The balance report: starter and chip win rates from finished nights."""

from stammtisch.bots.klubnacht.balance import NightResult, play_many, report


def night(starter: int, winner: int, plain_winner: int, chips=(None, None)) -> NightResult:
    """A finished night as the report sees it."""
    return NightResult(0, starter, winner, plain_winner, chips, (0, 0), "market_empty")


def test_the_report_counts_starter_wins_with_and_without_compensation() -> None:
    summary = report([night(0, 0, 0), night(1, 0, 1), night(0, 1, 0), night(1, 1, 1)])
    assert summary.games == 4
    assert summary.starter_rate == 0.5
    assert summary.starter_rate_without_compensation == 1.0


def test_the_report_counts_how_often_each_chips_holder_wins() -> None:
    summary = report(
        [
            night(0, 0, 0, ("magpie", "triple")),
            night(0, 1, 1, ("triple", "magpie")),
            night(1, 0, 0, ("sabotage", "magpie")),
        ]
    )
    assert summary.chip_games == {"magpie": 3, "triple": 2, "sabotage": 1}
    assert summary.chip_rate("magpie") == 2 / 3
    assert summary.chip_rate("triple") == 0.0
    assert summary.chip_rate("sabotage") == 1.0
    assert summary.chip_rate("free_drink") == 0.0


def test_nights_played_in_worker_processes_match_those_played_here() -> None:
    here = play_many(range(6), True, ("heuristic", "random"))
    there = play_many(range(6), True, ("heuristic", "random"), workers=2)
    assert [(r.winner, r.scores, r.chips) for r in here] == [
        (r.winner, r.scores, r.chips) for r in there
    ]
