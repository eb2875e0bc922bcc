"""`stammtisch album`: show a month's album, write month files ahead without touching old ones."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from stammtisch.cli import app
from stammtisch.services.album.months import generate_month, month_json
from stammtisch.services.seasons import Season

runner = CliRunner()


def test_show_prints_the_nine_cards_with_every_tier() -> None:
    result = runner.invoke(app, ["album", "show", "2026-12", "--lang", "en"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "2026-12 · The night"
    assert [line.split(".")[0] for line in lines if re.match(r"\d\. ", line)] == [
        str(n) for n in range(1, 10)
    ]
    assert "   Colour: Play a game against members" in lines
    assert "   Gold: Play 20 games against members" in lines


def test_show_refuses_a_malformed_month() -> None:
    result = runner.invoke(app, ["album", "show", "December"])
    assert result.exit_code == 2
    assert "seasons are written like 2026-11" in result.output


def test_write_months_adds_missing_files_and_keeps_existing_ones(tmp_path: Path) -> None:
    kept = tmp_path / "2026-02.json"
    kept.write_text("as members saw it", encoding="utf-8")
    result = runner.invoke(
        app, ["album", "write-months", "--through", "2026-03", "--folder", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "2026-01.json",
        "2026-02.json",
        "2026-03.json",
    ]
    assert kept.read_text(encoding="utf-8") == "as members saw it"
    assert (tmp_path / "2026-03.json").read_text(encoding="utf-8") == month_json(
        generate_month(Season(2026, 3))
    )
