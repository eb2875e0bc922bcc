"""The card catalogue: loaded once from data/cards.toml and data/sets.toml, checked on load."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from stammtisch.engine.protocol import GameError

LANGUAGES = ("de", "en", "fr", "pt")
LEVELS = ("S", "A", "B", "C", "R", "SOLO")
PILE_LEVELS = ("A", "B", "C")
TIMINGS = ("immediate", "continuous", "attack", "flag", "bench", "flag_loss", "capture", "picked")
SELF_BONUS_TIMINGS = ("continuous", "attack", "flag")

_INT = int
_STR = str
_BOOL = bool

# kind -> (timings it may have, required parameters, optional parameters) with their types.
KINDS: dict[str, tuple[tuple[str, ...], dict[str, type], dict[str, type]]] = {
    "bonus": (SELF_BONUS_TIMINGS, {"amount": _INT}, {}),
    "bonus_if_bench_has_base": (SELF_BONUS_TIMINGS, {"base": _INT, "amount": _INT}, {}),
    "bonus_per_bench_base": (SELF_BONUS_TIMINGS, {"base": _INT, "amount": _INT}, {}),
    "bonus_if_bench_lacks_set": (SELF_BONUS_TIMINGS, {"set": _STR, "amount": _INT}, {}),
    "bonus_if_bench_has_set": (SELF_BONUS_TIMINGS, {"set": _STR, "amount": _INT}, {}),
    "bonus_per_bench_set": (SELF_BONUS_TIMINGS, {"set": _STR, "amount": _INT}, {}),
    "bonus_per_bench_distinct_set": (SELF_BONUS_TIMINGS, {"amount": _INT}, {}),
    "bonus_per_opponent_bench_distinct_set": (SELF_BONUS_TIMINGS, {"amount": _INT}, {}),
    "bonus_per_empty_seat": (SELF_BONUS_TIMINGS, {"amount": _INT}, {}),
    "bonus_if_deck_at_most": (SELF_BONUS_TIMINGS, {"cards": _INT, "amount": _INT}, {}),
    "bonus_per_bench_card": (SELF_BONUS_TIMINGS, {"card": _STR, "amount": _INT}, {}),
    "bonus_per_opponent_bench_level": (SELF_BONUS_TIMINGS, {"level": _STR, "amount": _INT}, {}),
    "bonus_per_opponent_trophy": (SELF_BONUS_TIMINGS, {"amount": _INT}, {}),
    "bench_bonus": (
        ("bench",),
        {"targets": _STR, "amount": _INT},
        {"set": _STR, "base": _INT, "during_attack": _BOOL},
    ),
    "look_top_put_one_under": (("immediate", "flag_loss"), {"look": _INT}, {}),
    "fans_if_trophies_at_most": (("immediate",), {"trophies": _INT, "fans": _INT}, {}),
    "fans_if_deck_at_most": (("immediate",), {"cards": _INT, "fans": _INT}, {}),
    "bench_to_exhaust": (
        ("immediate",),
        {"whose": _STR, "chooser": _STR, "count": _INT},
        {"max_base": _INT, "optional": _BOOL},
    ),
    "bench_to_deck_top": (
        ("immediate",),
        {"whose": _STR, "count": _INT},
        {"name": _STR, "base": _INT, "level": _STR, "optional": _BOOL},
    ),
    "pile_to_deck": (
        ("immediate",),
        {"whose": _STR, "pile": _STR, "count": _INT, "position": _STR},
        {},
    ),
    "reorder_top": (("immediate",), {"count": _INT}, {}),
    "opponent_deck_top_to_exhaust": (("immediate",), {"count": _INT}, {}),
    "search_deck": (("immediate", "flag_loss"), {"position": _STR}, {}),
    "deck_bottom_to_exhaust": (("immediate",), {"count": _INT}, {}),
    "to_exhaust_instead": (("flag_loss",), {}, {}),
    "next_card_bonus": (("flag_loss",), {"amount": _INT}, {}),
    "destroy_self_pile_to_exhaust": (("flag_loss",), {"pile": _STR}, {}),
    "gain_fans": (("flag_loss", "capture", "picked"), {"fans": _INT}, {"whose": _STR}),
    "opponent_deck_top_to_bench": (("capture",), {}, {}),
    "remove_for_extra_pick": (("picked",), {"count": _INT}, {"set": _STR}),
}

_CHOICES: dict[str, tuple[str, ...]] = {
    "whose": ("self", "opponent"),
    "chooser": ("self", "opponent"),
    "position": ("top", "bottom"),
    "pile": PILE_LEVELS,
    "level": LEVELS,
    "targets": ("all", "set", "base", "flag"),
}


@dataclass(frozen=True, slots=True)
class CardSet:
    """One set of cards (or the starter/robot pseudo-set)."""

    key: str
    index: int
    draftable: bool
    always_in: bool
    counts_as_set: bool
    first_game_leaves_out: bool
    name: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Effect:
    """What a card does: when (timing), what (kind) and the numbers of it (params)."""

    timing: str
    kind: str
    params: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card as printed; copies of it are indistinguishable and share its index."""

    index: int
    key: str
    set: str
    level: str
    power: int | None
    copies: int
    name: Mapping[str, str]
    text: Mapping[str, str]
    effect: Effect | None

    @property
    def en(self) -> str:
        """The English name (also the name that decides shared bench seats)."""
        return self.name["en"]


