"""Look-alike nicknames: a nickname that reads like a member's (other script, width, ligature,
case, digit for letter) is refused at sign-up with `accounts.nickname_lookalike`."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from stammtisch.services.platform import Platform
from stammtisch.store.lookalike import skeleton
from stammtisch.store.members import Member
from tests.web.conftest import sign_up

LOOKALIKE = "accounts.nickname_lookalike"
TAKEN = "accounts.nickname_taken"
LOOKALIKES = [
    ("anna_t", "\u0430nna_t", LOOKALIKE),  # Cyrillic a
    ("\u0430nna_t", "anna_t", LOOKALIKE),  # the other way round
    ("anna", "\uff21nna", LOOKALIKE),  # full-width A
    ("bob", "b0b", LOOKALIKE),  # digit zero for o
    ("paypal", "\u0440\u0430\u0443\u0440\u0430l", LOOKALIKE),  # Cyrillic r, a, u
    ("mike", "rnike", LOOKALIKE),  # r and n side by side read as m
    ("fix_me", "\ufb01x_me", TAKEN),  # the ligature fi (U+FB01): case folding already makes it fi
]


@pytest.mark.parametrize(("original", "lookalike", "code"), LOOKALIKES)
def test_a_nickname_that_looks_like_a_members_is_refused(
    client: TestClient, platform: Platform, original: str, lookalike: str, code: str
) -> None:
    sign_up(client, original)
    answer = client.post(
        "/api/accounts/signup", json={"nickname": lookalike, "password": "correct horse"}
    )
    assert (answer.status_code, answer.json()["error"]) == (409, code), answer.text
    with platform.ctx.read() as session:
        assert session.scalar(select(func.count()).select_from(Member)) == 1


def test_the_same_nickname_in_other_case_is_taken_not_a_lookalike(client: TestClient) -> None:
    sign_up(client, "anna")
    answer = client.post(
        "/api/accounts/signup", json={"nickname": "ANNA", "password": "correct horse"}
    )
    assert (answer.status_code, answer.json()["error"]) == (409, "accounts.nickname_taken")


def test_nicknames_that_differ_to_the_eye_are_both_accepted(client: TestClient) -> None:
    for nickname in ("anna_t", "anna-t", "anna_1", "\u0436\u0435\u043d\u044f", "jenya"):
        sign_up(client, nickname)


def test_each_member_keeps_the_skeleton_of_their_nickname(
    client: TestClient, platform: Platform
) -> None:
    sign_up(client, "\u0410nna_T")  # Cyrillic capital A, capital T
    with platform.ctx.read() as session:
        assert session.scalars(select(Member.nickname_skeleton)).all() == ["anna_t"]
    assert skeleton("\u0410nna_T") == skeleton("anna_t") == "anna_t"
