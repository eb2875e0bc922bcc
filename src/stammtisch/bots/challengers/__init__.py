"""Bots that play Challengers! seats: a uniform random bot and a greedy drafter."""
