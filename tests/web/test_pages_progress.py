"""The progress pages through the app: leaderboards, album, notifications, profiles, games lists.

Every page is read in the four languages with data made through the services: members, rated
games finished through the GameFinished hook, real Klubnacht nights, claims and card backs.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from stammtisch.services.accounts import LANGUAGES
from stammtisch.services.album.months import album_month
from stammtisch.services.platform import Platform
from stammtisch.services.seasons import Season
from stammtisch.services.timesource import ManualClock
from stammtisch.store.members import Member
from tests.platform.finished import add_members, finish_game
from tests.platform.test_progress_flow import play_klubnacht
from tests.web.conftest import ApiMember, sign_up

HTML = {"Accept": "text/html"}
MARCH = {"de": "März 2026", "en": "March 2026", "fr": "Mars 2026", "pt": "Março de 2026"}
LEADERBOARDS = {
    "de": "Bestenlisten",
    "en": "Leaderboards",
    "fr": "Classements",
    "pt": "Classificações",
}
CLUB_NIGHT = {
    "de": "Klubnacht",
    "en": "Club Night",
    "fr": "Nuit des clubs",
    "pt": "Noite dos clubes",
}
ALBUM_RULES = {
    "de": "So funktioniert das Album",
    "en": "How the album works",
    "fr": "Comment marche l'album",
    "pt": "Como funciona o álbum",
}
ONE_WAITING = {
    "de": "1 Aufwertung wartet",
    "en": "1 upgrade waiting",
    "fr": "1 amélioration t'attend",
    "pt": "1 melhoria à espera",
}
MARK_ALL = {
    "de": "Alle als gelesen markieren",
    "en": "Mark all as read",
    "fr": "Tout marquer comme lu",
    "pt": "Marcar tudo como lido",
}
MEMBER_SINCE = {
    "de": "Mitglied seit 2. März 2026",
    "en": "Member since March 2, 2026",
    "fr": "Membre depuis le 2 mars 2026",
    "pt": "Membro desde 2 de março de 2026",
}
NO_ADVANTAGE = {
    "de": "Ein Vorteil im Spiel ist damit ausdrücklich nicht verbunden.",
    "en": "It gives no advantage in play.",
    "fr": "Cela ne donne aucun avantage en jeu.",
    "pt": "Isso não dá nenhuma vantagem no jogo.",
}
FINISHED_OF = {
    "de": "Beendete Partien von anna",
    "en": "Finished games of anna",
    "fr": "Parties terminées de anna",
    "pt": "Partidas terminadas de anna",
}
RESIGNED = {
    "de": "bert hat aufgegeben.",
    "en": "bert resigned.",
    "fr": "bert a abandonné.",
    "pt": "bert desistiu.",
}


def page_of(member: ApiMember | None, client: TestClient, path: str, status: int = 200) -> str:
    """A page as the member's (or a visitor's) browser gets it."""
    headers = {**HTML, **(member.headers() if member else {})}
    answer = client.get(path, headers=headers, follow_redirects=False)
    assert answer.status_code == status, answer.text
    return answer.text


def visitor(client: TestClient, path: str, language: str = "en", status: int = 200) -> str:
    """A page as a visitor whose browser prefers this language gets it."""
    headers = {**HTML, "Accept-Language": f"{language},en;q=0.5"}
    answer = client.get(path, headers=headers, follow_redirects=False)
    assert answer.status_code == status, answer.text
    return answer.text


def data_block(html: str, name: str) -> Any:
    """A page's JSON data block."""
    found = re.search(rf'<script type="application/json" id="{name}">(.*?)</script>', html, re.S)
    assert found, name
    return json.loads(found.group(1))


def rows(html: str) -> list[str]:
    """The leaderboard's rows, each as its HTML."""
    body = re.search(r"<tbody>(.*?)</tbody>", html, re.S)
    return re.findall(r"<tr.*?</tr>", body.group(1), re.S) if body else []


