"""The small protocol every game of the platform implements, and the types it speaks in."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, runtime_checkable

Seat = int
"""A seat at the table, counted from 0."""

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")


class GameError(Exception):
    """An illegal or malformed action, bad options or broken data; nothing was changed.

    `code` is a short machine-readable name (e.g. ``not_your_turn``), `reason` a sentence a
    player can read.
    """

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, in order; `audience` None means everyone may see it."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    audience: frozenset[Seat] | None = None

    def visible_to(self, seat: Seat | None) -> bool:
        """Whether this seat (None: a spectator) may see the event."""
        return self.audience is None or (seat is not None and seat in self.audience)

    def to_dict(self) -> dict[str, Any]:
        """The event as plain JSON-ready data (without its audience)."""
        return {"kind": self.kind, **self.data}


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: seats ranked best first (ties share a group) and why."""

    ranking: tuple[tuple[Seat, ...], ...]
    reason: str
    scores: Mapping[Seat, int] = field(default_factory=dict)
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def winners(self) -> tuple[Seat, ...]:
        """The seats in the first place."""
        return self.ranking[0] if self.ranking else ()


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What kind of game this is, declared as data (players, simultaneity, hidden facts)."""

    name: str
    rules_version: str
    min_seats: int
    max_seats: int
    simultaneous: bool
    hidden_information: bool


class Game(Protocol[StateT, ActionT]):
    """A game definition: pure functions over a state that only the engine changes.

    `apply` changes the state in place and returns the events; when it raises GameError the
    state is exactly as before. All randomness comes from a source inside the state, seeded in
    `setup`, so (rules version, options, seed, actions) determine every game.
    """

    info: GameInfo

    def normalize_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Checked options with defaults filled in; raises GameError for bad options."""
        ...

    def seat_count(self, options: Mapping[str, Any]) -> int:
        """How many seats a game with these (normalized) options has."""
        ...

    def setup(self, options: Mapping[str, Any], seed: int) -> StateT:
        """A new game."""
        ...

    def to_act(self, state: StateT) -> frozenset[Seat]:
        """The seats that may act now (several at once in simultaneous phases)."""
        ...

    def legal_actions(self, state: StateT, seat: Seat) -> list[ActionT]:
        """Every action this seat may take now, in a stable order."""
        ...

    def apply(self, state: StateT, seat: Seat, action: ActionT) -> list[Event]:
        """Play one action; raises GameError (state unchanged) if it is illegal."""
        ...

    def view(self, state: StateT, seat: Seat | None) -> dict[str, Any]:
        """Everything this seat (None: a spectator) may see, and nothing more."""
        ...

    def outcome(self, state: StateT) -> Outcome | None:
        """The result once the game is over, else None."""
        ...

    def parse_action(self, text: str) -> ActionT:
        """The action of a canonical text; raises GameError when malformed."""
        ...

    def action_text(self, action: ActionT) -> str:
        """The canonical, lossless text of an action (for logs, tests and the wire)."""
        ...

    def clone(self, state: StateT) -> StateT:
        """An independent copy of the state."""
        ...


@runtime_checkable
class SeatConcern(Protocol):
    """What a simultaneous game adds so a late submission can be judged (optional for games).

    `concern` is the part of the state that matters to one seat's next action: its own part of
    its view and whatever else its choice depends on, but not the moves of seats acting beside
    it. While it (and the seat's legal actions) stays the same, an action the seat chose on an
    earlier step means the same now.
    """

    def concern(self, state: Any, seat: Seat) -> dict[str, Any]:
        """What of the state concerns this seat's next action (plain JSON-ready data)."""
        ...


def events_for(events: Iterable[Event], seat: Seat | None) -> list[Event]:
    """The events this seat (None: a spectator) may see."""
    return [event for event in events if event.visible_to(seat)]


def replay(
    game: Game[StateT, ActionT],
    options: Mapping[str, Any],
    seed: int,
    log: Sequence[tuple[Seat, str]],
) -> StateT:
    """Rebuild a game from its seed and its log of (seat, canonical action text)."""
    state = game.setup(options, seed)
    for seat, text in log:
        game.apply(state, seat, game.parse_action(text))
    return state
