"""Challengers! behind the shared game protocol (setup, to_act, legal_actions, apply, view, ...)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from stammtisch.engine.challengers import deckphase, tournament
from stammtisch.engine.challengers.actions import Action, parse
from stammtisch.engine.challengers.board import KEY
from stammtisch.engine.challengers.catalogue import catalogue
from stammtisch.engine.challengers.coaching import COACH_KEY
from stammtisch.engine.challengers.decide import answer
from stammtisch.engine.challengers.match_state import Match
from stammtisch.engine.challengers.options import normalize_options
from stammtisch.engine.challengers.setup import new_state
from stammtisch.engine.challengers.state import (
    CHOOSE_PILE,
    COACH,
    DECK,
    FINAL,
    FINAL_DECK,
    MATCHES,
    PICK,
    REMOVE,
    Player,
    State,
)
from stammtisch.engine.challengers.view import seat_concern
from stammtisch.engine.challengers.view import view as build_view
from stammtisch.engine.protocol import Event, GameError, GameInfo, Outcome, Seat

# 4: Goalkeeping Coach rounds 6-7, Comeback Kid rounds 1-7, Video Analyst rounds 1-7 on base
#    power 6+ (logs of 3 with coaches may not replay).
# 3: the house coaches rebalanced for `medium` bots (logs of 2 with coaches may not replay).
# 2: Winter Park offers only places that still seat the whole stack (logs of 1 may not replay).
RULES_VERSION = "4"
"""The version of the rules new games are played under (what each version changed is above)."""


def _is_seat(state: State, seat: object) -> bool:
    """Whether `seat` is a seat number of this table (a whole number, not a yes/no)."""
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(state.players)


def _match_waiting_for(state: State, seat: int) -> Match | None:
    """The match whose pending decision this seat answers, if any."""
    for match in state.matches:
        if (
            match is not None
            and match.pending is not None
            and match.sides[match.pending.chooser].seat == seat
        ):
            return match
    return None


def _deck_actions(player: Player) -> list[Action]:
    """A player's actions in a deck phase, in a stable order."""
    if player.decision is not None:
        return [Action("choose", label) for label in player.decision.labels]
    if player.stage == COACH:
        return [Action("coach", COACH_KEY[coach]) for coach in player.coaches]
    if player.stage == CHOOSE_PILE:
        return [Action("pile", level) for level in player.offers]
    if player.stage == PICK:
        actions = [Action("pick", key) for key in sorted({KEY[c] for c in player.drawn})]
        if not player.redraw_used:
            actions.append(Action("redraw"))
        return actions
    if player.stage == REMOVE:
        removable = [Action("remove", key) for key in sorted({KEY[c] for c in player.deck})]
        return [*removable, Action("done")]
    return []


