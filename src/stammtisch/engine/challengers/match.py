"""The match loop: reveal, compare after every card, flag loss, bench, capture, until decided.

`run` advances a match until it is decided or waits for a pending decision; the tournament, the
scenario runner and the benchmark all drive matches through it (one code path).
"""

from __future__ import annotations

from stammtisch.engine.challengers.board import (
    KEY,
    Side,
    attack_sum,
    card_attack_power,
    defence_power,
)
from stammtisch.engine.challengers.match_state import (
    BENCH,
    CAPTURE,
    COMPARE,
    FLAG_LOSS,
    PLACE,
    REVEAL,
    Match,
)
from stammtisch.engine.challengers.placement import place_step, to_bench


def start(m: Match, beginner: int, *, toss: bool) -> None:
    """Set the match up: the beginner reveals one card and holds the flag (an attack on nothing)."""
    m.att = beginner
    m.flag = -1
    m.step = REVEAL
    if m.ev is not None:
        seats = [side.seat for side in m.sides]
        m.log(
            "match_started",
            {"seats": seats, "round": m.round, "beginner": m.sides[beginner].seat, "toss": toss},
        )


def _reveal(m: Match) -> None:
    """The attacker reveals their top card (a side that must reveal and cannot loses)."""
    side = m.sides[m.att]
    if not side.deck:
        if m.ev is not None:
            m.log("deck_empty", {"seat": side.seat})
        m.end(1 - m.att, "deck_empty")
        return
    card = side.deck.pop()
    side.stack.append(card)
    side.extra.append(side.next_bonus)
    if side.next_bonus and m.ev is not None:
        m.log("bonus_applied", {"seat": side.seat, "card": KEY[card], "bonus": side.next_bonus})
    side.next_bonus = 0
    if m.ev is not None:
        m.log("card_revealed", {"seat": side.seat, "card": KEY[card], "deck": len(side.deck)})
    m.step = COMPARE
    effect = side.immediate[card]
    if effect is not None:
        effect[0](m, side, card, effect[1])


def _compare(m: Match) -> None:
    """Compare the attack sum with the flag card; equal suffices."""
    if m.flag < 0:
        m.step = CAPTURE
        return
    side, other = m.sides[m.att], m.sides[m.flag]
    attack = attack_sum(side, other, m.base)
    defence = defence_power(other, side, m.base)
    if m.ev is not None:
        powers = [
            card_attack_power(card, extra, side, other, m.base)
            for card, extra in zip(side.stack, side.extra, strict=True)
        ]
        data = {"seat": side.seat, "attack": attack, "defence": defence, "powers": powers}
        m.log("attack", data)
    m.step = FLAG_LOSS if attack >= defence else REVEAL


def _flag_loss(m: Match) -> None:
    """The defender's flag card loses the flag; its flag-loss effect resolves first."""
    defender = m.sides[m.flag]
    card = defender.stack[-1]
    m.step = BENCH
    effect = defender.flag_loss[card]
    if effect is not None:
        effect[0](m, defender, card, effect[1])


def _bench(m: Match) -> None:
    """The defender's whole stack goes to the bench."""
    defender = m.sides[m.flag]
    cards = defender.stack
    defender.stack = []
    defender.extra = []
    if cards:
        to_bench(m, defender, cards, CAPTURE)
    else:
        m.step = CAPTURE


def _capture(m: Match) -> None:
    """The attacker's last card takes the flag; the attack ends; roles swap."""
    holder: Side = m.sides[m.att]
    m.flag = m.att
    m.att = 1 - m.att
    card = holder.stack[-1]
    holder.extra = [0] * len(holder.stack)
    if m.ev is not None:
        m.log(
            "flag_taken", {"seat": holder.seat, "card": KEY[card], "under": len(holder.stack) - 1}
        )
    m.step = REVEAL
    effect = holder.capture[card]
    if effect is not None:
        effect[0](m, holder, card, effect[1])


_STEPS = (_reveal, _compare, _flag_loss, _bench, _capture, place_step)
assert list(range(6)) == [REVEAL, COMPARE, FLAG_LOSS, BENCH, CAPTURE, PLACE]


def run(m: Match) -> None:
    """Advance until the match is decided or a decision is pending."""
    steps = _STEPS
    while m.pending is None and m.winner < 0:
        steps[m.step](m)
