"""What every service needs: settings, the store, the bus and the clock."""

from __future__ import annotations

from dataclasses import dataclass

from stammtisch.bus import Bus
from stammtisch.services.timesource import Clock
from stammtisch.settings import Settings
from stammtisch.store.db import Store


@dataclass(frozen=True)
class Context:
    """The shared parts a service works with; one per process."""

    settings: Settings
    store: Store
    bus: Bus
    clock: Clock
