"""The game's data: motifs, the task catalogue, chips and player texts, validated on load."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from operator import lshift
from typing import Any

from stammtisch.engine.protocol import GameError

LANGUAGES = ("de", "en", "fr", "pt")
"""Every text a player reads exists in these languages."""

TIERS = ("easy", "medium", "hard")


class DataError(GameError):
    """A data file (or a scenario's custom task) is malformed."""

    def __init__(self, where: str, problem: str) -> None:
        super().__init__("bad_data", f"{where}: {problem}")


FIELD_BITS = 5
FIELD_MASK = (1 << FIELD_BITS) - 1
GUARDS = sum(16 << (FIELD_BITS * motif) for motif in range(8))
"""The top bit of every 5-bit field: counts up to 15 per motif fit below it."""


def pack(counts: Sequence[int]) -> int:
    """Counts per motif packed into one integer, 5 bits per motif."""
    return sum(n << (FIELD_BITS * motif) for motif, n in enumerate(counts))


def unpack(packed: int) -> list[int]:
    """Packed counts as a list, one count per motif."""
    return [packed >> (FIELD_BITS * motif) & FIELD_MASK for motif in range(MOTIF_COUNT)]


def shortfall(have: int, need: int) -> int:
    """Packed counts of what `have` lacks of `need`: per motif max(0, need - have).

    Each field of `(need | GUARDS) - have` is 16 + need - have; where that keeps its guard
    bit (need >= have) the field less the guard is the shortfall, elsewhere it is 0.
    """
    diff = (need | GUARDS) - have
    kept = diff & GUARDS
    return (diff & (kept >> (FIELD_BITS - 1)) * FIELD_MASK) - kept


def covers(have: int, need: int) -> bool:
    """Whether packed counts `have` hold at least packed counts `need` in every motif.

    Each field of `have | GUARDS` is 16 + count; subtracting a need of at most 15 keeps the
    guard bit exactly when count >= need, and never borrows from the next field.
    """
    return ((have | GUARDS) - need) & GUARDS == GUARDS


@dataclass(frozen=True, slots=True)
class Task:
    """A task of the wishlist: the motifs it needs (counts per motif) and its points."""

    id: str
    tier: str
    points: int
    needs: tuple[int, ...]
    """How many cards of each motif, indexed like MOTIFS."""
    names: Mapping[str, str]
    pairs: tuple[tuple[int, int], ...] = ()
    """(motif, count) for each motif the task needs: the fast form of `needs`."""
    packed: int = 0
    """`needs` packed into 5-bit fields (see `covers`)."""

    def __post_init__(self) -> None:
        pairs = tuple((motif, n) for motif, n in enumerate(self.needs) if n)
        object.__setattr__(self, "pairs", pairs)
        object.__setattr__(self, "packed", pack(self.needs))

    @property
    def size(self) -> int:
        """How many cards claiming the task spends."""
        return sum(self.needs)

    def name(self, language: str) -> str:
        """The task's name in a language (its id when it has none)."""
        return self.names.get(language, self.id)


@dataclass(frozen=True, slots=True)
class ChipInfo:
    """A joker chip of the chip variant."""

    code: str
    needs_motif: bool
    names: Mapping[str, str]
    texts: Mapping[str, str]


def _read(name: str) -> Any:
    """The parsed JSON of one of the game's data files."""
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise DataError(name, f"not valid JSON ({error})") from None


def check_texts(where: str, value: Any) -> dict[str, str]:
    """A mapping language -> non-empty text, with every language present."""
    if not isinstance(value, dict):
        raise DataError(where, "expected an object with one text per language")
    missing = [
        lang for lang in LANGUAGES if not isinstance(value.get(lang), str) or not value[lang]
    ]
    if missing:
        raise DataError(where, f"missing text for {', '.join(missing)}")
    return {lang: value[lang] for lang in LANGUAGES}


def _load_motifs() -> tuple[tuple[str, ...], tuple[dict[str, str], ...], int]:
    """The motif codes, their names and the number of copies of each."""
    data = _read("motifs.json")
    motifs = data.get("motifs")
    if not isinstance(motifs, list) or not motifs:
        raise DataError("motifs.json", "expected a non-empty list 'motifs'")
    codes = tuple(str(entry.get("code", "")) for entry in motifs)
    if len(set(codes)) != len(codes) or not all(code.isalpha() for code in codes):
        raise DataError("motifs.json", "motif codes must be distinct words")
    if len(codes) > 8:
        raise DataError("motifs.json", "at most 8 motifs")
    names = tuple(
        check_texts(f"motifs.json {c}", m.get("name")) for c, m in zip(codes, motifs, strict=True)
    )
    copies = data.get("copies")
    if not isinstance(copies, int) or not 1 <= copies <= 9:
        raise DataError("motifs.json", "'copies' must be a whole number from 1 to 9")
    return codes, names, copies


MOTIFS, MOTIF_NAMES, COPIES = _load_motifs()
"""Motif codes in their fixed order, their names per language, copies of each in the stack."""

MOTIF_COUNT = len(MOTIFS)
CARD_COUNT = MOTIF_COUNT * COPIES
MOTIF_INDEX = {code: index for index, code in enumerate(MOTIFS)}


LANE_BITS = FIELD_BITS * MOTIF_COUNT + 2
"""Bits per wishlist slot when the needs of all slots are packed side by side (see `covered`):
a field per motif and room for a carry."""
WISHLIST_MAX = 8
LANES = sum(1 << (LANE_BITS * slot) for slot in range(WISHLIST_MAX))
LANE_GUARDS = (GUARDS & (1 << (FIELD_BITS * MOTIF_COUNT)) - 1) * LANES
LANE_TOPS = (1 << (LANE_BITS - 1)) * LANES
_SHORT_BASE = LANE_GUARDS + LANE_TOPS - LANES
"""Every lane's guard bits plus a fill that carries into the lane's top bit from any one more."""
_LANE_SHIFTS = tuple(LANE_BITS * slot for slot in range(WISHLIST_MAX))
_TOPS = tuple(1 << (LANE_BITS * slot + LANE_BITS - 1) for slot in range(WISHLIST_MAX))
_COVERED = {
    sum(top for slot, top in enumerate(_TOPS) if short >> slot & 1): short ^ 0xFF
    for short in range(1 << WISHLIST_MAX)
}
"""The slots covered, by the top bits of the lanes that are short somewhere."""


def lanes(needs: Sequence[int]) -> int:
    """The guard bits of 8 lanes, less the packed needs of each wishlist slot."""
    needed: int = sum(map(lshift, needs, _LANE_SHIFTS))
    return LANE_GUARDS - needed


def covered(have: int, lanes: int) -> int:
    """The bit mask of the slots whose needs (`lanes`) the packed counts `have` hold.

    `covers` for all slots at once: `have` copied into every lane plus `lanes` keeps a lane's
    guard bits all set exactly when the lane is covered. Subtracting the guard bits left
    from _SHORT_BASE sets a lane's top bit exactly when it lost one. Slots past the end of
    the wishlist count as covered.
    """
    return _COVERED[(_SHORT_BASE - (have * LANES + lanes & LANE_GUARDS)) & LANE_TOPS]


def parse_needs(where: str, needs: Any) -> tuple[int, ...]:
    """A list of motif codes as counts per motif."""
    if not isinstance(needs, list) or not needs:
        raise DataError(where, "'needs' must be a non-empty list of motifs")
    counts = [0] * MOTIF_COUNT
    for code in needs:
        if code not in MOTIF_INDEX:
            raise DataError(where, f"unknown motif {code!r} (known: {', '.join(MOTIFS)})")
        counts[MOTIF_INDEX[code]] += 1
    if max(counts) > COPIES:
        raise DataError(where, f"needs more than the {COPIES} cards of one motif")
    return tuple(counts)


def parse_task(where: str, entry: Any, tiers: Mapping[str, Any] | None = None) -> Task:
    """One task from its data; with `tiers`, its size and points must fit its tier."""
    if not isinstance(entry, dict):
        raise DataError(where, "a task must be an object")
    task_id = entry.get("id")
    if not isinstance(task_id, str) or not task_id.isalnum():
        raise DataError(where, "a task needs an 'id' made of letters and digits")
    where = f"{where} {task_id}"
    tier, points = entry.get("tier"), entry.get("points")
    if tier not in TIERS:
        raise DataError(where, f"'tier' must be one of {', '.join(TIERS)}")
    if not isinstance(points, int) or isinstance(points, bool) or not 1 <= points <= 99:
        raise DataError(where, "'points' must be a whole number from 1 to 99")
    needs = parse_needs(where, entry.get("needs"))
    names = entry.get("name")
    task = Task(task_id, tier, points, needs, check_texts(where, names) if names else {})
    if tiers is not None:
        low, high = tiers[tier]["cards"]
        if not low <= task.size <= high:
            raise DataError(where, f"a {tier} task needs {low} to {high} cards")
        low, high = tiers[tier]["points"]
        if not low <= points <= high:
            raise DataError(where, f"a {tier} task is worth {low} to {high} points")
    return task


@dataclass(frozen=True, slots=True)
class Catalogue:
    """All tasks, by tier, and how many of each tier a wishlist gets."""

    tasks: tuple[Task, ...]
    per_game: Mapping[str, int]
    face_down: int
    by_tier: Mapping[str, tuple[Task, ...]] = field(default_factory=dict)
    """The tasks of each tier (filled in from `tasks`)."""

    def by_id(self) -> dict[str, Task]:
        """The tasks keyed by id."""
        return {task.id: task for task in self.tasks}

    def tier(self, tier: str) -> tuple[Task, ...]:
        """The tasks of one tier, in catalogue order."""
        return self.by_tier[tier]

    def __post_init__(self) -> None:
        by_tier = {tier: tuple(t for t in self.tasks if t.tier == tier) for tier in TIERS}
        object.__setattr__(self, "by_tier", by_tier)


def _check_tiers(tiers: Any) -> dict[str, Any]:
    """The tier table: card and point ranges and how many per game."""
    if not isinstance(tiers, dict) or set(tiers) != set(TIERS):
        raise DataError("tasks.json", f"'tiers' must describe exactly {', '.join(TIERS)}")
    for name, tier in tiers.items():
        ok = isinstance(tier, dict) and isinstance(tier.get("per_game"), int)
        ok = ok and all(_is_range(tier.get(key)) for key in ("cards", "points"))
        if not ok:
            raise DataError(f"tasks.json tier {name}", "needs 'cards', 'points' and 'per_game'")
    return tiers


def _is_range(value: Any) -> bool:
    """Whether a value is a [low, high] pair of whole numbers."""
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(x, int) for x in value)
        and value[0] <= value[1]
    )


