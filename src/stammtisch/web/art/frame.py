"""The card's frame: its metal (or wood) shows the tier, and so do the stars and the corners."""

from __future__ import annotations

from stammtisch.web.art.svg import star_path

METALS = {
    0: ("#5f5e66", "#38373d", "#85848c"),
    1: ("#7b5538", "#4a301f", "#a97e58"),
    2: ("#b06f38", "#6a3c1a", "#eeb27a"),
    3: ("#b4bdc8", "#6f7b8a", "#f4f8fb"),
    4: ("#dcaa2e", "#8e600c", "#fff1a3"),
}
"""Per level: the frame's main, dark and light tone (none, wood, bronze, silver, gold)."""


def metal_gradient(level: int, gid: str) -> str:
    """A diagonal sheen of the level's metal."""
    main, dark, light = METALS[level]
    return (
        f'<linearGradient id="{gid}" x1="0" y1="0" x2="1" y2="1">'
        f'<stop offset="0" stop-color="{light}"/><stop offset="0.35" stop-color="{main}"/>'
        f'<stop offset="0.7" stop-color="{dark}"/><stop offset="1" stop-color="{main}"/>'
        "</linearGradient>"
    )


def stars(level: int, cx: float, cy: float, r: float) -> str:
    """Four stars in a row, as many filled as the tier (1 colour .. 4 gold), the rest hollow."""
    light = METALS[max(level, 1)][2] if level else "#8b8a91"
    gap = r * 2.5
    out = []
    for i in range(4):
        path = star_path(cx + (i - 1.5) * gap, cy, r)
        if i < level:
            out.append(f'<path d="{path}" fill="{light}" stroke="#1b130d" stroke-width="0.8"/>')
        else:
            out.append(
                f'<path d="{path}" fill="none" stroke="{light}" stroke-width="1" opacity="0.55"/>'
            )
    return "".join(out)


def corners(level: int, box: tuple[float, float, float, float], r: float) -> str:
    """Corner marks: rivets from bronze, an engraved line from silver, diamonds at gold."""
    x0, y0, x1, y1 = box
    _, dark, light = METALS[level]
    points = ((x0, y0), (x1, y0), (x0, y1), (x1, y1))
    out = []
    if level >= 3:
        out.append(
            f'<rect x="{x0 - r * 0.9}" y="{y0 - r * 0.9}" width="{x1 - x0 + r * 1.8}" '
            f'height="{y1 - y0 + r * 1.8}" rx="{r * 2}" fill="none" stroke="{light}" '
            'stroke-width="0.8" opacity="0.8"/>'
        )
    if level == 2 or level == 3:
        out += [
            f'<circle cx="{x}" cy="{y}" r="{r * 0.5}" fill="{light}" stroke="{dark}" '
            'stroke-width="0.8"/>'
            for x, y in points
        ]
    if level == 4:
        out += [
            f'<path d="M{x},{y - r}L{x + r},{y}L{x},{y + r}L{x - r},{y}Z" fill="{light}" '
            f'stroke="{dark}" stroke-width="0.8"/>'
            for x, y in points
        ]
    return "".join(out)
