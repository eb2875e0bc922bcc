"""Who of a finished game counts for ratings, XP and the album, and how each member placed."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from stammtisch.engine.protocol import Outcome, Seat
from stammtisch.services.events import GameFinished

MemberId = int


@dataclass(frozen=True, slots=True)
class Placing:
    """One member's result: place among the members (1 best, ties share), win, forfeit, moves."""

    seat: Seat
    member: MemberId
    place: int
    won: bool
    forfeited: bool
    moves: int


def counts(practice: bool, members: Sequence[MemberId | None]) -> bool:
    """Whether a game counts at all: not practice, and at least two seats held by members."""
    return not practice and sum(member is not None for member in members) >= 2


def member_placings(
    outcome: Outcome,
    members: Sequence[MemberId | None],
    forfeits: Collection[Seat] = (),
    moves: Sequence[int] | None = None,
) -> list[Placing]:
    """The members' placings, best first; forfeited seats rank below everyone who played on.

    Bots are left out (places count among members only); a member wins when their seat is in
    the game's first place and did not forfeit (a seat a bot finished for a timed-out member
    wins nobody anything).
    """
    held = {seat: member for seat, member in enumerate(members) if member is not None}
    winners = set(outcome.winners) - set(forfeits)
    groups = [
        [seat for seat in group if seat in held and seat not in forfeits]
        for group in outcome.ranking
    ]
    groups.append(sorted(seat for seat in forfeits if seat in held))
    placings: list[Placing] = []
    for group in groups:
        place = len(placings) + 1
        for seat in group:
            made = moves[seat] if moves is not None else 0
            placings.append(
                Placing(seat, held[seat], place, seat in winners, seat in forfeits, made)
            )
    return placings


def forfeits_of(event: GameFinished) -> frozenset[Seat]:
    """The seats whose member resigned or timed out (also those a bot then played to the end)."""
    ended = (
        {event.ended_seat} if event.ended_by != "normal" and event.ended_seat is not None else set()
    )
    return frozenset(ended | event.timed_out | event.resigned)


def counted_placings(event: GameFinished) -> list[Placing]:
    """The members' placings of a finished game, or none when the game counts for nothing."""
    if not counts(event.practice, event.members):
        return []
    return member_placings(event.outcome, event.members, forfeits_of(event), event.moves)
