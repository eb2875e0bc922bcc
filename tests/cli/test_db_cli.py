"""`stammtisch db backup` and `db restore`: a live database copied and served again elsewhere."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from typer.testing import CliRunner, Result

from stammtisch.bus import LocalBus
from stammtisch.cli import app
from stammtisch.services.platform import build_platform
from stammtisch.services.timesource import ManualClock
from stammtisch.web.app import create_app
from tests.conftest import clear_database, make_settings, service_missing
from tests.web.conftest import ApiMember
from tests.web.test_games_api import start_duel


def db(url: str, *arguments: str) -> Result:
    """Run `stammtisch db ...` on the database at `url`."""
    return CliRunner().invoke(app, ["db", *arguments], env={"STAMMTISCH_DATABASE_URL": url})


def what_they_see(members: list[ApiMember], game_id: int) -> list[object]:
    """The game and the hub as each member sees them."""
    return [m.get(path).json() for m in members for path in (f"/api/games/{game_id}", "/api/hub")]


def back_up_live_and_serve_the_restored_copy(
    tmp_path: Path, live_url: str, restored_url: str, *restore_flags: str
) -> None:
    """Play on a live app, back its database up, play on, restore the backup to another database
    and check that the app on it serves the games exactly as they were at the backup."""
    clock = ManualClock()
    live = build_platform(make_settings(tmp_path / "a", live_url), clock=clock, bus=LocalBus())
    backup = tmp_path / "stammtisch.backup"
    with TestClient(create_app(live)) as client:
        anna, bert, game_id = start_duel(client)
        assert anna.post(f"/api/games/{game_id}/actions", {"seq": 0, "action": "add:2"}).is_success
        seen = what_they_see([anna, bert], game_id)
        backed = db(live_url, "backup", str(backup))
        assert backed.exit_code == 0, backed.output
        assert anna.post(f"/api/games/{game_id}/actions", {"seq": 1, "action": "end"}).is_success
        assert what_they_see([anna, bert], game_id) != seen
    live.close()
    restored = db(restored_url, "restore", str(backup), *restore_flags)
    assert restored.exit_code == 0, restored.output
    again = build_platform(make_settings(tmp_path / "b", restored_url), clock=clock, bus=LocalBus())
    with TestClient(create_app(again)) as client:
        members = [replace(anna, client=client), replace(bert, client=client)]
        assert what_they_see(members, game_id) == seen
    again.close()


def test_a_live_sqlite_database_is_backed_up_and_restored_into_a_new_file(tmp_path: Path) -> None:
    live = tmp_path / "live.sqlite3"
    back_up_live_and_serve_the_restored_copy(
        tmp_path, f"sqlite:///{live}", f"sqlite:///{tmp_path / 'restored' / 'new.sqlite3'}"
    )


def test_a_postgresql_database_is_backed_up_with_pg_dump_and_restored_with_pg_restore(
    tmp_path: Path, postgres_url: str | None
) -> None:
    if postgres_url is None:
        service_missing("PostgreSQL (STAMMTISCH_TEST_DATABASE_URL)")
        return
    clear_database(postgres_url)
    url = make_url(postgres_url)
    name = f"{url.database}_restored"
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    restored_url = url.set(database=name).render_as_string(hide_password=False)
    try:
        back_up_live_and_serve_the_restored_copy(tmp_path, postgres_url, restored_url, "--force")
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def test_sqlite_backups_are_consistent_files_even_with_writes_in_the_write_ahead_log(
    tmp_path: Path,
) -> None:
    live = tmp_path / "live.sqlite3"
    platform = build_platform(make_settings(tmp_path, f"sqlite:///{live}"), bus=LocalBus())
    platform.accounts.sign_up("Anna", "correct horse")
    assert Path(f"{live}-wal").stat().st_size > 0  # the sign-up is still only in the log
    backed = db(f"sqlite:///{live}", "backup", str(tmp_path / "copy.sqlite3"))
    assert backed.exit_code == 0, backed.output
    assert "(0 games)" in backed.output
    assert not Path(f"{tmp_path / 'copy.sqlite3'}-wal").exists()
    copy = create_engine(f"sqlite:///{tmp_path / 'copy.sqlite3'}")
    with copy.connect() as connection:
        assert connection.execute(text("SELECT nickname FROM members")).scalars().all() == ["Anna"]
    copy.dispose()
    platform.close()


def test_backup_and_restore_refuse_what_would_lose_data_and_change_nothing(
    tmp_path: Path,
) -> None:
    live = tmp_path / "live.sqlite3"
    platform = build_platform(make_settings(tmp_path, f"sqlite:///{live}"), bus=LocalBus())
    with TestClient(create_app(platform)) as client:
        start_duel(client)
    platform.close()
    backup = tmp_path / "backup.sqlite3"
    assert db(f"sqlite:///{live}", "backup", str(backup)).exit_code == 0
    before = backup.read_bytes()
    again = db(f"sqlite:///{live}", "backup", str(backup))
    assert (again.exit_code, "--force" in again.output) == (1, True)
    assert backup.read_bytes() == before
    onto_games = db(f"sqlite:///{live}", "restore", str(backup))
    assert (onto_games.exit_code, "holds games" in onto_games.output) == (1, True)
    not_ours = tmp_path / "notes.txt"
    not_ours.write_text("not a database")
    target = tmp_path / "empty.sqlite3"
    refused = db(f"sqlite:///{target}", "restore", str(not_ours))
    assert refused.exit_code == 1
    assert "not a Stammtisch database" in refused.output
    assert not target.exists()
    missing = db(f"sqlite:///{target}", "restore", str(tmp_path / "nowhere.sqlite3"))
    assert (missing.exit_code, "no backup" in missing.output) == (1, True)


def test_without_pg_dump_the_backup_says_the_command_to_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    url = "postgresql+psycopg://stammtisch:s3cret@db.example:5432/stammtisch"
    told = db(url, "backup", str(tmp_path / "dump"))
    assert told.exit_code == 1
    assert "pg_dump --format=custom --no-owner" in told.output
    assert "postgresql://stammtisch@db.example:5432/stammtisch" in told.output
    assert "s3cret" not in told.output
