"""The Klubnacht table in a real browser: whole nights played by clicking (two members live, and
a practice night against the robot), the end of the night with its result and the rematch, the
replay, a cut connection that heals, the keyboard, and the four languages at phone width."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, WebSocketRoute, expect

from stammtisch.web.i18n import translations
from tests.e2e.conftest import (
    DESKTOP,
    PASSWORD,
    PHONE,
    Browsing,
    api,
    check_page,
    screenshot,
    sign_up_by_api,
    unique,
)
from tests.e2e.klubnacht_player import Player, play_night

GAME_PAGE = re.compile(r"/games/(\d+)$")
NO_RELOAD = "window.knSamePage = true"
"""A mark left in the page's window: still there later means the page was never reloaded."""


def member(
    browsing: Browsing, prefix: str, language: str = "en", viewport: dict[str, int] | None = None
) -> tuple[Page, str]:
    """A new member signed in in a browser of their own."""
    page = browsing.page(language, viewport)
    nickname = unique(prefix)
    sign_up_by_api(page, nickname, language=language)
    return page, nickname


def member_by_signing_up(
    browsing: Browsing, prefix: str, viewport: dict[str, int]
) -> tuple[Page, str]:
    """A new member who signs up on the sign-up page, by typing and clicking."""
    page = browsing.page("en", viewport)
    nickname = unique(prefix)
    page.goto("/")
    page.locator("#main").get_by_role("link", name="Sign up, it is free").click()
    page.get_by_label("Nickname").fill(nickname)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Create my account").click()
    expect(page).to_have_url(re.compile(r"/hub$"))
    return page, nickname


def duel(challenger: Page, challenged: Page, nickname: str, chips: bool = True) -> int:
    """A game between two members, started through the API (challenge and accept)."""
    options = {"chips": chips}
    sent = api(
        challenger,
        "POST",
        "/api/challenges",
        {"nickname": nickname, "game": "klubnacht", "options": options},
    )
    return int(api(challenged, "POST", f"/api/challenges/{sent['id']}/accept")["game_id"])


def open_table(page: Page, game_id: int) -> Player:
    """Open the table of a game and mark the page, so a reload would show."""
    page.goto(f"/games/{game_id}")
    expect(page.locator("#kn-board .kn-market")).to_be_visible()
    page.evaluate(NO_RELOAD)
    return Player(page)


def never_reloaded(page: Page) -> bool:
    """Whether the page is still the one that was marked."""
    return bool(page.evaluate("window.knSamePage === true"))


def challenge_from_the_hub(anna: Page, bert: Page, bert_name: str) -> int:
    """Anna challenges Bert through the hub's New game flow; Bert accepts the live invitation."""
    anna.goto("/hub")
    bert.goto("/hub")
    anna.get_by_role("button", name="New game", exact=True).click()
    flow = anna.get_by_role("dialog", name="New game")
    flow.locator('[data-variant="chips"]').click()
    flow.get_by_role("radio", name="Challenge", exact=True).check()
    flow.get_by_label("Nickname").fill(bert_name)
    flow.get_by_role("button", name="Send challenge").click()
    invitation = bert.locator("#hub-received li")
    expect(invitation).to_be_visible()
    invitation.get_by_role("button", name="Accept").click()
    expect(bert).to_have_url(GAME_PAGE)
    found = GAME_PAGE.search(bert.url)
    assert found
    return int(found.group(1))


