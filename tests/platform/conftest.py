"""Helpers for service tests: members signed up through the accounts service."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from stammtisch.services.platform import Platform


@pytest.fixture
def new_member(platform: Platform) -> Callable[..., int]:
    """Sign up a member and return their id."""

    def make(nickname: str, email: str | None = None) -> int:
        return platform.accounts.sign_up(nickname, "correct horse", email).member_id

    return make


@pytest.fixture
def duel(platform: Platform, new_member: Callable[..., int]) -> tuple[int, int, int]:
    """Anna challenges Bert to a toy game, Bert accepts: (anna, bert, game id)."""
    anna, bert = new_member("anna"), new_member("bert")
    challenge = platform.challenges.send(anna, "bert", "toy", {"target": 10})
    game_id = platform.challenges.accept(bert, challenge["id"])
    return anna, bert, game_id
