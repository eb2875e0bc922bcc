"""`stammtisch challengers simulate|match` on the real command line."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from stammtisch.cli import app

runner = CliRunner()


def test_simulate_prints_a_readable_log_and_repeats_with_the_same_seed() -> None:
    first = runner.invoke(app, ["challengers", "simulate", "--players", "4", "--seed", "1"])
    second = runner.invoke(app, ["challengers", "simulate", "--players", "4", "--seed", "1"])
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    assert "== Round 1" in first.output
    assert "== Game over (final)" in first.output


def test_simulate_json_prints_events_then_one_result_line() -> None:
    result = runner.invoke(
        app,
        [
            "challengers",
            "simulate",
            "--players",
            "3",
            "--seed",
            "2",
            "--difficulty",
            "2",
            "--winter-park",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert lines[-1]["kind"] == "result"
    assert lines[-1]["reason"] == "final"
    assert lines[0]["kind"] == "round_started"
    private = [line for line in lines if "to" in line]
    assert private
    assert all(isinstance(line["to"], list) for line in private)


def test_simulate_with_variants_and_chosen_sets() -> None:
    result = runner.invoke(
        app,
        [
            "challengers",
            "simulate",
            "--players",
            "1",
            "--seed",
            "3",
            "--difficulty",
            "5",
            "--solo-cards",
            "--alt-draft",
            "--sets",
            "castle,film-studio,funfair,haunted-house,shipwreck",
            "--bots",
            "random",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output


def test_bad_options_fail_with_a_clear_message() -> None:
    result = runner.invoke(app, ["challengers", "simulate", "--players", "9"])
    assert result.exit_code == 2
    assert "1 to 8 players, not 9" in result.output
    result = runner.invoke(
        app, ["challengers", "simulate", "--sets", "castle,funfair,moon,shipwreck"]
    )
    assert result.exit_code == 2
    assert "no set called 'moon'" in result.output


def test_match_plays_a_scenario_file(tmp_path: Path) -> None:
    scenario = {
        "round": 3,
        "decks": [["Newcomer", "starter-champion"], ["Horse", "Rubber Duck"]],
        "beginner": 0,
        "trophies": [[1], [2]],
        "piles": {"A": ["Pig"]},
        "answers": [[], []],
    }
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    result = runner.invoke(app, ["challengers", "match", str(path)])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["winner"] == 1
    assert report["reason"] == "deck_empty"
    assert report["benches"] == [[["Newcomer"]], []]
    assert report["fans"] == [0, 0]
    assert report["events"][0]["kind"] == "match_started"


def test_match_reports_broken_scenarios_clearly(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text(json.dumps({"decks": [["Unicorn"], ["Dog"]]}), encoding="utf-8")
    result = runner.invoke(app, ["challengers", "match", str(path)])
    assert result.exit_code == 2
    assert "no card called 'Unicorn'" in result.output
    path.write_text("{not json", encoding="utf-8")
    result = runner.invoke(app, ["challengers", "match", str(path)])
    assert result.exit_code == 2
    assert "cannot read" in result.output


def test_match_refuses_scenario_fields_of_the_wrong_kind(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    decks = [["pig"], ["talent"]]
    for field, value, message in [
        ("trophies", [["x"], []], "'trophies' must list round numbers 1 to 7"),
        ("trophies", [[8], []], "'trophies' must list round numbers 1 to 7"),
        ("winter_park", "no", "'winter_park' must be true or false"),
        ("beginner", True, "'beginner' must be 0, 1 or null"),
        ("robot", 2, "'robot' must be 0, 1 or null"),
        ("answers", [[1], []], "'answers' must list option texts"),
    ]:
        path.write_text(json.dumps({"decks": decks, "round": 2, field: value}), encoding="utf-8")
        result = runner.invoke(app, ["challengers", "match", str(path)])
        assert result.exit_code == 2, (field, result.output)
        assert message in result.output, field


def test_the_log_names_the_final_and_says_how_a_solo_game_went_against_the_robot() -> None:
    outcomes = set()
    for seed in range(1, 9):
        log = runner.invoke(app, ["challengers", "simulate", "--players", "1", "--seed", str(seed)])
        data = runner.invoke(
            app, ["challengers", "simulate", "--players", "1", "--seed", str(seed), "--json"]
        )
        details = json.loads(data.output.splitlines()[-1])["details"]
        last = log.output.splitlines()[-1]
        if details.get("draw"):
            assert last.endswith("(a draw with the robot)")
        elif details["robot_won"]:
            assert last.endswith("(the robot wins)")
        else:
            assert last.endswith("(seat 0 beats the robot)")
        outcomes.add(last.rsplit("(", 1)[1])
    assert len(outcomes) > 1
    final = runner.invoke(app, ["challengers", "simulate", "--players", "3", "--seed", "1"])
    assert "-- Park 0, the final: " in final.output
