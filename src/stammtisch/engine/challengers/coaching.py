"""What coaches do: passive bonuses set up with a match side, active powers asked for in the loop.

A side's `coach` is the coach's index (-1: none) and `hook` says when its unused active power
is offered (coaches.HOOK_*; 0 once used or for a passive coach). The match loop calls `on_short`
after a reveal that leaves the attack short, `on_taken` when the attack reaches the flag card's
power, `on_empty` when the side must reveal from an empty deck. Each returns True when the
match goes on as without a coach, False when the coach changed the match (or waits for its
holder's answer) and `m.step` says where the loop picks up. A power is offered only when it
could help now, judged from what its holder can know (public powers, its own deck as a set).
"""

from __future__ import annotations

import random
from typing import Any, Final

from stammtisch.engine.challengers import autoplay
from stammtisch.engine.challengers.board import (
    KEY,
    NAME_ID,
    ZERO_SETS,
    Side,
    _own_bonus_arrays,
    take_from_bench,
)
from stammtisch.engine.challengers.coaches import coach_set
from stammtisch.engine.challengers.decide import orders, reorder, search
from stammtisch.engine.challengers.match_state import (
    COMPARE,
    FLAG_LOSS,
    HOOK_EMPTY,
    HOOK_SHORT,
    HOOK_TAKEN,
    REVEAL,
    Decision,
    Match,
    keys,
    private,
)
from stammtisch.engine.challengers.tables import tables

_T: Final = tables()
COACHES: Final = coach_set().coaches
COACH_KEY: Final = tuple(coach.key for coach in COACHES)
SAVE: Final = ("save",)
USE: Final = ("use",)


def deal(players: int, rng: random.Random) -> list[tuple[int, ...]]:
    """Per player the coaches dealt from the shuffled house set (3 each at small tables)."""
    order = list(range(len(COACHES)))
    rng.shuffle(order)
    count = coach_set().dealt(players)
    return [tuple(order[seat * count : (seat + 1) * count]) for seat in range(players)]


def extra_draw(coach: int) -> int:
    """Cards a coach adds to each deck-phase draw."""
    if coach < 0:
        return 0
    return sum(e.params["cards"] for e in COACHES[coach].effects if e.kind == "extra_draw")


def fans_after_loss(coach: int) -> int:
    """Fans a coach's holder gains after losing a match."""
    if coach < 0:
        return 0
    return sum(e.params["fans"] for e in COACHES[coach].effects if e.kind == "fans_after_loss")


def equip(m: Match, side: Side, coach: int) -> None:
    """Give a side its coach for this match: passive bonuses now, the active power ready."""
    side.coach = coach
    if coach < 0:
        return
    entry = COACHES[coach]
    side.hook = entry.hook
    for effect in entry.effects:
        params = effect.params
        if effect.kind in ("flag_base_bonus", "attack_set_bonus") and side.atk_set is ZERO_SETS:
            _own_bonus_arrays(side)
        if effect.kind == "flag_base_bonus":
            for base in params["bases"]:
                side.def_base[base] += params["amount"]
        elif effect.kind == "attack_set_bonus":
            side.atk_set[_T.set_index[params["set"]]] += params["amount"]
        elif effect.kind == "bench_seats":
            side.seats += params["seats"]
        elif effect.kind == "late_flag_bonus" and m.round >= params["from_round"]:
            side.flag_bonus += params["amount"]
        elif effect.kind == "weakest_to_bottom" and side.deck:
            _weakest_to_bottom(m, side)


def _weakest_to_bottom(m: Match, side: Side) -> None:
    """Tactician: the lowest base power (ties: the lowest card key) goes under the deck."""
    deck = side.deck
    weakest = min(deck, key=lambda card: (m.base[card], KEY[card]))
    index = len(deck) - 1 - deck[::-1].index(weakest)
    del deck[index]
    deck.insert(0, weakest)
    m.log("coach_card_to_bottom", {"seat": side.seat, "coach": COACH_KEY[side.coach]})
    m.log("coach_card_to_bottom_was", {"seat": side.seat, "card": KEY[weakest]}, private(side))


def after_match(m: Match, side: Side, won: bool) -> None:
    """Effects of a coach once the match is decided (Talent Scout's fan after a loss)."""
    fans = 0 if won else fans_after_loss(side.coach)
    if fans:
        side.fans += fans
        m.log("coach_fans", {"seat": side.seat, "coach": COACH_KEY[side.coach], "fans": fans})


# ---------------------------------------------------------------- when a power is offered


def _shortfall(m: Match) -> int:
    """How much power the running attack lacks."""
    return m.defence - m.attack


