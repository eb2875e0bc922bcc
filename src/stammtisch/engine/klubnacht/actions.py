"""The actions of Klubnacht: small frozen values with a canonical, lossless text."""

from __future__ import annotations

from dataclasses import dataclass

from stammtisch.engine.klubnacht.cards import card_text, parse_card, parse_motif
from stammtisch.engine.klubnacht.catalogue import CHIPS, MOTIFS
from stammtisch.engine.protocol import GameError


@dataclass(frozen=True, slots=True)
class Take:
    """Take the card in a market slot (0, 1 or 2)."""

    slot: int

    def text(self) -> str:
        """Canonical text, e.g. ``take 2``."""
        return f"take {self.slot}"


@dataclass(frozen=True, slots=True)
class Claim:
    """Claim an open task by handing in exactly the cards it needs (sorted card ids)."""

    task: str
    cards: tuple[int, ...]

    def text(self) -> str:
        """Canonical text, e.g. ``claim e01 dj1 sound4``."""
        return " ".join(["claim", self.task, *(card_text(card) for card in self.cards)])


@dataclass(frozen=True, slots=True)
class Redeem:
    """Redeem one's chip; Free drink and Sabotage name a motif."""

    chip: str
    motif: int | None = None

    def text(self) -> str:
        """Canonical text, e.g. ``redeem sabotage dj`` or ``redeem triple``."""
        if self.motif is None:
            return f"redeem {self.chip}"
        return f"redeem {self.chip} {MOTIFS[self.motif]}"


@dataclass(frozen=True, slots=True)
class Keep:
    """Magpie: keep this one of the opponent's revealed cards."""

    card: int

    def text(self) -> str:
        """Canonical text, e.g. ``keep bar2``."""
        return f"keep {card_text(self.card)}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn (a pass when nothing else happened in it)."""

    def text(self) -> str:
        """Canonical text: ``end``."""
        return "end"


Action = Take | Claim | Redeem | Keep | EndTurn

TAKES = (Take(0), Take(1), Take(2))
END = EndTurn()


def _malformed(text: str, why: str) -> GameError:
    """The error for an action text that cannot be read."""
    return GameError("malformed_action", f"Cannot read the action {text!r}: {why}.")


def parse_action(text: str) -> Action:
    """The action of a canonical text; raises GameError when malformed."""
    if not isinstance(text, str):
        raise _malformed(repr(text), "an action is a text")
    words = text.split()
    if not words:
        raise _malformed(text, "it is empty")
    verb, args = words[0], words[1:]
    if verb == "end" and not args:
        return END
    if verb == "take" and len(args) == 1 and args[0] in ("0", "1", "2"):
        return TAKES[int(args[0])]
    if verb == "claim" and len(args) >= 2:
        cards = tuple(sorted(parse_card(word) for word in args[1:]))
        return Claim(args[0], cards)
    if verb == "keep" and len(args) == 1:
        return Keep(parse_card(args[0]))
    if verb == "redeem" and args:
        return _parse_redeem(text, args)
    raise _malformed(
        text, "expected take 0|1|2, claim TASK CARDS, redeem CHIP [MOTIF], keep CARD or end"
    )


def _parse_redeem(text: str, args: list[str]) -> Redeem:
    """A redeem action from its words after the verb."""
    chip = CHIPS.get(args[0])
    if chip is None:
        raise _malformed(text, f"there is no chip {args[0]!r} (chips: {', '.join(CHIPS)})")
    if chip.needs_motif:
        if len(args) != 2:
            raise _malformed(text, f"the chip {chip.code} needs a motif")
        return Redeem(chip.code, parse_motif(args[1]))
    if len(args) != 1:
        raise _malformed(text, f"the chip {chip.code} takes no motif")
    return Redeem(chip.code)


def action_text(action: Action) -> str:
    """The canonical text of an action."""
    return action.text()
