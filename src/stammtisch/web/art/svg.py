"""Small SVG helpers: id prefixing, the document shell, stars and sparkles."""

from __future__ import annotations

import math
import re
from xml.sax.saxutils import escape

from stammtisch.web.art.library import SHARED_IDS

_ID = re.compile(r'\bid="([\w-]+)"')
_URL = re.compile(r"url\(#([\w-]+)\)")
_HREF = re.compile(r'\bhref="#([\w-]+)"')


def prefixed(text: str, doc: str, space: str) -> str:
    """The fragment text with every id made unique to this document and fragment."""

    def name(ref: str) -> str:
        return f"{doc}-{ref}" if ref in SHARED_IDS else f"{doc}-{space}-{ref}"

    text = _ID.sub(lambda m: f'id="{name(m[1])}"', text)
    text = _URL.sub(lambda m: f"url(#{name(m[1])})", text)
    return _HREF.sub(lambda m: f'href="#{name(m[1])}"', text)


def document(width: int, height: int, label: str, doc: str, defs: str, body: str) -> str:
    """A standalone, accessible SVG document."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'role="img" aria-labelledby="{doc}-title">'
        f'<title id="{doc}-title">{escape(label)}</title>'
        f"<defs>{defs}</defs>{body}</svg>"
    )


def star_path(cx: float, cy: float, r: float) -> str:
    """A five-pointed star as path data."""
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = math.pi * i / 5 - math.pi / 2
        points.append(f"{cx + radius * math.cos(angle):.1f},{cy + radius * math.sin(angle):.1f}")
    return "M" + "L".join(points) + "Z"


def sparkle_path(cx: float, cy: float, r: float) -> str:
    """A four-pointed twinkle as path data."""
    q = r * 0.18
    return (
        f"M{cx},{cy - r}Q{cx + q},{cy - q} {cx + r},{cy}Q{cx + q},{cy + q} {cx},{cy + r}"
        f"Q{cx - q},{cy + q} {cx - r},{cy}Q{cx - q},{cy - q} {cx},{cy - r}Z"
    )
