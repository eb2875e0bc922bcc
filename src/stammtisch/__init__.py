"""Stammtisch: a place to play Challengers! and Klubnacht online with regulars."""

__version__ = "0.1.0"