def nicknames(html: str) -> list[str]:
    """The nicknames on the leaderboard, in order."""
    return [re.search(r'href="/members/[^"]+">([^<]+)</a>', row).group(1) for row in rows(html)]  # type: ignore[union-attr]


def feed(html: str) -> str:
    """The feed of a notifications page (without the template its script builds entries from)."""
    found = re.search(r"<ol class=\"feed\" data-feed>(.*?)</ol>", html, re.S)
    assert found, html
    return found.group(1)


def shown_ids(html: str) -> list[int]:
    """The ids of the notifications a feed page shows, in order."""
    return [int(i) for i in re.findall(r'<li class="note-item[^"]*" data-id="(\d+)"', feed(html))]


def rated(
    platform: Platform, winner: int, loser: int, games: int, at: datetime | None = None
) -> None:
    """Klubnacht games between two members, the first winning each."""
    for _ in range(games):
        finish_game(platform, "klubnacht", [winner, loser], [[0], [1]], at=at)


def one_game(platform: Platform, member: int, other: int) -> int:
    """A game the member lost after one move: one album card (games played) reaches a tier."""
    return finish_game(platform, "klubnacht", [member, other], [[1], [0]], moves=[1, 1])


def challenge(platform: Platform, one: int, other: str, chips: bool = False) -> tuple[int, int]:
    """A Klubnacht night `one` challenged `other` to, accepted: (game id, the other's id)."""
    sent = platform.challenges.send(one, other, "klubnacht", {"chips": chips})
    other_id = platform.accounts.by_nickname(other).id
    return platform.challenges.accept(other_id, sent["id"]), other_id


def klubnacht_night(platform: Platform, one: int, other: str, chips: bool) -> int:
    """A real Klubnacht night between two members, played to its end; its game id."""
    game_id, _ = challenge(platform, one, other, chips)
    play_klubnacht(platform, game_id)
    return game_id


def resigned_night(platform: Platform, one: int, other: str) -> int:
    """A Klubnacht night that `other` gave up at once; its game id."""
    game_id, other_id = challenge(platform, one, other)
    platform.tables.resign(other_id, game_id)
    return game_id


# --- Leaderboards --------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_leaderboard_speaks_the_readers_language_and_says_who_is_listed(
    client: TestClient, platform: Platform, language: str
) -> None:
    anna, bert, cleo = add_members(platform, "anna", "bert", "cleo")
    rated(platform, anna, bert, 5)
    rated(platform, cleo, anna, 1)
    page = visitor(client, "/leaderboard/klubnacht", language)
    assert f'<html lang="{language}">' in page
    assert f"<h1>{LEADERBOARDS[language]}</h1>" in page
    assert MARCH[language] in page
    assert CLUB_NIGHT[language] in page
    assert nicknames(page) == ["anna", "bert"]
    assert "1000" in page
    assert " 5 " in page
    assert 'class="me"' not in page


def test_a_members_own_row_is_marked_and_their_place_told(
    client: TestClient, platform: Platform
) -> None:
    anna, (bert,) = sign_up(client, "anna"), add_members(platform, "bert")
    rated(platform, bert, anna.id, 5)
    page = page_of(anna, client, "/leaderboard/klubnacht")
    (mine,) = [row for row in rows(page) if 'class="me"' in row]
    assert ">anna</a>" in mine
    assert 'aria-current="true"' in mine
    assert re.search(r"Your place: 2, with 9\d\d points from 5 games.", page)


def test_a_member_not_yet_listed_is_told_how_many_games_are_missing(
    client: TestClient, platform: Platform
) -> None:
    anna, (bert,) = sign_up(client, "anna"), add_members(platform, "bert")
    rated(platform, anna.id, bert, 2)
    page = page_of(anna, client, "/leaderboard/klubnacht")
    assert "You are not listed yet: 2 of 5 rated games this season. 3 more" in page
    assert "No one is listed yet this season." in page


