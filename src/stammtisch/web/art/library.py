"""The drawings as data: one SVG fragment per motif and per theme, validated on load."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from stammtisch.services.album.catalogue import catalogue

DATA = Path(__file__).parent / "data"
"""The fragment files: data/motifs/<key>.svg and data/themes/<theme>.svg."""

TIERS = ("colour", "bronze", "silver", "gold")
"""The reached tiers, lowest first; None (level 0) is the card not yet reached."""

LIGHTS = ("ambient", "lamp", "beam", "glow", "sparkle")
"""The light layers, each switched on from one tier up (ambient: colour ... sparkle: gold)."""

LIGHT_LEVEL = {"ambient": 1, "lamp": 2, "beam": 3, "glow": 4, "sparkle": 4}
"""The level (1 colour .. 4 gold) from which each light layer shines."""

MOTIF_GROUPS = {"base", "over", *LIGHTS}
MOTIF_NEEDS = ("base", "lamp", "beam", "glow")
THEME_GROUPS = {"back", "front", *LIGHTS}
THEME_NEEDS = ("back", "ambient")
SHARED_IDS = frozenset({"warm", "cool", "pink", "gold", "beam", "beamc", "beamp"})
"""Gradients every fragment may use without defining them (see shared_defs)."""

_REF = re.compile(r"url\(#([\w-]+)\)")
_FORBIDDEN = {"style", "script", "foreignObject", "image", "iframe", "a"}


class ArtDataError(ValueError):
    """A drawing file is missing or broken; the message names the motif or theme and the fault."""


class UnknownArtError(KeyError):
    """No art for this motif or tier."""


@dataclass(frozen=True)
class Fragment:
    """One drawing: its defs and its named groups, as SVG text with ids still unprefixed."""

    name: str
    defs: str
    groups: dict[str, str]

    def group(self, name: str) -> str:
        """The group's SVG text, or nothing."""
        return self.groups.get(name, "")


def _check_element(element: ET.Element, where: str, ids: set[str]) -> None:
    for node in element.iter():
        if node.tag in _FORBIDDEN:
            raise ArtDataError(f"{where}: element <{node.tag}> is not allowed")
        for attr, value in node.attrib.items():
            if attr == "style" or attr.lower().startswith("on"):
                raise ArtDataError(f"{where}: attribute {attr!r} is not allowed")
            if attr.endswith("href") and not value.startswith("#"):
                raise ArtDataError(f"{where}: href {value!r} must be a local #id")
            for ref in _REF.findall(value):
                if ref not in ids and ref not in SHARED_IDS:
                    raise ArtDataError(f"{where}: url(#{ref}) refers to no defined id")


def parse_fragment(text: str, where: str, allowed: set[str], needs: tuple[str, ...]) -> Fragment:
    """A validated fragment from its file text; raises ArtDataError saying where and why."""
    try:
        root = ET.fromstring(text)
    except ET.ParseError as error:
        raise ArtDataError(f"{where}: not well-formed XML: {error}") from error
    if root.tag != "art":
        raise ArtDataError(f"{where}: the root element must be <art>, not <{root.tag}>")
    ids = [node.attrib["id"] for node in root.iter() if "id" in node.attrib]
    if len(ids) != len(set(ids)):
        raise ArtDataError(f"{where}: an id is defined twice")
    if SHARED_IDS & set(ids):
        raise ArtDataError(f"{where}: ids {sorted(SHARED_IDS)} are reserved for shared gradients")
    _check_element(root, where, set(ids))
    defs, groups = "", {}
    for child in root:
        if child.tag == "defs":
            defs += "".join(ET.tostring(node, encoding="unicode") for node in child)
            continue
        name = child.attrib.get("class", "")
        if child.tag != "g" or name not in allowed or name in groups:
            raise ArtDataError(f"{where}: unexpected <{child.tag} class={name!r}>")
        groups[name] = ET.tostring(child, encoding="unicode").strip()
    missing = [name for name in needs if name not in groups]
    if missing:
        raise ArtDataError(f"{where}: missing the group(s) {', '.join(missing)}")
    return Fragment(where, defs, groups)


def _read(path: Path, where: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise ArtDataError(f"{where}: no drawing file {path.name} ({error.strerror})") from error


@cache
def theme_art(theme: str) -> Fragment:
    """The background and foreground of a theme, loaded once."""
    where = f"art for theme {theme!r}"
    text = _read(DATA / "themes" / f"{theme}.svg", where)
    return parse_fragment(text, where, THEME_GROUPS, THEME_NEEDS)


@cache
def motif_art(key: str) -> Fragment:
    """The drawing of one album motif, loaded once; UnknownArtError for a motif not in the album."""
    if key not in catalogue().motifs:
        raise UnknownArtError(key)
    where = f"art for motif {key!r}"
    text = _read(DATA / "motifs" / f"{key}.svg", where)
    return parse_fragment(text, where, MOTIF_GROUPS, MOTIF_NEEDS)


def motif_theme(key: str) -> str:
    """The theme a motif belongs to."""
    try:
        return catalogue().motifs[key].theme
    except KeyError:
        raise UnknownArtError(key) from None


def motif_name(key: str, lang: str = "en") -> str:
    """The motif's name in a language (English when the language is unknown)."""
    try:
        return catalogue().motifs[key].name.get(lang)
    except KeyError:
        raise UnknownArtError(key) from None


def motif_keys() -> list[str]:
    """Every album motif, in catalogue order."""
    return list(catalogue().motifs)


def level_of(tier: str | None) -> int:
    """0 for not reached, 1 colour .. 4 gold; UnknownArtError for any other tier."""
    if tier is None:
        return 0
    if tier not in TIERS:
        raise UnknownArtError(tier)
    return TIERS.index(tier) + 1


def check_all() -> None:
    """Load every theme and motif drawing, so a broken file fails loudly, naming itself."""
    for key in motif_keys():
        theme_art(motif_theme(key))
        motif_art(key)
