"""Presence across processes: the rows of a process that stopped renewing its lease (killed)
go at the next sweep after the lease lapsed, while those of live processes stay."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from stammtisch.services.platform import Platform
from stammtisch.services.presence import PROCESS_LEASE, TTL, Presence
from stammtisch.services.timesource import ManualClock
from stammtisch.store.presence import PresenceRow, ProcessLeaseRow


def watching(platform: Platform) -> list[str]:
    """The connections with a presence row, sorted."""
    with platform.ctx.read() as session:
        return sorted(session.scalars(select(PresenceRow.connection)).all())


def leases(platform: Platform) -> list[str]:
    """The processes holding a lease."""
    with platform.ctx.read() as session:
        return sorted(session.scalars(select(ProcessLeaseRow.process)).all())


def test_a_dead_process_loses_its_presence_once_its_lease_lapsed(
    platform: Platform, clock: ManualClock, duel: tuple[int, int, int]
) -> None:
    """Two processes sweep; one stops (as after SIGKILL): its rows go one lease later, not 90 s."""
    anna, bert, game_id = duel
    alive, killed = platform.presence, Presence(platform.ctx)
    alive.watch("alive-socket", anna, game_id)
    killed.watch("killed-socket", bert, game_id)
    alive.sweep()
    killed.sweep()
    assert leases(platform) == sorted([alive.process, killed.process])

    clock.advance(PROCESS_LEASE / 2)
    alive.sweep()  # only the live process goes on sweeping
    assert watching(platform) == ["alive-socket", "killed-socket"]
    clock.advance(PROCESS_LEASE / 2)
    assert alive.sweep() == 1
    assert watching(platform) == ["alive-socket"]
    assert leases(platform) == [alive.process]
    assert PROCESS_LEASE < TTL / 10


def test_a_process_without_a_lease_keeps_its_rows_until_their_ttl(
    platform: Platform, clock: ManualClock, duel: tuple[int, int, int]
) -> None:
    """A process that does not sweep (run_sweeper off) holds no lease: its rows live their TTL,
    renewed by their connection's heartbeat, and go when it stops."""
    anna, _bert, game_id = duel
    quiet = Presence(platform.ctx)
    quiet.watch("quiet-socket", anna, game_id)
    clock.advance(TTL / 2)
    platform.presence.sweep()
    quiet.renew("quiet-socket", anna, [game_id])
    clock.advance(TTL / 2 + timedelta(seconds=1))
    platform.sweeper.sweep(emails=False)
    assert watching(platform) == ["quiet-socket"]
    clock.advance(TTL / 2)
    platform.sweeper.sweep(emails=False)
    assert watching(platform) == []


def test_a_process_taken_for_dead_takes_its_lease_again(
    platform: Platform, clock: ManualClock, duel: tuple[int, int, int]
) -> None:
    """A process that stalled past its lease loses its rows, but its next sweep renews the lease,
    its connections' next heartbeat brings their rows back, and what it watches stays."""
    anna, bert, game_id = duel
    stalled, other = platform.presence, Presence(platform.ctx)
    stalled.watch("watching-socket", bert, game_id)
    stalled.sweep()
    clock.advance(PROCESS_LEASE + timedelta(seconds=1))
    other.sweep()
    assert leases(platform) == [other.process]
    assert watching(platform) == []
    stalled.sweep()
    stalled.renew("watching-socket", bert, [game_id])
    stalled.watch("socket", anna, game_id)
    clock.advance(PROCESS_LEASE / 2)
    other.sweep()
    assert watching(platform) == ["socket", "watching-socket"]
    assert sorted(leases(platform)) == sorted([stalled.process, other.process])