def test_past_seasons_and_all_time_can_be_chosen_and_keep_their_board(
    client: TestClient, platform: Platform
) -> None:
    anna, bert = add_members(platform, "anna", "bert")
    rated(platform, anna, bert, 5, at=datetime(2026, 2, 10, tzinfo=UTC))
    rated(platform, bert, anna, 6)
    current = visitor(client, "/leaderboard/klubnacht")
    options = re.findall(r'<option value="([\w-]+)"( selected)?>', current)
    assert options == [("2026-03", " selected"), ("2026-02", ""), ("all", "")]
    assert nicknames(current) == ["bert", "anna"]
    past = visitor(client, "/leaderboard/klubnacht?season=2026-02")
    assert "Season February 2026" in past
    assert "This season is over; its board stays as it ended." in past
    assert nicknames(past) == ["anna", "bert"]
    assert 'href="/leaderboard/challengers?season=2026-02"' in past
    every = visitor(client, "/leaderboard/klubnacht?season=all")
    assert "All time counts every rated game since the beginning." in every
    assert nicknames(every) == ["bert", "anna"]


def test_the_leaderboard_pages_through_many_members(client: TestClient, platform: Platform) -> None:
    names = [f"player{n:02d}" for n in range(26)]
    members = add_members(platform, *names)
    for n, member in enumerate(members):
        rated(platform, member, members[(n + 1) % len(members)], 3)
    last = sign_up(client, "zoe")
    rated(platform, members[0], last.id, 5)
    first = visitor(client, "/leaderboard/klubnacht")
    assert len(rows(first)) == 25
    assert "Places 1 to 25 of 27" in first
    assert 'rel="next" href="/leaderboard/klubnacht?season=2026-03&amp;page=2"' in first
    second = visitor(client, "/leaderboard/klubnacht?page=2")
    assert len(rows(second)) == 2
    assert "Places 26 to 27 of 27" in second
    assert 'rel="prev"' in second
    assert 'rel="next"' not in second
    assert set(nicknames(first)) | set(nicknames(second)) == {*names, "zoe"}
    own = page_of(last, client, "/leaderboard/klubnacht")
    assert "Your place: 27," in own
    assert '<a href="/leaderboard/klubnacht?season=2026-03&amp;page=2">Show my place</a>' in own
    assert 'class="me"' not in own
    assert 'class="me"' in page_of(last, client, "/leaderboard/klubnacht?page=2")


def test_the_challengers_board_is_a_tab_of_its_own(client: TestClient) -> None:
    page = visitor(client, "/leaderboard/challengers")
    assert 'href="/leaderboard/challengers" class="switch-challengers" aria-current="page"' in page
    assert 'href="/leaderboard/klubnacht" class="switch-klubnacht">' in page
    assert "<h2" in page
    assert "Challengers!" in page


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/leaderboard/chess", 404),
        ("/leaderboard/toy", 404),
        ("/leaderboard/klubnacht?season=2026-13", 400),
        ("/leaderboard/klubnacht?season=never", 400),
    ],
)
def test_unknown_games_and_seasons_are_pages_in_words(
    client: TestClient, path: str, status: int
) -> None:
    page = visitor(client, path, "de", status)
    assert '<html lang="de">' in page
    assert 'class="panel narrow error-page"' in page


