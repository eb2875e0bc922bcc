"""Pending decisions of a match: building candidates, asking (or auto-answering), resolving."""

from __future__ import annotations

from itertools import permutations
from typing import Any

from stammtisch.engine.challengers import autoplay
from stammtisch.engine.challengers.board import KEY, NAME_ID, Side, count_in, take_from_bench
from stammtisch.engine.challengers.match_state import Decision, Match, keys, private


def label(kind: str, candidate: tuple[Any, ...], shown: list[int]) -> str:
    """The canonical text of one candidate (what a player sends as `choose TEXT`)."""
    if kind == "put_under":
        return KEY[shown[int(candidate[0])]]
    if kind == "reorder":
        return ",".join(KEY[card] for card in candidate)
    if kind == "bench_pick":
        return "+".join(KEY[card] for card in candidate) if candidate else "none"
    if kind == "search":
        return KEY[int(candidate[0])]
    if kind == "place":
        return "seat" if candidate[0] == "seat" else f"frozen-{candidate[1] + 1}"
    raise AssertionError(kind)


def ask(
    m: Match,
    chooser: Side,
    kind: str,
    candidates: list[tuple[Any, ...]],
    data: tuple[Any, ...],
    shown: list[int],
    source: int,
) -> None:
    """Resolve at once if there is no real choice or the chooser auto-plays, else wait for it."""
    if len(candidates) == 1:
        resolve(m, kind, candidates[0], data, shown, chooser)
        return
    if chooser.auto:
        pick = autoplay.choose(kind, candidates, data, shown, chooser, m.sides, m.base)
        resolve(m, kind, pick, data, shown, chooser)
        return
    labels = [label(kind, c, shown) for c in candidates]
    m.pending = Decision(kind, chooser.index, candidates, labels, data, shown, source)
    m.log(
        "decision",
        {
            "seat": chooser.seat,
            "decision": kind,
            "card": KEY[source],
            "options": labels,
            "shown": keys(shown),
        },
        private(chooser),
    )


def answer(m: Match, index: int) -> None:
    """Resolve the pending decision with candidate `index` (already checked)."""
    decision = m.pending
    assert decision is not None
    m.pending = None
    chooser = m.sides[decision.chooser]
    m.log(
        "decision_answered",
        {"seat": chooser.seat, "decision": decision.kind, "choice": decision.labels[index]},
        private(chooser),
    )
    resolve(m, decision.kind, decision.candidates[index], decision.data, decision.shown, chooser)


def resolve(
    m: Match,
    kind: str,
    candidate: tuple[Any, ...],
    data: tuple[Any, ...],
    shown: list[int],
    chooser: Side,
) -> None:
    """Carry out the chosen candidate."""
    if kind == "put_under":
        put_under(m, chooser, candidate[0])
    elif kind == "reorder":
        reorder(m, chooser, candidate)
    elif kind == "bench_pick":
        bench_pick(m, m.sides[data[0]], candidate, data[1])
    elif kind == "search":
        search(m, chooser, candidate[0], data[0])
    elif kind == "place":
        from stammtisch.engine.challengers.placement import place_group

        place_group(m, chooser, candidate)
    elif kind == "coach":
        from stammtisch.engine.challengers.coaching import resolve as use_coach

        use_coach(m, chooser, candidate, data)
    else:
        raise AssertionError(kind)


def put_under(m: Match, side: Side, position: int) -> None:
    """Put the top (0) or second (1) card under the deck."""
    deck = side.deck
    card = deck.pop(len(deck) - 1 - position)
    deck.insert(0, card)
    if m.ev is not None:
        m.log("card_put_under", {"seat": side.seat})
        m.log("card_put_under_was", {"seat": side.seat, "card": KEY[card]}, private(side))


def reorder(m: Match, side: Side, order: tuple[int, ...]) -> None:
    """Put the looked-at top cards back in this order (top first)."""
    deck = side.deck
    deck[len(deck) - len(order) :] = reversed(order)
    if m.ev is not None:
        m.log("deck_reordered", {"seat": side.seat, "count": len(order)})
        m.log("deck_top", {"seat": side.seat, "cards": keys(list(order))}, private(side))


def bench_pick(m: Match, owner: Side, cards: tuple[int, ...], destination: str) -> None:
    """Move chosen cards from owner's normal bench seats to the exhaust pile or the deck top."""
    for card in cards:
        take_from_bench(owner, card, m.base)
        if destination == "exhaust":
            owner.exhaust.append(card)
        else:
            owner.deck.append(card)
    if cards and m.ev is not None:
        kind = "cards_exhausted" if destination == "exhaust" else "cards_to_deck_top"
        m.log(kind, {"seat": owner.seat, "cards": keys(list(cards)), "from": "bench"})


def search(m: Match, side: Side, card: int, position: str) -> None:
    """Move the topmost copy of a card to the top or bottom of the deck."""
    deck = side.deck
    index = len(deck) - 1 - deck[::-1].index(card)
    del deck[index]
    if position == "top":
        deck.append(card)
    else:
        deck.insert(0, card)
    if m.ev is not None:
        m.log("deck_searched", {"seat": side.seat, "position": position})
        m.log("deck_searched_card", {"seat": side.seat, "card": KEY[card]}, private(side))


def combos(cards: list[int], count: int, *, optional: bool) -> list[tuple[int, ...]]:
    """Distinct choices of `count` cards (or up to `count` when optional) from a sorted multiset."""
    distinct = sorted(set(cards))
    have = [cards.count(card) for card in distinct]
    sizes = range(count + 1) if optional else (min(count, len(cards)),)
    found: list[tuple[int, ...]] = []
    for size in sizes:
        _extend(found, (), distinct, have, 0, size)
    return found


def _extend(
    found: list[tuple[int, ...]],
    prefix: tuple[int, ...],
    distinct: list[int],
    have: list[int],
    start: int,
    size: int,
) -> None:
    """Append every multiset choice of `size` more cards from distinct[start:] to `found`."""
    if size == 0:
        found.append(prefix)
        return
    for i in range(start, len(distinct)):
        card = distinct[i]
        if have[i] and (not prefix or prefix[-1] != card or prefix.count(card) < have[i]):
            _extend(found, (*prefix, card), distinct, have, i, size - 1)


def orders(top: list[int]) -> list[tuple[int, ...]]:
    """The distinct orders of some cards (top first), in a stable order."""
    seen: dict[tuple[int, ...], None] = {}
    for order in permutations(top):
        seen.setdefault(order, None)
    return list(seen)


def place_on_normal_seat(side: Side, card: int, base: tuple[int, ...]) -> None:
    """Put a card on the normal seat of its name (opening one if needed; checked by caller)."""
    name = NAME_ID[card]
    seat = side.bench.get(name)
    if seat is None:
        side.bench[name] = [card]
    else:
        seat.append(card)
    count_in(side, card, base)
