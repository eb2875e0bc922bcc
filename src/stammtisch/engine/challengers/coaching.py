"""What coaches do: passive bonuses set up with a match side, active powers asked for in the loop.

A side's `coach` is the coach's index (-1: none) and `hook` says when its unused active power
is offered (match_state.HOOK_*; 0 once used or for a passive coach). The match loop calls
`on_short` after a reveal that leaves the attack short and `on_taken` when the attack reaches
the flag card's power. Each returns True when the match goes on as without a coach, False when
the coach changed the match (or waits for its holder's answer) and `m.step` says where the loop
picks up. A power is offered only when it could help now, judged from what its holder can know
(public powers and benches, its own deck as a set of cards, never its order).
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
    attack_sum,
    defence_power,
    take_from_bench,
)
from stammtisch.engine.challengers.coaches import coach_set
from stammtisch.engine.challengers.decide import search
from stammtisch.engine.challengers.match_state import (
    COMPARE,
    FLAG_LOSS,
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
    first, last = entry.rounds
    if not first <= m.round <= last:
        return  # the coach sits this round out
    side.hook = entry.hook
    for effect in entry.effects:
        kind, params = effect.kind, effect.params
        if kind in _BONUS_ARRAYS and side.atk_set is ZERO_SETS:
            _own_bonus_arrays(side)
        if kind == "flag_base_bonus":
            for base in params["bases"]:
                side.def_base[base] += params["amount"]
        elif kind == "attack_base_bonus":
            for base in params["bases"]:
                side.atk_base[base] += params["amount"]
        elif kind == "attack_set_bonus":
            side.atk_set[_T.set_index[params["set"]]] += params["amount"]
        elif kind == "defence_set_bonus":
            side.def_set[_T.set_index[params["set"]]] += params["amount"]
        elif kind == "bench_seats":
            side.seats += params["seats"]
        elif kind == "flag_bonus":
            side.flag_bonus += params["amount"]
        elif kind == "weakest_to_bottom" and side.deck:
            _weakest_to_bottom(m, side, params["count"])


_BONUS_ARRAYS: Final = (
    "flag_base_bonus",
    "attack_base_bonus",
    "attack_set_bonus",
    "defence_set_bonus",
)
"""Passive kinds that write a side's bonus arrays (which start as the shared zeros)."""


def _weakest_to_bottom(m: Match, side: Side, count: int) -> None:
    """Tactician: the weakest cards (lowest base power, ties: card key) go under the deck."""
    deck = side.deck
    moved = sorted(deck, key=lambda card: (m.base[card], KEY[card]))[:count]
    for card in moved:
        del deck[len(deck) - 1 - deck[::-1].index(card)]
    deck[:0] = moved  # the weakest lies at the very bottom
    m.log(
        "coach_cards_to_bottom",
        {"seat": side.seat, "coach": COACH_KEY[side.coach], "count": len(moved)},
    )
    m.log("coach_cards_to_bottom_were", {"seat": side.seat, "cards": keys(moved)}, private(side))


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
    if kind == "flag_bonus_per_card_under":
        under = params["amount"] * (len(side.stack) - 1)
        return [USE, SAVE] if under and m.attack < m.defence + under else []
    if kind == "exhaust_capturer":
        attacker = m.sides[1 - side.index]
        return [USE, SAVE] if m.base[attacker.stack[-1]] >= params["min_base"] else []
    if kind == "clear_bench_seat":
        names = {NAME_ID[card] for card in side.stack}
        need = sum(1 for name in names if name not in side.bench)
        if side.seats - len(side.bench) - need > params["free_at_most"]:
            return []
        seats = [name for name, seat in side.bench.items() if len(seat) <= params["max_cards"]]
        return [*(("seat", name) for name in seats), SAVE] if seats else []
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
        if short < params["min_short"] or len(deck) < 2:
            return []
        if max(m.base[card] for card in deck) + params["bonus"] < short:
            return []
        return [*(("card", card) for card in sorted(deck)), SAVE]
    if kind == "bench_card_to_deck":
        bench = {card for seat in side.bench.values() for card in seat}
        cards = sorted(card for card in bench if m.base[card] <= params["max_base"])
        if not cards or max(m.base[card] for card in cards) < short:
            return []
        return [*(("card", card) for card in cards), SAVE]
    raise AssertionError(kind)


def on_taken(m: Match, side: Side) -> bool:
    """The flag of `side` would be taken: end a power of this attack, or offer the coach."""
    if side.temp:
        side.flag_bonus -= side.temp
        side.temp = 0
        return True
    effect = COACHES[side.coach].effects[0]
    candidates = _taken_candidates(m, side, effect.kind, effect.params)
    return not candidates or _offer(m, side, candidates, HOOK_TAKEN, [])


