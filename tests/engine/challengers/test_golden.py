"""Golden playthroughs: readable logs of whole seeded tournaments; a rule change shows as a diff.

Every seat is played by the engine's auto-play policy, so the files depend only on the engine.
Regenerate after an intended change with
    STAMMTISCH_REGEN_GOLDEN=1 .venv/bin/pytest tests/engine/challengers/test_golden.py
and review the diff (`git diff tests/engine/challengers/golden/`) before committing.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from stammtisch.engine.challengers.auto import auto_action
from stammtisch.engine.challengers.game import GAME
from stammtisch.engine.challengers.narrate import narrate

GOLDEN = Path(__file__).parent / "golden"
CASES: dict[str, tuple[dict[str, Any], int]] = {
    "two_players": ({"players": 2}, 1),
    "three_players_robot_winter_park": ({"players": 3, "difficulty": 2, "winter_park": True}, 2),
    "four_players_alternate_draft": ({"players": 4, "alt_draft": True}, 3),
    "solo_difficulty_5_solo_cards": ({"players": 1, "difficulty": 5, "solo_cards": True}, 4),
    "eight_players_first_game": ({"players": 8, "sets": "first-game"}, 5),
}


def playthrough(options: dict[str, Any], seed: int) -> str:
    """The readable log of an auto-played tournament (private lines included, in brackets)."""
    state = GAME.setup(options, seed)
    events = GAME.drain_events(state)
    while GAME.outcome(state) is None:
        seat = min(GAME.to_act(state))
        events += GAME.apply(state, seat, auto_action(state, seat))
    header = (
        f"# Challengers! golden playthrough: {json.dumps(options, sort_keys=True)}, seed {seed}"
    )
    sets = f"# sets: city, {', '.join(state.sets)}"
    return "\n".join([header, sets, *narrate(events)]) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name: str) -> None:
    options, seed = CASES[name]
    text = playthrough(options, seed)
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("STAMMTISCH_REGEN_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing {path}; regenerate with STAMMTISCH_REGEN_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8"), f"{name} changed; see the module docstring"
