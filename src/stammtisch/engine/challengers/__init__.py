"""Challengers!: the tournament card game for 1-8 players, its robot and variants (pure rules)."""

from stammtisch.engine.compiled import activate

activate(__path__)
