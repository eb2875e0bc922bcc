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
    if m.ev is not None:
        log_benched(m, side, placed)
        m.log("bench_full", {"seat": side.seat, "cards": keys(rest)})
    m.end(1 - side.index, "bench_full")


def _seats_all(groups: list[tuple[bool, int]], free: int, room: list[int]) -> bool:
    """Whether all groups (has a normal seat already, base power) find a place: `free` normal
    seats and frozen seats with `room` base power left."""
    memo: dict[tuple[int, int, tuple[int, ...]], bool] = {}

    def fits(start: int, free: int, room: tuple[int, ...]) -> bool:
        if start == len(groups):
            return True
        known = memo.get((start, free, room))
        if known is not None:
            return known
        seated, weight = groups[start]
        found = (seated and fits(start + 1, free, room)) or (
            not seated and free > 0 and fits(start + 1, free - 1, room)
        )
        for index, left in enumerate(room):
            if found:
                break
            if weight <= left and left not in room[:index]:
                rest = tuple(sorted((*room[:index], left - weight, *room[index + 1 :])))
                found = fits(start + 1, free, rest)
        memo[(start, free, room)] = found
        return found

    return fits(0, free, tuple(sorted(room)))


def options(m: Match, side: Side, group: list[int], rest: list[list[int]]) -> list[tuple[Any, ...]]:
    """Where a group of same-named cards may go (its normal seat, or a frozen seat that fits),
    keeping only the places after which the rest of the queue can still be seated."""
    base = m.base
    later = [(NAME_ID[g[0]] in side.bench, sum(base[card] for card in g)) for g in rest]
    free = side.seats - len(side.bench)
    room = [m.frozen_limit - sum(base[card] for card in seat) for seat in side.frozen]
    found: list[tuple[Any, ...]] = []
    if NAME_ID[group[0]] in side.bench:
        if _seats_all(later, free, room):
            found.append(("seat",))
    elif free and _seats_all(later, free - 1, room):
        found.append(("seat",))
    weight = sum(base[card] for card in group)
    for index, left in enumerate(room):
        if weight <= left:
            room[index] -= weight
            if _seats_all(later, free, room):
                found.append(("frozen", index))
            room[index] += weight
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
    """Work through the queued groups (Winter Park), asking where several places are legal.

    A place is offered only if every later group can still be seated after it; when no
    placement seats them all, the bench is full at once (nothing to choose).
    """
    side = m.sides[m.queue_side]
    while m.queue and m.pending is None:
        choices = options(m, side, m.queue[0], m.queue[1:])
        if not choices:
            rest = [card for group in m.queue for card in group]
            m.queue = []
            overflow(m, side, [], rest)
            return
        ask(m, side, "place", choices, (), list(m.queue[0]), m.queue[0][0])
    if not m.queue and m.pending is None:
        m.step = m.after
