"""Practice games send no turn notices: no your-turn, no reminder, no game-over, no e-mail."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import update

from stammtisch.bus import LocalBus
from stammtisch.services.platform import Platform, build_platform
from stammtisch.services.timesource import ManualClock
from stammtisch.store.deadlines import DeadlineRow
from tests.conftest import make_settings
from tests.mailserver import Inbox, smtp_server
from tests.platform.nights import play_night

TURN_NOTICES = {"your_turn", "reminder"}


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    received = Inbox()
    with smtp_server(received) as port:
        yield received, port


@pytest.fixture
def mailing(
    inbox: tuple[Inbox, int], database_url: str, tmp_path: Path, clock: ManualClock
) -> Iterator[Platform]:
    settings = make_settings(tmp_path, database_url, smtp_host="127.0.0.1", smtp_port=inbox[1])
    platform = build_platform(settings, clock=clock, bus=LocalBus())
    yield platform
    platform.close()


def opted_in(platform: Platform, nickname: str) -> int:
    """A member who wants notification e-mails."""
    email = f"{nickname}@example.org"
    signed = platform.accounts.sign_up(nickname, "correct horse", email, email_notifications=True)
    return signed.member_id


def kinds(platform: Platform, member_id: int) -> list[str]:
    return [item["kind"] for item in platform.notifications.feed(member_id, limit=200)["items"]]


def test_a_whole_practice_night_sends_no_turn_notice_reminder_or_email(
    mailing: Platform, inbox: tuple[Inbox, int], clock: ManualClock
) -> None:
    anna = opted_in(mailing, "anna")
    game_id = mailing.tables.practice(anna, "klubnacht", {"chips": True})

    def half_a_day_later() -> None:
        clock.advance(timedelta(hours=13))
        mailing.sweeper.sweep()

    table = play_night(mailing, game_id, [anna], after_robots=half_a_day_later)
    assert table["status"] == "finished"
    assert table["seq"] > 20
    mailing.sweeper.sweep()
    assert kinds(mailing, anna) == []
    assert inbox[0].messages == []


def test_a_night_between_two_members_still_sends_turn_notices_and_emails(
    mailing: Platform, inbox: tuple[Inbox, int], clock: ManualClock
) -> None:
    anna, bert = opted_in(mailing, "anna"), opted_in(mailing, "bert")
    challenge = mailing.challenges.send(anna, "bert", "klubnacht", {})
    game_id = mailing.challenges.accept(bert, challenge["id"])
    clock.advance(timedelta(hours=13))
    assert mailing.sweeper.sweep().reminders == 1
    table = play_night(mailing, game_id, [anna, bert])
    assert table["status"] == "finished"
    mailing.sweeper.sweep()
    for member in (anna, bert):
        assert "your_turn" in kinds(mailing, member)
        assert "game_over" in kinds(mailing, member)
    assert "reminder" in kinds(mailing, anna) + kinds(mailing, bert)
    subjects = [str(message["Subject"]) for message in inbox[0].messages]
    assert any("Your turn" in subject for subject in subjects)
    assert any("Reminder" in subject for subject in subjects)


def test_a_practice_clock_stored_with_a_reminder_sends_none(
    platform: Platform, clock: ManualClock
) -> None:
    anna = platform.accounts.sign_up("anna", "correct horse").member_id
    game_id = platform.tables.practice(anna, "toy", {})
    with platform.ctx.write() as session:
        session.execute(
            update(DeadlineRow)
            .where(DeadlineRow.game_id == game_id)
            .values(remind_at=clock.now() + timedelta(hours=12))
        )
    clock.advance(timedelta(hours=12))
    assert platform.sweeper.sweep().reminders == 0
    assert TURN_NOTICES.isdisjoint(kinds(platform, anna))


def test_a_practice_game_keeps_its_clock_and_times_out_without_notices(
    platform: Platform, clock: ManualClock
) -> None:
    anna = platform.accounts.sign_up("anna", "correct horse").member_id
    game_id = platform.tables.practice(anna, "toy", {})
    assert platform.views.view(anna, game_id)["seats"][0]["deadline"] is not None
    clock.advance(timedelta(hours=24))
    report = platform.sweeper.sweep()
    assert (report.reminders, report.timeouts) == (0, 1)
    assert platform.views.view(anna, game_id)["ended_by"] == "timeout"
    assert kinds(platform, anna) == []