# --- The album -----------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/album", "/album?month=2026-02", "/notifications"])
def test_member_pages_send_visitors_to_log_in_first(client: TestClient, path: str) -> None:
    answer = client.get(path, headers=HTML, follow_redirects=False)
    assert answer.status_code == 303
    assert answer.headers["location"].startswith("/login?next=/")
    assert path.split("?")[0] in answer.headers["location"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_album_shows_nine_cards_and_a_waiting_upgrade_as_a_button(
    client: TestClient, platform: Platform, language: str
) -> None:
    anna, (bert,) = sign_up(client, "anna", language=language), add_members(platform, "bert")
    one_game(platform, anna.id, bert)
    page = page_of(anna, client, "/album")
    assert f'<html lang="{language}">' in page
    assert MARCH[language] in page
    assert ALBUM_RULES[language] in page
    assert page.count('<li class="album-card') == 9
    assert page.count("data-claim") == 1
    assert ONE_WAITING[language] in page
    state = data_block(page, "page-state")
    assert (state["month"], state["open"], state["waiting"]) == ("2026-03", True, 1)
    (waiting,) = [card for card in state["cards"] if card["claimable"]]
    assert waiting["tier"] is None
    assert waiting["next_tier"] == "colour"
    motif = waiting["motif"]["key"]
    assert f'<img src="/art/album/{motif}/none.svg"' in page
    assert 'class="crown" aria-hidden="true"' in page
    texts = data_block(page, "page-texts")
    assert set(texts["tiers"]) == {"colour", "bronze", "silver", "gold"}


def test_a_claimed_card_can_be_worn_and_the_worn_one_is_marked(
    client: TestClient, platform: Platform
) -> None:
    anna, (bert,) = sign_up(client, "anna"), add_members(platform, "bert")
    one_game(platform, anna.id, bert)
    (card,) = [c for c in platform.progress.album(anna.id, None, "en").cards if c.waiting]
    platform.progress.claim(anna.id, "2026-03", card.card, "en")
    before = page_of(anna, client, "/album")
    assert "data-claim" not in before
    assert before.count("data-wear") == 1
    assert "No upgrade waiting" in before
    assert '<img src="/art/backs/plain.svg"' in before
    platform.progress.choose_back(anna.id, "2026-03", card.card, "en")
    page = page_of(anna, client, "/album")
    assert "data-wear " not in page
    assert '<span class="worn-badge" tabindex="-1">Your card back</span>' in page
    assert f'<img src="/art/backs/{card.motif.key}/colour.svg"' in page
    assert f"{card.motif.name} (Colour), from the album of March 2026" in page
    assert data_block(page, "page-state")["worn"] == {"month": "2026-03", "card": card.card}


def test_a_past_album_stays_viewable_but_takes_no_claims(
    client: TestClient, platform: Platform, clock: ManualClock
) -> None:
    clock.advance(datetime(2026, 3, 31, 12, tzinfo=UTC) - clock.now())
    anna, (bert,) = sign_up(client, "anna"), add_members(platform, "bert")
    one_game(platform, anna.id, bert)
    clock.advance(timedelta(days=1))
    page = page_of(anna, client, "/album?month=2026-03")
    assert "data-claim" not in page
    assert "data-waiting" not in page
    assert "This album closed at the end of March 31, 2026." in page
    assert "Colour was reached but not claimed before the album closed." in page
    assert re.findall(r'<option value="([\d-]+)"', page) == [
        "2026-04",
        "2026-03",
        "2026-02",
        "2026-01",
    ]
    current = page_of(anna, client, "/album")
    assert "April 2026" in current
    assert "data-claim" not in current
    assert album_month(Season(2026, 4)).cards[0].motif in current


@pytest.mark.parametrize(("month", "status"), [("2025-12", 404), ("2026-05", 404), ("soon", 400)])
def test_an_album_that_does_not_exist_is_a_page_in_words(
    client: TestClient, month: str, status: int
) -> None:
    anna = sign_up(client, "anna")
    page = page_of(anna, client, f"/album?month={month}", status)
    assert 'class="panel narrow error-page"' in page


# --- Notifications -------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_feed_links_each_notification_where_it_belongs(
    client: TestClient, platform: Platform, language: str
) -> None:
    anna, (bert,) = sign_up(client, "anna", language=language), add_members(platform, "bert")
    game_id = finish_game(platform, "klubnacht", [anna.id, bert], [[0], [1]])
    platform.challenges.send(bert, "anna", "klubnacht", {})
    page = page_of(anna, client, "/notifications")
    assert f'<html lang="{language}">' in page
    assert MARK_ALL[language] in page
    links = re.findall(r'<a class="note-link" href="([^"]+)">', feed(page))
    assert links == ["/hub", "/album", f"/games/{game_id}"]
    assert feed(page).count('<li class="note-item unread"') == 3
    assert 'data-api="POST /api/notifications/read"' in page
    assert data_block(page, "page-state")["newest"] is True