def on_short(m: Match, side: Side) -> bool:
    """The attack of `side` fell short: offer the coach if it could help."""
    effect = COACHES[side.coach].effects[0]
    candidates = _short_candidates(m, side, effect.kind, effect.params)
    shown = sorted(side.deck) if effect.kind == "search_to_top" else []
    return not candidates or _offer(m, side, candidates, HOOK_SHORT, shown)


def label(candidate: tuple[Any, ...], side: Side) -> str:
    """The canonical text of a coach choice: use, save, a card key, or a seat's card key."""
    if candidate[0] == "card":
        return KEY[int(candidate[1])]
    if candidate[0] == "seat":
        return KEY[side.bench[int(candidate[1])][0]]
    return str(candidate[0])


def ask(
    m: Match, side: Side, candidates: list[tuple[Any, ...]], data: tuple[Any, ...], shown: list[int]
) -> None:
    """Wait for the coach holder's answer (a decision whose source is the coach)."""
    kind = "coach"
    labels = [label(c, side) for c in candidates]
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


def _offer(
    m: Match, side: Side, candidates: list[tuple[Any, ...]], hook: int, shown: list[int]
) -> bool:
    """Ask the holder (auto-play sides answer at once); True if the match goes on unchanged."""
    data = (side.coach, hook)
    if side.auto:
        pick = auto_choice(candidates, data, side, m.sides, m.base)
        if pick == SAVE:
            return True
        resolve(m, side, pick, data)
        return False
    ask(m, side, candidates, data, shown)
    return False


# ---------------------------------------------------------------- using a power


def _save_step(hook: int) -> int:
    """Where the loop picks up after the holder keeps the power for later."""
    return FLAG_LOSS if hook == HOOK_TAKEN else REVEAL


def resolve(m: Match, side: Side, candidate: tuple[Any, ...], data: tuple[Any, ...]) -> None:
    """Carry out the holder's answer to a coach decision."""
    coach, hook = data
    if candidate == SAVE:
        m.step = _save_step(hook)
        return
    side.hook = 0
    effect = COACHES[coach].effects[0]
    kind, params = effect.kind, effect.params
    used: dict[str, Any] = {"seat": side.seat, "coach": COACH_KEY[coach]}
    m.step = COMPARE
    if kind in ("flag_bonus_this_attack", "flag_bonus_per_card_under"):
        bonus = params["amount"]
        if kind == "flag_bonus_per_card_under":
            bonus *= len(side.stack) - 1
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
        side.next_bonus += params["bonus"]
        m.step = REVEAL
    elif kind == "bench_card_to_deck":
        take_from_bench(side, candidate[1], m.base)
        side.deck.append(candidate[1])
        moved = {"seat": side.seat, "cards": [KEY[candidate[1]]], "from": "bench"}
        m.log("cards_to_deck_top", moved)
        m.step = REVEAL
    elif kind == "exhaust_capturer":
        _exhaust_capturer(m, m.sides[1 - side.index])


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


def _exhaust_capturer(m: Match, attacker: Side) -> None:
    """Video Analyst: the card that would take the flag goes to its owner's exhaust pile; the
    attack goes on without it."""
    card = attacker.stack.pop()
    attacker.extra.pop()
    attacker.exhaust.append(card)
    defender = m.sides[1 - attacker.index]
    m.attack = attack_sum(attacker, defender, m.base)
    m.defence = defence_power(defender, attacker, m.base)
    m.step = REVEAL
    m.log(
        "cards_exhausted",
        {
            "seat": attacker.seat,
            "cards": [KEY[card]],
            "from": "stack",
            "coach": COACH_KEY[m.sides[1 - attacker.index].coach],
        },
    )


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
        return _archivist_choice(candidates, data, chooser, sides, base)
    if kind == "bench_card_to_deck":
        best = max((c[1] for c in candidates if c[0] == "card"), key=lambda c: (base[c], KEY[c]))
        return ("card", best)
    return USE


def _archivist_choice(
    candidates: list[tuple[Any, ...]],
    data: tuple[Any, ...],
    side: Side,
    sides: list[Side],
    base: tuple[int, ...],
) -> tuple[Any, ...]:
    """Fetch the weakest card that makes up the missing power with the bonus (the strongest
    if none does; ties by key), keeping the strong ones in the deck."""
    defender = sides[1 - side.index]
    short = defence_power(defender, side, base) - attack_sum(side, defender, base)
    bonus = COACHES[data[0]].effects[0].params["bonus"]
    cards = [c[1] for c in candidates if c[0] == "card"]
    enough = [card for card in cards if base[card] + bonus >= short]
    if not enough:
        return ("card", autoplay.search(cards, "top", base)[0])
    return ("card", min(enough, key=lambda card: (base[card], KEY[card])))


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
