"""Cards: each one a motif and a copy number, identified by a small integer."""

from __future__ import annotations

from stammtisch.engine.klubnacht.catalogue import (
    CARD_COUNT,
    COPIES,
    FIELD_BITS,
    MOTIF_INDEX,
    MOTIFS,
)
from stammtisch.engine.protocol import GameError

NO_CARD = -1
"""An empty market slot."""

MOTIF_OF = tuple(card // COPIES for card in range(CARD_COUNT))
"""The motif index of each card."""

MOTIF_UNIT = tuple(1 << (FIELD_BITS * motif) for motif in MOTIF_OF)
"""What each card adds to packed motif counts (see catalogue.covers)."""

CARD_TEXT = tuple(f"{MOTIFS[card // COPIES]}{card % COPIES + 1}" for card in range(CARD_COUNT))
"""The canonical text of each card: motif code and copy number, e.g. ``dj3``."""

_CARD_OF_TEXT = {text: card for card, text in enumerate(CARD_TEXT)}


def card_text(card: int) -> str:
    """The canonical text of a card."""
    return CARD_TEXT[card]


def parse_card(text: str) -> int:
    """The card of a canonical text such as ``lights2``; raises GameError when unknown."""
    card = _CARD_OF_TEXT.get(text)
    if card is None:
        raise GameError("malformed_action", f"There is no card {text!r}.")
    return card


def parse_motif(text: str) -> int:
    """The motif index of a motif code such as ``bouncer``; raises GameError when unknown."""
    motif = MOTIF_INDEX.get(text)
    if motif is None:
        known = ", ".join(MOTIFS)
        raise GameError("malformed_action", f"There is no motif {text!r} (known: {known}).")
    return motif
