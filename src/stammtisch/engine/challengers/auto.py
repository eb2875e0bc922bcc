"""The auto-play policy as actions: what an absent or timed-out seat (or a simple bot) does now.

The rules of the policy are written down in `autoplay.py`; this maps them onto legal actions.
"""

from __future__ import annotations

from stammtisch.engine.challengers import autoplay
from stammtisch.engine.challengers.actions import Action
from stammtisch.engine.challengers.board import KEY
from stammtisch.engine.challengers.coaching import COACH_KEY, COACHES
from stammtisch.engine.challengers.game import GAME, _match_waiting_for
from stammtisch.engine.challengers.state import CHOOSE_PILE, COACH, PICK, State
from stammtisch.engine.protocol import GameError


def best_pick(cards: list[int]) -> int:
    """The drawn card the policy keeps: highest draft value, ties by card key."""
    return max(sorted(cards, key=lambda c: KEY[c], reverse=True), key=autoplay.draft_value)


def best_coach(dealt: tuple[int, ...]) -> int:
    """The dealt coach the policy keeps: the highest value in the data, ties the first dealt."""
    return max(dealt, key=lambda coach: (COACHES[coach].value, -dealt.index(coach)))


def auto_action(state: State, seat: int) -> Action:
    """The policy's action for a seat that has something to do."""
    legal = GAME.legal_actions(state, seat)
    if not legal:
        raise GameError("not_your_turn", f"Seat {seat} has nothing to do right now.")
    match = _match_waiting_for(state, seat)
    if match is not None and match.pending is not None:
        decision = match.pending
        chooser = match.sides[decision.chooser]
        pick = autoplay.choose(
            decision.kind,
            decision.candidates,
            decision.data,
            decision.shown,
            chooser,
            match.sides,
            match.base,
        )
        return Action("choose", decision.labels[decision.candidates.index(pick)])
    player = state.players[seat]
    if player.decision is not None:
        return Action("choose", "none")
    if player.stage == COACH:
        return Action("coach", COACH_KEY[best_coach(player.coaches)])
    if player.stage == CHOOSE_PILE:
        return Action("pile", player.offers[-1])
    if player.stage == PICK:
        return Action("pick", KEY[best_pick(player.drawn)])
    return Action("done")
