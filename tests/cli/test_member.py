"""`stammtisch member vip NICK [--off]`: the admin command that grants and withdraws VIP."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from stammtisch.bus import LocalBus
from stammtisch.cli import app
from stammtisch.services.platform import build_platform
from tests.conftest import make_settings


def test_vip_is_granted_and_withdrawn_by_the_admin_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'admin.sqlite3'}"
    platform = build_platform(make_settings(tmp_path, url), bus=LocalBus())
    platform.accounts.sign_up("Anna", "correct horse")
    monkeypatch.setenv("STAMMTISCH_DATABASE_URL", url)
    monkeypatch.setenv("STAMMTISCH_DATA_DIR", str(tmp_path))
    runner = CliRunner()
    granted = runner.invoke(app, ["member", "vip", "anna"])
    assert granted.exit_code == 0, granted.output
    assert "Anna is now a VIP." in granted.output
    assert platform.accounts.by_nickname("anna").is_vip
    withdrawn = runner.invoke(app, ["member", "vip", "anna", "--off"])
    assert "no longer" in withdrawn.output
    assert not platform.accounts.by_nickname("anna").is_vip
    unknown = runner.invoke(app, ["member", "vip", "nobody"])
    assert unknown.exit_code == 1
    platform.close()
