"""Reads and checks the help data: a game's structure (`help.toml`) and its texts per language.

`help.toml` holds what is the same in every language: the order of the rules sections and FAQ
entries, where each refresher row points in the rules, and each self-check's scenario and what
the engine must produce (`expect`, shown on the page in words). `LANG.toml` holds the texts,
keyed by the same ids; `{name}` placeholders are filled from the engines' numbers.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from markupsafe import Markup

from stammtisch.services.gametexts import texts
from stammtisch.web.help.numbers import numbers

HERE = Path(__file__).parent
GAMES = ("challengers", "klubnacht")
"""The games with help pages, in the order of the help index."""
LANGUAGES = ("de", "en", "fr", "pt")
LISTS = ("turn", "numbers", "forgotten", "variants")
"""The refresher's parts whose entries point into the rules (`{id, ref}`)."""
PLACEHOLDER = re.compile(r"\{([a-z_0-9]+)\}")
_markdown = MarkdownIt("commonmark", {"html": False, "typographer": False})


class HelpDataError(ValueError):
    """A help data file is broken or a language lacks a piece."""


@dataclass(frozen=True)
class Ref:
    """One entry of a refresher list and the rules anchor it points to."""

    id: str
    ref: str


@dataclass(frozen=True)
class Check:
    """A self-check question: its scenario file and what the engine must produce."""

    id: str
    scenario: str
    you: int
    expect: dict[str, Any]

    @property
    def item(self) -> str:
        """The name of its mark (`check:ID`)."""
        return f"check:{self.id}"


@dataclass(frozen=True)
class Structure:
    """The language-independent part of a game's help."""

    game: str
    rules: tuple[str, ...]
    faq: tuple[str, ...]
    lists: dict[str, tuple[Ref, ...]]
    checks: tuple[Check, ...]

    def items(self) -> list[str]:
        """Every item a member may mark: the self-checks and the easily forgotten entries."""
        forgotten = [f"forgotten:{entry.id}" for entry in self.lists["forgotten"]]
        return [check.item for check in self.checks] + forgotten


def scenario_path(game: str, scenario: str) -> Path:
    """Where a self-check's scenario file lies (docs/scenarios/help/GAME/NAME.json)."""
    return HERE.parents[3] / "docs" / "scenarios" / "help" / game / f"{scenario}.json"


def _ids(raw: dict[str, Any], key: str) -> tuple[str, ...]:
    value = raw.get(key)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise HelpDataError(f"help.toml: '{key}' must be a list of ids")
    return tuple(value)


def _nulls(expect: dict[str, Any]) -> dict[str, Any]:
    """The expected facts with TOML's stand-in for null (`""`) turned into None."""
    return {key: None if value == "" else value for key, value in expect.items()}


@cache
def structure(game: str) -> Structure:
    """A game's help structure (`GAME/help.toml`)."""
    raw = tomllib.loads((HERE / game / "help.toml").read_text(encoding="utf-8"))
    lists = {
        name: tuple(Ref(str(e["id"]), str(e["ref"])) for e in raw.get(name, [])) for name in LISTS
    }
    checks = tuple(
        Check(str(c["id"]), str(c["scenario"]), int(c.get("you", 0)), _nulls(c["expect"]))
        for c in raw.get("checks", [])
    )
    return Structure(game, _ids(raw, "rules"), _ids(raw, "faq"), lists, checks)


def _fill(text: str, values: dict[str, Any]) -> str:
    """A text with its `{name}` placeholders replaced by the engine's numbers."""

    def one(match: re.Match[str]) -> str:
        name = match[1]
        if name not in values:
            raise HelpDataError(f"unknown number {{{name}}} in {text[:40]!r}")
        return str(values[name])

    return PLACEHOLDER.sub(one, text)


def markdown(text: str, values: dict[str, Any]) -> Markup:
    """A Markdown block as HTML (raw HTML in the text is shown as text, never passed on)."""
    return Markup(_markdown.render(_fill(text, values)))


def inline(text: str, values: dict[str, Any]) -> Markup:
    """One line of Markdown (emphasis, links) as HTML without a paragraph around it."""
    return Markup(_markdown.renderInline(_fill(text, values)))


def _entries(texts: dict[str, Any], section: str, ids: tuple[str, ...], where: str) -> None:
    """Check that a language has exactly the structure's entries of a section."""
    have = tuple(texts.get(section, {}))
    if have != ids:
        raise HelpDataError(f"{where}: [{section}] has {have}, the structure has {ids}")


@cache
def raw_texts(game: str, language: str) -> dict[str, Any]:
    """A language's texts of a game, checked against the structure."""
    where = f"{game}/{language}.toml"
    texts = tomllib.loads((HERE / game / f"{language}.toml").read_text(encoding="utf-8"))
    shape = structure(game)
    _entries(texts, "rules", shape.rules, where)
    _entries(texts, "faq", shape.faq, where)
    for name, refs in shape.lists.items():
        _entries(texts, name, tuple(r.id for r in refs), where)
    _entries(texts, "checks", tuple(c.id for c in shape.checks), where)
    return texts


def _render(value: Any, values: dict[str, Any], block: set[str], key: str = "") -> Any:
    """Every text of the data rendered: keys in `block` as Markdown blocks, others inline."""
    if isinstance(value, dict):
        return {k: _render(v, values, block, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_render(v, values, block, key) for v in value]
    if isinstance(value, str):
        return markdown(value, values) if key in block else inline(value, values)
    return value


BLOCKS = {"body", "a", "answer", "thirty", "right", "wrong", "text"}
"""The keys whose texts are Markdown blocks (paragraphs, lists); all others are one line."""


def values(game: str, language: str) -> dict[str, Any]:
    """What placeholders may name: numbers, card names (`{card_fan_bus}`), motifs and chips."""
    names: dict[str, Any] = dict(numbers(game))
    if game == "challengers":
        cards = texts("challengers", language)["cards"]
        names.update({f"card_{key.replace('-', '_')}": c["name"] for key, c in cards.items()})
    else:
        data = texts("klubnacht", language)
        names.update({f"motif_{key}": name for key, name in data["motifs"].items()})
        names.update({f"chip_{key}": chip["name"] for key, chip in data["chips"].items()})
        names.update({f"task_{key}": name for key, name in data["tasks"].items()})
    return names


@cache
def help_texts(game: str, language: str) -> dict[str, Any]:
    """A game's help texts in one language, rendered to HTML with numbers and names filled in."""
    return dict(_render(raw_texts(game, language), values(game, language), BLOCKS))
