"""The data files match challengers-data.md, and broken data fails with clear messages."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from stammtisch.engine.challengers.catalogue import LANGUAGES, catalogue, parse_catalogue, read_data
from stammtisch.engine.challengers.rules_data import parse_rules, rules
from stammtisch.engine.challengers.tables import check_limits
from stammtisch.engine.protocol import GameError

SET_SIZES = {
    "city": {"A": 7, "B": 7, "C": 6},
    "castle": {"A": 15, "B": 15, "C": 10},
    "film-studio": {"A": 15, "B": 15, "C": 10},
    "funfair": {"A": 15, "B": 15, "C": 10},
    "haunted-house": {"A": 15, "B": 15, "C": 10},
    "outer-space": {"A": 14, "B": 16, "C": 10},
    "shipwreck": {"A": 15, "B": 15, "C": 10},
}

WHEN = {
    "immediate": "immediate",
    "continuous": "continuous",
    "attack": "during the attack",
    "flag": "in flag possession",
    "bench": "from the bench",
    "flag_loss": "flag loss",
    "capture": "on capture",
    "picked": "when picked",
}

# The card tables of challengers-data.md, row by row: name | level | power | copies | when.
PUBLISHED = {
    "starter": """
        Newcomer S 1 3 - | Talent S 2 1 - | Dog S 3 1 - | Champion S 4 1 -""",
    "city": """
        Reporter A 2 4 immediate | Talent A 2 3 - | Mascot B 2 4 continuous | Dog B 3 3 - |
        Fan-Bus C 6 4 immediate | Champion C 4 2 -""",
    "castle": """
        Jester A 1 4 continuous | Stable Boy A 2 4 continuous | Hermit A 2 4 continuous |
        Pig A 3 3 - | Blacksmith B 3 4 from the bench | Knight B 3 4 during the attack |
        Sorcerer B 4 4 immediate | Horse B 5 3 - | Bard C 4 4 from the bench |
        Prince C 5 4 flag loss | Dragon C 7 2 -""",
    "film-studio": """
        Make-up Artist A 1 4 from the bench | Movie Star A 2 4 immediate |
        Gangster A 2 4 during the attack | Cat A 3 3 - | Cowboy B 3 4 on capture |
        Director B 4 4 from the bench | Cartoon Bomb B 4 4 flag loss | Lion B 5 3 - |
        Heroine C 5 4 on capture | T-Rex C 7 2 - | Villain C 10 4 immediate""",
    "funfair": """
        Clown A 1 4 on capture | Juggler A 2 4 immediate | Vendor A 2 4 from the bench |
        Pony A 3 3 - | Mime B 1 4 continuous | Pyrotechnician B 4 4 immediate |
        Clairvoyant B 4 4 flag loss | Rubber Duck B 5 3 - |
        Illusionist C 5 4 in flag possession | Bumper Car C 6 4 immediate | Teddy Bear C 7 2 -""",
    "haunted-house": """
        Butler A 1 4 immediate | Skeleton A 2 8 in flag possession | Spider A 3 3 - |
        Ghost B 1 4 immediate | Teenager B 2 4 continuous | Necromancer B 3 4 immediate |
        Bat B 5 3 - | Vampire C 4 4 immediate | Vacuum Cleaner C 5 4 immediate |
        Werewolf C 7 2 -""",
    "outer-space": """
        Rescue Pod A 1 4 flag loss | Shapeshifter A 2 4 when picked |
        A.I. A 2 3 from the bench | Cow A 3 3 - | Band B 3 4 from the bench |
        UFO B 3 4 immediate | Clones B 4 5 when picked | Alien B 5 3 - |
        Hologram C 4 4 immediate | Sci-fi Geek C 6 4 when picked | Slime C 7 2 -""",
    "shipwreck": """
        Merman A 1 4 continuous | Treasure A 2 4 in flag possession | Sailor A 2 4 immediate |
        Parrot A 3 3 - | Cook B 2 4 from the bench | Lifeguard B 4 4 continuous |
        Navigator B 4 4 flag loss | Shark B 5 3 - | Foghorn C 6 4 immediate | Kraken C 7 2 - |
        Submarine C 9 4 immediate""",
    "robot": """
        Cyborg S round 4 - | Alpha S 1 1 - | Beta S 2 1 - | Good Bot S 3 1 - |
        C.H.A.M.P. S 4 1 - | Virtual Ghost R 1 2 immediate | Cyborg Friend R 1 1 continuous |
        Mechanic R 3 1 continuous | Robo-Knight R 3 2 during the attack | Drone R 4 1 immediate |
        Necromech R 5 1 immediate | Robogram SOLO 2 1 immediate | Chatbot SOLO 5 1 flag loss |
        Autocorrect SOLO 7 1 continuous""",
}


def _published(set_key: str) -> list[tuple[str, str, str, int, str]]:
    """(name, level, power, copies, when) of each row of a published table."""
    found = []
    for row in PUBLISHED[set_key].split("|"):
        name, level, power, copies, when = re.fullmatch(
            r"\s*(.+?) (S|A|B|C|R|SOLO) (\d+|round) (\d+) (.+?)\s*", row
        ).groups()  # type: ignore[union-attr]
        found.append((name, level, power, int(copies), when))
    return found


@pytest.mark.parametrize("set_key", sorted(PUBLISHED))
def test_every_card_has_its_published_level_power_copies_and_timing(set_key: str) -> None:
    cards = [
        (
            card.en,
            card.level,
            "round" if card.power is None else str(card.power),
            card.copies,
            WHEN[card.effect.timing] if card.effect else "-",
        )
        for card in catalogue().of_set(set_key)
    ]
    assert cards == _published(set_key)
    assert {c.set for c in catalogue().cards} == set(PUBLISHED)


@pytest.mark.parametrize("set_key", sorted(SET_SIZES))
def test_every_set_has_its_published_size_per_level(set_key: str) -> None:
    counts: Counter[str] = Counter()
    for card in catalogue().of_set(set_key):
        counts[card.level] += card.copies
    assert dict(counts) == SET_SIZES[set_key]


def test_starter_deck_has_6_cards_and_robot_deck_19() -> None:
    assert sum(c.copies for c in catalogue().of_set("starter")) == 6
    robot = catalogue().of_set("robot")
    assert sum(c.copies for c in robot) == 19
    assert sum(c.copies for c in robot if c.level == "S") == 8


def test_every_card_has_names_and_effect_texts_in_four_languages() -> None:
    for card in catalogue().cards:
        assert set(card.name) == set(LANGUAGES)
        if card.effect is not None:
            assert set(card.text) == set(LANGUAGES)


def test_trophies_and_plans_match_the_tables() -> None:
    rule = rules()
    assert rule.trophies[0] == (2, 2, 2, 3)
    assert rule.trophies[6] == (9, 9, 10, 10)
    assert rule.parks[1:] == (1, 1, 2, 2, 3, 3, 4, 4)
    eight = rule.plans_for(8)
    met = {
        frozenset((a, b))
        for r in range(7)
        for a in range(8)
        for b in range(8)
        if a < b and eight[a][r] == eight[b][r]
    }
    assert len(met) == 28  # full round robin


def _broken(change: Any) -> str:
    """Parse the packaged cards after a change; the error message."""
    cards = read_data("cards.toml")
    change(cards)
    with pytest.raises(GameError) as error:
        parse_catalogue(cards, read_data("sets.toml"))
    return error.value.reason


def test_broken_card_data_fails_with_clear_messages() -> None:
    assert "unknown effect kind 'teleport'" in _broken(
        lambda d: d["cards"][4]["effect"].update(kind="teleport")
    )
    assert "lacks the language(s) pt" in _broken(lambda d: d["cards"][0]["name"].pop("pt"))
    assert "(reporter): unknown set 'moon'" in _broken(lambda d: d["cards"][4].update(set="moon"))
    assert "needs the parameter 'look'" in _broken(lambda d: d["cards"][4]["effect"].pop("look"))
    assert "duplicate card key(s) talent" in _broken(lambda d: d["cards"][6].update(key="talent"))
    assert "power must be" in _broken(lambda d: d["cards"][0].update(power=-1))


def _set(path: tuple[Any, ...], value: Any) -> Any:
    """A change that sets one entry of the parsed rules (a path of keys and indexes)."""

    def change(raw: Any) -> None:
        for step in path[:-1]:
            raw = raw[step]
        raw[path[-1]] = value

    return change


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_set(("plans", "3-4", 1, 0), 0), "two plans per park"),
        (_set(("plans", "3-4", 1, 0), "a"), "each entry of plans 3-4 must be a whole number"),
        (_set(("plans", "3-4"), 5), "plans 3-4 needs 4 rows"),
        (lambda r: r["plans"].pop("3-4"), "no plans for 3, 4 players"),
        (lambda r: r["plans"].update({"x-y": r["plans"].pop("3-4")}), "must be like '3-4'"),
        (_set(("trophies", 0), ["a", 2, 2, 3]), "each entry of 'trophies' must be a whole"),
        (_set(("trophies", 0), [2, 2, 3]), "'trophies' needs 7 rows, one value per park"),
        (_set(("parks",), "x"), "'parks' needs one entry per player count"),
        (_set(("parks", 3), 5), "every two players (or player and robot) a park"),
        (_set(("offers", 2), ["A", "D"]), "'offers' needs 7 rows of levels A/B/C"),
        (_set(("keep", "A"), "2"), "'keep' A must be a whole number >= 1"),
        (_set(("keep", "C"), 0), "'keep' C must be a whole number >= 1"),
        (_set(("bench_seats",), 0), "'bench_seats' must be a whole number >= 1"),
        (_set(("draw",), -5), "'draw' must be a whole number >= 1"),
        (_set(("alt_draw",), 3), "'alt_draw' must be a whole number >= 5"),
        (_set(("sets_to_choose",), 7), "'sets_to_choose' exceeds the 6 sets"),
        (_set(("winter_park", "frozen_seats"), 9), "must not exceed 'bench_seats'"),
        (lambda r: r.pop("winter_park"), "[winter_park] must be a table"),
        (_set(("colour",), "red"), "unknown key(s) colour"),
        (_set(("difficulty",), [5]), "levels must be listed 0, 1, 2"),
        (_set(("difficulty", 1, "replace", 0, "by"), 9), "more R cards than the 8 there are"),
        (_set(("difficulty", 1, "replace", 0, "card"), "drone"), "not a robot base card"),
        (_set(("difficulty", 1, "replace", 0, "card"), "pig"), "not a robot base card"),
    ],
)
def test_broken_rules_data_fails_with_clear_messages(change: Any, message: str) -> None:
    raw = read_data("rules.toml")
    change(raw)
    with pytest.raises(GameError) as error:
        parse_rules(raw, catalogue())
    assert error.value.code == "broken_data"
    assert message in error.value.reason


def test_broken_set_data_and_numbers_beyond_the_engine_fail_clearly() -> None:
    sets = read_data("sets.toml")
    sets["sets"]["castle"]["order"] = 1
    with pytest.raises(GameError, match=r"sets.toml \(castle\): another set has the order 1"):
        parse_catalogue(read_data("cards.toml"), sets)
    sets["sets"]["castle"]["order"] = 9
    with pytest.raises(GameError, match=r"sets.toml \(castle\): 'order' must be 1 to 7"):
        check_limits(parse_catalogue(read_data("cards.toml"), sets))
    cards = read_data("cards.toml")
    cards["cards"][-1]["power"] = 16
    with pytest.raises(GameError, match=r"cards.toml \(autocorrect\): power must be below 16"):
        check_limits(parse_catalogue(cards, read_data("sets.toml")))


def test_unknown_card_names_fail_clearly() -> None:
    with pytest.raises(GameError, match="no card called 'Unicorn'"):
        catalogue().lookup("Unicorn")
    with pytest.raises(GameError, match="write starter-talent or talent"):
        catalogue().lookup("Talent")
    assert catalogue().lookup("Rubber Duck").key == "rubber-duck"


def test_clients_get_card_texts_by_key_in_each_language() -> None:
    from stammtisch.engine.challengers.texts import card_texts

    german = card_texts("de")
    assert german["cards"]["rubber-duck"]["name"] == "Gummiente"
    assert german["sets"]["outer-space"] == "Weltraum"
    assert card_texts("pt")["cards"]["villain"]["text"].startswith("Coloque")
    assert card_texts("en")["cards"]["cyborg"]["power"] is None
    with pytest.raises(GameError, match="not 'xx'"):
        card_texts("xx")
