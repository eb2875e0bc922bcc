"""Rate limits: sign-ups per client address and writes per member answer 429 with Retry-After
and change nothing; counted in the process, or across processes through Redis."""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
import redis
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from stammtisch.bus import LocalBus
from stammtisch.services.platform import Platform, build_platform
from stammtisch.services.timesource import ManualClock
from stammtisch.store.members import Member
from stammtisch.web.app import create_app
from stammtisch.web.ratelimits import window_of
from tests.conftest import make_settings
from tests.mailserver import free_port
from tests.web.conftest import ApiMember, sign_up

PASSWORD = "correct horse"


def limited_platform(
    tmp_path: Path, database_url: str, clock: ManualClock, **limits: object
) -> Platform:
    """A platform whose app counts sign-ups and writes as `limits` say."""
    settings = make_settings(tmp_path, database_url, **limits)
    return build_platform(settings, clock=clock, bus=LocalBus())


def two_processes(
    tmp_path: Path, database_url: str, clock: ManualClock, redis_url: str, **limits: object
) -> list[Platform]:
    """Two processes' platforms on one database, counting through one Redis (a prefix of their
    own), with these limits."""
    prefix = f"test-{secrets.token_hex(4)}"
    return [
        limited_platform(
            tmp_path / name, database_url, clock, redis_url=redis_url, redis_prefix=prefix, **limits
        )
        for name in ("one", "two")
    ]


@pytest.fixture
def limited(tmp_path: Path, database_url: str, clock: ManualClock) -> Iterator[TestClient]:
    """A client of an app allowing 3 sign-ups per hour per address and 3 writes per minute."""
    platform = limited_platform(
        tmp_path, database_url, clock, signup_limit=3, write_limit=3, write_window_seconds=60
    )
    with TestClient(create_app(platform)) as client:
        yield client
    platform.close()


def members(client: TestClient) -> int:
    """How many members the app's database holds."""
    platform: Platform = client.app.state.platform  # type: ignore[attr-defined]
    with platform.ctx.read() as session:
        return int(session.scalar(select(func.count()).select_from(Member)) or 0)


def test_sign_ups_above_the_limit_are_refused_until_the_window_ends(
    limited: TestClient, clock: ManualClock
) -> None:
    for nickname in ("anna", "bert", "cleo"):
        sign_up(limited, nickname)
    answer = limited.post("/api/accounts/signup", json={"nickname": "dora", "password": PASSWORD})
    assert (answer.status_code, answer.json()["error"]) == (429, "limits.too_many_signups")
    assert 1 <= int(answer.headers["Retry-After"]) <= 3600
    assert members(limited) == 3
    clock.advance(timedelta(seconds=int(answer.headers["Retry-After"])))
    sign_up(limited, "dora")
    assert members(limited) == 4


def test_writes_above_the_limit_are_refused_and_change_nothing(
    limited: TestClient, clock: ManualClock
) -> None:
    anna = sign_up(limited, "anna")
    for language in ("de", "fr", "pt"):
        assert anna.patch("/api/me", {"language": language}).status_code == 200
    refused = anna.patch("/api/me", {"language": "en"})
    assert (refused.status_code, refused.json()["error"]) == (429, "limits.too_many_requests")
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert anna.get("/api/me").json()["language"] == "pt"  # reads are not limited
    other = sign_up(limited, "bert")  # each member has a limit of their own
    assert other.patch("/api/me", {"language": "de"}).status_code == 200
    clock.advance(timedelta(seconds=int(refused.headers["Retry-After"])))
    assert anna.patch("/api/me", {"language": "en"}).json()["language"] == "en"


def test_actions_over_the_websocket_count_as_writes(limited: TestClient) -> None:
    anna = sign_up(limited, "anna")
    for _ in range(3):
        assert anna.patch("/api/me", {"language": "de"}).status_code == 200
    with limited.websocket_connect("/api/ws", headers=anna.headers()) as socket:
        assert socket.receive_json()["type"] == "hello"
        socket.send_json({"type": "act", "game_id": 1, "seq": 0, "action": "x", "ref": 7})
        answer = socket.receive_json()
    assert (answer["type"], answer["error"], answer["ref"]) == (
        "error",
        "limits.too_many_requests",
        7,
    )


