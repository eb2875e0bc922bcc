"""Leaderboards, album, notifications, profiles and finished games in a real browser.

Members sign up through the API in browsers of their own; games between them are challenged,
accepted and resigned through the API (so the server pushes what changed over the websocket), and
where a test needs a longer past (rated games, an earlier season, a whole night) it finishes games
through the services on the server's own database.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from stammtisch.bus import LocalBus
from stammtisch.services.platform import Platform, build_platform
from stammtisch.services.seasons import season_of
from stammtisch.settings import Settings
from stammtisch.web.pages.months import month_name
from tests.e2e.conftest import (
    PHONE,
    Browsing,
    Site,
    check_page,
    screenshot,
    sign_up_by_api,
    unique,
)
from tests.platform.finished import add_members, finish_game
from tests.platform.test_progress_flow import play_klubnacht


@dataclass
class Member:
    """A member signed in in a browser of their own."""

    page: Page
    nickname: str
    id: int
    csrf: str

    def api(self, method: str, path: str, body: Any = None) -> Any:
        """Call the API as this member (with the session's CSRF token)."""
        response = self.page.request.fetch(
            path, method=method, data=body, headers={"X-CSRF-Token": self.csrf}
        )
        assert response.ok, response.text()
        return response.json() if response.text() else None


@pytest.fixture(scope="module")
def database(site: Site) -> Iterator[Platform]:
    """The services on the running server's own database (for a longer past than a test has)."""
    folder = site.log.parent / "data"
    settings = Settings(
        data_dir=folder,
        database_url=f"sqlite:///{folder / 'stammtisch.sqlite3'}",
        redis_url=None,
        run_sweeper=False,
    )
    platform = build_platform(settings, bus=LocalBus())
    yield platform
    platform.close()


def member(
    browsing: Browsing, prefix: str, language: str = "en", viewport: dict[str, int] | None = None
) -> Member:
    """A new member signed up in a fresh browser."""
    page = browsing.page(language, viewport)
    nickname = unique(prefix)
    body = sign_up_by_api(page, nickname, language=language)
    return Member(page, nickname, body["id"], body["csrf_token"])


def resigned_game(winner: Member, loser: Member) -> int:
    """The winner challenges, the loser accepts and gives up at once; the game's id."""
    sent = winner.api("POST", "/api/challenges", {"nickname": loser.nickname, "game": "klubnacht"})
    game_id = int(loser.api("POST", f"/api/challenges/{sent['id']}/accept")["game_id"])
    loser.api("POST", f"/api/games/{game_id}/resign")
    return game_id


def rated(database: Platform, winner: int, loser: int, games: int, at: datetime) -> None:
    """Rated Klubnacht games between two members, the first winning each."""
    for _ in range(games):
        finish_game(database, "klubnacht", [winner, loser], [[0], [1]], at=at)


def count(page: Page, name: str) -> Any:
    """A counter of the top bar."""
    return page.locator(f'.site-nav [data-count="{name}"]')


# --- Leaderboards --------------------------------------------------------------------------------


def test_the_leaderboard_switches_seasons_and_marks_your_row(
    browsing: Browsing, database: Platform
) -> None:
    now = datetime.now(UTC)
    last_month = season_of(now).previous()
    back_then = last_month.starts + timedelta(days=10)
    reader = member(browsing, "board")
    star, rival = add_members(database, unique("star"), unique("rival"))
    star_name = database.accounts.member(star).nickname
    rated(database, star, reader.id, 6, back_then)
    rated(database, reader.id, rival, 5, now)
    page = reader.page
    page.goto("/leaderboard/klubnacht")
    mine = page.locator("tr.me")
    expect(mine).to_contain_text(reader.nickname)
    expect(page.locator(".own-place")).to_contain_text("Your place:")
    check_page(page, "en")
    screenshot(page, "leaderboard-desktop")

    page.get_by_label("Season", exact=True).select_option(last_month.key)
    page.get_by_role("button", name="Show", exact=True).click()
    heading = f"Season {month_name(last_month.key, 'en')}"
    expect(page.locator("#board-title")).to_contain_text(heading)
    expect(page.locator(".board-rule")).to_contain_text("This season is over")
    expect(page.get_by_role("link", name=star_name, exact=True)).to_be_visible()
    expect(page.locator("tr.me")).to_contain_text(reader.nickname)

    page.get_by_label("Season", exact=True).select_option("all")
    page.get_by_role("button", name="Show", exact=True).click()
    expect(page.locator("#board-title")).to_contain_text("All time")
    expect(page.locator("tr.me")).to_contain_text("11")

    page.get_by_role("link", name="Challengers!").click()
    expect(page).to_have_url(re.compile(r"/leaderboard/challengers\?season=all$"))
    expect(page.locator(".switch a[aria-current=page]")).to_contain_text("Challengers!")


def test_a_visitor_reads_the_leaderboard_on_a_phone_in_german(
    browsing: Browsing, database: Platform
) -> None:
    first, second = add_members(database, unique("erste"), unique("zweite"))
    rated(database, first, second, 5, datetime.now(UTC))
    page = browsing.page("de", PHONE)
    page.goto("/leaderboard/klubnacht")
    expect(page.locator("h1")).to_have_text("Bestenlisten")
    expect(page.locator(".board-rule")).to_contain_text(
        "Jeder Kalendermonat ist eine eigene Saison"
    )
    expect(page.locator("tbody tr").first).to_be_visible()
    check_page(page, "de")
    screenshot(page, "leaderboard-phone")


# --- The album -----------------------------------------------------------------------------------


def test_a_waiting_upgrade_is_claimed_with_a_click_and_the_card_worn(
    browsing: Browsing, database: Platform
) -> None:
    anna, bert = member(browsing, "albumA"), member(browsing, "albumB")
    rated(database, anna.id, bert.id, 3, datetime.now(UTC))
    resigned_game(anna, bert)
    page = anna.page
    page.goto("/album")
    crowns = page.locator(".album-card .crown")
    expect(crowns.first).to_be_visible()
    waiting = int(page.locator("[data-waiting]").inner_text().split()[0])
    expect(count(page, "album")).to_have_text(str(waiting))
    check_page(page, "en")

    card = page.locator(".album-card", has=page.locator("[data-claim]")).first
    number = card.get_attribute("data-card")
    claimed = page.locator(f'.album-card[data-card="{number}"]')
    crowns_before = crowns.count()
    card.locator("[data-claim]").click()
    if waiting > 1:
        expect(count(page, "album")).to_have_text(str(waiting - 1))
        expect(page.locator("[data-waiting]")).to_contain_text(str(waiting - 1))
    else:
        expect(count(page, "album")).to_be_hidden()
        expect(page.locator("[data-waiting]")).to_have_text("No upgrade waiting")
    expect(claimed.locator(".tier-badge")).not_to_have_text("Not collected yet")
    expect(claimed.locator(".card-picture img")).not_to_have_attribute("src", re.compile("none"))
    expect(page.locator("[data-announce]")).to_contain_text("is now")
    if claimed.locator("[data-claim]").count() == 0:
        expect(crowns).to_have_count(crowns_before - 1)

    claimed.get_by_role("button", name=re.compile("as card back")).click()
    expect(claimed.locator(".worn-badge")).to_have_text("Your card back")
    back = page.locator("[data-back] img")
    expect(back).to_have_attribute("src", re.compile(r"^/art/backs/\w+/\w+\.svg$"))
    expect(page.get_by_role("button", name="Wear the plain back")).to_be_visible()
    screenshot(page, "album-desktop")
    page.reload()
    expect(page.locator(f'.album-card[data-card="{number}"] .worn-badge')).to_be_visible()
    profile = anna.api("GET", f"/api/members/{anna.nickname}/progress")
    assert profile["card_back"]["card"] == int(number or 0)

    page.get_by_role("button", name="Wear the plain back").click()
    expect(back).to_have_attribute("src", "/art/backs/plain.svg")
    expect(page.locator(".worn-badge")).to_have_count(0)


def test_an_upgrade_won_meanwhile_appears_on_the_open_album(browsing: Browsing) -> None:
    anna, bert = member(browsing, "liveA"), member(browsing, "liveB")
    page = anna.page
    page.goto("/album")
    expect(page.locator("[data-waiting]")).to_have_text("No upgrade waiting")
    expect(page.locator(".album-card .crown")).to_have_count(0)
    resigned_game(anna, bert)
    expect(page.locator(".album-card .crown").first).to_be_visible()
    expect(page.locator("[data-waiting]")).not_to_have_text("No upgrade waiting")
    expect(count(page, "album")).to_be_visible()
    first = page.locator('.album-card[data-card="1"]')
    expect(first.locator("[data-claim]")).to_be_visible()
    first.locator("[data-claim]").focus()
    page.keyboard.press("Enter")
    expect(first.locator(".tier-badge")).to_have_text("Colour")
    expect(first.locator(".card-picture img")).to_have_attribute("src", re.compile("/colour.svg$"))


def test_the_album_on_a_phone_in_portuguese(browsing: Browsing, database: Platform) -> None:
    ana = member(browsing, "albumPt", "pt", PHONE)
    (rival,) = add_members(database, unique("rivalPt"))
    rated(database, ana.id, rival, 4, datetime.now(UTC))
    page = ana.page
    page.goto("/album")
    expect(page.locator("h1")).to_contain_text("Álbum")
    expect(page.locator(".album-card")).to_have_count(9)
    expect(page.locator(".album-card .crown").first).to_be_visible()
    check_page(page, "pt")
    screenshot(page, "album-phone")
    page.goto(f"/album?month={season_of(datetime.now(UTC)).previous().key}")
    expect(page.locator(".album-status.closed")).to_contain_text("Este álbum fechou")
    expect(page.locator("[data-claim]")).to_have_count(0)
    check_page(page, "pt")


# --- Notifications -------------------------------------------------------------------------------


def test_notifications_arrive_live_and_are_marked_read(browsing: Browsing) -> None:
    anna, bert = member(browsing, "noteA"), member(browsing, "noteB")
    page = anna.page
    page.goto("/notifications")
    expect(page.locator("[data-empty]")).to_be_visible()
    expect(count(page, "unread")).to_be_hidden()

    bert.api("POST", "/api/challenges", {"nickname": anna.nickname, "game": "klubnacht"})
    first = page.locator(".note-item").first
    expect(first).to_contain_text(f"{bert.nickname} challenges you")
    expect(first).to_have_class(re.compile("unread"))
    expect(count(page, "unread")).to_have_text("1")
    expect(page.locator("[data-unread]")).to_have_text("1 unread")
    expect(page.locator("[data-empty]")).to_be_hidden()
    check_page(page, "en")

    bert.api(
        "POST",
        "/api/challenges",
        {"nickname": anna.nickname, "game": "klubnacht", "options": {"chips": True}},
    )
    expect(page.locator(".note-item")).to_have_count(2)
    expect(count(page, "unread")).to_have_text("2")
    page.locator(".note-item").first.get_by_role("link").click()
    expect(page).to_have_url(re.compile(r"/hub$"))
    expect(count(page, "unread")).to_have_text("1")

    page.goto("/notifications")
    expect(page.locator(".note-item.unread")).to_have_count(1)
    page.get_by_role("button", name="Mark all as read").click()
    expect(page.locator(".note-item.unread")).to_have_count(0)
    expect(page.locator("[data-unread]")).to_have_text("Everything read")
    expect(count(page, "unread")).to_be_hidden()
    page.set_viewport_size(PHONE)
    check_page(page, "en")


def test_older_notifications_are_shown_without_a_reload(
    browsing: Browsing, database: Platform
) -> None:
    anna = member(browsing, "olderA", "fr")
    (bert,) = add_members(database, unique("olderB"))
    rated(database, bert, anna.id, 21, datetime.now(UTC))
    page = anna.page
    page.goto("/notifications")
    expect(page.locator(".note-item")).to_have_count(20)
    page.get_by_role("link", name="Voir les plus anciennes").click()
    expect(page.locator(".note-item")).not_to_have_count(20)
    expect(page).to_have_url(re.compile(r"/notifications$"))
    expect(page.locator(".note-item").last.locator("time")).not_to_be_empty()
    check_page(page, "fr")


# --- Profiles and finished games -----------------------------------------------------------------


def test_a_profile_shows_ratings_card_back_and_the_latest_games(
    browsing: Browsing, database: Platform
) -> None:
    anna, bert = member(browsing, "profA", "de"), member(browsing, "profB")
    rated(database, anna.id, bert.id, 5, datetime.now(UTC))
    game_id = resigned_game(anna, bert)
    album = anna.api("GET", "/api/album")
    card = next(c for c in album["cards"] if c["waiting"])
    anna.api("POST", f"/api/album/{album['month']}/cards/{card['card']}/claim")
    anna.api("PUT", "/api/album/card-back", {"month": album["month"], "card": card["card"]})
    page = bert.page
    page.goto(f"/members/{anna.nickname}")
    expect(page.locator("h1")).to_have_text(anna.nickname)
    expect(page.locator(".profile-back img")).to_have_attribute(
        "src", f"/art/backs/{card['motif']['key']}/colour.svg"
    )
    expect(page.locator(".collected li")).to_have_count(1)
    expect(page.locator(".game-row").first).to_contain_text(f"{bert.nickname} resigned.")
    expect(page.locator(".game-row .replay").first).to_have_attribute("href", f"/games/{game_id}")
    check_page(page, "en")
    screenshot(page, "profile-desktop")
    page.set_viewport_size(PHONE)
    check_page(page, "en")

    german = anna.page
    german.goto(f"/members/{anna.nickname}")
    expect(german.locator(".member-since")).to_contain_text("Mitglied seit")
    check_page(german, "de")
    german.get_by_role("link", name="Alle beendeten Partien").click()
    expect(german).to_have_url(re.compile(rf"/members/{anna.nickname}/games$"))


def test_the_finished_games_list_links_opponents_and_replays(
    browsing: Browsing, database: Platform
) -> None:
    anna, bert = member(browsing, "listA"), member(browsing, "listB")
    sent = anna.api(
        "POST",
        "/api/challenges",
        {"nickname": bert.nickname, "game": "klubnacht", "options": {"chips": True}},
    )
    night = int(bert.api("POST", f"/api/challenges/{sent['id']}/accept")["game_id"])
    play_klubnacht(database, night)
    resigned = resigned_game(bert, anna)
    page = anna.page
    page.goto(f"/members/{anna.nickname}/games")
    games = page.locator(".game-row")
    expect(games).to_have_count(2)
    expect(games.nth(0).locator(".result-badge")).to_have_text("Lost")
    expect(games.nth(0)).to_contain_text(f"{anna.nickname} resigned.")
    expect(games.nth(0).locator(".replay")).to_have_attribute("href", f"/games/{resigned}")
    expect(games.nth(1).locator(".score")).to_have_text(re.compile(r"^\d+ : \d+$"))
    expect(games.nth(1).locator(".game-icon")).to_have_attribute(
        "src", re.compile(r"art/klubnacht/chips\.svg")
    )
    expect(games.nth(1).locator(".replay")).to_have_attribute("href", f"/games/{night}")
    check_page(page, "en")
    page.set_viewport_size(PHONE)
    check_page(page, "en")
    games.nth(1).get_by_role("link", name=bert.nickname).click()
    expect(page.locator("h1")).to_have_text(bert.nickname)