@cache
def catalogue() -> Catalogue:
    """The task catalogue of the data file."""
    data = _read("tasks.json")
    tiers = _check_tiers(data.get("tiers"))
    entries = data.get("tasks")
    if not isinstance(entries, list):
        raise DataError("tasks.json", "expected a list 'tasks'")
    tasks = tuple(parse_task("tasks.json", entry, tiers) for entry in entries)
    if len({task.id for task in tasks}) != len(tasks):
        raise DataError("tasks.json", "task ids must be distinct")
    per_game = {name: tier["per_game"] for name, tier in tiers.items()}
    for name, count in per_game.items():
        if sum(task.tier == name for task in tasks) < count:
            raise DataError("tasks.json", f"fewer {name} tasks than a wishlist draws")
    face_down = data.get("face_down")
    if not isinstance(face_down, int) or not 0 <= face_down <= sum(per_game.values()):
        raise DataError("tasks.json", "'face_down' must fit the wishlist")
    return Catalogue(tasks, per_game, face_down)


def _load_chips() -> dict[str, ChipInfo]:
    """The chips of the chip variant, by code, in data order."""
    entries = _read("chips.json").get("chips")
    if not isinstance(entries, list) or len(entries) < 2:
        raise DataError("chips.json", "expected a list 'chips' of at least two chips")
    chips: dict[str, ChipInfo] = {}
    for entry in entries:
        code = entry.get("code")
        if not isinstance(code, str) or not code or code in chips:
            raise DataError("chips.json", f"bad or repeated chip code {code!r}")
        where = f"chips.json {code}"
        names, texts = check_texts(where, entry.get("name")), check_texts(where, entry.get("text"))
        chips[code] = ChipInfo(code, bool(entry.get("needs_motif")), names, texts)
    return chips