def test_processes_on_one_redis_share_their_counts(
    tmp_path: Path, database_url: str, clock: ManualClock, redis_url: str
) -> None:
    platforms = two_processes(tmp_path, database_url, clock, redis_url, signup_limit=3)
    with TestClient(create_app(platforms[0])) as one, TestClient(create_app(platforms[1])) as two:
        sign_up(one, "anna")
        sign_up(two, "bert")
        sign_up(one, "cleo")
        answer = two.post("/api/accounts/signup", json={"nickname": "dora", "password": PASSWORD})
        assert (answer.status_code, answer.json()["error"]) == (429, "limits.too_many_signups")
    for platform in platforms:
        platform.close()


def test_processes_on_one_redis_share_write_counts_a_tenth_of_a_second_late(
    tmp_path: Path, database_url: str, clock: ManualClock, redis_url: str
) -> None:
    """A member's first write in a window on a process is counted in Redis at once, so that
    process knows the writes made elsewhere; later ones go to Redis together a moment later."""
    platforms = two_processes(tmp_path, database_url, clock, redis_url, write_limit=3)
    counted = redis.Redis.from_url(redis_url)
    keys = f"{platforms[0].ctx.settings.redis_prefix}:limit:write:*"

    def writes_in_redis() -> int:
        return sum(int(counted.get(key) or 0) for key in counted.keys(keys))

    with TestClient(create_app(platforms[0])) as one, TestClient(create_app(platforms[1])) as two:
        anna = sign_up(one, "anna")
        anna_on_two = ApiMember(two, anna.nickname, anna.id, anna.token, anna.csrf)
        assert anna.patch("/api/me", {"language": "de"}).status_code == 200
        assert anna.patch("/api/me", {"language": "fr"}).status_code == 200
        deadline = time.monotonic() + 5
        while writes_in_redis() < 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert writes_in_redis() == 2
        assert anna_on_two.patch("/api/me", {"language": "pt"}).status_code == 200
        refused = anna_on_two.patch("/api/me", {"language": "en"})
        assert (refused.status_code, refused.json()["error"]) == (429, "limits.too_many_requests")
        assert anna.get("/api/me").json()["language"] == "pt"
    counted.close()
    for platform in platforms:
        platform.close()


def test_with_redis_unreachable_writes_go_on_and_the_process_counts_alone(
    tmp_path: Path, database_url: str, clock: ManualClock
) -> None:
    nowhere = f"redis://127.0.0.1:{free_port()}/0"
    platform = limited_platform(
        tmp_path, database_url, clock, signup_limit=2, write_limit=2, redis_url=nowhere
    )
    with TestClient(create_app(platform)) as client:
        anna = sign_up(client, "anna")
        assert anna.patch("/api/me", {"language": "de"}).status_code == 200
        assert anna.patch("/api/me", {"language": "fr"}).status_code == 200
        assert anna.patch("/api/me", {"language": "pt"}).status_code == 429
        sign_up(client, "bert")
        answer = client.post(
            "/api/accounts/signup", json={"nickname": "cleo", "password": PASSWORD}
        )
        assert answer.status_code == 429
    platform.close()


def test_members_windows_turn_over_at_different_moments() -> None:
    """Each key's windows start at an offset of its own, so first writes (each a Redis round
    trip) do not all come at once; every window lasts the whole window."""
    turns = set()
    for member_id in range(200):
        key = f"write:{member_id}"
        index, left = window_of(key, 60, 1_000_000.0)
        assert 1 <= left <= 60
        assert window_of(key, 60, 1_000_000.0 + left - 0.5)[0] == index
        assert window_of(key, 60, 1_000_000.0 + left) == (index + 1, 60)
        turns.add(left)
    assert len(turns) > 40


def test_a_keys_window_is_the_same_in_every_process() -> None:
    """The offset comes from the key itself (CRC-32, 19 s for this key), not from Python's
    hash, which is salted differently in each process."""
    assert window_of("write:7", 60, 1234.5) == (20, 45)


def test_too_many_failed_logins_say_when_to_try_again(client: TestClient) -> None:
    sign_up(client, "anna")
    wrong = {"nickname": "anna", "password": "wrong horse"}
    for _ in range(5):
        assert client.post("/api/accounts/login", json=wrong).status_code == 401
    refused = client.post("/api/accounts/login", json=wrong)
    assert (refused.status_code, refused.json()["error"]) == (429, "accounts.too_many_attempts")
    assert refused.headers["Retry-After"] == "900"


def test_the_suite_raises_the_limits_for_tests_not_about_them(member: ApiMember) -> None:
    settings = member.client.app.state.platform.ctx.settings  # type: ignore[attr-defined]
    assert settings.signup_limit >= 1000
    assert settings.write_limit >= 1000
