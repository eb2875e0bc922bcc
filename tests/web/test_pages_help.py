"""The help pages through the app: every page of both games in each language, the refresher's
numbers pointing into the rules, the self-check's engine facts, and the marks for re-reading."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient

from stammtisch.services.accounts import LANGUAGES
from stammtisch.services.gametexts import texts
from stammtisch.web.help.content import GAMES, inline, markdown, raw_texts, structure
from tests.web.conftest import ApiMember, sign_up

HTML = {"Accept": "text/html"}
PAGES = ("", "/rules", "/faq", "/refresher")


class Anchors(HTMLParser):
    """The ids of a page, its links, and the `data-item`s shown as marked."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.marked: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(values["id"] or "")
        if tag == "a" and values.get("href"):
            self.links.append(values["href"] or "")
        if "is-marked" in (values.get("class") or "").split():
            self.marked.append(values.get("data-item") or "")


def parse(html: str) -> Anchors:
    """The anchors of a page."""
    reader = Anchors()
    reader.feed(html)
    return reader


def test_every_language_has_every_section_entry_and_question() -> None:
    for game in GAMES:
        shape = structure(game)
        for language in LANGUAGES:
            data = raw_texts(game, language)  # raises when a piece is missing or extra
            assert list(data["rules"]) == list(shape.rules)
            assert list(data["checks"]) == [check.id for check in shape.checks]
            assert len(data["quickstart"]["steps"]) == len(
                raw_texts(game, "en")["quickstart"]["steps"]
            )
            for entry in data["checks"].values():
                assert entry["question"].strip()
                assert entry["answer"].strip()


def test_help_texts_pass_no_html_through() -> None:
    assert (
        str(inline("<b>bold</b> **strong**", {}))
        == "&lt;b&gt;bold&lt;/b&gt; <strong>strong</strong>"
    )
    assert "<script>" not in str(markdown("<script>alert(1)</script>", {}))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_help_page_of_both_games_shows_in_the_readers_language(
    client: TestClient, language: str
) -> None:
    index = client.get(f"/help?lang={language}", headers=HTML)
    assert index.status_code == 200
    assert f'<html lang="{language}">' in index.text
    for game in GAMES:
        name = texts(game, language)["name"]
        assert name in index.text
        for page in PAGES:
            answer = client.get(f"/help/{game}{page}?lang={language}", headers=HTML)
            assert answer.status_code == 200, (game, page)
            assert name in answer.text
            main = answer.text.split("<main", 1)[1].split("</main>", 1)[0]
            assert not re.search(r"\{[a-z_0-9]+\}", main), (game, page)


def test_unknown_games_and_pages_are_the_sites_not_found_page(client: TestClient) -> None:
    for path in (
        "/help/chess",
        "/help/chess/rules",
        "/help/klubnacht/nothing",
        "/help/klubnacht/cards",
    ):
        answer = client.get(path, headers=HTML)
        assert answer.status_code == 404, path
        assert "<html" in answer.text


@pytest.mark.parametrize("game", GAMES)
def test_each_numbers_row_links_to_an_anchor_of_the_rules_page(
    client: TestClient, game: str
) -> None:
    rules = parse(client.get(f"/help/{game}/rules", headers=HTML).text)
    refresher = client.get(f"/help/{game}/refresher", headers=HTML).text
    numbers = refresher.split('class="numbers"', 1)[1].split("</table>", 1)[0]
    links = [link for link in parse(numbers).links if link.startswith(f"/help/{game}/rules#")]
    assert len(links) == len(structure(game).lists["numbers"])
    for link in parse(refresher).links:
        if link.startswith(f"/help/{game}/rules#"):
            assert link.split("#", 1)[1] in rules.ids, link


def test_the_challengers_rules_list_every_card_and_link_the_gallery(client: TestClient) -> None:
    page = client.get("/help/challengers/rules?lang=de", headers=HTML).text
    for card in texts("challengers", "de")["cards"].values():
        assert card["name"] in page
    assert 'href="/help/challengers/cards"' in page


def test_the_klubnacht_rules_list_every_task_with_what_it_needs(client: TestClient) -> None:
    page = client.get("/help/klubnacht/rules?lang=en", headers=HTML).text
    assert '>Warm-up</th><td class="wide">DJ, Sound system</td><td data-label="Points">2<' in page
    twice = "2\N{MULTIPLICATION SIGN}\N{NO-BREAK SPACE}Bouncer"
    assert f'>Guest list</th><td class="wide">{twice}</td><td data-label="Points">3<' in page
    for name in texts("klubnacht", "en")["tasks"].values():
        assert f">{name}</th>" in page


def test_the_self_check_shows_what_the_engine_does(client: TestClient) -> None:
    page = client.get("/help/challengers/refresher?lang=en", headers=HTML).text
    assert "You take the flag with Talent. Cards of this attack under it: 1." in page
    assert "To your bench: Dragon." in page
    assert "Fans from card effects: you 2, your opponent 0." in page
    night = client.get("/help/klubnacht/refresher?lang=de", headers=HTML).text
    assert texts("klubnacht", "de")["end_reasons"]["lead_safe"] in night
    assert "Du hast deinen Chip in dieser Nacht schon eingelöst." in night


def marks_of(member: ApiMember, game: str) -> list[str]:
    """The member's marks through the API."""
    answer = member.get(f"/api/help/{game}/marks")
    assert answer.status_code == 200
    return list(answer.json()["items"])


def test_a_member_marks_items_for_re_reading_and_the_refresher_shows_them(
    client: TestClient,
) -> None:
    anna = sign_up(client, "anna")
    put = client.put("/api/help/challengers/marks/check:defence", headers=anna.headers())
    assert put.status_code == 200
    assert put.json()["items"] == ["check:defence"]
    client.put("/api/help/challengers/marks/forgotten:equal", headers=anna.headers())
    client.put("/api/help/challengers/marks/check:defence", headers=anna.headers())
    assert marks_of(anna, "challengers") == ["check:defence", "forgotten:equal"]
    assert marks_of(anna, "klubnacht") == []
    page = client.get("/help/challengers/refresher", headers={**HTML, **anna.headers()}).text
    shown = parse(page)
    assert shown.marked == ["forgotten:equal", "check:defence"]
    reread = page.split('class="reread-list"', 1)[1].split("</ul>", 1)[0]
    assert "#check-defence" in reread
    assert "#forgotten-equal" in reread
    assert anna.delete("/api/help/challengers/marks/check:defence").json()["items"] == [
        "forgotten:equal"
    ]
    bert = sign_up(client, "bert")
    assert marks_of(bert, "challengers") == []


def test_marks_need_a_member_the_csrf_token_and_a_real_item(client: TestClient) -> None:
    assert client.get("/api/help/challengers/marks").status_code == 401
    anna = sign_up(client, "anna")
    cookie = {"Cookie": anna.headers()["Cookie"]}
    assert (
        client.put("/api/help/challengers/marks/check:defence", headers=cookie).status_code == 403
    )
    for path in (
        "/api/help/challengers/marks/check:nothing",
        "/api/help/chess/marks/check:defence",
    ):
        assert client.put(path, headers=anna.headers()).status_code == 404
    assert (
        client.put("/api/help/klubnacht/marks/check:defence", headers=anna.headers()).status_code
        == 404
    )
    assert marks_of(anna, "challengers") == []


def test_visitors_read_the_refresher_and_are_asked_to_log_in_to_mark(client: TestClient) -> None:
    page = client.get("/help/klubnacht/refresher", headers=HTML).text
    assert "/login?next=" in page
    assert "data-mark=" not in page
