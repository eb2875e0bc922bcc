"""`stammtisch klubnacht simulate|play|balance` and the documented scenarios."""

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from stammtisch.cli import app

RUNNER = CliRunner()
DOCS = Path(__file__).resolve().parents[2] / "docs" / "scenarios.md"


def run(*args: str) -> str:
    """The output of a successful command."""
    result = RUNNER.invoke(app, ["klubnacht", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_simulate_prints_the_same_night_for_the_same_seed() -> None:
    first = run("simulate", "--seed", "12", "--chips")
    assert first == run("simulate", "--seed", "12", "--chips")
    assert first != run("simulate", "--seed", "13", "--chips")
    assert first.splitlines()[-1].startswith("result: scores")


def test_simulate_json_ends_with_a_result_line() -> None:
    lines = [json.loads(line) for line in run("simulate", "--seed", "4", "--json").splitlines()]
    assert lines[0]["night"]["variant"] == "classic"
    result = lines[-1]["result"]
    assert set(result) == {"scores", "winner", "end_reason"}
    assert result["winner"] in (0, 1)
    assert any("action" in line for line in lines)


def test_simulate_takes_the_robots_of_both_seats() -> None:
    output = run(
        "simulate", "--seed", "2", "--bots", "random,strong", "--iterations", "20", "--json"
    )
    assert json.loads(output.splitlines()[0])["night"]["bots"] == ["random", "strong"]
    result = RUNNER.invoke(app, ["klubnacht", "simulate", "--seed", "1", "--bots", "oracle,random"])
    assert result.exit_code != 0
    assert "heuristic" in result.output


def test_play_runs_a_scenario_file(tmp_path: Path) -> None:
    scenario = {
        "stack": ["dj", "sound", "lights"],
        "wishlist": ["e01"],
        "actions": ["take 0", "take 1", "claim e01 dj1 sound1"],
    }
    path = tmp_path / "night.json"
    path.write_text(json.dumps(scenario))
    result = json.loads(run("play", str(path)))
    assert result["scores"] == {"0": 5, "1": 3}
    assert result["winner"] == 0
    assert result["end_reason"] == "all_tasks_claimed"
    assert result["error"] is None
    assert result["events"][-1]["kind"] == "night_ended"


def test_play_reports_the_first_illegal_action_and_stops(tmp_path: Path) -> None:
    scenario = {"wishlist": ["e01"], "actions": ["take 0", [1, "take 0"], "take 1"]}
    path = tmp_path / "night.json"
    path.write_text(json.dumps(scenario))
    result = json.loads(run("play", str(path)))
    assert result["error"]["index"] == 1
    assert result["error"]["code"] == "not_your_turn"
    assert len([e for e in result["events"] if e["kind"] == "card_taken"]) == 1


def test_play_refuses_a_broken_file(tmp_path: Path) -> None:
    path = tmp_path / "night.json"
    path.write_text(json.dumps({"wishlist": ["zz9"]}))
    result = RUNNER.invoke(app, ["klubnacht", "play", str(path)])
    assert result.exit_code == 2
    assert json.loads(result.output)["error"]["code"] == "bad_data"
    path.write_text("{")
    assert RUNNER.invoke(app, ["klubnacht", "play", str(path)]).exit_code == 2


def test_the_documented_scenarios_play_as_described(tmp_path: Path) -> None:
    section = DOCS.read_text(encoding="utf-8").split("## Klubnacht", 1)[1]
    blocks = re.findall(r"```json\n(.*?)```", section, re.S)
    assert len(blocks) == 2
    results = []
    for index, block in enumerate(blocks):
        path = tmp_path / f"example{index}.json"
        path.write_text(block)
        results.append(json.loads(run("play", str(path))))
    first, second = results
    assert first["scores"] == {"0": 2, "1": 6}
    assert first["error"]["code"] == "malformed_action"
    sabotage = [e for e in second["events"] if e["kind"] == "sabotage"]
    assert sabotage == [{"kind": "sabotage", "seat": 1, "motif": "dj", "destroyed": "dj3"}]
    assert second["error"] is None


def test_balance_prints_starter_and_chip_win_rates() -> None:
    output = run("balance", "--games", "30", "--bots", "heuristic,heuristic")
    assert "starter wins" in output
    assert "without compensation" in output
    assert re.search(r"chip magpie: holder wins \d+\.\d%", output)
    data = json.loads(run("balance", "--games", "20", "--bots", "heuristic", "--json", "--classic"))
    assert data["games"] == 20
    assert data["chip_win_rates"] == {}
    assert 0 <= data["starter_win_rate"] <= 1