def test_read_notifications_are_no_longer_marked(client: TestClient, platform: Platform) -> None:
    anna, (bert,) = sign_up(client, "anna"), add_members(platform, "bert")
    finish_game(platform, "klubnacht", [anna.id, bert], [[0], [1]])
    newest = anna.get("/api/notifications").json()["items"][0]["id"]
    anna.post("/api/notifications/read", {"ids": [newest]})
    page = page_of(anna, client, "/notifications")
    assert feed(page).count('<li class="note-item unread"') == 1
    assert f'<li class="note-item" data-id="{newest}">' in page
    assert "1 unread" in page
    anna.post("/api/notifications/read", {})
    assert "Everything read" in page_of(anna, client, "/notifications")


def test_older_notifications_come_by_show_older(client: TestClient, platform: Platform) -> None:
    anna, (bert,) = sign_up(client, "anna"), add_members(platform, "bert")
    for _ in range(20):
        finish_game(platform, "klubnacht", [bert, anna.id], [[0], [1]])
    items = [item["id"] for item in anna.get("/api/notifications?limit=100").json()["items"]]
    assert len(items) > 20
    first = page_of(anna, client, "/notifications")
    assert shown_ids(first) == items[:20]
    assert f'href="/notifications?before={items[19]}" data-more' in first
    older = page_of(anna, client, f"/notifications?before={items[19]}")
    assert shown_ids(older) == items[20:]
    assert "data-more" not in older
    assert 'href="/notifications">Back to the newest' in older
    assert data_block(older, "page-state")["newest"] is False


def test_an_empty_feed_says_what_will_come(client: TestClient) -> None:
    page = page_of(sign_up(client, "anna"), client, "/notifications")
    assert "Nothing here yet." in page
    assert "Notifications are kept for 180 days." in page


# --- Profiles ------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_profile_shows_ratings_xp_and_the_latest_games(
    client: TestClient, platform: Platform, language: str
) -> None:
    anna, bert = add_members(platform, "anna", "bert")
    rated(platform, anna, bert, 5)
    game_id = resigned_night(platform, anna, "bert")
    page = visitor(client, "/members/anna", language)
    assert f'<html lang="{language}">' in page
    assert re.search(r"<h1>anna</h1>", page)
    assert MEMBER_SINCE[language] in page
    assert "<dd>150</dd>" in page
    assert "<dd>6</dd>" in page
    assert "vip-badge" not in page
    assert CLUB_NIGHT[language] in page
    assert f'href="/games/{game_id}"' in page
    assert 'href="/members/bert"' in page
    assert 'href="/members/anna/games"' in page
    assert RESIGNED[language] in page


def test_a_vip_profile_says_vip_gives_no_advantage(client: TestClient, platform: Platform) -> None:
    (anna,) = add_members(platform, "anna")
    with platform.ctx.write() as session:
        member = session.get(Member, anna)
        assert member is not None
        member.is_vip = True
    for language in LANGUAGES:
        page = visitor(client, "/members/anna", language)
        assert '<span class="vip-badge">VIP</span>' in page
        assert NO_ADVANTAGE[language] in page


