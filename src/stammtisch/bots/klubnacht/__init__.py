"""Klubnacht robots: uniform random, a quick heuristic, and a strong information-set search."""
