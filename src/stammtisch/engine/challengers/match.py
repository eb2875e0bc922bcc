"""The match loop: reveal, compare after every card, flag loss, bench, capture, until decided.

`run` advances a match until it is decided or waits for a pending decision; the tournament, the
scenario runner and the benchmark all drive matches through it (one code path).

Speed: the attack sum and the flag card's power are kept between reveals of one attack and
only recomputed in full once something could have changed them (an effect resolved, or a card
with a bonus of its own joined the attack); otherwise each reveal adds the new card's power.
"""

from __future__ import annotations

from typing import Final

from stammtisch.engine.challengers import coaching
from stammtisch.engine.challengers.board import (
    KEY,
    LEVEL,
    NAME_ID,
    SET_ID,
    Side,
    attack_sum,
    card_attack_power,
    count_bonus,
    defence_power,
)
from stammtisch.engine.challengers.effects import PLAYER_EFFECTS, ROBOT_EFFECTS
from stammtisch.engine.challengers.match_state import (
    BENCH,
    CAPTURE,
    COMPARE,
    FLAG_LOSS,
    HOOK_SHORT,
    HOOK_TAKEN,
    PLACE,
    REVEAL,
    EventRecord,
    Match,
)
from stammtisch.engine.challengers.piles import Piles
from stammtisch.engine.challengers.placement import log_benched, overflow, place_step, to_bench
from stammtisch.engine.challengers.rules_data import rules
from stammtisch.engine.challengers.tables import tables

BASE_BY_ROUND: Final = tables().base_by_round
BENCH_SEATS: Final = rules().bench_seats
FROZEN_SEATS: Final = rules().frozen_seats
ROUND_CAP: Final = rules().round_cap


def new_side(
    index: int, seat: int, deck: list[int], *, robot: bool, auto: bool, trophies: int, frozen: bool
) -> Side:
    """A side with its deck (top = end of list); robots use the robot's effect tables."""
    frozen_seats = FROZEN_SEATS if frozen else 0
    effects = ROBOT_EFFECTS if robot else PLAYER_EFFECTS
    return Side(
        index, seat, deck, robot, auto, trophies, BENCH_SEATS - frozen_seats, frozen_seats, effects
    )


def new_match(
    sides: list[Side],
    round_number: int,
    *,
    park: int,
    piles: Piles,
    box: list[int],
    events: list[EventRecord] | None,
) -> Match:
    """A match of two sides in a round (the final is round 8; limits cap at 7)."""
    limit = min(round_number, ROUND_CAP)
    return Match(sides, BASE_BY_ROUND[round_number], round_number, park, piles, box, limit, events)


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


def _deck_empty(m: Match, side: Side) -> None:
    """A side that must reveal a card and has none loses the match."""
    if m.ev is not None:
        m.log("deck_empty", {"seat": side.seat})
    m.end(1 - side.index, "deck_empty")


def _log_reveal(m: Match, side: Side, card: int, bonus: int) -> None:
    """Events of a revealed card."""
    if bonus:
        m.log("bonus_applied", {"seat": side.seat, "card": KEY[card], "bonus": bonus})
    m.log("card_revealed", {"seat": side.seat, "card": KEY[card], "deck": len(side.deck)})


def _log_attack(m: Match, side: Side, other: Side) -> None:
    """The running attack with every card's total power."""
    base = m.base
    powers = [
        card_attack_power(c, extra, side, other, base)
        for c, extra in zip(side.stack, side.extra, strict=True)
    ]
    flag_card = other.stack[-1]
    data = {
        "seat": side.seat,
        "attack": m.attack,
        "defence": m.defence,
        "powers": powers,
        "bonuses": [power - base[c] for power, c in zip(powers, side.stack, strict=True)],
        "flag_card": KEY[flag_card],
        "flag_bonus": m.defence - base[flag_card],
    }
    m.log("attack", data)


def _compare(m: Match, side: Side, card: int) -> bool:
    """Add the revealed card to the attack and compare with the flag card; equal suffices."""
    other = m.sides[m.flag]
    base = m.base
    if m.dirty or side.self_bonus[card] is not None:
        m.dirty = True
        m.attack = attack_sum(side, other, base)
        m.defence = defence_power(other, side, base)
    else:
        b = base[card]
        power = b + side.atk_set[SET_ID[card]] + side.atk_base[b] + side.extra[-1]
        if power > 0:
            m.attack += power
        if m.defence < 0:
            m.defence = defence_power(other, side, base)
    if m.ev is not None:
        _log_attack(m, side, other)
    return m.attack >= m.defence


def _bench_plain(m: Match, side: Side) -> bool:
    """Bench the whole stack on a bench without frozen seats; False if a card found no seat."""
    bench, base, cards = side.bench, m.base, side.stack
    cnt_base, cnt_set, cnt_level, bonuses = (
        side.cnt_base,
        side.cnt_set,
        side.cnt_level,
        side.bench_bonus,
    )
    for i, card in enumerate(cards):
        name = NAME_ID[card]
        seat = bench.get(name)
        if seat is None:
            if len(bench) >= side.seats:
                placed, rest = cards[:i], cards[i:]
                cards.clear()
                overflow(m, side, placed, rest)
                return False
            bench[name] = [card]
        else:
            seat.append(card)
        cnt_base[base[card]] += 1
        cnt_set[SET_ID[card]] += 1
        cnt_level[LEVEL[card]] += 1
        if bonuses[card] is not None:
            count_bonus(side, card)
    if m.ev is not None:
        log_benched(m, side, cards)
    cards.clear()
    side.extra.clear()
    return True


