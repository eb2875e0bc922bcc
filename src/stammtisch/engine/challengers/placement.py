"""Putting cards on a bench: same names share a seat; Winter Park adds frozen seats."""

from __future__ import annotations

from typing import Any

from stammtisch.engine.challengers.board import NAME_ID, Side, count_in
from stammtisch.engine.challengers.decide import ask, place_on_normal_seat
from stammtisch.engine.challengers.match_state import PLACE, Match, keys


def log_benched(m: Match, side: Side, cards: list[int], frozen_seat: int = 0) -> None:
    """Event: cards went to the bench (or frozen seat N), with the whole bench after it."""
    if m.ev is not None and cards:
        data: dict[str, Any] = {
            "seat": side.seat,
            "cards": keys(cards),
            "bench": [keys(seat) for seat in side.bench.values()],
            "frozen": [keys(seat) for seat in side.frozen],
        }
        if frozen_seat:
            data["frozen_seat"] = frozen_seat
        m.log("cards_frozen" if frozen_seat else "cards_benched", data)


def to_bench(m: Match, side: Side, cards: list[int], then: int) -> None:
    """Bench cards, then continue at step `then`; a card without a seat loses the match."""
    if not side.frozen:
        bench, base = side.bench, m.base
        for i, card in enumerate(cards):
            name = NAME_ID[card]
            seat = bench.get(name)
            if seat is None:
                if len(bench) >= side.seats:
                    overflow(m, side, cards[:i], cards[i:])
                    return
                bench[name] = [card]
            else:
                seat.append(card)
            count_in(side, card, base)
        log_benched(m, side, cards)
        m.step = then
        return
    groups: dict[int, list[int]] = {}
    for card in cards:
        groups.setdefault(NAME_ID[card], []).append(card)
    m.queue = list(groups.values())
    m.queue_side = side.index
    m.after = then
    m.step = PLACE


def overflow(m: Match, side: Side, placed: list[int], rest: list[int]) -> None:
    """No free seat: the unplaced cards stay in the park half and the side loses the match."""
    side.stack.extend(rest)
    log_benched(m, side, placed)
    m.log("bench_full", {"seat": side.seat, "cards": keys(rest)})
    m.end(1 - side.index, "bench_full")


def options(m: Match, side: Side, group: list[int]) -> list[tuple[Any, ...]]:
    """Where a group of same-named cards may go: its normal seat, or a frozen seat that fits."""
    found: list[tuple[Any, ...]] = []
    if NAME_ID[group[0]] in side.bench or len(side.bench) < side.seats:
        found.append(("seat",))
    weight = sum(m.base[card] for card in group)
    for index, seat in enumerate(side.frozen):
        if sum(m.base[card] for card in seat) + weight <= m.frozen_limit:
            found.append(("frozen", index))
    return found


def place_group(m: Match, side: Side, where: tuple[Any, ...]) -> None:
    """Put the first queued group where chosen."""
    group = m.queue.pop(0)
    if where[0] == "seat":
        for card in group:
            place_on_normal_seat(side, card, m.base)
        log_benched(m, side, group)
    else:
        seat = side.frozen[where[1]]
        for card in group:
            seat.append(card)
            count_in(side, card, m.base, frozen=True)
        log_benched(m, side, group, where[1] + 1)


def place_step(m: Match) -> None:
    """Work through the queued groups (Winter Park), asking where several places are legal."""
    side = m.sides[m.queue_side]
    while m.queue and m.pending is None:
        choices = options(m, side, m.queue[0])
        if not choices:
            rest = [card for group in m.queue for card in group]
            m.queue = []
            overflow(m, side, [], rest)
            return
        ask(m, side, "place", choices, (), [], m.queue[0][0])
    if not m.queue and m.pending is None:
        m.step = m.after