CHIPS = _load_chips()
CHIP_CODES = tuple(CHIPS)
KNOWN_CHIPS = frozenset({"free_drink", "triple", "closing_time", "magpie", "sabotage"})
if set(CHIP_CODES) != KNOWN_CHIPS:
    raise DataError("chips.json", f"the chips must be exactly {', '.join(sorted(KNOWN_CHIPS))}")


@cache
def texts() -> dict[str, Any]:
    """The player texts (end reasons, pass effects, names), each checked for all languages."""
    data = _read("texts.json")
    for section in ("end_reasons", "pass_effects", "variants"):
        for key, value in data.get(section, {}).items():
            check_texts(f"texts.json {section}.{key}", value)
    check_texts("texts.json game_name", data.get("game_name"))
    check_texts("texts.json closing_time_notice", data.get("closing_time_notice"))
    return dict(data)


def sentence(section: str, key: str, language: str) -> str:
    """One player text, e.g. sentence("end_reasons", "lead_safe", "de")."""
    entry: Mapping[str, str] = texts()[section][key]
    return entry[language]


def motif_name(motif: int, language: str) -> str:
    """A motif's name in a language."""
    return MOTIF_NAMES[motif][language]


def languages() -> Sequence[str]:
    """The languages every player text exists in."""
    return LANGUAGES
