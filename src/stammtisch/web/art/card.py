"""An album card: the motif's picture at its tier inside a frame that shows the tier."""

from __future__ import annotations

from stammtisch.web.art.frame import METALS, corners, metal_gradient, stars
from stammtisch.web.art.library import level_of
from stammtisch.web.art.scene import HEIGHT, WIDTH, scene
from stammtisch.web.art.svg import document


def album_card(motif_key: str, tier: str | None, label: str) -> str:
    """The SVG document of one album card; UnknownArtError for an unknown motif or tier."""
    level = level_of(tier)
    doc = f"{motif_key}-{tier or 'none'}"
    defs, picture = scene(motif_key, level, doc)
    _, dark, light = METALS[level]
    defs += metal_gradient(level, f"{doc}-metal")
    defs += f'<clipPath id="{doc}-win"><rect width="{WIDTH}" height="{HEIGHT}" rx="7"/></clipPath>'
    grain = ""
    if level == 1:
        grain = (
            f'<path d="M8,250C50,244 90,258 192,248M8,266C70,258 120,272 192,262M6,40C4,90 8,150 '
            f'5,220M195,30C197,100 192,170 195,230" fill="none" stroke="{dark}" '
            'stroke-width="1.2" opacity="0.5"/>'
        )
    body = (
        f'<rect width="200" height="280" rx="14" fill="url(#{doc}-metal)"/>{grain}'
        f'<rect x="1.5" y="1.5" width="197" height="277" rx="13" fill="none" stroke="{dark}" '
        'stroke-width="2"/>'
        f'<g transform="translate(10 10)" clip-path="url(#{doc}-win)">{picture}</g>'
        f'<rect x="10" y="10" width="{WIDTH}" height="{HEIGHT}" rx="7" fill="none" '
        'stroke="#1b130d" stroke-width="2"/>'
        f'<rect x="44" y="248" width="112" height="24" rx="12" fill="#211811" stroke="{light}" '
        'stroke-width="1"/>'
        f"{stars(level, 100, 260, 7)}{corners(level, (10, 10, 190, 240), 6)}"
    )
    if level == 4:
        body += (
            f'<path d="M100,1L108,9L100,17L92,9Z" fill="{light}" stroke="{dark}" stroke-width="1"/>'
        )
    return document(200, 280, label, doc, defs, body)