def test_two_members_play_a_whole_chip_night_live_and_ask_for_a_rematch(
    browsing: Browsing,
) -> None:
    anna, anna_name = member_by_signing_up(browsing, "anna", DESKTOP)
    bert, bert_name = member_by_signing_up(browsing, "bert", PHONE)
    game_id = challenge_from_the_hub(anna, bert, bert_name)
    players = {anna_name: open_table(anna, game_id), bert_name: open_table(bert, game_id)}
    players[anna_name].redeem_on_turn = 2
    players[bert_name].redeem_on_turn = 3

    # The first card taken shows on the other table at once, without a reload.
    starter = anna_name if players[anna_name].my_turn() else bert_name
    other = bert_name if starter == anna_name else anna_name
    first, second = players[starter], players[other]
    first.step(first.page.locator("button.kn-take").first)
    expect(second.page.locator("#kn-feed")).to_contain_text(f"{starter} took")
    expect(second.board).to_have_attribute("data-seq", first.seq())
    first.play_turn()
    assert second.wait_for_turn()
    screenshot(anna, "table-desktop")

    # The second seat looks at the starter's turn again, step by step.
    second.page.get_by_role("button", name="Replay of the last turn").click()
    last = second.page.get_by_role("dialog", name=f"{starter}'s last turn")
    steps = last.locator(".kn-step")
    expect(steps.first).to_contain_text(f"{starter} took")
    expect(steps.first).to_have_attribute("aria-current", "step")
    expect(last.locator(".kn-replay-step")).to_contain_text("Step 1 of")
    if steps.count() > 1:
        last.get_by_role("button", name="Next").click()
        expect(steps.nth(1)).to_have_attribute("aria-current", "step")
    check_page(second.page, "en")
    last.get_by_role("button", name="Close").click()
    expect(last).to_have_count(0)

    play_night([first, second])
    assert players[anna_name].redeemed
    assert players[bert_name].redeemed
    assert never_reloaded(anna)
    assert never_reloaded(bert)

    game = api(anna, "GET", f"/api/games/{game_id}")
    winner = game["seats"][game["outcome"]["ranking"][0][0]]["nickname"]
    for name, player in players.items():
        page = player.page
        result = api(page, "GET", f"/api/games/{game_id}/result")
        panel = page.locator(".kn-result")
        expect(panel).to_be_visible()
        expect(panel.locator("h2")).to_have_text(
            "You won the night!" if name == winner else "You lost the night."
        )
        expect(panel.locator(".kn-end-reason")).not_to_be_empty()
        expect(panel.locator(".kn-gain.xp")).to_contain_text(f"+{result['xp']} XP")
        season = result["rating"]["season"]
        expect(panel.locator(".kn-gain.rating")).to_contain_text(
            f"{season['before']} → {season['after']}"
        )
        expect(panel.locator(".kn-album-card")).to_have_count(len(result["album"]["cards"]))
        if any(card["new_tier"] for card in result["album"]["cards"]):
            expect(panel.get_by_role("link", name="Open the album").first).to_have_attribute(
                "href", "/album"
            )
        check_page(page, "en")
    screenshot(anna, "result-desktop")
    screenshot(bert, "result-phone")

    loser = players[bert_name if winner == anna_name else anna_name].page
    loser.locator(".kn-result").get_by_role("button", name="Rematch").click()
    dialog = loser.get_by_role("dialog", name="Rematch: which variant?")
    dialog.get_by_role("radio", name="Classic").check()
    dialog.get_by_role("button", name="Send the invitation").click()
    expect(dialog).to_have_count(0)
    expect(loser.locator(".kn-rematch-sent")).to_have_text(f"Invitation sent to {winner}.")
    invitations = api(players[winner].page, "GET", "/api/challenges")["received"]
    assert [(c["rematch_of"], c["options"]) for c in invitations] == [(game_id, {"chips": False})]

    anna.locator(".kn-result").get_by_role("button", name="Replay").click()
    replay = anna.locator(".kn-replay")
    expect(replay.locator(".kn-replay-step")).to_contain_text("Step 0 of")
    for _ in range(5):
        replay.get_by_role("button", name="Next").click()
    expect(replay.locator(".kn-replay-step")).to_contain_text("Step 5 of")
    expect(replay.locator(".kn-replay-caption")).not_to_be_empty()
    check_page(anna, "en")
    screenshot(anna, "replay-desktop")
    replay.get_by_role("button", name="Back to the result").click()
    expect(anna.locator(".kn-result")).to_be_visible()


def test_a_practice_night_against_the_robot_is_played_to_its_end_without_notices(
    browsing: Browsing,
) -> None:
    page, _ = member(browsing, "paula", "en", DESKTOP)
    game = api(page, "POST", "/api/practice", {"game": "klubnacht", "options": {"chips": True}})
    player = open_table(page, game["game_id"])
    expect(page.locator(".kn-status")).to_contain_text("Practice game")
    play_night([player])
    panel = page.locator(".kn-result")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text("A practice night: no XP, no rating, no album progress.")
    assert never_reloaded(page)
    kinds = [item["kind"] for item in api(page, "GET", "/api/notifications")["items"]]
    assert "your_turn" not in kinds


def test_a_cut_connection_heals_and_shows_every_move_made_meanwhile_once(
    browsing: Browsing,
) -> None:
    anna, _ = member(browsing, "anna", "en", DESKTOP)
    bert, bert_name = member(browsing, "bert", "en", DESKTOP)
    game_id = duel(anna, bert, bert_name)
    sockets: list[WebSocketRoute] = []

    def forward(socket: WebSocketRoute) -> None:
        socket.connect_to_server()
        sockets.append(socket)

    anna.route_web_socket(re.compile(r"/api/ws$"), forward)
    watcher = open_table(anna, game_id)
    mover = open_table(bert, game_id)
    me = int(api(anna, "GET", f"/api/games/{game_id}")["seat"])
    if watcher.my_turn():
        watcher.play_turn()
    assert mover.wait_for_turn()

    # The socket goes down and stays down (the browser is offline) while Bert plays a turn.
    anna.context.set_offline(True)
    for socket in sockets:
        socket.close()
    expect(anna.locator("#connection-banner")).to_contain_text("Connection lost")
    for _ in range(2):
        mover.step(bert.locator("button.kn-take").first)
    mover.step(bert.locator("button.kn-end"))
    assert watcher.seq() != mover.seq()

    anna.context.set_offline(False)
    expect(anna.locator("#connection-banner")).to_contain_text("Connected again", timeout=20_000)
    expect(watcher.board).to_have_attribute("data-seq", mover.seq())
    expect(watcher.board).to_have_attribute("data-turn", "mine")
    assert never_reloaded(anna)

    # Every card Bert took shows once in Anna's feed: none missed, none doubled.
    log = api(anna, "GET", f"/api/games/{game_id}/log")
    taken = [
        e["card"]
        for entry in log
        for e in entry["events"]
        if e["kind"] == "card_taken" and e["seat"] != me
    ]
    said = [
        text
        for text in anna.locator("#kn-feed li").all_inner_texts()
        if text.startswith(f"{bert_name} took")
    ]
    assert len(said) == len(taken) >= 2
    # Refused connections while offline are the point of this test, not faults of the page.
    browsing.errors[:] = [
        error for error in browsing.errors if "ERR_INTERNET_DISCONNECTED" not in error
    ]


