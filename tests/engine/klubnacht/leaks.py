"""What a seat may know: the cards visible to it, and checks that views and events hold no more."""

from __future__ import annotations

import json
import re
from typing import Any

from stammtisch.engine.klubnacht import KlubnachtState
from stammtisch.engine.klubnacht.catalogue import MOTIFS
from stammtisch.engine.klubnacht.view import viewer_bit

CARD_PATTERN = re.compile(r"\b(?:" + "|".join(MOTIFS) + r")[1-9]\b")


def visible_cards(state: KlubnachtState, seat: int | None) -> set[int]:
    """The cards whose identity and place this viewer may know now."""
    bit = viewer_bit(seat)
    cards = {c for c in state.market if c >= 0} | set(state.destroyed)
    for pile in state.spent:
        cards.update(card for card, _ in pile)
    for hand in state.hands:
        cards.update(c for c in hand if state.seen[c] & bit)
    return cards


def card_texts_in(data: Any) -> set[str]:
    """Every card text mentioned anywhere in some JSON-ready data."""
    return set(CARD_PATTERN.findall(json.dumps(data)))


def hidden_tasks_in(state: KlubnachtState, data: Any) -> set[str]:
    """The ids of face-down tasks that some JSON-ready data mentions (there should be none)."""
    text = json.dumps(data)
    hidden = {task.id for task, down in zip(state.tasks, state.face_down, strict=True) if down}
    return {task_id for task_id in hidden if re.search(rf"\b{task_id}\b", text)}
