"""The hub in a real browser: two members in two browsers challenge, accept, decline, withdraw,
meet in the lobby and practise, and each hub follows the other's doings live (no reload)."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.conftest import (
    DESKTOP,
    PHONE,
    Browsing,
    check_page,
    screenshot,
    sign_up_by_api,
    unique,
)

GAME_PAGE = re.compile(r"/games/(\d+)$")


def member(
    browsing: Browsing, prefix: str, language: str = "en", viewport: dict[str, int] | None = None
) -> tuple[Page, str]:
    """A new member signed in in a browser of their own, on their hub."""
    page = browsing.page(language, viewport)
    nickname = unique(prefix)
    sign_up_by_api(page, nickname, language=language)
    page.goto("/hub")
    expect(page.locator("#hub-tiles")).not_to_be_empty()
    return page, nickname


def api(page: Page, method: str, path: str, body: Any = None) -> Any:
    """Call the API as the member signed in on this page (with the page's CSRF token)."""
    token = page.locator('meta[name="csrf-token"]').get_attribute("content") or ""
    response = page.request.fetch(path, method=method, data=body, headers={"X-CSRF-Token": token})
    assert response.ok, response.text()
    return response.json() if response.text() else None


def open_flow(page: Page, variant: str, way: str) -> None:
    """Open "New game", choose a Klubnacht variant and a way (English labels)."""
    page.get_by_role("button", name="New game", exact=True).click()
    dialog = page.get_by_role("dialog", name="New game")
    expect(dialog).to_be_visible()
    dialog.locator(f'[data-variant="{variant}"]').click()
    dialog.get_by_role("radio", name=way, exact=True).check()


def game_id_of(page: Page) -> int:
    """The game whose table the page shows."""
    expect(page).to_have_url(GAME_PAGE)
    found = GAME_PAGE.search(page.url)
    assert found
    return int(found.group(1))


def test_a_challenge_from_the_flow_arrives_live_and_starts_the_game(browsing: Browsing) -> None:
    anna, anna_name = member(browsing, "anna")
    bert, bert_name = member(browsing, "bert", viewport=PHONE)
    expect(bert.locator("#received-section")).to_be_hidden()

    open_flow(anna, "chips", "Challenge")
    dialog = anna.get_by_role("dialog", name="New game")
    expect(dialog.locator("[data-chosen-name]")).to_have_text("Club Night · With chip")
    dialog.get_by_label("Nickname").fill(bert_name)
    check_page(anna, "en")
    screenshot(anna, "new-game-desktop")
    dialog.get_by_role("button", name="Send challenge").click()
    expect(dialog).to_be_hidden()
    expect(anna.locator("#hub-sent")).to_contain_text(f"You challenged {bert_name}")
    expect(anna.locator("#hub-limit")).to_contain_text("1 of 3 games")

    invitation = bert.locator("#hub-received li")
    expect(invitation).to_contain_text(f"{anna_name} challenges you")
    expect(invitation).to_contain_text("Club Night · With chip")
    expect(invitation.locator("img.variant-icon")).to_have_attribute("src", re.compile("chips"))
    invitation.get_by_role("button", name="Accept").click()
    game_id = game_id_of(bert)

    tile = anna.locator(f'a.tile[href="/games/{game_id}"]')
    expect(tile).to_be_visible()
    expect(tile.locator("img.variant-icon")).to_have_attribute("src", re.compile("chips"))
    expect(tile).to_contain_text(bert_name)
    game = api(anna, "GET", f"/api/games/{game_id}")
    anna_moves = game["to_act"] == [0]
    expect(tile.locator(".turn")).to_have_text(
        "Your turn" if anna_moves else f"Waiting for {bert_name}"
    )
    expect(tile.locator(".clock")).to_contain_text(re.compile(r"\d+ h \d+ min left"))
    expect(anna.locator("#hub-sent")).not_to_contain_text(bert_name)
    if anna_moves:
        expect(anna).to_have_title("(1) Your turn · Stammtisch")
    else:
        bert.goto("/hub")
        expect(bert).to_have_title("(1) Your turn · Stammtisch")
        expect(bert.locator(f'a.tile[href="/games/{game_id}"] .turn')).to_have_text("Your turn")


def test_challenging_someone_who_just_challenged_you_starts_the_game(browsing: Browsing) -> None:
    anna, anna_name = member(browsing, "anna")
    bert, bert_name = member(browsing, "bert")
    api(bert, "POST", "/api/challenges", {"nickname": anna_name, "game": "klubnacht"})
    expect(anna.locator("#hub-received")).to_contain_text(f"{bert_name} challenges you")
    open_flow(anna, "classic", "Challenge")
    anna.get_by_role("dialog", name="New game").get_by_label("Nickname").fill(bert_name)
    anna.get_by_role("button", name="Send challenge").click()
    game_id = game_id_of(anna)
    expect(bert.locator(f'a.tile[href="/games/{game_id}"]')).to_be_visible()
    expect(bert.locator("#hub-sent")).to_contain_text("No open invitations.")


def test_declining_and_withdrawing_show_on_the_other_hub_live(browsing: Browsing) -> None:
    anna, anna_name = member(browsing, "anna")
    bert, bert_name = member(browsing, "bert", "de")
    challenge = {"nickname": bert_name, "game": "klubnacht", "options": {"chips": False}}

    api(anna, "POST", "/api/challenges", challenge)
    anna.reload()
    expect(anna.locator("#hub-sent")).to_contain_text(bert_name)
    invitation = bert.locator("#hub-received li")
    expect(invitation).to_contain_text(f"{anna_name} fordert dich heraus")
    expect(invitation).to_contain_text("Klubnacht · Klassisch")
    invitation.get_by_role("button", name="Ablehnen").click()
    expect(bert.locator("#received-section")).to_be_hidden()
    expect(anna.locator("#hub-sent")).to_contain_text("No open invitations.")
    expect(anna.locator("#hub-latest")).to_contain_text(bert_name)

    api(anna, "POST", "/api/challenges", challenge)
    expect(invitation).to_contain_text(anna_name)
    anna.reload()
    anna.get_by_role("button", name=f"Withdraw: You challenged {bert_name}").click()
    expect(anna.locator("#hub-sent")).to_contain_text("No open invitations.")
    expect(bert.locator("#received-section")).to_be_hidden()


def test_the_limit_is_shown_and_blocks_a_fourth_commitment(browsing: Browsing) -> None:
    anna, anna_name = member(browsing, "anna")
    others = [member(browsing, name)[1] for name in ("carla", "dora", "emil", "fritz")]
    api(anna, "POST", "/api/challenges", {"nickname": others[0], "game": "klubnacht"})
    api(anna, "POST", "/api/challenges", {"nickname": others[1], "game": "klubnacht"})
    anna.reload()
    expect(anna.locator("#hub-limit")).to_contain_text("2 of 3 games")
    seek = api(anna, "POST", "/api/lobby", {"game": "klubnacht", "options": {"chips": True}})
    expect(anna.locator("#hub-limit")).to_contain_text("3 of 3 games")
    full = "All 3 places are taken: finish a game or withdraw an invitation"
    expect(anna.locator("#hub-limit")).to_contain_text(full)
    expect(anna.locator("#hub-sent")).to_contain_text("You are waiting in the lobby")
    gina, gina_name = member(browsing, "gina")
    api(gina, "POST", "/api/challenges", {"nickname": anna_name, "game": "klubnacht"})
    invitation = anna.locator("#hub-received li")
    expect(invitation).to_contain_text(f"{gina_name} challenges you")
    expect(invitation).to_contain_text("Your games are full")
    expect(invitation.get_by_role("button", name="Accept")).to_be_disabled()

    open_flow(anna, "classic", "Challenge")
    dialog = anna.get_by_role("dialog", name="New game")
    expect(dialog.locator('[data-way="challenge"]')).to_contain_text(full)
    expect(dialog.get_by_role("button", name="Send challenge")).to_be_disabled()
    dialog.get_by_role("radio", name="Lobby").check()
    expect(dialog.locator('[data-way="lobby"]')).to_contain_text(full)
    expect(dialog.get_by_role("button", name="Wait in the lobby")).to_be_disabled()
    dialog.get_by_role("radio", name="Practice").check()
    expect(dialog.get_by_role("button", name="Start practice")).to_be_enabled()
    anna.keyboard.press("Escape")
    expect(dialog).to_be_hidden()

    # Withdrawing the seek frees a place; one taken meanwhile elsewhere (another tab, which
    # sends this hub no news) makes the next challenge fail, in words next to the button.
    anna.get_by_role("button", name="Withdraw: You are waiting in the lobby").click()
    expect(anna.locator("#hub-limit")).to_contain_text("2 of 3 games")
    assert all(t["id"] != seek["id"] for t in api(anna, "GET", "/api/hub")["my_tables"])
    open_flow(anna, "classic", "Challenge")
    api(anna, "POST", "/api/challenges", {"nickname": others[2], "game": "klubnacht"})
    dialog.get_by_label("Nickname").fill(others[3])
    dialog.get_by_role("button", name="Send challenge").click()
    expect(dialog.locator("#send-error")).to_contain_text("You have reached your limit")
    expect(dialog.get_by_label("Nickname")).not_to_have_attribute("aria-invalid", "true")


def test_practice_starts_from_the_flow_by_keyboard(browsing: Browsing) -> None:
    anna, _ = member(browsing, "anna", "fr")
    anna.get_by_role("button", name="Nouvelle partie").focus()
    anna.keyboard.press("Enter")
    dialog = anna.get_by_role("dialog", name="Nouvelle partie")
    expect(dialog.locator('[data-variant="classic"]')).to_be_focused()
    anna.keyboard.press("Enter")
    expect(dialog.get_by_role("radio", name="Défier")).to_be_focused()
    anna.keyboard.press("ArrowRight")
    anna.keyboard.press("ArrowRight")
    expect(dialog.get_by_role("radio", name="Entraînement")).to_be_checked()
    dialog.get_by_role("button", name="Commencer l'entraînement").click()
    game_id = game_id_of(anna)
    anna.goto("/hub")
    tile = anna.locator(f'a.tile[href="/games/{game_id}"]')
    expect(tile).to_contain_text("Robot d'entraînement")
    expect(tile).to_contain_text("Entraînement")
    expect(tile.locator("img.variant-icon")).to_have_attribute("src", re.compile("classic"))
    expect(tile.locator(".turn")).to_have_text("À toi de jouer")
    expect(anna.locator("#hub-limit")).to_contain_text("0 parties sur 3")


def test_a_seek_in_the_lobby_is_joined_by_another_member(browsing: Browsing) -> None:
    anna, anna_name = member(browsing, "anna")
    bert, _ = member(browsing, "bert", "pt", PHONE)

    open_flow(anna, "chips", "Lobby")
    dialog = anna.get_by_role("dialog", name="New game")
    dialog.get_by_role("button", name="Wait in the lobby").click()
    expect(dialog).to_be_hidden()
    expect(anna.locator("#hub-toasts")).to_contain_text("You are waiting in the lobby.")
    expect(anna.locator("#hub-sent")).to_contain_text("You are waiting in the lobby")

    bert.get_by_role("button", name="Nova partida").click()
    flow = bert.get_by_role("dialog", name="Nova partida")
    flow.locator('[data-variant="classic"]').click()
    flow.get_by_role("radio", name="Lobby").check()
    expect(flow.locator("#lobby-seeks")).not_to_contain_text(anna_name)
    flow.get_by_role("button", name="Mudar").click()
    flow.locator('[data-variant="chips"]').click()
    seek = flow.locator("#lobby-seeks li", has_text=anna_name)
    expect(seek).to_contain_text(f"{anna_name} está à espera")
    check_page(bert, "pt")
    seek.get_by_role("button", name=f"Jogar com {anna_name}").click()
    game_id = game_id_of(bert)

    tile = anna.locator(f'a.tile[href="/games/{game_id}"]')
    expect(tile).to_be_visible()
    expect(tile.locator("img.variant-icon")).to_have_attribute("src", re.compile("chips"))
    expect(anna.locator("#hub-sent")).to_contain_text("No open invitations.")


def test_the_hub_reads_well_on_a_desktop_and_a_phone(browsing: Browsing) -> None:
    anna, anna_name = member(browsing, "anna", "de", DESKTOP)
    bert, _ = member(browsing, "bert")
    carla, carla_name = member(browsing, "carla")
    duel = api(
        bert,
        "POST",
        "/api/challenges",
        {
            "nickname": anna_name,
            "game": "klubnacht",
            "options": {"chips": True},
        },
    )
    api(anna, "POST", f"/api/challenges/{duel['id']}/accept")
    api(carla, "POST", "/api/challenges", {"nickname": anna_name, "game": "klubnacht"})
    api(anna, "POST", "/api/practice", {"game": "klubnacht", "options": {}})
    api(
        anna,
        "POST",
        "/api/challenges",
        {"nickname": carla_name, "game": "klubnacht", "options": {"chips": True}},
    )
    anna.reload()
    expect(anna.locator("a.tile")).to_have_count(2)
    expect(anna.locator("a.tile").first.locator(".turn")).to_have_text("Du bist dran")
    expect(anna.locator("#hub-received")).to_contain_text(f"{carla_name} fordert dich heraus")
    # The server is shared by this worker's browser tests, so who is among the ten regulars
    # depends on them; the choice itself is pinned in tests/platform/test_challenges.py.
    expect(anna.locator("#hub-regulars li").first).to_be_visible()
    check_page(anna, "de")
    screenshot(anna, "hub-desktop")

    phone = browsing.context("de", PHONE)
    phone.add_cookies(anna.context.cookies())
    small = phone.new_page()
    browsing.watch(small)
    small.goto("/hub")
    expect(small.locator("a.tile")).to_have_count(2)
    check_page(small, "de")
    screenshot(small, "hub-phone")
    small.get_by_role("button", name="Neue Partie").click()
    small.get_by_role("dialog", name="Neue Partie").locator('[data-variant="chips"]').click()
    check_page(small, "de")


def test_a_regulars_shortcut_opens_the_flow_with_their_nickname(browsing: Browsing) -> None:
    anna, anna_name = member(browsing, "anna")
    bert, bert_name = member(browsing, "bert")
    duel = api(bert, "POST", "/api/challenges", {"nickname": anna_name, "game": "klubnacht"})
    api(anna, "POST", f"/api/challenges/{duel['id']}/accept")
    anna.reload()
    first = anna.locator("#hub-regulars .regular-name").first.inner_text()
    anna.get_by_role("button", name=f"Challenge {first}", exact=True).click()
    dialog = anna.get_by_role("dialog", name="New game")
    dialog.locator('[data-variant="classic"]').click()
    nickname = dialog.get_by_label("Nickname")
    expect(nickname).to_have_value(first)
    expect(dialog.get_by_role("button", name=first, exact=True)).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(dialog.get_by_role("button", name="Send challenge")).to_be_focused()

    nickname.fill(anna_name)
    dialog.get_by_role("button", name="Send challenge").click()
    expect(dialog.locator("#challenge-error")).to_have_text("You cannot challenge yourself.")
    expect(nickname).to_have_attribute("aria-invalid", "true")
    nickname.fill("no_such_member")
    dialog.get_by_role("button", name="Send challenge").click()
    expect(dialog.locator("#challenge-error")).to_have_text(
        "There is no member with that nickname."
    )
    nickname.fill(bert_name)
    expect(nickname).not_to_have_attribute("aria-invalid", "true")
    dialog.get_by_role("button", name="Send challenge").click()
    expect(anna.locator("#hub-toasts")).to_contain_text(f"Challenge sent to {bert_name}.")
    expect(anna.locator("#hub-sent")).to_contain_text(f"You challenged {bert_name}")
    expect(bert.locator("#hub-received")).to_contain_text(f"{anna_name} challenges you")


def test_the_clocks_count_down_and_warn_when_little_time_is_left(browsing: Browsing) -> None:
    anna, _ = member(browsing, "anna")
    game = api(anna, "POST", "/api/practice", {"game": "klubnacht", "options": {"chips": True}})
    tile = anna.locator(f'a.tile[href="/games/{game["game_id"]}"]')
    anna.reload()
    expect(tile.locator(".turn")).to_have_text("Your turn")
    anna.clock.install()
    anna.reload()
    clock = tile.locator(".clock")
    expect(clock).to_have_text(re.compile(r"^23 h \d+ min left$"))
    expect(clock).not_to_have_class(re.compile("short"))
    anna.clock.fast_forward("22:31:00")
    expect(clock).to_have_text(re.compile(r"^Only 1 h \d+ min left$"))
    expect(clock).to_have_class(re.compile("short"))
