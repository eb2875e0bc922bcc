"""Card backs: a worn album card's motif in a back frame, and the plain Stammtisch back."""

from __future__ import annotations

from stammtisch.web.art.frame import METALS, corners, metal_gradient, stars
from stammtisch.web.art.library import UnknownArtError, level_of, motif_name
from stammtisch.web.art.scene import scene
from stammtisch.web.art.svg import document

W, H = 140, 196
"""A back's own coordinates (the same 5:7 card as the front, drawn smaller)."""


def card_back(motif_key: str, tier: str) -> str:
    """The back made from an album card at a reached tier; UnknownArtError otherwise."""
    level = level_of(tier)
    if level == 0:
        raise UnknownArtError(tier)
    doc = f"back-{motif_key}-{tier}"
    defs, picture = scene(motif_key, level, doc)
    _, dark, light = METALS[level]
    defs += metal_gradient(level, f"{doc}-metal")
    defs += f'<clipPath id="{doc}-win"><ellipse cx="70" cy="88" rx="54" ry="72"/></clipPath>'
    defs += (
        f'<pattern id="{doc}-dots" width="8" height="8" patternUnits="userSpaceOnUse">'
        f'<circle cx="4" cy="4" r="1.3" fill="{light}" opacity="0.5"/></pattern>'
    )
    body = (
        f'<rect width="{W}" height="{H}" rx="10" fill="url(#{doc}-metal)"/>'
        f'<rect x="6" y="6" width="128" height="184" rx="7" fill="#2a1a12"/>'
        f'<rect x="6" y="6" width="128" height="184" rx="7" fill="url(#{doc}-dots)"/>'
        f'<g clip-path="url(#{doc}-win)"><g transform="translate(14 13) scale(0.622)">'
        f"{picture}</g></g>"
        f'<ellipse cx="70" cy="88" rx="54" ry="72" fill="none" stroke="{light}" '
        'stroke-width="2.5"/>'
        f'<rect x="1" y="1" width="138" height="194" rx="9.5" fill="none" stroke="{dark}" '
        'stroke-width="2"/>'
        f'<rect x="34" y="168" width="72" height="17" rx="8.5" fill="#1b130d"/>'
        f"{stars(level, 70, 176.5, 5)}{corners(level, (13, 13, 127, 183), 4)}"
    )
    label = f"Card back: {motif_name(motif_key)} ({tier})"
    return document(W, H, label, doc, defs, body)


def plain_back() -> str:
    """The plain Stammtisch back: a beer mat on a red-brown tablecloth lattice."""
    doc = "plain-back"
    defs = (
        f'<pattern id="{doc}-lattice" width="14" height="14" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="14" height="14" fill="#7a3324"/>'
        '<path d="M0,0H14M0,0V14" stroke="#93462f" stroke-width="3"/>'
        '<circle cx="7" cy="7" r="1.4" fill="#c9784c" opacity="0.6"/></pattern>'
        f'<radialGradient id="{doc}-lamp" cx="0.5" cy="0.42" r="0.6">'
        '<stop offset="0" stop-color="#ffd58a" stop-opacity="0.45"/>'
        '<stop offset="1" stop-color="#ffd58a" stop-opacity="0"/></radialGradient>'
    )
    body = (
        f'<rect width="{W}" height="{H}" rx="10" fill="#4a2016"/>'
        f'<rect x="6" y="6" width="128" height="184" rx="7" fill="url(#{doc}-lattice)"/>'
        f'<rect x="6" y="6" width="128" height="184" rx="7" fill="url(#{doc}-lamp)"/>'
        '<rect x="10" y="10" width="120" height="176" rx="5" fill="none" stroke="#e9cf9c" '
        'stroke-width="1.2" stroke-dasharray="4 3"/>'
        '<circle cx="70" cy="98" r="40" fill="#2b120b" opacity="0.35"/>'
        '<circle cx="70" cy="96" r="40" fill="#f1e2c2" stroke="#e9cf9c" stroke-width="4" '
        'stroke-dasharray="2 2.2"/>'
        '<circle cx="70" cy="96" r="33" fill="none" stroke="#b3412b" stroke-width="3"/>'
        '<circle cx="70" cy="96" r="27" fill="none" stroke="#b3412b" stroke-width="1"/>'
        '<path d="M58,84H80V112Q80,116 76,116H62Q58,116 58,112Z" fill="#e3a33c" '
        'stroke="#6b3a1c" stroke-width="2" stroke-linejoin="round"/>'
        '<path d="M80,90H85Q90,90 90,96V102Q90,107 85,107H80" fill="none" stroke="#6b3a1c" '
        'stroke-width="2.5"/>'
        '<path d="M56,84Q56,76 63,77Q66,72 71,75Q77,72 80,78Q85,79 82,85Q70,88 56,84Z" '
        'fill="#fffaf0" stroke="#6b3a1c" stroke-width="2" stroke-linejoin="round"/>'
        '<path d="M64,92V110M72,92V110" stroke="#f5c86a" stroke-width="2" opacity="0.8"/>'
        '<circle cx="20" cy="20" r="3" fill="#e9cf9c"/><circle cx="120" cy="20" r="3" '
        'fill="#e9cf9c"/><circle cx="20" cy="176" r="3" fill="#e9cf9c"/>'
        '<circle cx="120" cy="176" r="3" fill="#e9cf9c"/>'
    )
    return document(W, H, "Stammtisch card back", doc, defs, body)
