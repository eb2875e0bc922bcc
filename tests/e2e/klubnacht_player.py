"""A scripted Klubnacht player that plays one seat by clicking the table, as a member would.

It claims a task as soon as one lights up (tapping the cards the task needs, then its golden
number), redeems its chip on a chosen turn (answering the chip's dialog), else takes the first
market card, and ends the turn when nothing is left to take. Every click waits for the step it
leads to (the board's `data-seq`), so the player never races the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from playwright.sync_api import Locator, Page, expect

TURN_TIMEOUT = 30_000
"""How long a player waits for its turn (the other side may be a robot or a slower browser)."""
STEP_TIMEOUT = 15_000
"""How long a click may take to show the step it led to (a busy machine answers slowly)."""


@dataclass
class Player:
    """One seat of a night, played in one page."""

    page: Page
    redeem_on_turn: int = 2
    """The own turn (counted from 1) from which on the chip is redeemed; 0: never."""
    turns: int = 0
    redeemed: str | None = None
    """The chip this player redeemed (its code), once it did."""
    claims: int = 0
    chip_dialog_seen: list[str] = field(default_factory=list)
    """The chip dialogs this player answered (their headings)."""

    @property
    def board(self) -> Locator:
        """The table's board."""
        return self.page.locator("#kn-board")

    def seq(self) -> str:
        """The step the board shows."""
        return self.board.get_attribute("data-seq") or ""

    def finished(self) -> bool:
        """Whether the board shows a finished night."""
        return self.board.get_attribute("data-status") == "finished"

    def my_turn(self) -> bool:
        """Whether the board says it is this seat's turn."""
        return not self.finished() and self.board.get_attribute("data-turn") == "mine"

    def wait_for_turn(self, timeout: float = TURN_TIMEOUT) -> bool:
        """Wait until it is this seat's turn (True) or the night is over (False)."""
        either = self.page.locator('#kn-board[data-turn="mine"], #kn-board[data-status="finished"]')
        expect(either).to_have_count(1, timeout=timeout)
        return not self.finished()

    def step(self, click: Locator) -> None:
        """Click and wait until the board shows the step the click led to."""
        before = self.seq()
        click.click()
        expect(self.board).not_to_have_attribute("data-seq", before, timeout=STEP_TIMEOUT)

    def play_turn(self) -> None:
        """Play one whole turn: claims, the chip, takes, and the end of the turn."""
        self.turns += 1
        page = self.page
        while self.my_turn():
            keep = page.locator("button[data-keep]")
            if keep.count():
                self.step(keep.first)
                continue
            ready = page.locator(".kn-task.ready")
            if ready.count():
                self.claim(ready.first)
                continue
            redeem = page.locator("button.kn-redeem")
            if self.redeem_on_turn and self.turns >= self.redeem_on_turn and redeem.count():
                self.redeem(redeem)
                continue
            take = page.locator("button.kn-take")
            if take.count():
                self.step(take.first)
                continue
            self.step(page.locator("button.kn-end"))
            return

    def claim(self, task: Locator) -> None:
        """Tap the cards a lit task needs, then its golden number."""
        needs = (task.get_attribute("data-needs") or "").split()
        for motif in needs:
            self.page.locator(
                f'button.kn-pick[data-motif="{motif}"][aria-pressed="false"]'
            ).first.click()
        gold = task.locator("button.kn-gold")
        expect(gold).to_be_visible()
        self.step(gold)
        self.claims += 1

    def redeem(self, button: Locator) -> None:
        """Open the chip's dialog and answer it: the first motif offered, or the confirmation."""
        chip = button.locator("xpath=..").get_attribute("data-chip")
        button.click()
        dialog = self.page.locator("dialog.kn-chip-dialog")
        expect(dialog).to_be_visible()
        self.chip_dialog_seen.append(dialog.locator("h2").inner_text())
        motifs = dialog.locator("button.kn-motif-button:not([disabled])")
        choice = motifs.first if motifs.count() else dialog.locator("button[data-confirm]")
        self.step(choice)
        expect(dialog).to_have_count(0)
        self.redeemed = chip


def play_night(players: list[Player]) -> None:
    """Play a night to its end, each player in its own page (one player: against the robot).

    After every turn the next seat's page must say "your turn" without a reload: the moves
    reach it live. At the end every page must show the finished night.
    """
    current = next((player for player in players if player.my_turn()), None)
    if current is None:
        current = players[0]
        assert current.wait_for_turn(), "the night is over before it started"
    while True:
        current.play_turn()
        others = [player for player in players if player is not current] or [current]
        if current.finished():
            for other in others:
                assert not other.wait_for_turn()
            return
        following = others[0]
        if not following.wait_for_turn():
            assert all(not player.wait_for_turn() for player in players)
            return
        current = following
