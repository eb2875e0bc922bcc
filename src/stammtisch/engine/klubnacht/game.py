"""Klubnacht as a game of the platform: the shared protocol over the rules of this package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.engine.klubnacht import actions, chips, rules
from stammtisch.engine.klubnacht.actions import Action, Claim, EndTurn, Keep, Redeem, Take
from stammtisch.engine.klubnacht.fast import action_keys, key_action
from stammtisch.engine.klubnacht.scoring import coin_holder, leader, score
from stammtisch.engine.klubnacht.setup import new_night
from stammtisch.engine.klubnacht.state import KlubnachtState
from stammtisch.engine.klubnacht.validate import check_action, task_slot
from stammtisch.engine.klubnacht.view import view
from stammtisch.engine.protocol import Event, GameError, GameInfo, Outcome, Seat

RULES_VERSION = "2"
"""2: every medium task is worth 6 points (balance; logs of 1 replay with other scores)."""


class KlubnachtGame:
    """The two-club duel: market, wishlist, passes, five ends of the night, optional chips."""

    info = GameInfo(
        name="klubnacht",
        rules_version=RULES_VERSION,
        min_seats=2,
        max_seats=2,
        simultaneous=False,
        hidden_information=True,
    )

    def normalize_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Options: {"chips": bool} (the chip variant), default False."""
        unknown = set(options) - {"chips"}
        if unknown:
            raise GameError(
                "bad_options", f"Unknown Klubnacht options: {', '.join(sorted(unknown))}."
            )
        chips_on = options.get("chips", False)
        if not isinstance(chips_on, bool):
            raise GameError("bad_options", "The option 'chips' must be true or false.")
        return {"chips": chips_on}

    def seat_count(self, options: Mapping[str, Any]) -> int:
        """Always two seats."""
        return 2

    def setup(self, options: Mapping[str, Any], seed: int) -> KlubnachtState:
        """A new night from a seed."""
        return new_night(self.normalize_options(options)["chips"], seed)

    def to_act(self, state: KlubnachtState) -> frozenset[Seat]:
        """The one seat to act (Magpie's choice belongs to the redeemer); none once over."""
        return frozenset() if state.over else frozenset({state.current})

    def legal_actions(self, state: KlubnachtState, seat: Seat) -> list[Action]:
        """Every legal action of a seat, in the stable order (claims with canonical cards)."""
        if state.over or seat != state.current:
            return []
        return [key_action(state, key) for key in action_keys(state)]

    def apply(self, state: KlubnachtState, seat: Seat, action: Action) -> list[Event]:
        """Play one action; raises GameError and changes nothing when it is illegal."""
        check_action(state, seat, action)
        events: list[Event] = []
        if isinstance(action, Take):
            rules.take(state, action.slot, events)
        elif isinstance(action, Claim):
            slot = task_slot(state, action.task)
            assert slot is not None
            rules.claim(state, slot, action.cards, events)
        elif isinstance(action, Redeem):
            chips.redeem(state, action.motif, events)
        elif isinstance(action, Keep):
            chips.keep(state, action.card, events)
        elif isinstance(action, EndTurn):
            rules.end_turn(state, events)
        return events

    def view(self, state: KlubnachtState, seat: Seat | None) -> dict[str, Any]:
        """Everything this seat (None: a spectator) may see, and nothing more."""
        return view(state, seat)

    def outcome(self, state: KlubnachtState) -> Outcome | None:
        """Ranking, final scores (coin and compensation included), end reason and details."""
        if not state.over or state.end_reason is None:
            return None
        winner = leader(state)
        return Outcome(
            ranking=((winner,), (1 - winner,)),
            reason=state.end_reason,
            scores={seat: score(state, seat) for seat in (0, 1)},
            details=outcome_details(state),
        )

    def parse_action(self, text: str) -> Action:
        """The action of a canonical text; raises GameError when malformed."""
        return actions.parse_action(text)

    def action_text(self, action: Action) -> str:
        """The canonical text of an action."""
        return actions.action_text(action)

    def clone(self, state: KlubnachtState) -> KlubnachtState:
        """An independent copy of the state."""
        return state.clone()


def outcome_details(state: KlubnachtState) -> dict[str, Any]:
    """Facts for the album and statistics: chips, tasks per seat, the coin, the starter."""
    return {
        "sentence": f"klubnacht.end_reasons.{state.end_reason}",
        "starter": state.starter,
        "variant": "chips" if state.chips_variant else "classic",
        "chips": [
            None if chip is None else {"chip": chip, "used": state.chip_used[seat]}
            for seat, chip in enumerate(state.chips)
        ],
        "tasks": [
            [t.id for s, t in enumerate(state.tasks) if state.owner[s] == seat] for seat in (0, 1)
        ],
        "task_points": list(state.points),
        "coin": coin_holder(state),
        "scores_without_compensation": [score(state, seat, compensation=False) for seat in (0, 1)],
        "turns": state.turn,
    }


GAME = KlubnachtGame()
"""The game object the registry hands out."""