def test_a_stale_click_reloads_the_table_quietly_and_says_so(browsing: Browsing) -> None:
    anna, _ = member(browsing, "anna", "en", DESKTOP)
    bert, bert_name = member(browsing, "bert", "en", DESKTOP)
    game_id = duel(anna, bert, bert_name)
    mover = anna if api(anna, "GET", f"/api/games/{game_id}")["legal"] else bert
    other_tab = mover.context.new_page()
    browsing.watch(other_tab)

    def deaf(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()
        server.on_message(lambda _message: None)

    other_tab.route_web_socket(re.compile(r"/api/ws$"), deaf)
    stale = open_table(other_tab, game_id)
    player = open_table(mover, game_id)
    player.step(mover.locator("button.kn-take").last)
    assert stale.seq() == "0"

    stale.page.locator("button.kn-take").first.click()
    expect(stale.board).to_have_attribute("data-seq", player.seq())
    expect(stale.page.locator(".kn-notice")).to_have_text(
        "The game had moved on; the table shows where it stands now."
    )
    assert api(mover, "GET", f"/api/games/{game_id}")["seq"] == 1
    feed = stale.page.locator("#kn-feed li")
    expect(feed.filter(has_text="took")).to_have_count(1)
    assert never_reloaded(stale.page)


def practice_table(page: Page, chips: bool = True) -> Player:
    """A practice night against the robot, its table open and the seat to act."""
    game = api(page, "POST", "/api/practice", {"game": "klubnacht", "options": {"chips": chips}})
    player = open_table(page, game["game_id"])
    assert player.wait_for_turn()
    return player


def until_the_chip_can_be_redeemed(player: Player) -> None:
    """Play turns without the chip until its Redeem button is offered."""
    player.redeem_on_turn = 0
    while not player.page.locator("button.kn-redeem").count():
        player.play_turn()
        assert player.wait_for_turn(), "the night ended before the chip could be redeemed"


@pytest.mark.parametrize("language", ["de", "en", "fr", "pt"])
def test_the_table_its_chip_dialog_and_the_result_in_every_language_on_a_phone(
    browsing: Browsing, language: str
) -> None:
    page, _ = member(browsing, "lena", language, PHONE)
    player = practice_table(page)
    check_page(page, language)
    said = translations(language).gettext
    if page.locator(".kn-own .kn-starter").count():
        expect(page.locator(".kn-starter")).to_have_text(said("You started the night."))
    else:
        robot = page.locator(".kn-across .kn-name").inner_text()
        expected = said("{name} started the night.").format(name=robot)
        expect(page.locator(".kn-starter")).to_have_text(expected)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    if language == "en":
        screenshot(page, "table-phone")

    until_the_chip_can_be_redeemed(player)
    page.locator("button.kn-redeem").click()
    dialog = page.locator("dialog.kn-chip-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".kn-chip-rule")).not_to_be_empty()
    check_page(page, language)
    dialog.locator("button[data-close]").click()
    expect(dialog).to_have_count(0)

    page.locator("#kn-tools button.danger").click()
    confirm = page.locator("dialog.kn-dialog")
    check_page(page, language)
    confirm.locator("button[data-confirm]").click()
    expect(page.locator(".kn-result")).to_be_visible()
    expect(page.locator(".kn-gains")).to_be_visible()
    check_page(page, language)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_table_is_played_by_keyboard(browsing: Browsing) -> None:
    page, _ = member(browsing, "karl", "en", DESKTOP)
    player = practice_table(page)
    first = page.locator("button.kn-take").first
    first.focus()
    page.keyboard.press("ArrowRight")
    second = page.locator('button.kn-take[data-slot="1"]')
    expect(second).to_be_focused()
    before = player.seq()
    page.keyboard.press("Enter")
    expect(player.board).not_to_have_attribute("data-seq", before)
    # The focus stays on the board: on the same slot, or on End turn once nothing may be taken.
    expect(
        page.locator('#kn-board :focus[data-focus="take-1"], #kn-board :focus[data-focus="end"]')
    ).to_have_count(1)

    until_the_chip_can_be_redeemed(player)
    page.locator("button.kn-redeem").focus()
    page.keyboard.press("Enter")
    dialog = page.locator("dialog.kn-chip-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("h2")).not_to_be_empty()
    screenshot(page, "chip-dialog-desktop")
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(page.locator("button.kn-redeem")).to_be_focused()
