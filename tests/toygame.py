"""A tiny game for platform tests: each seat adds 1-3 to a shared total, first to the target wins.

Every seat holds a secret number only it may see (so tests can check that hidden facts never
leak), a turn is any number of `add:N` actions (at most 3 per turn) followed by `end`.
It implements the same protocol as the real games; the platform knows it only by name.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from stammtisch.engine.protocol import Event, GameError, GameInfo, Outcome, Seat


@dataclass
class ToyState:
    """The whole toy game."""

    seats: int
    target: int
    total: int = 0
    turn: Seat = 0
    adds: int = 0
    secrets: list[int] = field(default_factory=list)
    winner: Seat | None = None
    moves: list[int] = field(default_factory=list)


class ToyGame:
    """The toy game's definition."""

    info = GameInfo("toy", "toy-1", 2, 4, simultaneous=False, hidden_information=True)

    def normalize_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        seats = options.get("seats", 2)
        target = options.get("target", 10)
        if set(options) - {"seats", "target"}:
            raise GameError("bad_options", "Only 'seats' and 'target' are options.")
        if not isinstance(seats, int) or not 2 <= seats <= 4:
            raise GameError("bad_options", "seats must be 2 to 4")
        if not isinstance(target, int) or not 3 <= target <= 1000:
            raise GameError("bad_options", "target must be 3 to 1000")
        return {"seats": seats, "target": target}

    def seat_count(self, options: Mapping[str, Any]) -> int:
        return int(options["seats"])

    def setup(self, options: Mapping[str, Any], seed: int) -> ToyState:
        rng = random.Random(seed)
        seats = int(options["seats"])
        return ToyState(
            seats,
            int(options["target"]),
            secrets=[rng.randint(1, 9) for _ in range(seats)],
            moves=[0] * seats,
        )

    def to_act(self, state: ToyState) -> frozenset[Seat]:
        return frozenset() if state.winner is not None else frozenset({state.turn})

    def legal_actions(self, state: ToyState, seat: Seat) -> list[str]:
        if seat not in self.to_act(state):
            return []
        adds = [f"add:{n}" for n in (1, 2, 3)] if state.adds < 3 else []
        return [*adds, "end"]

    def apply(self, state: ToyState, seat: Seat, action: str) -> list[Event]:
        if seat not in self.to_act(state):
            raise GameError("not_your_turn", "It is not your turn.")
        if action not in self.legal_actions(state, seat):
            raise GameError("illegal", f"{action} is not allowed now.")
        state.moves[seat] += 1
        if action == "end":
            state.turn = (state.turn + 1) % state.seats
            state.adds = 0
            return [Event("turn_ended", {"seat": seat})]
        amount = int(action.split(":")[1])
        state.total += amount
        state.adds += 1
        events = [
            Event("added", {"seat": seat, "amount": amount, "total": state.total}),
            Event("secret_reminder", {"secret": state.secrets[seat]}, audience=frozenset({seat})),
        ]
        if state.total >= state.target:
            state.winner = seat
            events.append(Event("won", {"seat": seat}))
        return events

    def view(self, state: ToyState, seat: Seat | None) -> dict[str, Any]:
        return {
            "total": state.total,
            "target": state.target,
            "turn": state.turn,
            "my_secret": state.secrets[seat] if seat is not None else None,
        }

    def outcome(self, state: ToyState) -> Outcome | None:
        if state.winner is None:
            return None
        others = tuple(s for s in range(state.seats) if s != state.winner)
        return Outcome(
            ranking=((state.winner,), others), reason="target", details={"total": state.total}
        )

    def parse_action(self, text: str) -> str:
        if text not in ("end", "add:1", "add:2", "add:3"):
            raise GameError("malformed", f"{text!r} is not an action of this game.")
        return text

    def action_text(self, action: str) -> str:
        return action

    def clone(self, state: ToyState) -> ToyState:
        return ToyState(
            state.seats,
            state.target,
            state.total,
            state.turn,
            state.adds,
            list(state.secrets),
            state.winner,
            list(state.moves),
        )


GAME = ToyGame()


class SteadyBot:
    """Adds 1 once per turn, then ends the turn."""

    name = "steady"

    def choose(self, game: Any, state: ToyState, seat: Seat, rng: random.Random) -> str:
        return "add:1" if state.adds == 0 else "end"
