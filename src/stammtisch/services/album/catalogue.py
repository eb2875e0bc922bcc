"""The album's data: themes and motifs, tasks with their tiers, tier names; validated on load."""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from stammtisch.services.album.facts import FactValue, facts_vocabulary

DATA_FOLDER = Path(__file__).parent / "data"
"""The album's data files, shipped inside the package."""

LANGUAGES = ("de", "en", "fr", "pt")
"""Every text a player reads exists in these languages."""

TIERS = ("colour", "bronze", "silver", "gold")
"""The four tiers of a card, lowest first; tier 0 means not yet reached."""

Pool = Literal["any", "klubnacht", "klubnacht_chip", "challengers"]


class AlbumDataError(ValueError):
    """An album data file is missing or broken; the message says which file and where."""


class StrictModel(BaseModel):
    """A frozen data model that refuses unknown fields."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Texts(StrictModel):
    """One text in every language."""

    de: str = Field(min_length=1)
    en: str = Field(min_length=1)
    fr: str = Field(min_length=1)
    pt: str = Field(min_length=1)

    def get(self, lang: str) -> str:
        """The text in this language (English when the language is unknown)."""
        return str(getattr(self, lang if lang in LANGUAGES else "en"))


class CountedText(StrictModel):
    """A text with a count ``{n}``: the form for one and the form for more."""

    one: str = Field(min_length=1)
    other: str = Field(min_length=1, pattern=r"\{n\}")


class Theme(StrictModel):
    """A month's theme (clubs, DJs, the night) or the Challengers! characters."""

    game: str
    name: Texts


class Motif(StrictModel):
    """What a card shows."""

    key: str = Field(pattern=r"^[a-z0-9_]+$")
    theme: str
    name: Texts


class Task(StrictModel):
    """A card's task: which games count (game and fact conditions) and what each adds."""

    key: str = Field(pattern=r"^[a-z0-9_]+$")
    pool: Pool
    game: str | None
    when: dict[str, FactValue] = Field(default_factory=dict)
    at_least: dict[str, int] = Field(default_factory=dict)
    at_most: dict[str, int] = Field(default_factory=dict)
    count: str | None = None
    tiers: tuple[int, int, int, int]
    text: dict[str, CountedText]

    @field_validator("tiers")
    @classmethod
    def _rising(cls, tiers: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        if tiers[0] < 1 or any(b <= a for a, b in itertools.pairwise(tiers)):
            raise ValueError("tier thresholds must be positive and strictly rising")
        return tiers

    @model_validator(mode="after")
    def _known_facts(self) -> Task:
        if set(self.text) != set(LANGUAGES):
            raise ValueError(f"text needs exactly the languages {', '.join(LANGUAGES)}")
        vocabulary = facts_vocabulary(self.game)
        for name, value in self.when.items():
            _check_fact(vocabulary, name, type(value))
        for name in [*self.at_least, *self.at_most, *([self.count] if self.count else [])]:
            _check_fact(vocabulary, name, int)
        return self


def _check_fact(vocabulary: Mapping[str, type], name: str, kind: type) -> None:
    if name not in vocabulary:
        raise ValueError(f"unknown fact {name!r}; known: {', '.join(sorted(vocabulary))}")
    if vocabulary[name] is not kind:
        raise ValueError(f"fact {name!r} is a {vocabulary[name].__name__}, not a {kind.__name__}")


class Catalogue(StrictModel):
    """Everything the album months are made of."""

    themes: dict[str, Theme]
    motifs: dict[str, Motif]
    tasks: dict[str, Task]
    tiers: dict[str, Texts]

    @model_validator(mode="after")
    def _consistent(self) -> Catalogue:
        for motif in self.motifs.values():
            if motif.theme not in self.themes:
                raise ValueError(f"motif {motif.key!r} has an unknown theme {motif.theme!r}")
        if tuple(self.tiers) != TIERS:
            raise ValueError(f"tier names must be given for {', '.join(TIERS)} in that order")
        return self

    def in_theme(self, theme: str) -> list[Motif]:
        """The motifs of one theme, in file order."""
        return [motif for motif in self.motifs.values() if motif.theme == theme]

    def in_pool(self, pool: Pool) -> list[Task]:
        """The tasks of one pool, in file order."""
        return [task for task in self.tasks.values() if task.pool == pool]


def read_data(name: str) -> object:
    """The parsed JSON of one album data file; raises AlbumDataError naming the file."""
    path = DATA_FOLDER / name
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise AlbumDataError(f"album data file {name}: {error}") from error


def _keyed(name: str, field: str) -> dict[str, object]:
    data = read_data(name)
    items = data.get(field) if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise AlbumDataError(f"album data file {name}: expected an object with a list {field!r}")
    keyed: dict[str, object] = {}
    for index, item in enumerate(items):
        key = item.get("key") if isinstance(item, dict) else None
        if not isinstance(key, str) or key in keyed:
            raise AlbumDataError(
                f"album data file {name}: {field}[{index}] has a missing or repeated key"
            )
        keyed[key] = item
    return keyed


def build_catalogue(raw: Mapping[str, object], source: str) -> Catalogue:
    """A validated catalogue from raw data; raises AlbumDataError with the place of each fault."""
    try:
        return Catalogue.model_validate(raw)
    except ValidationError as error:
        raise AlbumDataError(f"album data ({source}) is invalid:\n{error}") from error


@cache
def catalogue() -> Catalogue:
    """The album catalogue shipped with the package, loaded and validated once."""
    motifs = read_data("motifs.json")
    themes = motifs.get("themes") if isinstance(motifs, dict) else None
    raw = {
        "themes": themes,
        "motifs": _keyed("motifs.json", "motifs"),
        "tasks": _keyed("tasks.json", "tasks"),
        "tiers": read_data("tiers.json"),
    }
    return build_catalogue(raw, "motifs.json, tasks.json, tiers.json")