@dataclass(frozen=True, slots=True)
class Catalogue:
    """Every card definition, by index and by key, with the sets."""

    cards: tuple[CardDef, ...]
    sets: Mapping[str, CardSet]
    by_key: Mapping[str, int] = field(default_factory=dict)

    def card(self, key: str) -> CardDef:
        """The card of this key; raises GameError for an unknown one."""
        index = self.by_key.get(key)
        if index is None:
            raise GameError("unknown_card", f"There is no card called {key!r}.")
        return self.cards[index]

    def of_set(self, set_key: str) -> list[CardDef]:
        """The cards of one set, in catalogue order."""
        return [card for card in self.cards if card.set == set_key]

    def lookup(self, name: str) -> CardDef:
        """A card by key (exact) or English name (any case); clear error if unknown or ambiguous."""
        if name in self.by_key:
            return self.cards[self.by_key[name]]
        wanted = name.strip().lower()
        matches = [card for card in self.cards if card.en.lower() == wanted]
        if len(matches) == 1:
            return matches[0]
        if matches:
            keys = " or ".join(card.key for card in matches)
            raise GameError("ambiguous_card", f"{name!r} names several cards: write {keys}.")
        raise GameError("unknown_card", f"There is no card called {name!r}.")


class DataError(GameError):
    """A broken data file: says which file and which entry."""

    def __init__(self, where: str, reason: str) -> None:
        super().__init__("broken_data", f"{where}: {reason}")


def _translations(where: str, value: Any, what: str) -> dict[str, str]:
    """A {language: text} table with every language present and non-empty."""
    if not isinstance(value, dict):
        raise DataError(where, f"{what} must be a table of languages {', '.join(LANGUAGES)}")
    missing = [
        lang for lang in LANGUAGES if not isinstance(value.get(lang), str) or not value[lang]
    ]
    if missing:
        raise DataError(where, f"{what} lacks the language(s) {', '.join(missing)}")
    extra = sorted(set(value) - set(LANGUAGES))
    if extra:
        raise DataError(where, f"{what} has unknown language(s) {', '.join(extra)}")
    return {lang: value[lang] for lang in LANGUAGES}


def _check_param(where: str, name: str, value: Any, kind: type) -> None:
    """One effect parameter: right type, and one of the allowed words where there are some."""
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise DataError(where, f"effect parameter {name!r} must be a whole number")
    if not isinstance(value, kind):
        raise DataError(where, f"effect parameter {name!r} must be a {kind.__name__}")
    allowed = _CHOICES.get(name)
    if allowed is not None and value not in allowed:
        raise DataError(where, f"effect parameter {name!r} must be one of {', '.join(allowed)}")


def _effect(where: str, raw: Any, set_keys: set[str]) -> Effect:
    """A checked effect table."""
    if not isinstance(raw, dict):
        raise DataError(where, "effect must be a table")
    timing, kind = raw.get("timing"), raw.get("kind")
    if timing not in TIMINGS:
        raise DataError(where, f"unknown effect timing {timing!r}; use one of {', '.join(TIMINGS)}")
    if kind not in KINDS:
        raise DataError(where, f"unknown effect kind {kind!r}")
    timings, required, optional = KINDS[kind]
    if timing not in timings:
        raise DataError(where, f"effect kind {kind!r} cannot have timing {timing!r}")
    params = {key: value for key, value in raw.items() if key not in ("timing", "kind")}
    for name in required:
        if name not in params:
            raise DataError(where, f"effect {kind!r} needs the parameter {name!r}")
    for name, value in params.items():
        expected = required.get(name) or optional.get(name)
        if expected is None:
            raise DataError(where, f"effect {kind!r} has an unknown parameter {name!r}")
        _check_param(where, name, value, expected)
    if "set" in params and params["set"] not in set_keys:
        raise DataError(where, f"effect names an unknown set {params['set']!r}")
    return Effect(timing=timing, kind=kind, params=params)


