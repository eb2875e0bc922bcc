"""The Challengers! scenario examples of docs/scenarios.md play as documented."""

from __future__ import annotations

import json
import re
from pathlib import Path

from stammtisch.engine.challengers.scenario import play

DOC = Path(__file__).parents[2] / "docs" / "scenarios.md"


def _examples() -> list[tuple[dict[str, object], str]]:
    """(scenario, the paragraph after it) of every example in the Challengers! section."""
    section = DOC.read_text("utf-8").split("## Challengers!", 1)[1].split("\n## ", 1)[0]
    parts = re.findall(r"```json\n(.*?)```\n(.*?)(?=\n### |\Z)", section, flags=re.S)
    return [(json.loads(block), text) for block, text in parts]


def test_the_documented_examples_give_the_documented_results() -> None:
    examples = _examples()
    assert len(examples) == 2
    for scenario, text in examples:
        report = play(scenario)
        claimed = dict(
            re.findall(r"`(winner|reason|benches|exhaust)` `([^`]+)`", text.split("→", 1)[1])
        )
        assert str(report["winner"]) == claimed["winner"]
        assert report["reason"] == claimed["reason"]
        for key in ("benches", "exhaust"):
            if key in claimed:
                assert report[key] == json.loads(claimed[key])
