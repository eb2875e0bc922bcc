"""What a self-check's scenario must produce, as facts the page puts in words.

The page shows these facts under each answer, and the scenario test checks the very same
`expect` entries against the engine, so a help page cannot drift from the rules.
"""

from __future__ import annotations

from typing import Any

from stammtisch.services.gametexts import texts
from stammtisch.web.help.content import Check
from stammtisch.web.i18n import error_text

CHALLENGERS_EVENTS = ("match_started", "attack", "flag_taken", "cards_benched", "match_won")
"""The Challengers! events a self-check may expect (each has its sentence on the page)."""


def _card(language: str, key: str) -> str:
    """A Challengers! card's name in the reader's language."""
    return str(texts("challengers", language)["cards"][key]["name"])


def challengers_facts(check: Check, language: str) -> list[dict[str, Any]]:
    """The expected events (in order) and fans of a Challengers! self-check."""
    facts: list[dict[str, Any]] = []
    for event in check.expect.get("events", []):
        kind = event["kind"]
        if kind not in CHALLENGERS_EVENTS:
            raise ValueError(f"{check.id}: no sentence for the event {kind!r}")
        fact = {**event, "mine": event.get("seat", event.get("beginner")) == check.you}
        if "card" in event:
            fact["card"] = _card(language, event["card"])
        if "cards" in event:
            fact["cards"] = ", ".join(_card(language, key) for key in event["cards"])
        facts.append(fact)
    if "fans" in check.expect:
        fans = check.expect["fans"]
        facts.append({"kind": "fans", "you": fans[check.you], "other": fans[1 - check.you]})
    return facts


def klubnacht_facts(check: Check, language: str) -> list[dict[str, Any]]:
    """The expected scores, winner, end reason and refusal of a Klubnacht self-check."""
    expect = check.expect
    facts: list[dict[str, Any]] = []
    if "scores" in expect:
        scores = expect["scores"]
        you, other = str(check.you), str(1 - check.you)
        facts.append({"kind": "scores", "you": scores[you], "other": scores[other]})
    if "end_reason" in expect:
        reason = expect["end_reason"]
        if reason is None:
            facts.append({"kind": "night_goes_on"})
        else:
            text = texts("klubnacht", language)["end_reasons"][reason]
            facts.append({"kind": "night_ended", "text": text})
    if expect.get("winner") is not None:
        facts.append({"kind": "night_won", "mine": expect["winner"] == check.you})
    if "error" in expect:
        error = expect["error"]
        if error is None:
            facts.append({"kind": "all_allowed"})
        else:
            code = error["code"]
            facts.append({"kind": "refused", "text": error_text(language, f"game.{code}", code)})
    return facts


def facts(game: str, check: Check, language: str) -> list[dict[str, Any]]:
    """A self-check's expected outcome as facts for the page."""
    if game == "challengers":
        return challengers_facts(check, language)
    return klubnacht_facts(check, language)
