"""The strong robot: single-observer information-set Monte Carlo tree search.

Each iteration determinises the night from the robot's own knowledge (engine.determinise: the
opponent's unseen cards, the stack and face-down tasks resampled), walks one shared tree of
action keys with UCB over the actions available in that sample, expands one node, plays the
night out with the quick playout policy and credits the winner. Chips that name a motif are
searched with the few motifs worth naming (chip_keys). The robot never reads a hidden
fact: the determiniser sees only what its seat may know.
"""

from __future__ import annotations

import heapq
import math
import random
import time
from typing import Any

from stammtisch.bots.klubnacht.chip_keys import search_keys
from stammtisch.bots.klubnacht.rollout import rollout
from stammtisch.engine.klubnacht import KlubnachtState
from stammtisch.engine.klubnacht.determinise import determinise
from stammtisch.engine.klubnacht.fast import key_action, play_key
from stammtisch.engine.klubnacht.scoring import leader, score
from stammtisch.engine.protocol import Game, Seat

DEFAULT_ITERATIONS = 4000
"""Iterations per decision: a few tenths of a processor second per move here (less when settled)."""
EXPLORATION = 0.7
MARGIN_WEIGHT = 0.0
"""Share of the reward that grows with the final margin (the rest: 1 for a win, 0 for a loss)."""
MARGIN_SCALE = 6.0
SETTLED_CHECK = 50
"""How often (in iterations) the search checks whether its choice is already settled."""


class Node:
    """A node of the search tree: statistics of the action that led here, for its actor."""

    __slots__ = ("actor", "available", "children", "visits", "wins")

    def __init__(self, actor: int) -> None:
        self.actor = actor
        self.visits = 0
        self.wins = 0.0
        self.available = 1
        self.children: dict[int, Node] = {}


class StrongBot:
    """Information-set MCTS with a fixed iteration budget (or a time budget if given)."""

    name = "strong"

    def __init__(
        self,
        iterations: int = DEFAULT_ITERATIONS,
        seconds: float | None = None,
        exploration: float = EXPLORATION,
        margin_weight: float = MARGIN_WEIGHT,
    ) -> None:
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.margin_weight = margin_weight

    def choose(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
        """The most visited action at the root after the search."""
        keys = search_keys(state)
        if len(keys) == 1:
            return key_action(state, keys[0])
        root = self.search(state, seat, rng)
        best = max(keys, key=lambda key: _visits(root, key))
        return key_action(state, best)

    def search(self, state: KlubnachtState, seat: int, rng: random.Random) -> Node:
        """Run the iterations from the seat's information set; the root of the tree.

        With an iteration budget the search stops early once the remaining iterations could
        no longer change which action is the most visited: the choice is the budget's.
        """
        root = Node(1 - seat)
        choices = len(search_keys(state))
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        for done in range(1 << 62):
            if deadline is None:
                if done >= self.iterations:
                    break
                left = self.iterations - done
                if done % SETTLED_CHECK == 0 and _settled(root, choices, left):
                    break
            elif done % 16 == 0 and time.perf_counter() > deadline:
                break
            self._iterate(root, determinise(state, seat, rng), rng)
        return root

    def _iterate(self, root: Node, sample: KlubnachtState, rng: random.Random) -> None:
        """One descent, expansion, playout and update on a determinised night."""
        node, path = root, [root]
        while not sample.over:
            keys = search_keys(sample)
            untried = [key for key in keys if key not in node.children]
            for key in keys:
                child = node.children.get(key)
                if child is not None:
                    child.available += 1
            actor = sample.current
            if untried:
                key = untried[int(rng.random() * len(untried))]
                child = node.children[key] = Node(actor)
                play_key(sample, key)
                path.append(child)
                break
            key = _select(node, keys, self.exploration)
            play_key(sample, key)
            node = node.children[key]
            path.append(node)
        rollout(sample, rng.random)
        rewards = self._rewards(sample)
        for visited in path:
            visited.visits += 1
            visited.wins += rewards[visited.actor]

    def _rewards(self, final: KlubnachtState) -> tuple[float, float]:
        """Each seat's reward for a finished night: mostly winning, partly the margin."""
        margin = score(final, 0) - score(final, 1)
        shaped = 0.5 + 0.5 * math.tanh(margin / MARGIN_SCALE)
        win = 1.0 if leader(final) == 0 else 0.0
        first = (1 - self.margin_weight) * win + self.margin_weight * shaped
        return first, 1.0 - first


def _select(node: Node, keys: list[int], exploration: float) -> int:
    """The key with the best upper confidence bound among those available here."""
    best_key, best = keys[0], -1.0
    for key in keys:
        child = node.children[key]
        bound = child.wins / child.visits + exploration * math.sqrt(
            math.log(child.available) / child.visits
        )
        if bound > best:
            best_key, best = key, bound
    return best_key


def _settled(root: Node, choices: int, left: int) -> bool:
    """Whether `left` more iterations cannot change the root's most visited action."""
    if len(root.children) < choices:
        return False
    if choices < 2:
        return True
    first, second = heapq.nlargest(2, [child.visits for child in root.children.values()])
    return first - second > left


def _visits(root: Node, key: int) -> int:
    """How often the search tried an action at the root."""
    child = root.children.get(key)
    return 0 if child is None else child.visits
