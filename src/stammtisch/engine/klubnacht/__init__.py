"""Klubnacht: the two-club duel (market, wishlist of tasks, passes, optional joker chips)."""

from stammtisch.engine.klubnacht import chips, rules
from stammtisch.engine.klubnacht.game import GAME, KlubnachtGame
from stammtisch.engine.klubnacht.state import KlubnachtState

__all__ = ["GAME", "KlubnachtGame", "KlubnachtState", "chips", "rules"]
