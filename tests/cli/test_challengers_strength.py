"""`stammtisch challengers strength` on the real command line."""

from __future__ import annotations

import json
from typing import Any

from typer.testing import CliRunner

from stammtisch.bots.challengers.strength import play_many, seating
from stammtisch.cli import app

runner = CliRunner()


def strength(*args: str) -> Any:
    """Run the command; the result object of typer's runner."""
    return runner.invoke(app, ["challengers", "strength", *args])


def without_times(report: dict[str, Any]) -> dict[str, Any]:
    """The JSON report without the decision times (which vary from run to run)."""
    return {
        name: {k: v for k, v in row.items() if not k.endswith("_ms")}
        for name, row in report["bots"].items()
    }


def test_the_text_report_names_every_bot_with_its_figures() -> None:
    result = strength("--players", "3", "--games", "3", "--bots", "greedy,random")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "3 seat(s), 3 tournament(s), seeds 1-3"
    assert [line.split(":")[0] for line in lines[1:]] == ["greedy", "random"]
    assert lines[1].startswith("greedy: wins ")
    assert "/3 = " in lines[1]
    assert "/6 = " in lines[2]
    for line in lines[1:]:
        assert ", final " in line
        assert " decision p50 " in line
        assert " ms p99 " in line


def test_json_has_the_documented_fields_and_counts_every_tournament() -> None:
    result = strength("--players", "4", "--games", "4", "--bots", "greedy,random", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["games"] == 4
    assert set(report["bots"]) == {"greedy", "random"}
    for row in report["bots"].values():
        assert {"wins", "win_rate", "finals", "p50_ms", "p99_ms"} <= set(row)
        assert row["p50_ms"] <= row["p99_ms"]
    greedy, random = report["bots"]["greedy"], report["bots"]["random"]
    assert (greedy["played"], random["played"]) == (4, 12)
    assert greedy["wins"] + random["wins"] == 4
    assert greedy["finals"] + random["finals"] == 8
    assert greedy["win_rate"] == greedy["wins"] / 4


def test_two_players_have_no_final_and_solo_plays_the_robot() -> None:
    duel = json.loads(strength("--games", "2", "--bots", "greedy,random", "--json").output)
    assert all(row["finals"] is None for row in duel["bots"].values())
    solo = strength("--players", "1", "--games", "2", "--bots", "greedy", "--difficulty", "5")
    assert solo.exit_code == 0, solo.output
    assert "robot difficulty 5" in solo.output
    assert "greedy: wins " in solo.output


def test_the_figures_do_not_depend_on_the_number_of_workers() -> None:
    args = ["--players", "3", "--games", "5", "--bots", "random,greedy", "--seed", "7", "--json"]
    one = json.loads(strength(*args, "--workers", "1").output)
    two = json.loads(strength(*args, "--workers", "2").output)
    assert without_times(one) == without_times(two)
    assert one["bots"]["random"]["decisions"] > 0


def test_each_tournament_is_the_same_with_one_or_two_workers() -> None:
    options = {"players": 3, "difficulty": 1}

    def summary(workers: int) -> list[list[tuple[str, bool, bool, int]]]:
        games = play_many(options, 11, ["random", "random", "greedy"], 5, workers)
        return [[(s.bot, s.won, s.final, len(s.times)) for s in game] for game in games]

    one = summary(1)
    assert one == summary(2)
    assert [game[2][0] for game in one] == ["greedy", "random", "random", "greedy", "random"]


def test_every_bot_sits_in_every_seat_equally_often() -> None:
    line = ["hard", "greedy", "greedy", "greedy"]
    seats = [seating(line, game).index("hard") for game in range(8)]
    assert sorted(seats) == [0, 0, 1, 1, 2, 2, 3, 3]


def test_an_unknown_bot_is_a_clear_error() -> None:
    result = strength("--games", "1", "--bots", "greedy,nobody")
    assert result.exit_code == 2
    assert "There is no bot called 'nobody'" in result.output
    too_many = strength("--players", "2", "--games", "1", "--bots", "greedy,random,greedy")
    assert too_many.exit_code == 2
    assert "3 bots for 2 seat(s)" in too_many.output
