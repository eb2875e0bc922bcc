"""A scripted Challengers! player for browser tests: it plays the reader's seat by clicking what
the table offers (pile, picks, a removal, done, every decision) until the tournament is over."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page

BOARD = "#ch-board"
READY = (
    "() => { const b = document.querySelector('#ch-board');"
    " return b.dataset.status === 'finished' || b.dataset.show === 'playing'"
    " || (b.dataset.turn === 'mine' && b.getAttribute('aria-busy') === 'false'); }"
)
MOVED = (
    "seq => { const b = document.querySelector('#ch-board');"
    " return b.dataset.seq !== seq && b.getAttribute('aria-busy') === 'false'"
    " || b.querySelector('.ch-notice') !== null; }"
)


def board_data(page: Page, name: str) -> str:
    """One of the board's data attributes (status, turn, phase, show, seq)."""
    return page.locator(BOARD).get_attribute(f"data-{name}") or ""


def _click_and_wait(page: Page, button_selector: str) -> None:
    """Click the first matching control of the reader's panel and wait for the table to move."""
    seq = board_data(page, "seq")
    page.locator(f".ch-you {button_selector}").first.click()
    page.wait_for_function(MOVED, arg=seq, timeout=30_000)


def play_move(page: Page, removed: list[str], seen: Callable[[str], None] | None = None) -> str:
    """Do the one thing the table asks now; what was done, in a word (`seen` hears of decisions
    before they are answered)."""
    you = page.locator(".ch-you")
    if seen is not None and you.locator("#ch-decision-title").count():
        seen("decision")
    if you.locator("[data-focus^='choose-']").count():
        options = you.locator("[data-focus^='choose-']")
        named = [options.nth(i).get_attribute("data-focus") or "" for i in range(options.count())]
        pick = next((i for i, n in enumerate(named) if n != "choose-none"), 0)
        seq = board_data(page, "seq")
        options.nth(pick).click()
        page.wait_for_function(MOVED, arg=seq, timeout=30_000)
        return "decision"
    if you.locator("[data-focus^='order-']:not([data-focus='order-clear'])").count():
        seq = board_data(page, "seq")
        cards = you.locator(
            "[data-focus^='order-']:not([data-focus='order-clear']):not([disabled])"
        )
        while board_data(page, "seq") == seq and cards.count():
            cards.first.click()
        page.wait_for_function(MOVED, arg=seq, timeout=30_000)
        return "decision"
    if you.locator("[data-focus^='pile-']").count():
        _click_and_wait(page, "[data-focus^='pile-']")
        return "pile"
    if you.locator("[data-focus^='pick-']").count():
        _click_and_wait(page, "[data-focus^='pick-']")
        return "pick"
    round_now = page.locator(".ch-head h2").inner_text()
    if you.locator("[data-focus^='remove-']").count() and round_now not in removed:
        removed.append(round_now)
        _click_and_wait(page, "[data-focus^='remove-']")
        return "remove"
    if you.locator("[data-focus='done']").count():
        _click_and_wait(page, "[data-focus='done']")
        return "done"
    return ""


def play_tournament(
    page: Page, seen: Callable[[str], None] | None = None, limit: int = 600
) -> dict[str, int]:
    """Play the reader's seat to the end of the tournament; how often each kind of move was made.
    `seen` hears of every animation ("show") and decision before the player goes on."""
    done: dict[str, int] = {}
    removed: list[str] = []
    shows = 0
    for _ in range(limit):
        page.wait_for_function(READY, timeout=60_000)
        if board_data(page, "status") == "finished":
            break
        if board_data(page, "show") == "playing":
            shows += 1
            if seen is not None:
                seen("show")
            skip = page.locator("[data-focus='skip']")
            if skip.count():
                skip.click()
            continue
        kind = play_move(page, removed, seen)
        if kind:
            done[kind] = done.get(kind, 0) + 1
    done["shows"] = shows
    return done