def test_a_profile_shows_the_card_back_and_the_claimed_album_cards(
    client: TestClient, platform: Platform
) -> None:
    anna, bert = add_members(platform, "anna", "bert")
    page = visitor(client, "/members/anna")
    assert '<img src="/art/backs/plain.svg"' in page
    assert "No album card claimed yet." in page
    one_game(platform, anna, bert)
    (card,) = [c for c in platform.progress.album(anna, None, "en").cards if c.waiting]
    platform.progress.claim(anna, "2026-03", card.card, "en")
    platform.progress.choose_back(anna, "2026-03", card.card, "en")
    page = visitor(client, "/members/ANNA")
    assert re.search(r"<h1>anna</h1>", page)
    assert f'<img src="/art/backs/{card.motif.key}/colour.svg"' in page
    assert f'<img src="/art/album/{card.motif.key}/colour.svg"' in page
    assert f"Card back: {card.motif.name} (Colour)" in page
    assert "Colour · March 2026" in page


def test_an_unknown_member_is_the_not_found_page(client: TestClient) -> None:
    for path in ("/members/nobody", "/members/nobody/games"):
        page = visitor(client, path, "fr", 404)
        assert '<html lang="fr">' in page
        assert 'class="panel narrow error-page"' in page


# --- Finished games ------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_games_list_shows_each_game_with_its_opponent_result_and_replay(
    client: TestClient, platform: Platform, language: str
) -> None:
    anna, _ = add_members(platform, "anna", "bert")
    night = klubnacht_night(platform, anna, "bert", chips=True)
    resigned = resigned_night(platform, anna, "bert")
    page = visitor(client, "/members/anna/games", language)
    assert f'<html lang="{language}">' in page
    assert FINISHED_OF[language] in page
    assert re.findall(r'class="button small replay" href="/games/(\d+)"', page) == [
        str(resigned),
        str(night),
    ]
    assert page.count('href="/members/bert"') == 2
    assert "art/klubnacht/chips.svg" in page
    assert "art/klubnacht/classic.svg" in page
    assert RESIGNED[language] in page
    assert re.search(r'<span class="score">\d+ : \d+</span>', page)
    assert 'class="game-row result-won"' in page


def test_practice_games_are_listed_to_their_member_only(
    client: TestClient, platform: Platform
) -> None:
    anna = sign_up(client, "anna")
    game_id = platform.tables.practice(anna.id, "klubnacht", {})
    platform.tables.resign(anna.id, game_id)
    assert "No finished game yet." in visitor(client, "/members/anna/games")
    own = page_of(anna, client, "/members/anna/games")
    assert f'href="/games/{game_id}"' in own
    assert '<span class="practice-tag">Practice</span>' in own
    assert "the training robot" in own
    assert "Your practice games are listed to you only." in own


def test_older_games_come_page_by_page(client: TestClient, platform: Platform) -> None:
    anna, _ = add_members(platform, "anna", "bert")
    games = [resigned_night(platform, anna, "bert") for _ in range(21)]
    first = visitor(client, "/members/anna/games")
    listed = re.findall(r'class="button small replay" href="/games/(\d+)"', first)
    assert listed == [str(g) for g in reversed(games[1:])]
    assert f'href="/members/anna/games?before={games[1]}"' in first
    older = visitor(client, f"/members/anna/games?before={games[1]}")
    assert re.findall(r'class="button small replay" href="/games/(\d+)"', older) == [str(games[0])]
    assert 'rel="next"' not in older


def test_member_written_names_are_escaped_on_every_page(
    client: TestClient, platform: Platform
) -> None:
    anna, odd = sign_up(client, "anna"), "<i id='q'>\"&"
    (odd_id,) = add_members(platform, odd)
    rated(platform, odd_id, anna.id, 5)
    resigned_night(platform, anna.id, odd)
    escaped = "&lt;i id=&#39;q&#39;&gt;&#34;&amp;"
    pages = ("/leaderboard/klubnacht", "/members/anna/games", "/members/anna", "/notifications")
    for path in pages:
        page = page_of(anna, client, path)
        assert "<i id=" not in page, path
        assert escaped in page, path
    profile = page_of(anna, client, "/members/%3Ci%20id%3D%27q%27%3E%22%26")
    assert "<i id=" not in profile
    assert f"<h1>{escaped}</h1>" in profile
