"""The site's pictures, drawn by the project as SVG: album cards, card backs and their route."""

from __future__ import annotations

from stammtisch.web.art.backs import card_back, plain_back
from stammtisch.web.art.card import album_card
from stammtisch.web.art.library import TIERS, ArtDataError, UnknownArtError, motif_keys

__all__ = [
    "TIERS",
    "ArtDataError",
    "UnknownArtError",
    "album_card",
    "card_back",
    "motif_keys",
    "plain_back",
]