def _taken_candidates(m: Match, side: Side, kind: str, params: Any) -> list[tuple[Any, ...]]:
    """The defender's choices when the flag would be taken (empty: not offered now)."""
    if kind == "flag_bonus_this_attack":
        return [USE, SAVE] if m.attack < m.defence + params["amount"] else []
    if kind == "flag_counts_under":
        under = sum(m.base[card] for card in side.stack[:-1])
        return [USE, SAVE] if under and m.attack < m.defence + under else []
    if kind == "clear_bench_seat":
        names = {NAME_ID[card] for card in side.stack}
        need = sum(1 for name in names if name not in side.bench)
        if not side.bench or side.seats - len(side.bench) - need > params["free_at_most"]:
            return []
        return [*(("seat", name) for name in side.bench), SAVE]
    if kind == "reorder_top":
        return [USE, SAVE] if len(set(side.deck)) >= 2 else []
    raise AssertionError(kind)


def _short_candidates(m: Match, side: Side, kind: str, params: Any) -> list[tuple[Any, ...]]:
    """The attacker's choices when its attack fell short (empty: not offered now)."""
    short = _shortfall(m)
    if kind == "last_card_bonus":
        return [USE, SAVE] if 0 < short <= params["amount"] else []
    if kind == "attack_cards_bonus":
        count = len(side.stack)
        enough = count >= params["min_cards"] and 0 < short <= count * params["amount"]
        return [USE, SAVE] if enough else []
    if kind == "search_to_top":
        deck = set(side.deck)
        if len(deck) < 2 or max(m.base[card] for card in deck) < short:
            return []
        return [*(("card", card) for card in sorted(deck)), SAVE]
    raise AssertionError(kind)


def on_taken(m: Match, side: Side) -> bool:
    """The flag of `side` would be taken: end a power of this attack, or offer the coach."""
    if side.temp:
        side.flag_bonus -= side.temp
        side.temp = 0
        return True
    effect = COACHES[side.coach].effects[0]
    candidates = _taken_candidates(m, side, effect.kind, effect.params)
    return not candidates or _offer(m, side, candidates, HOOK_TAKEN)


def on_short(m: Match, side: Side) -> bool:
    """The attack of `side` fell short: offer the coach if it could help."""
    effect = COACHES[side.coach].effects[0]
    candidates = _short_candidates(m, side, effect.kind, effect.params)
    return not candidates or _offer(m, side, candidates, HOOK_SHORT)


def on_empty(m: Match, side: Side) -> bool:
    """`side` must reveal from an empty deck: offer a bench card for the deck top."""
    cards = sorted({card for seat in side.bench.values() for card in seat})
    if not cards:
        return True
    return _offer(m, side, [*(("card", card) for card in cards), SAVE], HOOK_EMPTY)


def label(candidate: tuple[Any, ...], side: Side) -> str:
    """The canonical text of a coach choice: use, save, a card key, or a seat's card key."""
    if candidate[0] == "card":
        return KEY[int(candidate[1])]
    if candidate[0] == "seat":
        return KEY[side.bench[int(candidate[1])][0]]
    return str(candidate[0])


def ask(
    m: Match,
    side: Side,
    kind: str,
    candidates: list[tuple[Any, ...]],
    data: tuple[Any, ...],
    shown: list[int],
) -> None:
    """Wait for the coach holder's answer (a decision whose source is the coach)."""
    labels = [label(c, side) for c in candidates] if kind == "coach" else []
    if kind == "reorder":
        labels = [",".join(KEY[card] for card in order) for order in candidates]
    m.pending = Decision(kind, side.index, candidates, labels, data, shown, -1 - side.coach)
    m.log(
        "decision",
        {
            "seat": side.seat,
            "decision": kind,
            "coach": COACH_KEY[side.coach],
            "options": labels,
            "shown": keys(shown),
        },
        private(side),
    )


def _offer(m: Match, side: Side, candidates: list[tuple[Any, ...]], hook: int) -> bool:
    """Ask the holder (auto-play sides answer at once); True if the match goes on unchanged."""
    data = (side.coach, hook)
    if side.auto:
        pick = auto_choice(candidates, data, side, m.sides, m.base)
        if pick == SAVE:
            return True
        resolve(m, side, pick, data)
        return False
    shown = sorted(side.deck) if candidates[0][0] == "card" and hook == HOOK_SHORT else []
    ask(m, side, "coach", candidates, data, shown)
    return False


# ---------------------------------------------------------------- using a power


def _save_step(hook: int) -> int:
    """Where the loop picks up after the holder keeps the power for later."""
    return FLAG_LOSS if hook == HOOK_TAKEN else REVEAL


