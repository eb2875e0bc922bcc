"""A readable English log of Challengers! events (the simulate command and golden files)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from stammtisch.engine.challengers.catalogue import catalogue
from stammtisch.engine.challengers.coaches import coach_set
from stammtisch.engine.challengers.rules_data import rules
from stammtisch.engine.protocol import Event


def _name(key: str) -> str:
    """A card's English name."""
    return catalogue().card(key).en


def _names(keys: Iterable[str]) -> str:
    """Card names joined."""
    return ", ".join(_name(key) for key in keys) or "nothing"


def _coach(key: str) -> str:
    """A coach's English name, marked as a house coach."""
    return f"{coach_set().coaches[coach_set().by_key[key]].name['en']} (house coach)"


def _coaches(keys: Iterable[str]) -> str:
    """Coach names joined."""
    return ", ".join(_coach(key) for key in keys)


def _who(seat: int) -> str:
    """A seat or the robot."""
    return "robot" if seat < 0 else f"seat {seat}"


def _round_name(number: int) -> str:
    """'round N', or 'the final'."""
    return "the final" if number == rules().final_round else f"round {number}"


def _against_robot(data: dict[str, Any]) -> str:
    """How a solo game went against the robot (or a shared first place), for the last line."""
    if data.get("draw"):
        return " (a draw" + (" with the robot)" if "robot_won" in data else ")")
    if "robot_won" in data:
        return " (the robot wins)" if data["robot_won"] else " (seat 0 beats the robot)"
    return ""


