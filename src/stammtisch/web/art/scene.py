"""The picture of a motif at one tier: theme background, motif, and the light layers it earns."""

from __future__ import annotations

from stammtisch.web.art.library import LIGHT_LEVEL, LIGHTS, motif_art, motif_theme, theme_art
from stammtisch.web.art.svg import prefixed, sparkle_path

WIDTH, HEIGHT = 180, 230
"""The picture's own coordinates, in which every fragment is drawn."""

SHADE = {1: 0.36, 2: 0.22, 3: 0.1}
"""How dark the dim light is over the picture at each tier (gold: none)."""

SHADE_COLOUR = {"characters": "#24305a"}
SPARKLES = ((24, 30, 8), (156, 40, 6), (146, 150, 5), (30, 128, 5), (96, 16, 4), (62, 206, 4))

SHARED_DEFS = {
    "warm": ("radialGradient", "#ffd98a", "#ffae42"),
    "cool": ("radialGradient", "#d4f3ff", "#6fc6ff"),
    "pink": ("radialGradient", "#ffc2ea", "#ff5fc4"),
    "gold": ("radialGradient", "#fff6c4", "#ffcf3a"),
    "beam": ("linearGradient", "#fff4cc", "#ffd36b"),
    "beamc": ("linearGradient", "#e0f7ff", "#7fd4ff"),
    "beamp": ("linearGradient", "#ffe0f4", "#ff7fd0"),
}
"""The shared light gradients: a bright centre fading out (radial) or a beam fading down."""

DIM_FILTER = (
    '<filter id="{doc}-dim" color-interpolation-filters="sRGB">'
    '<feColorMatrix type="matrix" values="0.13 0.26 0.05 0 0.06 0.13 0.26 0.05 0 0.06 '
    '0.14 0.28 0.06 0 0.09 0 0 0 1 0"/></filter>'
)


def _shared(doc: str, used: str) -> str:
    defs = []
    for name, (kind, inner, outer) in SHARED_DEFS.items():
        if f"url(#{doc}-{name})" not in used:
            continue
        if kind == "radialGradient":
            stops = (
                f'<stop offset="0" stop-color="{inner}" stop-opacity="0.95"/>'
                f'<stop offset="0.45" stop-color="{outer}" stop-opacity="0.45"/>'
                f'<stop offset="1" stop-color="{outer}" stop-opacity="0"/>'
            )
            defs.append(f'<radialGradient id="{doc}-{name}">{stops}</radialGradient>')
        else:
            stops = (
                f'<stop offset="0" stop-color="{inner}" stop-opacity="0.85"/>'
                f'<stop offset="1" stop-color="{outer}" stop-opacity="0"/>'
            )
            defs.append(
                f'<linearGradient id="{doc}-{name}" x1="0" y1="0" x2="0" y2="1">{stops}'
                "</linearGradient>"
            )
    return "".join(defs)


def sparkles() -> str:
    """The generic gold sparkles over the picture."""
    paths = "".join(f'<path d="{sparkle_path(x, y, r)}"/>' for x, y, r in SPARKLES)
    return f'<g class="sparkle" fill="#fff7d1">{paths}</g>'


def scene(motif: str, level: int, doc: str) -> tuple[str, str]:
    """The defs and body of the picture (0 0 180 230) for a level 0 (not reached) to 4 (gold)."""
    theme_key = motif_theme(motif)
    theme, art = theme_art(theme_key), motif_art(motif)
    defs = prefixed(theme.defs, doc, "t") + prefixed(art.defs, doc, "m")
    shape = "".join(
        (
            prefixed(theme.group("back"), doc, "t"),
            prefixed(art.group("base"), doc, "m"),
            prefixed(theme.group("front"), doc, "t"),
            prefixed(art.group("over"), doc, "m"),
        )
    )
    if level == 0:
        body = f'<g filter="url(#{doc}-dim)">{shape}</g>'
        return defs + DIM_FILTER.format(doc=doc) + _shared(doc, body), body
    parts = [shape]
    if level in SHADE:
        colour = SHADE_COLOUR.get(theme_key, "#090818")
        parts.append(
            f'<rect width="{WIDTH}" height="{HEIGHT}" fill="{colour}" opacity="{SHADE[level]}"/>'
        )
    for light in LIGHTS:
        if LIGHT_LEVEL[light] <= level:
            parts.append(prefixed(theme.group(light), doc, "t"))
            parts.append(prefixed(art.group(light), doc, "m"))
    if level >= LIGHT_LEVEL["sparkle"]:
        parts.append(sparkles())
    body = "".join(parts)
    return defs + _shared(doc, defs + body), body
