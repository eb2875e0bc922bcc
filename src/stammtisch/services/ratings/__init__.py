"""Ratings: Klubnacht Elo and the Challengers! placement rating, per season and all-time."""