_LINES: dict[str, Callable[[dict[str, Any]], str]] = {
    "round_started": lambda d: (
        f"== Round {d['round']}"
        + (f" (Winter Park: park {d['winter_park']})" if d["winter_park"] is not None else "")
        + " =="
    ),
    "pile_drawn": lambda d: f"{_who(d['seat'])} draws {d['count']} from pile {d['pile']}",
    "redrawn": lambda d: f"{_who(d['seat'])} redraws {d['count']} from pile {d['pile']}",
    "cards_drawn": lambda d: f"  ({_who(d['seat'])} sees: {_names(d['cards'])})",
    "card_picked": lambda d: f"  ({_who(d['seat'])} keeps {_name(d['card'])})",
    "card_kept_at_random": lambda d: f"  ({_who(d['seat'])} gets {_name(d['card'])} at random)",
    "card_kept": lambda d: f"{_who(d['seat'])} keeps a card of pile {d['pile']}",
    "extra_pick": lambda d: f"{_who(d['seat'])} pays {d['paid']} card(s) for an extra pick",
    "card_removed": lambda d: f"  ({_who(d['seat'])} removes {_name(d['card'])} to {d['to']})",
    "cards_removed": lambda d: f"{_who(d['seat'])} removes a card",
    "deck_phase_done": lambda d: f"{_who(d['seat'])} is ready ({d['deck']} cards)",
    "match_started": lambda d: (
        f"-- Park {d['park']}, {_round_name(d['round'])}: "
        + " vs ".join(_who(s) for s in d["seats"])
        + f"; {_who(d['beginner'])} begins"
        + (" (flag toss)" if d["toss"] else " (higher trophy)")
    ),
    "card_revealed": lambda d: (
        f"   {_who(d['seat'])} reveals {_name(d['card'])} ({d['deck']} left)"
    ),
    "attack": lambda d: f"     attack {d['attack']} vs flag {d['defence']}",
    "flag_taken": lambda d: f"   {_who(d['seat'])} takes the flag with {_name(d['card'])}",
    "cards_benched": lambda d: f"   {_who(d['seat'])} benches {_names(d['cards'])}",
    "cards_frozen": lambda d: (
        f"   {_who(d['seat'])} freezes {_names(d['cards'])} on frozen seat {d['frozen_seat']}"
    ),
    "bench_full": lambda d: f"   {_who(d['seat'])} has no seat for {_names(d['cards'])}",
    "deck_empty": lambda d: f"   {_who(d['seat'])} has no card left to attack",
    "match_won": lambda d: f"   {_who(d['seat'])} wins the match ({d['reason']})",
    "fans_gained": lambda d: f"   {_who(d['seat'])} gains {d['fans']} fan(s) ({_name(d['card'])})",
    "cards_exhausted": lambda d: f"   {_who(d['seat'])}: {_names(d['cards'])} to the exhaust pile",
    "cards_to_deck_top": lambda d: (
        f"   {_who(d['seat'])}: {_names(d['cards'])} from bench onto deck"
    ),
    "card_destroyed": lambda d: f"   {_who(d['seat'])}: {_name(d['card'])} leaves the game",
    "pile_to_deck": lambda d: (
        f"   {_who(d['seat'])} gets {d['count']} card(s) of pile {d['pile']}"
        f" on the {d['position']} of the deck ({_name(d['card'])})"
    ),
    "card_to_bench_from_deck": lambda d: (
        f"   {_who(d['seat'])} must bench the top card {_name(d['card'])}"
    ),
    "bonus_pending": lambda d: (
        f"   {_who(d['seat'])}'s next card gets +{d['bonus']} ({_name(d['card'])})"
    ),
    "bonus_applied": lambda d: f"   {_name(d['card'])} gets +{d['bonus']} in this attack",
    "deck_looked": lambda d: (
        f"   {_who(d['seat'])} looks at {d['count']} card(s) ({_name(d['card'])})"
    ),
    "card_put_under": lambda d: f"   {_who(d['seat'])} puts a card under the deck",
    "deck_reordered": lambda d: f"   {_who(d['seat'])} reorders the top {d['count']} cards",
    "deck_searched": lambda d: (
        f"   {_who(d['seat'])} searches the deck, a card goes to the {d['position']}"
    ),
    "trophy_taken": lambda d: (
        f"{_who(d['seat'])} takes the round-{d['round']} trophy of park {d['park']}"
        + (f" ({d['fans']} fans)" if "fans" in d else "")
    ),
    "trophy_fans": lambda d: f"  ({_who(d['seat'])}'s trophy is worth {d['fans']} fans)",
    "trophy_burned": lambda d: (
        f"the round-{d['round']} trophy of park {d['park']} goes back to the box"
    ),
    "finalists": lambda d: (
        "== Final: "
        + " vs ".join(_who(s) for s in d["seats"])
        + " | fans "
        + ", ".join(f"{_who(int(s))} {f}" for s, f in d["fans"].items())
    ),
    "coaches_dealt": lambda d: f"  ({_who(d['seat'])} is dealt {_coaches(d['coaches'])})",
    "coach_chosen": lambda d: f"{_who(d['seat'])} keeps a coach",
    "coach_chosen_was": lambda d: f"  ({_who(d['seat'])} keeps {_coach(d['coach'])})",
    "coaches_revealed": lambda d: (
        "coaches: " + ", ".join(f"{_who(int(s))} {_coach(c)}" for s, c in d["coaches"].items())
    ),
    "coach_used": lambda d: (
        f"   {_who(d['seat'])} uses {_coach(d['coach'])}"
        + (f" (+{d['bonus']})" if "bonus" in d else "")
    ),
    "coach_cards_to_bottom": lambda d: (
        f"   {_who(d['seat'])} puts {d['count']} card(s) under the deck ({_coach(d['coach'])})"
    ),
    "coach_fans": lambda d: f"   {_who(d['seat'])} gains {d['fans']} fan(s) ({_coach(d['coach'])})",
    "game_over": lambda d: (
        f"== Game over ({d['reason']}): ranking "
        + " > ".join("/".join(_who(s) for s in group) for group in d["ranking"])
        + _against_robot(d)
    ),
}


def line(event: Event) -> str | None:
    """One readable line for an event (None for events this log leaves out)."""
    data = {**event.data}
    if event.kind == "decision":
        what = data["decision"]
        if "coach" in data:
            what += f" of {_coach(data['coach'])}"
        return f"   ({_who(data['seat'])} decides {what}: {', '.join(data['options'])})"
    if event.kind == "decision_answered":
        return f"   ({_who(data['seat'])} chooses {data['choice']})"
    render = _LINES.get(event.kind)
    if render is None:
        return None
    return render(data)


def narrate(events: Iterable[Event]) -> list[str]:
    """The readable log of a list of events."""
    return [text for text in (line(event) for event in events) if text is not None]
