"""What other seats may read of an action's text, per game (its own seat reads all of it).

The events of a step say what it revealed to whom; an action's canonical text may say more (a
Free drink names the motif it draws blind from the stack). A game listed in `PUBLIC_TEXTS` says
which part of a text everyone may read; in any other game an action's text stays with its seat.
"""

from __future__ import annotations

from collections.abc import Callable

from stammtisch.engine.protocol import Seat


def klubnacht_public(text: str) -> str:
    """Klubnacht: takes, claims (their cards are spent face up), chips, Magpie's pick and the end
    of a turn are public; only the motif a Free drink takes from the stack is not."""
    words = text.split()
    return "redeem free_drink" if words[:2] == ["redeem", "free_drink"] else text


PUBLIC_TEXTS: dict[str, Callable[[str], str | None]] = {"klubnacht": klubnacht_public}
"""Game name -> the part of an action's text every other seat and spectator may read."""


def action_text_for(game: str, text: str, actor: Seat, seat: Seat | None) -> str | None:
    """The text of `actor`'s action as `seat` (None: a spectator) may read it, or None."""
    if seat == actor:
        return text
    public = PUBLIC_TEXTS.get(game)
    return None if public is None else public(text)
