"""Shared fixtures: a migrated database on SQLite (always) and PostgreSQL (when configured).

PostgreSQL runs when STAMMTISCH_TEST_DATABASE_URL is set; each xdist worker gets its own
database. With STAMMTISCH_REQUIRE_SERVICES=1 a missing service fails the test instead of skipping.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.engine import make_url

from stammtisch.bots import registry as bot_registry
from stammtisch.bus import LocalBus
from stammtisch.engine import registry as engine_registry
from stammtisch.services.platform import Platform, build_platform
from stammtisch.services.timesource import ManualClock
from stammtisch.settings import Settings

REQUIRE_SERVICES = os.environ.get("STAMMTISCH_REQUIRE_SERVICES") == "1"

SUITE_LIMITS = {"signup_limit": 1_000_000, "write_limit": 1_000_000, "password_cost": "test"}
"""Settings of the suite's platforms: tests sign many members up from one address and play fast
(a test about the limits sets its own), and hash their passwords at the cheapest argon2 cost (a
test about the standard cost sets it)."""
for _name, _value in SUITE_LIMITS.items():  # so do the servers the tests start
    os.environ.setdefault(f"STAMMTISCH_{_name.upper()}", str(_value))


def service_missing(what: str) -> None:
    """Skip (or, when services are required, fail) a test whose service is not configured."""
    message = f"{what} is not configured"
    if REQUIRE_SERVICES:
        pytest.fail(f"{message}, but STAMMTISCH_REQUIRE_SERVICES=1")
    pytest.skip(message)


def worker_name(config: pytest.Config) -> str:
    """The xdist worker id (gw0, gw1, ...) or `main` without xdist."""
    return str(getattr(config, "workerinput", {}).get("workerid", "main"))


@pytest.fixture(autouse=True)
def toy_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the toy game and its bot, which platform tests play on."""
    monkeypatch.setitem(engine_registry._GAMES, "toy", "tests.toygame:GAME")
    monkeypatch.setitem(bot_registry._BOTS, "toy", {"steady": "tests.toygame:SteadyBot"})


@pytest.fixture(scope="session")
def postgres_url(request: pytest.FixtureRequest) -> Iterator[str | None]:
    """A fresh PostgreSQL database of this worker process (runs side by side never share one)."""
    base = os.environ.get("STAMMTISCH_TEST_DATABASE_URL")
    if not base:
        yield None
        return
    url = make_url(base)
    name = f"stammtisch_{worker_name(request.config)}_{os.getpid()}"
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    yield url.set(database=name).render_as_string(hide_password=False)
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


def clear_database(url: str) -> None:
    """Empty every table (the schema stays) so each test starts from nothing."""
    engine = create_engine(url)
    tables = [t for t in inspect(engine).get_table_names() if t != "alembic_version"]
    if tables:
        with engine.begin() as connection:
            names = ", ".join(f'"{t}"' for t in tables)
            connection.execute(text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))
    engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path, postgres_url: str | None) -> str:
    """The URL of an empty database: a SQLite file, or this worker's PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'test.sqlite3'}"
    if postgres_url is None:
        service_missing("PostgreSQL (STAMMTISCH_TEST_DATABASE_URL)")
        raise AssertionError("unreachable")
    clear_database(postgres_url)
    return postgres_url


@pytest.fixture
def redis_url(request: pytest.FixtureRequest) -> str:
    """The test Redis (STAMMTISCH_TEST_REDIS_URL)."""
    url = os.environ.get("STAMMTISCH_TEST_REDIS_URL")
    if not url:
        service_missing("Redis (STAMMTISCH_TEST_REDIS_URL)")
        raise AssertionError("unreachable")
    return url


@pytest.fixture
def clock() -> ManualClock:
    """A clock that only the test moves."""
    return ManualClock()


def make_settings(data_dir: Path, database_url: str, **extra: object) -> Settings:
    """Settings for a test platform in its own data folder."""
    return Settings(
        data_dir=data_dir,
        database_url=database_url,
        secret_key="test-secret",
        run_sweeper=False,
        **{**SUITE_LIMITS, **extra},
    )  # type: ignore[arg-type]


@pytest.fixture
def platform(database_url: str, tmp_path: Path, clock: ManualClock) -> Iterator[Platform]:
    """The platform's services on a fresh database (each backend), with a manual clock."""
    built = build_platform(make_settings(tmp_path, database_url), clock=clock, bus=LocalBus())
    yield built
    built.close()