class ChallengersGame:
    """The Challengers! engine (see docs/challengers.md for the rules decisions)."""

    info = GameInfo(
        name="challengers",
        rules_version=RULES_VERSION,
        min_seats=1,
        max_seats=8,
        simultaneous=True,
        hidden_information=True,
    )

    def normalize_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Checked options with defaults filled in."""
        return normalize_options(options)

    def seat_count(self, options: Mapping[str, Any]) -> int:
        """One seat per player (the robot is not a seat)."""
        return int(normalize_options(options)["players"])

    def setup(self, options: Mapping[str, Any], seed: int, *, events: bool = True) -> State:
        """A new tournament at the start of round 1's deck phase."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise GameError("bad_seed", f"The seed must be a whole number, not {seed!r}.")
        state = new_state(normalize_options(options), seed)
        state.events_on = events
        tournament.start_round(state)
        return state

    def to_act(self, state: State) -> frozenset[Seat]:
        """Seats with deck-phase work or a pending decision."""
        if state.phase in (DECK, FINAL_DECK):
            return frozenset(p.seat for p in state.players if deckphase.has_work(p))
        if state.phase in (MATCHES, FINAL):
            return frozenset(
                m.sides[m.pending.chooser].seat
                for m in state.matches
                if m is not None and m.pending
            )
        return frozenset()

    def legal_actions(self, state: State, seat: Seat) -> list[Action]:
        """Every action this seat may take now, in a stable order."""
        if not _is_seat(state, seat):
            return []
        if state.phase in (DECK, FINAL_DECK):
            return _deck_actions(state.players[seat])
        match = _match_waiting_for(state, seat)
        if match is not None and match.pending is not None:
            return [Action("choose", label) for label in match.pending.labels]
        return []

    def _refuse(self, state: State, seat: Seat, action: Action, legal: list[Action]) -> GameError:
        """The error for an action that is not legal now, with a readable reason."""
        if not _is_seat(state, seat):
            return GameError("no_such_seat", f"There is no seat {seat!r} at this table.")
        if not legal:
            return GameError("not_your_turn", f"Seat {seat} has nothing to do right now.")
        if action.verb in ("pick", "remove") and action.arg not in catalogue().by_key:
            return GameError("unknown_card", f"There is no card called {action.arg!r}.")
        if action.verb == "coach" and action.arg not in COACH_KEY:
            return GameError("unknown_coach", f"There is no coach called {action.arg!r}.")
        allowed = ", ".join(a.text() for a in legal[:12])
        return GameError(
            "illegal_action", f"'{action.text()}' is not possible now. Possible: {allowed}."
        )

    def apply(self, state: State, seat: Seat, action: Action) -> list[Event]:
        """Play one action; GameError (state unchanged) if it is not legal now."""
        if not isinstance(action, Action):
            raise GameError("malformed_action", "Send an action such as 'pick fan-bus'.")
        legal = self.legal_actions(state, seat)
        if action not in legal:
            raise self._refuse(state, seat, action, legal)
        self._perform(state, state.players[seat], action)
        state.log.append((seat, action.text()))
        return self.drain_events(state)

    def _perform(self, state: State, player: Player, action: Action) -> None:
        """Carry out a checked action and everything that follows automatically."""
        verb, arg = action.verb, action.arg
        if verb == "choose":
            match = _match_waiting_for(state, player.seat)
            if match is not None and match.pending is not None:
                answer(match, match.pending.labels.index(arg))
                tournament.advance_matches(state)
                return
            assert player.decision is not None
            deckphase.answer_pick_decision(state, player, player.decision.labels.index(arg))
        elif verb == "coach":
            deckphase.choose_coach(state, player, COACH_KEY.index(arg))
        elif verb == "pile":
            deckphase.choose_pile(state, player, arg)
        elif verb == "pick":
            deckphase.pick(state, player, catalogue().by_key[arg])
        elif verb == "redraw":
            deckphase.redraw(state, player)
        elif verb == "remove":
            deckphase.remove(state, player, catalogue().by_key[arg])
        elif verb == "done":
            deckphase.finish(state, player)
        if state.phase in (DECK, FINAL_DECK) and tournament.deck_phase_over(state):
            tournament.start_matches(state)

    def drain_events(self, state: State) -> list[Event]:
        """The events recorded since the last call (setup's events come with the first one)."""
        events = [Event(kind, data, audience) for kind, data, audience in state.events]
        state.events.clear()
        return events

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        """Everything this seat (None: a spectator) may see, and nothing more."""
        if seat is not None and not _is_seat(state, seat):
            raise GameError("no_such_seat", f"There is no seat {seat!r} at this table.")
        return build_view(state, seat, self.to_act(state))

    def concern(self, state: State, seat: Seat) -> dict[str, Any]:
        """What of the table concerns this seat's next action (see `SeatConcern`)."""
        if not _is_seat(state, seat):
            raise GameError("no_such_seat", f"There is no seat {seat!r} at this table.")
        return seat_concern(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        """The result once the tournament is over."""
        return state.result

    def parse_action(self, text: str) -> Action:
        """The action of a canonical text."""
        return parse(text)

    def action_text(self, action: Action) -> str:
        """The canonical text of an action."""
        return action.text()

    def clone(self, state: State) -> State:
        """An independent copy of the state."""
        return copy.deepcopy(state)


GAME = ChallengersGame()
"""The one Challengers! game object the registry hands out."""
