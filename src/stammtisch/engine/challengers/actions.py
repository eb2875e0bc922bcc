"""Actions a seat sends: small frozen values with one canonical text each."""

from __future__ import annotations

from dataclasses import dataclass

from stammtisch.engine.protocol import GameError

VERBS = ("coach", "pile", "pick", "redraw", "remove", "done", "choose")
"""coach COACH · pile A|B|C · pick CARD · redraw · remove CARD · done · choose OPTION"""
_WITH_ARGUMENT = ("coach", "pile", "pick", "remove", "choose")


@dataclass(frozen=True, slots=True, order=True)
class Action:
    """One action: a verb and (for most verbs) one argument."""

    verb: str
    arg: str = ""

    def text(self) -> str:
        """The canonical text, e.g. `pick fan-bus` or `redraw`."""
        return f"{self.verb} {self.arg}" if self.arg else self.verb


def parse(text: str) -> Action:
    """The action of a canonical text; GameError for anything malformed."""
    if not isinstance(text, str):
        raise GameError("malformed_action", "An action must be a text such as 'pick fan-bus'.")
    verb, _, arg = text.strip().partition(" ")
    arg = arg.strip()
    if verb not in VERBS:
        raise GameError(
            "malformed_action", f"Unknown action {verb!r}; actions are {', '.join(VERBS)}."
        )
    if verb in _WITH_ARGUMENT and not arg:
        raise GameError("malformed_action", f"'{verb}' needs what to {verb}, e.g. '{verb} ...'.")
    if verb not in _WITH_ARGUMENT and arg:
        raise GameError("malformed_action", f"'{verb}' takes nothing after it.")
    if " " in arg:
        raise GameError("malformed_action", f"{arg!r} is not one card or option (no spaces).")
    return Action(verb, arg)