def _card(index: int, raw: Any, sets: Mapping[str, CardSet], where: str) -> CardDef:
    """A checked card entry."""
    if not isinstance(raw, dict):
        raise DataError(where, "each card must be a table")
    key = raw.get("key")
    if not isinstance(key, str) or not key or key != key.lower() or " " in key:
        raise DataError(where, f"card key {key!r} must be a lower-case word without spaces")
    where = f"{where} ({key})"
    known = {"key", "set", "level", "power", "copies", "name", "text", "effect"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise DataError(where, f"unknown field(s) {', '.join(unknown)}")
    if raw.get("set") not in sets:
        raise DataError(where, f"unknown set {raw.get('set')!r}")
    if raw.get("level") not in LEVELS:
        raise DataError(where, f"level must be one of {', '.join(LEVELS)}")
    power = raw.get("power")
    if power != "round" and (isinstance(power, bool) or not isinstance(power, int) or power < 0):
        raise DataError(where, "power must be a whole number >= 0 or 'round'")
    copies = raw.get("copies")
    if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
        raise DataError(where, "copies must be a whole number >= 1")
    effect = _effect(where, raw["effect"], set(sets)) if "effect" in raw else None
    text = _translations(where, raw["text"], "text") if "text" in raw else {}
    if effect is not None and not text:
        raise DataError(where, "a card with an effect needs its text")
    return CardDef(
        index=index,
        key=key,
        set=raw["set"],
        level=raw["level"],
        power=None if power == "round" else power,
        copies=copies,
        name=_translations(where, raw.get("name"), "name"),
        text=text,
        effect=effect,
    )


def _sets(raw: Any) -> dict[str, CardSet]:
    """The checked sets table."""
    table = raw.get("sets") if isinstance(raw, dict) else None
    if not isinstance(table, dict) or not table:
        raise DataError("sets.toml", "needs a [sets.NAME] table per set")
    sets: dict[str, CardSet] = {}
    for key, entry in table.items():
        where = f"sets.toml ({key})"
        if not isinstance(entry, dict) or not isinstance(entry.get("order"), int):
            raise DataError(where, "each set needs a whole-number 'order'")
        if entry.get("counts_as_set") and any(
            s.counts_as_set and s.index == entry["order"] for s in sets.values()
        ):
            raise DataError(where, f"another set has the order {entry['order']}")
        sets[key] = CardSet(
            key=key,
            index=entry["order"],
            draftable=bool(entry.get("draftable", False)),
            always_in=bool(entry.get("always_in", False)),
            counts_as_set=bool(entry.get("counts_as_set", False)),
            first_game_leaves_out=bool(entry.get("first_game_leaves_out", False)),
            name=_translations(where, entry.get("name"), "name"),
        )
    return sets


def _check_cross_references(cards: list[CardDef]) -> None:
    """Effects that name other cards name real ones; keys are unique."""
    keys = [card.key for card in cards]
    duplicates = sorted({key for key in keys if keys.count(key) > 1})
    if duplicates:
        raise DataError("cards.toml", f"duplicate card key(s) {', '.join(duplicates)}")
    names = {card.en for card in cards}
    for card in cards:
        params = card.effect.params if card.effect else {}
        if "card" in params and params["card"] not in keys:
            raise DataError(
                f"cards.toml ({card.key})", f"effect names unknown card {params['card']!r}"
            )
        if "name" in params and params["name"] not in names:
            raise DataError(
                f"cards.toml ({card.key})", f"effect names unknown name {params['name']!r}"
            )


def parse_catalogue(cards_raw: Any, sets_raw: Any) -> Catalogue:
    """A catalogue from the parsed TOML of cards.toml and sets.toml."""
    sets = _sets(sets_raw)
    entries = cards_raw.get("cards") if isinstance(cards_raw, dict) else None
    if not isinstance(entries, list) or not entries:
        raise DataError("cards.toml", "needs a list of [[cards]]")
    cards = [_card(i, raw, sets, f"cards.toml card {i + 1}") for i, raw in enumerate(entries)]
    _check_cross_references(cards)
    return Catalogue(cards=tuple(cards), sets=sets, by_key={c.key: c.index for c in cards})


def read_data(name: str) -> Any:
    """The parsed TOML of one packaged data file; a clear error if it is broken."""
    text = (
        resources.files("stammtisch.engine.challengers").joinpath("data", name).read_text("utf-8")
    )
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DataError(name, f"is not valid TOML: {error}") from None


@cache
def catalogue() -> Catalogue:
    """The packaged catalogue (loaded and checked once)."""
    return parse_catalogue(read_data("cards.toml"), read_data("sets.toml"))