def _capture(m: Match) -> None:
    """The attacker's last card takes the flag; the attack ends; roles swap."""
    holder: Side = m.sides[m.att]
    m.flag = m.att
    m.att = 1 - m.att
    m.attack, m.defence, m.dirty = 0, -1, False
    card = holder.stack[-1]
    if m.ev is not None:
        m.log(
            "flag_taken", {"seat": holder.seat, "card": KEY[card], "under": len(holder.stack) - 1}
        )
    m.step = REVEAL
    effect = holder.capture[card]
    if effect is not None:
        effect[0](m, holder, card, effect[1])


def _duel(m: Match) -> None:
    """The fast path: reveals, flag losses and captures back to back while nothing needs more.

    Effects resolve inside it; it leaves when one waits for a decision or moves the match on to
    another step, at a Winter Park bench, or at the match's end; `m.step` then says where `run`
    picks up.
    """
    sides, base, events = m.sides, m.base, m.ev is not None
    while True:
        att = m.att
        side, other = sides[att], sides[1 - att]
        deck, stack, extra, immediate = side.deck, side.stack, side.extra, side.immediate
        atk_set, atk_base, bonuses = side.atk_set, side.atk_base, side.self_bonus
        attack, defence, dirty = m.attack, m.defence, m.dirty
        while True:
            if not deck:
                _deck_empty(m, side)
                return
            card = deck.pop()
            stack.append(card)
            bonus = side.next_bonus
            extra.append(bonus)
            if events:
                _log_reveal(m, side, card, bonus)
            if bonus:
                side.next_bonus = 0
            effect = immediate[card]
            if effect is not None:
                dirty = dirty or effect[2]
                m.attack, m.defence, m.dirty = attack, defence, dirty
                m.step = COMPARE
                effect[0](m, side, card, effect[1])
                if m.step != COMPARE or m.pending is not None or m.winner >= 0:
                    return
            if dirty or bonuses[card] is not None:
                dirty = True
                attack = attack_sum(side, other, base)
                defence = defence_power(other, side, base)
            else:
                b = base[card]
                power = b + atk_set[SET_ID[card]] + atk_base[b] + bonus
                if power > 0:
                    attack += power
                if defence < 0:
                    defence = defence_power(other, side, base)
            if events:
                m.attack, m.defence = attack, defence
                _log_attack(m, side, other)
            if attack >= defence:
                if other.hook == HOOK_TAKEN or other.temp:
                    m.attack, m.defence, m.dirty = attack, defence, dirty
                    if not coaching.on_taken(m, other):
                        return
                break
            if side.hook == HOOK_SHORT:
                m.attack, m.defence, m.dirty = attack, defence, dirty
                if not coaching.on_short(m, side):
                    return
        m.step = BENCH
        effect = other.flag_loss[other.stack[-1]]
        if effect is not None:
            effect[0](m, other, other.stack[-1], effect[1])
            if m.step != BENCH or m.pending is not None or m.winner >= 0:
                return
        if other.frozen or not _bench_plain(m, other):
            return
        m.flag, m.att = att, 1 - att
        m.attack, m.defence, m.dirty = 0, -1, False
        m.step = REVEAL
        card = stack[-1]
        if events:
            m.log("flag_taken", {"seat": side.seat, "card": KEY[card], "under": len(stack) - 1})
        effect = side.capture[card]
        if effect is not None:
            effect[0](m, side, card, effect[1])
            if m.step != REVEAL or m.pending is not None or m.winner >= 0:
                return


def _flag_lost(m: Match) -> bool:
    """The flag card's flag-loss effect resolves first; False if it needs to be waited on."""
    defender = m.sides[m.flag]
    m.step = BENCH
    card = defender.stack[-1]
    effect = defender.flag_loss[card]
    if effect is not None:
        effect[0](m, defender, card, effect[1])
        return False
    return True


def run(m: Match) -> None:
    """Advance until the match is decided or a decision is pending."""
    sides = m.sides
    while m.pending is None and m.winner < 0:
        step = m.step
        if step == REVEAL:
            if m.flag < 0:
                step = COMPARE  # the beginner's first card: an attack on nothing
                side = sides[m.att]
                if not side.deck:
                    _deck_empty(m, side)
                    return
                card = side.deck.pop()
                side.stack.append(card)
                side.extra.append(0)
                if m.ev is not None:
                    _log_reveal(m, side, card, 0)
                effect = side.immediate[card]
                if effect is not None:
                    m.step = COMPARE
                    effect[0](m, side, card, effect[1])
                    continue
            else:
                _duel(m)
                continue
        if step == COMPARE:
            if m.flag < 0:
                _capture(m)
                continue
            side = sides[m.att]
            if not _compare(m, side, side.stack[-1]):
                if side.hook == HOOK_SHORT and not coaching.on_short(m, side):
                    continue
                m.step = REVEAL
                continue
            holder = sides[m.flag]
            if (holder.hook == HOOK_TAKEN or holder.temp) and not coaching.on_taken(m, holder):
                continue
            if not _flag_lost(m):
                continue
            step = BENCH
        elif step == FLAG_LOSS:
            if not _flag_lost(m):
                continue
            step = BENCH
        if step == BENCH:
            defender = sides[m.flag]
            if not defender.stack:
                defender.extra = []
            elif defender.frozen:
                to_bench(m, defender, _take_stack(defender), CAPTURE)
                continue
            elif not _bench_plain(m, defender):
                return
            _capture(m)
        elif step == CAPTURE:
            _capture(m)
        elif step == PLACE:
            place_step(m)


def _take_stack(side: Side) -> list[int]:
    """Empty a side's park half (the cards go to the bench)."""
    cards = side.stack
    side.stack = []
    side.extra = []
    return cards
