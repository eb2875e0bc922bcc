"""Pure rules of the games: standard library only, no I/O, no clock, no global random."""
