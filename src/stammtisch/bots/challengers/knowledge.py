"""What a Challengers! seat knows, gathered from its views alone: the table, its deck, seen cards.

A bot keeps one `Memory` and feeds it every view it is handed; `Table` is the snapshot of one
view that the look-ahead works from. Nothing here reads a state: only `GAME.view` output.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from stammtisch.engine.challengers.catalogue import PILE_LEVELS, catalogue
from stammtisch.engine.challengers.coaching import COACH_KEY
from stammtisch.engine.challengers.rules_data import rules

BY_KEY = catalogue().by_key


def index_of(key: str) -> int:
    """The card index of a key."""
    return BY_KEY[key]


@dataclass(slots=True)
class Memory:
    """What a seat remembers between calls: its deck before the match, opponents' seen cards."""

    deck: list[int] = field(default_factory=list)
    deck_round: int = 0
    seen: dict[int, Counter[int]] = field(default_factory=dict)

    def observe(self, view: dict[str, Any]) -> None:
        """Take in one view: one's own deck list (deck phase), every card shown in a match."""
        own = view["you"]
        if own is not None and view["phase"] in ("deck", "final_deck"):
            self.deck = sorted(index_of(key) for key in own["deck"])
            self.deck_round = view["round"]
        me = own["seat"] if own is not None else None
        for park in view["parks"]:
            match = park["match"]
            if match is None:
                continue
            for side in match["sides"]:
                seat = side["seat"]
                if seat == me or seat < 0:
                    continue
                shown: Counter[int] = Counter(index_of(k) for k in _side_cards(side))
                known = self.seen.setdefault(seat, Counter())
                for card, count in shown.items():
                    if count > known[card]:
                        known[card] = count


def _side_cards(side: dict[str, Any]) -> list[str]:
    """Every card key a match side shows (park, bench, frozen seats, exhaust, being placed)."""
    keys = list(side["park"]) + list(side["exhaust"])
    for group in (*side["bench"], *side["frozen"], *side["placing"]):
        keys += group
    return keys


@dataclass(frozen=True, slots=True)
class Table:
    """The public facts of one view that the look-ahead needs."""

    seat: int
    players: int
    round: int
    final: bool
    sets: tuple[str, ...]
    deck_sizes: dict[int, int]
    stages: dict[int, str]
    trophy_rounds: dict[int, tuple[int, ...]]
    fans: dict[int, int]
    coaches: dict[int, int]
    finalists: tuple[int, ...]
    winter_park: bool
    winter_now: int | None
    park_now: int | None
    difficulty: int
    solo_cards: bool
    pool: tuple[tuple[int, ...], ...]
    """Per level A, B, C: the cards of the sets in play that are not in one's own deck."""


def table_of(view: dict[str, Any], own_deck: list[int]) -> Table:
    """The look-ahead's snapshot of a view (own deck from the view or the memory)."""
    seat = view["you"]["seat"]
    options = view["options"]
    players = {p["seat"]: p for p in view["players"]}
    sets = tuple(view["sets"])
    coaches: dict[int, int] = {}
    for entry in view["players"]:
        if entry.get("coach") is not None:
            coaches[entry["seat"]] = COACH_KEY.index(entry["coach"])
    mine = view["you"].get("coach")
    if mine is not None:
        coaches[seat] = COACH_KEY.index(mine)
    return Table(
        seat=seat,
        players=len(players),
        round=view["round"],
        final=view["final"],
        sets=sets,
        deck_sizes={s: p["deck"] for s, p in players.items()},
        stages={s: p["deck_phase"] for s, p in players.items()},
        trophy_rounds={s: tuple(p["trophy_rounds"]) for s, p in players.items()},
        fans={s: p["fans"] for s, p in players.items() if "fans" in p},
        coaches=coaches,
        finalists=tuple(view["finalists"]),
        winter_park=bool(options.get("winter_park")),
        winter_now=view["winter_park"],
        park_now=players[seat]["park"],
        difficulty=int(options.get("difficulty", 0)),
        solo_cards=bool(options.get("solo_cards")),
        pool=public_pool(sets, own_deck),
    )


def public_pool(sets: tuple[str, ...], own_deck: list[int]) -> tuple[tuple[int, ...], ...]:
    """Per level the catalogue's cards of the sets in play, less the ones in one's own deck."""
    mine = Counter(own_deck)
    pools: list[tuple[int, ...]] = []
    for level in PILE_LEVELS:
        cards: list[int] = []
        for card in catalogue().cards:
            if card.set in sets and card.level == level:
                cards += [card.index] * max(0, card.copies - mine[card.index])
        pools.append(tuple(cards))
    return tuple(pools)


def opponent_in(table: Table, round_number: int) -> int | None:
    """The seat one meets in a round by the public tournament plans (None: the robot)."""
    plans = rules().plans_for(table.players)
    park = plans[table.seat][round_number - 1]
    for seat, plan in enumerate(plans):
        if seat != table.seat and plan[round_number - 1] == park:
            return seat if seat < table.players else None
    return None
