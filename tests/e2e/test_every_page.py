"""Every page of the site in each of the four languages, at a phone's width and on a desktop:
nothing left in English, nothing serious for axe-core, no script error, no CSP violation."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import httpx
import pytest
from playwright.sync_api import expect

from stammtisch.web.deps import CSRF_HEADER, SESSION_COOKIE
from tests.e2e.conftest import (
    DESKTOP,
    PASSWORD,
    PHONE,
    Browsing,
    Site,
    check_page,
    screenshot,
    unique,
)

LANGUAGES = ["de", "en", "fr", "pt"]


@dataclass
class Regular:
    """A member with a finished night, a running one and an invitation waiting."""

    client: httpx.Client
    nickname: str
    finished: int
    running: int

    @property
    def session(self) -> str:
        """The member's session cookie."""
        return str(self.client.cookies[SESSION_COOKIE])

    def speaks(self, language: str) -> None:
        """Set the member's own language (notifications and e-mails follow it too)."""
        assert self.client.patch("/api/me", json={"language": language}).status_code == 200


def _member(site: Site, nickname: str) -> httpx.Client:
    client = httpx.Client(base_url=site.url, timeout=20)
    answer = client.post("/api/accounts/signup", json={"nickname": nickname, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    client.headers[CSRF_HEADER] = answer.json()["csrf_token"]
    return client


def _duel(anna: httpx.Client, bert: httpx.Client, nickname: str, chips: bool) -> int:
    options = {"nickname": nickname, "game": "klubnacht", "options": {"chips": chips}}
    challenge = anna.post("/api/challenges", json=options).json()
    return int(bert.post(f"/api/challenges/{challenge['id']}/accept").json()["game_id"])


def _move(players: list[httpx.Client], game_id: int) -> bool:
    """One action by the seat to act: a claim if one is legal, else the first other action."""
    table = players[0].get(f"/api/games/{game_id}").json()
    if table["status"] != "active":
        return False
    mine = players[table["to_act"][0]].get(f"/api/games/{game_id}").json()
    legal = mine["legal"]
    action = next((a for a in legal if a.startswith("claim")), legal[0])
    answer = players[table["to_act"][0]].post(
        f"/api/games/{game_id}/actions", json={"seq": mine["seq"], "action": action}
    )
    assert answer.status_code == 200, answer.text
    return True


@pytest.fixture(scope="module")
def regular(site: Site) -> Iterator[Regular]:
    """Anna has played a chip night against Bert, plays a classic one and is challenged."""
    anna_name, bert_name = unique("anna"), unique("bert")
    anna, bert, carla = (
        _member(site, anna_name),
        _member(site, bert_name),
        _member(site, unique("carla")),
    )
    finished = _duel(anna, bert, bert_name, chips=True)
    while _move([anna, bert], finished):
        pass
    running = _duel(anna, bert, bert_name, chips=False)
    for _ in range(4):
        _move([anna, bert], running)
    carla.post("/api/challenges", json={"nickname": anna_name, "game": "klubnacht"})
    yield Regular(anna, anna_name, finished, running)
    for client in (anna, bert, carla):
        client.close()


def _pages(regular: Regular) -> list[str]:
    return [
        "/hub",
        f"/games/{regular.running}",
        f"/games/{regular.finished}",
        "/album",
        "/leaderboard/klubnacht",
        "/leaderboard/challengers",
        "/notifications",
        f"/members/{regular.nickname}",
        f"/members/{regular.nickname}/games",
        "/settings",
        "/no/such/page",
    ]


def _slug(path: str, regular: Regular) -> str:
    """A page's name in the screenshot folder."""
    names = {
        f"/games/{regular.running}": "table-running",
        f"/games/{regular.finished}": "table-finished",
        f"/members/{regular.nickname}": "profile",
        f"/members/{regular.nickname}/games": "finished-games",
        "/no/such/page": "not-found",
    }
    return names.get(path, path.strip("/").replace("/", "-"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_reads_in_the_language_and_passes_the_checks(
    browsing: Browsing, regular: Regular, language: str
) -> None:
    regular.speaks(language)
    for viewport in (PHONE, DESKTOP):
        width = "phone" if viewport is PHONE else "desktop"
        visitor = browsing.page(language, viewport)
        visitor.goto("/")  # the account pages have their own such test (test_accounts.py)
        expect(visitor.locator("html")).to_have_attribute("lang", language)
        check_page(visitor, language)
        if language == "en":
            for path in ("/login", "/password-reset"):
                visitor.goto(path)
                screenshot(visitor, f"{path.strip('/')}-{width}")
        context = browsing.context(language, viewport)
        context.add_cookies(
            [{"name": SESSION_COOKIE, "value": regular.session, "url": browsing.site.url}]
        )
        page = context.new_page()
        browsing.watch(page)
        for path in _pages(regular):
            page.goto(path)
            expect(page.locator("html")).to_have_attribute("lang", language)
            page.wait_for_load_state("networkidle")
            check_page(page, language)
            if language == "en":
                screenshot(page, f"every-{_slug(path, regular)}-{width}")
