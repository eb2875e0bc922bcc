"""A player's deck phase: keep a coach (round 1), choose a pile, draw, pick (one redraw), remove."""

from __future__ import annotations

from stammtisch.engine.challengers.board import KEY, LEVEL
from stammtisch.engine.challengers.catalogue import PILE_LEVELS
from stammtisch.engine.challengers.coaching import COACH_KEY, extra_draw
from stammtisch.engine.challengers.decide import combos
from stammtisch.engine.challengers.rules_data import rules
from stammtisch.engine.challengers.state import (
    CHOOSE_PILE,
    COACH,
    DONE,
    IDLE,
    PICK,
    REMOVE,
    PickDecision,
    Player,
    State,
)
from stammtisch.engine.challengers.tables import tables

_T = tables()
_LEVEL_S = _T.level_index["S"]


def _me(player: Player) -> frozenset[int]:
    """Only this player may see the event."""
    return frozenset((player.seat,))


def begin(state: State, player: Player) -> None:
    """Start a player's deck phase of the current round (first keeping a coach, if dealt)."""
    player.offers = rules().offers[state.round - 1]
    player.redraw_used = False
    player.drawn = []
    player.decision = None
    if player.coaches and player.coach < 0:
        player.stage = COACH
        state.record(
            "coaches_dealt",
            {"seat": player.seat, "coaches": [COACH_KEY[c] for c in player.coaches]},
            _me(player),
        )
        return
    _choose_or_draw(state, player)


def choose_coach(state: State, player: Player, coach: int) -> None:
    """Keep one of the dealt coaches (secret until the first match phase), then draft."""
    player.coach = coach
    state.record("coach_chosen", {"seat": player.seat})
    state.record("coach_chosen_was", {"seat": player.seat, "coach": COACH_KEY[coach]}, _me(player))
    _choose_or_draw(state, player)


def _choose_or_draw(state: State, player: Player) -> None:
    """Ask for a pile, or draw at once when the round offers only one."""
    if len(player.offers) == 1:
        choose_pile(state, player, player.offers[0])
    else:
        player.stage = CHOOSE_PILE


def begin_removal_only(player: Player) -> None:
    """Before the final: no drawing, only removing."""
    player.offers = ()
    player.drawn = []
    player.decision = None
    player.stage = REMOVE


def _draw(state: State, pile: int, count: int) -> list[int]:
    """Up to `count` cards from a pile."""
    drawn = []
    for _ in range(count):
        card = state.piles.take(pile)
        if card is None:
            break
        drawn.append(card)
    return drawn


def _show_draw(state: State, player: Player, kind: str) -> None:
    """Events of a draw: its cards for the player, its size for everyone."""
    level = PILE_LEVELS[player.pile]
    state.record(kind, {"seat": player.seat, "pile": level, "count": len(player.drawn)})
    cards = [KEY[card] for card in player.drawn]
    state.record("cards_drawn", {"seat": player.seat, "pile": level, "cards": cards}, _me(player))


def choose_pile(state: State, player: Player, level: str) -> None:
    """Draw from the chosen pile; keep counts follow the level (alternate rule: 7 and random)."""
    options = state.options
    rule = rules()
    player.pile = PILE_LEVELS.index(level)
    keep = rule.keep[level]
    count = rule.alt_draw if options["alt_draft"] else rule.draw
    if state.coaches_revealed:  # a secret coach may not show in round 1's public draw sizes
        count += extra_draw(player.coach)
    player.drawn = _draw(state, player.pile, count)
    player.random_left = 1 if options["alt_draft"] and keep == 2 else 0
    player.picks_left = keep - player.random_left
    player.stage = PICK
    _show_draw(state, player, "pile_drawn")
    _continue(state, player)


def redraw(state: State, player: Player) -> None:
    """Discard the drawn cards and draw as many anew from the same pile (once per phase)."""
    count = len(player.drawn)
    for card in player.drawn:
        state.piles.discard(player.pile, card)
    player.redraw_used = True
    player.drawn = _draw(state, player.pile, count)
    _show_draw(state, player, "redrawn")
    _continue(state, player)


def pick(state: State, player: Player, card: int) -> None:
    """Keep one of the drawn cards."""
    player.drawn.remove(card)
    player.picks_left -= 1
    _keep(state, player, card, "card_picked")
    _continue(state, player)


def _keep(state: State, player: Player, card: int, kind: str) -> None:
    """A card joins the deck; its when-picked effect resolves."""
    player.deck.append(card)
    state.record(kind, {"seat": player.seat, "card": KEY[card]}, _me(player))
    state.record("card_kept", {"seat": player.seat, "pile": PILE_LEVELS[player.pile]})
    effect = _T.picked[card]
    if effect is None:
        return
    if effect.kind == "gain_fans":
        player.fans += effect.params["fans"]
        state.record(
            "picked_fans",
            {"seat": player.seat, "card": KEY[card], "fans": effect.params["fans"]},
            _me(player),
        )
        return
    _offer_extra_pick(player, card, effect.params["count"], effect.params.get("set"))


def _offer_extra_pick(player: Player, card: int, count: int, set_key: str | None) -> None:
    """Shapeshifter, Sci-fi Geek: may remove cards from the deck to pick one extra card."""
    if not player.drawn:
        return
    own = list(player.deck)
    own.remove(card)
    set_id = _T.set_index[set_key] if set_key else None
    payable = sorted(
        (c for c in own if set_id is None or _T.set_id[c] == set_id), key=lambda c: KEY[c]
    )
    if len(payable) < count:
        return
    candidates = [(), *combos(payable, count, optional=False)]
    labels = ["+".join(KEY[c] for c in cand) if cand else "none" for cand in candidates]
    player.decision = PickDecision(card=card, candidates=candidates, labels=labels)


def answer_pick_decision(state: State, player: Player, index: int) -> None:
    """Resolve a when-picked choice: pay the cards (removed as usual) for one more pick."""
    decision = player.decision
    assert decision is not None
    player.decision = None
    paid = decision.candidates[index]
    for card in paid:
        remove(state, player, card)
    if paid:
        player.picks_left += 1
        state.record("extra_pick", {"seat": player.seat, "paid": len(paid)})
    _continue(state, player)


def _continue(state: State, player: Player) -> None:
    """After a draw or pick: wait for the next pick, add the random card, or finish drafting."""
    while player.decision is None:
        if player.picks_left > 0 and player.drawn:
            return
        if player.random_left > 0:
            player.random_left -= 1
            card = state.piles.take(player.pile)
            if card is not None:
                _keep(state, player, card, "card_kept_at_random")
            continue
        for card in player.drawn:
            state.piles.discard(player.pile, card)
        player.drawn = []
        player.picks_left = 0
        player.stage = REMOVE
        return


def remove(state: State, player: Player, card: int) -> None:
    """Remove a card from the deck: starter cards to the box, level cards to their compartment."""
    player.deck.remove(card)
    if LEVEL[card] == _LEVEL_S:
        state.box.append(card)
        where = "box"
    else:
        pile = LEVEL[card] - 1
        state.piles.discard(pile, card)
        where = PILE_LEVELS[pile]
    state.record("card_removed", {"seat": player.seat, "card": KEY[card], "to": where}, _me(player))
    state.record("cards_removed", {"seat": player.seat, "count": 1})


def finish(state: State, player: Player) -> None:
    """The player is done with this deck phase."""
    player.stage = DONE
    state.record("deck_phase_done", {"seat": player.seat, "deck": len(player.deck)})


def has_work(player: Player) -> bool:
    """Whether the player still has something to do in this deck phase."""
    return player.stage not in (IDLE, DONE)
