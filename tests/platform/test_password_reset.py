"""Password reset by e-mail, through a real local SMTP server, on each database."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import func, select

from stammtisch.bus import LocalBus
from stammtisch.services.errors import ServiceError
from stammtisch.services.outbox import FIRST_RETRY, LEASE
from stammtisch.services.platform import Platform, build_platform
from stammtisch.services.resets import (
    RESET_MAILS_PER_MEMBER,
    RESET_VALIDITY,
    RESET_WINDOW,
    RESETS_PER_KEY,
    RESETS_PER_REMOTE,
)
from stammtisch.services.timesource import ManualClock
from stammtisch.store.members import PasswordReset, ResetRequest
from stammtisch.store.notifications import AccountEmailRow
from tests.conftest import make_settings
from tests.mailserver import Inbox, free_port, smtp_server, text_of

BASE = "https://stammtisch.example"
HOME = "10.0.0.1"
LINK = re.compile(re.escape(BASE) + r"/password-reset#token=([A-Za-z0-9_-]+)")


@pytest.fixture
def inbox() -> Inbox:
    return Inbox()


def platform_mailing_to(
    port: int, database_url: str, tmp_path: Path, clock: ManualClock
) -> Platform:
    settings = make_settings(
        tmp_path, database_url, smtp_host="127.0.0.1", smtp_port=port, public_base_url=BASE
    )
    return build_platform(settings, clock=clock, bus=LocalBus())


@pytest.fixture
def mailing(
    inbox: Inbox, database_url: str, tmp_path: Path, clock: ManualClock
) -> Iterator[Platform]:
    with smtp_server(inbox) as port:
        platform = platform_mailing_to(port, database_url, tmp_path, clock)
        yield platform
        platform.close()


def sign_up(platform: Platform, nickname: str, email: str | None, language: str = "en") -> int:
    return platform.accounts.sign_up(nickname, "correct horse", email, language).member_id


def mailed_tokens(platform: Platform, inbox: Inbox) -> list[str]:
    """Send what is due and return the token of each new e-mail (link and code agree)."""
    already = len(inbox.messages)
    platform.sweeper.sweep()
    tokens = []
    for message in inbox.messages[already:]:
        text = text_of(message)
        found = LINK.search(text)
        assert found is not None, text
        assert f"\n{found.group(1)}\n" in text
        tokens.append(found.group(1))
    return tokens


def asked_token(platform: Platform, inbox: Inbox, login: str, remote: str = HOME) -> str:
    """Ask for a reset as `login` and return the one token e-mailed."""
    platform.resets.request(login, remote)
    (token,) = mailed_tokens(platform, inbox)
    return token


def rows(platform: Platform, model: type[PasswordReset | AccountEmailRow | ResetRequest]) -> int:
    with platform.ctx.read() as session:
        return session.scalar(select(func.count()).select_from(model)) or 0


def password_works(platform: Platform, nickname: str, password: str) -> bool:
    try:
        platform.accounts.log_in(nickname, password, "127.0.0.1")
    except ServiceError as error:
        if error.code != "accounts.login_failed":
            raise
        return False
    return True


def test_a_forgotten_password_is_reset_with_the_emailed_token_and_every_session_ends(
    mailing: Platform, inbox: Inbox
) -> None:
    anna = mailing.accounts.sign_up("anna", "correct horse", "anna@example.org", "de")
    elsewhere = mailing.accounts.log_in("anna", "correct horse", "10.0.0.2")
    mailing.resets.request("anna", HOME)
    (token,) = mailed_tokens(mailing, inbox)
    message = inbox.messages[0]
    assert message["To"] == "anna@example.org"
    assert message["Subject"] == "Stammtisch: Passwort zurücksetzen"
    assert "Hallo anna" in text_of(message)
    assert "60 Minuten" in text_of(message)
    signed = mailing.resets.confirm(token, "new horse!")
    assert signed.member_id == anna.member_id
    assert mailing.accounts.identify(anna.token) is None
    assert mailing.accounts.identify(elsewhere.token) is None
    assert mailing.accounts.identify(signed.token) is not None
    assert not password_works(mailing, "anna", "correct horse")
    assert password_works(mailing, "anna", "new horse!")


@pytest.mark.parametrize(
    ("language", "subject", "greeting"),
    [
        ("de", "Passwort zurücksetzen", "Hallo anna"),
        ("en", "Reset your password", "Hello anna"),
        ("fr", "Réinitialiser ton mot de passe", "Bonjour anna"),
        ("pt", "Repor a tua palavra-passe", "Olá anna"),
    ],
)
def test_the_email_speaks_the_members_language(
    mailing: Platform, inbox: Inbox, language: str, subject: str, greeting: str
) -> None:
    sign_up(mailing, "anna", "anna@example.org", language)
    token = asked_token(mailing, inbox, "ANNA@example.ORG")
    assert inbox.messages[0]["Subject"] == f"Stammtisch: {subject}"
    assert text_of(inbox.messages[0]).startswith(greeting)
    assert len(token) >= 43  # 256 bits in base64


def test_without_a_member_or_an_address_nothing_is_sent_and_nothing_tells(
    mailing: Platform, inbox: Inbox
) -> None:
    sign_up(mailing, "bert", None)
    for login in ("nobody", "bert", "nobody@example.org", "@"):
        assert mailing.resets.request(login, HOME) is None
    assert mailing.sweeper.sweep().emails == 0
    assert inbox.messages == []
    assert rows(mailing, PasswordReset) == rows(mailing, AccountEmailRow) == 0
    assert rows(mailing, ResetRequest) == 4


def test_members_sharing_an_address_each_get_their_own_email(
    mailing: Platform, inbox: Inbox
) -> None:
    sign_up(mailing, "anna", "family@example.org", "en")
    sign_up(mailing, "bert", "family@example.org", "fr")
    mailing.resets.request("family@example.org", HOME)
    anna_token, bert_token = mailed_tokens(mailing, inbox)
    assert [text_of(m).split(",")[0] for m in inbox.messages] == ["Hello anna", "Bonjour bert"]
    assert mailing.resets.confirm(bert_token, "bert's new one").member_id != (
        mailing.resets.confirm(anna_token, "anna's new one").member_id
    )


def test_requests_are_limited_per_name_for_every_name_alike(
    mailing: Platform, inbox: Inbox, clock: ManualClock
) -> None:
    sign_up(mailing, "anna", "anna@example.org")
    for login in ("anna", "nobody"):
        for attempt in range(RESETS_PER_KEY):
            mailing.resets.request(login, f"10.0.1.{attempt}")
        with pytest.raises(ServiceError) as limited:
            mailing.resets.request(login.upper(), "10.0.2.1")
        assert limited.value.code == "accounts.too_many_resets"
    assert len(mailed_tokens(mailing, inbox)) == RESETS_PER_KEY
    clock.advance(RESET_WINDOW)
    mailing.resets.request("anna", "10.0.2.1")
    assert len(mailed_tokens(mailing, inbox)) == 1


def test_requests_are_limited_per_client_address(mailing: Platform) -> None:
    for number in range(RESETS_PER_REMOTE):
        mailing.resets.request(f"someone{number}", HOME)
    with pytest.raises(ServiceError) as limited:
        mailing.resets.request("someone-else", HOME)
    assert limited.value.code == "accounts.too_many_resets"
    mailing.resets.request("someone-else", "10.0.0.9")


def test_a_member_gets_at_most_a_few_emails_an_hour_however_asked_and_is_not_told(
    mailing: Platform, inbox: Inbox
) -> None:
    sign_up(mailing, "anna", "anna@example.org")
    for login in ("anna", "anna@example.org") * RESET_MAILS_PER_MEMBER:
        mailing.resets.request(login, HOME)
    assert len(mailed_tokens(mailing, inbox)) == RESET_MAILS_PER_MEMBER


def test_an_expired_token_changes_nothing(
    mailing: Platform, inbox: Inbox, clock: ManualClock
) -> None:
    sign_up(mailing, "anna", "anna@example.org")
    token = asked_token(mailing, inbox, "anna")
    clock.advance(RESET_VALIDITY)
    with pytest.raises(ServiceError) as invalid:
        mailing.resets.confirm(token, "new horse!")
    assert (invalid.value.code, invalid.value.problem.value) == (
        "accounts.reset_token_invalid",
        "invalid",
    )
    assert password_works(mailing, "anna", "correct horse")


def test_a_token_works_just_before_it_expires(
    mailing: Platform, inbox: Inbox, clock: ManualClock
) -> None:
    sign_up(mailing, "anna", "anna@example.org")
    token = asked_token(mailing, inbox, "anna")
    clock.advance(RESET_VALIDITY - timedelta(seconds=1))
    mailing.resets.confirm(token, "new horse!")
    assert password_works(mailing, "anna", "new horse!")


def test_a_token_works_once(mailing: Platform, inbox: Inbox) -> None:
    sign_up(mailing, "anna", "anna@example.org")
    token = asked_token(mailing, inbox, "anna")
    first = mailing.resets.confirm(token, "new horse!")
    with pytest.raises(ServiceError) as invalid:
        mailing.resets.confirm(token, "third horse")
    assert invalid.value.code == "accounts.reset_token_invalid"
    assert password_works(mailing, "anna", "new horse!")
    assert mailing.accounts.identify(first.token) is not None


def test_a_reset_ends_the_members_other_tokens_but_not_another_members(
    mailing: Platform, inbox: Inbox
) -> None:
    sign_up(mailing, "anna", "anna@example.org")
    sign_up(mailing, "bert", "bert@example.org")
    anna_first = asked_token(mailing, inbox, "anna")
    bert_token = asked_token(mailing, inbox, "bert")
    anna_second = asked_token(mailing, inbox, "anna@example.org")
    mailing.resets.confirm(anna_second, "new horse!")
    with pytest.raises(ServiceError) as invalid:
        mailing.resets.confirm(anna_first, "other horse")
    assert invalid.value.code == "accounts.reset_token_invalid"
    assert password_works(mailing, "anna", "new horse!")
    mailing.resets.confirm(bert_token, "bert's horse")
    assert password_works(mailing, "bert", "bert's horse")


def test_wrong_or_garbled_tokens_change_nothing(mailing: Platform, inbox: Inbox) -> None:
    anna = mailing.accounts.sign_up("anna", "correct horse", "anna@example.org")
    token = asked_token(mailing, inbox, "anna")
    flipped = token[:-1] + ("A" if token[-1] != "A" else "B")
    for wrong in ("", "x", token[:-1], token + "A", flipped, token.upper(), "ä" * 50, "'; --"):
        with pytest.raises(ServiceError) as invalid:
            mailing.resets.confirm(wrong, "new horse!")
        assert invalid.value.code == "accounts.reset_token_invalid"
    assert mailing.accounts.identify(anna.token) is not None
    assert password_works(mailing, "anna", "correct horse")
    mailing.resets.confirm(token, "new horse!")


def test_a_bad_new_password_keeps_the_token_and_the_old_password(
    mailing: Platform, inbox: Inbox
) -> None:
    anna = mailing.accounts.sign_up("anna", "correct horse", "anna@example.org")
    token = asked_token(mailing, inbox, "anna")
    with pytest.raises(ServiceError) as short:
        mailing.resets.confirm(token, "short")
    assert short.value.code == "accounts.password_length"
    assert mailing.accounts.identify(anna.token) is not None
    assert password_works(mailing, "anna", "correct horse")
    mailing.resets.confirm(token, "long enough")


def test_the_database_never_holds_a_usable_token(mailing: Platform, inbox: Inbox) -> None:
    sign_up(mailing, "anna", "anna@example.org")
    mailing.resets.request("anna", HOME)
    with mailing.ctx.read() as session:
        (pending,) = session.scalars(select(AccountEmailRow)).all()
        assert set(pending.data) == {"seed"}
    (token,) = mailed_tokens(mailing, inbox)
    with mailing.ctx.read() as session:
        (reset,) = session.scalars(select(PasswordReset)).all()
        (sent,) = session.scalars(select(AccountEmailRow)).all()
        assert token not in (reset.token_hash, pending.data["seed"])
        assert (sent.email_status, sent.data) == ("sent", {})


def test_a_reset_email_waits_for_a_down_smtp_server_but_not_beyond_its_hour(
    inbox: Inbox, database_url: str, tmp_path: Path, clock: ManualClock
) -> None:
    port = free_port()
    platform = platform_mailing_to(port, database_url, tmp_path, clock)
    try:
        sign_up(platform, "anna", "anna@example.org")
        sign_up(platform, "bert", "bert@example.org")
        platform.resets.request("anna", HOME)
        clock.advance(RESET_VALIDITY - FIRST_RETRY)
        platform.resets.request("bert", HOME)
        assert platform.sweeper.sweep().emails == 0
        with smtp_server(inbox, port):
            clock.advance(FIRST_RETRY)
            assert platform.sweeper.sweep().emails == 1
        assert [m["To"] for m in inbox.messages] == ["bert@example.org"]
        clock.advance(LEASE)
        assert platform.sweeper.sweep().emails == 0
        assert len(inbox.messages) == 1
    finally:
        platform.close()


def test_the_sweeper_forgets_expired_tokens_emails_and_old_requests(
    mailing: Platform, inbox: Inbox, clock: ManualClock
) -> None:
    sign_up(mailing, "anna", "anna@example.org")
    asked_token(mailing, inbox, "anna")
    mailing.resets.request("nobody", HOME)
    clock.advance(RESET_VALIDITY - timedelta(seconds=1))
    assert mailing.sweeper.sweep().forgotten == 0
    clock.advance(timedelta(seconds=1))
    assert mailing.sweeper.sweep().forgotten == 4
    assert rows(mailing, PasswordReset) == rows(mailing, AccountEmailRow) == 0
    assert rows(mailing, ResetRequest) == 0
