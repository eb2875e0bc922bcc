"""Pure rules of the games: standard library only, no I/O, no clock, no global random.

(The one exception is at import: `compiled` picks the match loop's compiled build if it fits.)
"""
