"""Evaluating a card's task on one game, tiers reached, and the task's text."""

from __future__ import annotations

from collections.abc import Sequence

from stammtisch.services.album.catalogue import Task
from stammtisch.services.album.facts import Facts


def advance(task: Task, game: str, facts: Facts) -> int:
    """How far one game moves this task on: 0, 1 per matching game, or a counted fact."""
    if task.game is not None and task.game != game:
        return 0
    if any(facts.get(name) != value for name, value in task.when.items()):
        return 0
    if not all(_within(_number(facts, name), low=bound) for name, bound in task.at_least.items()):
        return 0
    if not all(_within(_number(facts, name), high=bound) for name, bound in task.at_most.items()):
        return 0
    return max(0, _number(facts, task.count) or 0) if task.count else 1


def _number(facts: Facts, name: str) -> int | None:
    """A number fact, or None when the game has no such number."""
    value = facts.get(name)
    return None if isinstance(value, bool) or not isinstance(value, int) else value


def _within(value: int | None, low: int | None = None, high: int | None = None) -> bool:
    """Whether a number lies within bounds (inclusive); a missing number never does."""
    return value is not None and (low is None or value >= low) and (high is None or value <= high)


def tier_reached(progress: int, thresholds: Sequence[int]) -> int:
    """The highest tier (0: none, 1: colour ... 4: gold) this progress has reached."""
    return sum(progress >= threshold for threshold in thresholds)


def next_target(progress: int, thresholds: Sequence[int]) -> int | None:
    """The progress the next tier needs, or None once gold is reached."""
    return next((threshold for threshold in thresholds if progress < threshold), None)


def task_text(task: Task, target: int, lang: str) -> str:
    """The task as a player reads it, for a target count, in a language (English fallback)."""
    forms = task.text.get(lang) or task.text["en"]
    return (forms.one if target == 1 else forms.other).format(n=target)