def resolve(m: Match, side: Side, candidate: tuple[Any, ...], data: tuple[Any, ...]) -> None:
    """Carry out the holder's answer to a coach decision."""
    coach, hook = data
    if candidate == SAVE:
        if hook == HOOK_EMPTY:
            side.hook = 0  # the deck is still empty: the reveal that follows loses the match
        m.step = _save_step(hook)
        return
    side.hook = 0
    effect = COACHES[coach].effects[0]
    kind, params = effect.kind, effect.params
    used: dict[str, Any] = {"seat": side.seat, "coach": COACH_KEY[coach]}
    m.step = COMPARE
    if kind in ("flag_bonus_this_attack", "flag_counts_under"):
        bonus = (
            params["amount"]
            if kind == "flag_bonus_this_attack"
            else sum(m.base[card] for card in side.stack[:-1])
        )
        side.temp = bonus
        side.flag_bonus += bonus
        used["bonus"] = bonus
    elif kind == "last_card_bonus":
        side.extra[-1] += params["amount"]
        used["bonus"] = params["amount"]
    elif kind == "attack_cards_bonus":
        side.extra[:] = [extra + params["amount"] for extra in side.extra]
        used["bonus"] = params["amount"] * len(side.extra)
    m.dirty = True
    m.log("coach_used", used)
    if kind == "clear_bench_seat":
        _clear_seat(m, side, candidate[1])
        m.step = FLAG_LOSS
    elif kind == "search_to_top":
        search(m, side, candidate[1], "top")
        m.step = REVEAL
    elif kind == "bench_card_to_deck":
        take_from_bench(side, candidate[1], m.base)
        side.deck.append(candidate[1])
        moved = {"seat": side.seat, "cards": [KEY[candidate[1]]], "from": "bench"}
        m.log("cards_to_deck_top", moved)
        m.step = REVEAL
    elif kind == "reorder_top":
        m.step = FLAG_LOSS
        _look_and_reorder(m, side, params["count"])


def _clear_seat(m: Match, side: Side, name: int) -> None:
    """Rotation Manager: every card of one normal seat goes to the exhaust pile."""
    cards = list(side.bench[name])
    for card in cards:
        take_from_bench(side, card, m.base)
        side.exhaust.append(card)
    m.log(
        "cards_exhausted",
        {"seat": side.seat, "cards": keys(cards), "from": "bench", "coach": COACH_KEY[side.coach]},
    )


def _look_and_reorder(m: Match, side: Side, count: int) -> None:
    """Video Analyst: look at the top cards and put them back in an order of one's choice."""
    top = side.deck[-1 : -count - 1 : -1]
    if side.auto:
        reorder(m, side, autoplay.reorder(top, m.base))
        return
    candidates = orders(top)
    if len(candidates) == 1:
        reorder(m, side, candidates[0])
        return
    ask(m, side, "reorder", [tuple(order) for order in candidates], (), top)


# ---------------------------------------------------------------- the auto-play policy


def auto_choice(
    candidates: list[tuple[Any, ...]],
    data: tuple[Any, ...],
    chooser: Side,
    sides: list[Side],
    base: tuple[int, ...],
) -> tuple[Any, ...]:
    """The policy's answer: use a power whenever it is offered (it is offered only when it can
    help now), except Rotation Manager, kept until the bench would overflow; cards and seats
    as the card policy would choose them."""
    coach, _ = data
    kind = COACHES[coach].effects[0].kind
    if kind == "clear_bench_seat":
        return _rotation_choice(candidates, chooser, base)
    if kind == "search_to_top":
        cards = [c[1] for c in candidates if c[0] == "card"]
        return ("card", autoplay.search(cards, "top", base)[0])
    if kind == "bench_card_to_deck":
        best = max((c[1] for c in candidates if c[0] == "card"), key=lambda c: (base[c], KEY[c]))
        return ("card", best)
    return USE


def _rotation_choice(
    candidates: list[tuple[Any, ...]], side: Side, base: tuple[int, ...]
) -> tuple[Any, ...]:
    """Clear a seat only if the stack would not fit otherwise: the seat whose cards give no
    from-the-bench bonus and have the least base power (ties: the earliest seat)."""
    names = {NAME_ID[card] for card in side.stack}
    need = sum(1 for name in names if name not in side.bench)
    if side.seats - len(side.bench) >= need:
        return SAVE

    def cost(candidate: tuple[Any, ...]) -> tuple[int, int]:
        seat = side.bench[candidate[1]]
        bonus = sum(1 for card in seat if side.bench_bonus[card] is not None)
        return bonus, sum(base[card] for card in seat)

    seats = [c for c in candidates if c[0] == "seat"]
    return min(seats, key=cost)
