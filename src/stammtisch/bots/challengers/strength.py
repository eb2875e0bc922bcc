"""How strong bots are: tournaments with the bots in rotating seats, per bot wins, finals, times."""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from stammtisch.bots.challengers.simulate import bot_rng
from stammtisch.bots.registry import make_bot
from stammtisch.engine.challengers.game import GAME
from stammtisch.engine.protocol import GameError


@dataclass(frozen=True, slots=True)
class SeatResult:
    """How one seat of one tournament went: its bot, the result and its decision times (s)."""

    bot: str
    won: bool
    draw: bool
    final: bool
    times: tuple[float, ...]


@dataclass(slots=True)
class BotFigures:
    """One bot's pooled figures over every seat it sat in."""

    played: int = 0
    wins: int = 0
    draws: int = 0
    finals: int = 0
    times: list[float] = field(default_factory=list)

    def as_dict(self, with_finals: bool) -> dict[str, Any]:
        """The figures as the `--json` object of one bot (finals is null without a final)."""
        return {
            "played": self.played,
            "wins": self.wins,
            "win_rate": round(self.wins / self.played, 4) if self.played else 0.0,
            "draws": self.draws,
            "finals": self.finals if with_finals else None,
            "p50_ms": round(percentile(self.times, 50) * 1000, 3),
            "p99_ms": round(percentile(self.times, 99) * 1000, 3),
            "decisions": len(self.times),
        }


def percentile(values: Sequence[float], q: int) -> float:
    """The q-th percentile (inclusive method; 0 for no values)."""
    if not values:
        return 0.0
    if len(values) == 1:
        return values[0]
    return (
        statistics.quantiles(values, n=100, method="inclusive")[q - 1] if q < 100 else max(values)
    )


def lineup(bots: Sequence[str], players: int) -> list[str]:
    """The bot of each seat before rotation: the names given, the last one filling the rest."""
    names = [name.strip() for name in bots if name.strip()]
    if not names:
        raise GameError("no_bots", "Name at least one bot.")
    if len(names) > players:
        raise GameError("too_many_bots", f"{len(names)} bots for {players} seat(s).")
    for name in dict.fromkeys(names):
        make_bot("challengers", name)
    return names + [names[-1]] * (players - len(names))


def seating(line: Sequence[str], game: int) -> list[str]:
    """The bot of each seat in tournament number `game`: the lineup turned by one seat a game."""
    size = len(line)
    return [line[(seat - game) % size] for seat in range(size)]


def play_one(options: Mapping[str, Any], seed: int, seats: Sequence[str]) -> list[SeatResult]:
    """One tournament with seats[i] playing seat i; each decision timed in processor seconds."""
    state = GAME.setup({**options, "players": len(seats)}, seed)
    players = [make_bot("challengers", name) for name in seats]
    rngs = [bot_rng(seed, seat) for seat in range(len(seats))]
    times: list[list[float]] = [[] for _ in seats]
    while GAME.outcome(state) is None:
        seat = min(GAME.to_act(state))
        start = time.process_time()
        action = players[seat].choose(GAME, state, seat, rngs[seat])
        times[seat].append(time.process_time() - start)
        GAME.apply(state, seat, action)
    outcome = GAME.outcome(state)
    assert outcome is not None
    finalists = set(outcome.details.get("finalists", ()))
    first = outcome.ranking[0]
    results = []
    for seat, name in enumerate(seats):
        if len(seats) == 1:
            won = not outcome.details.get("robot_won") and not outcome.details.get("draw")
            draw = bool(outcome.details.get("draw"))
        else:
            won = first == (seat,)
            draw = seat in first and len(first) > 1
        results.append(SeatResult(name, won, draw, seat in finalists, tuple(times[seat])))
    return results


def _chunk(job: tuple[Mapping[str, Any], int, list[str], list[int]]) -> list[list[SeatResult]]:
    """A run of tournaments by number (for one worker process)."""
    options, seed, line, games = job
    return [play_one(options, seed + game, seating(line, game)) for game in games]


def play_many(
    options: Mapping[str, Any], seed: int, line: Sequence[str], games: int, workers: int = 1
) -> list[list[SeatResult]]:
    """Tournament i (seed + i, lineup turned i seats), in order; the same for any worker count."""
    GAME.setup({**options, "players": len(line)}, seed)  # bad options fail here, not in a worker
    numbers = list(range(games))
    if workers <= 1:
        return _chunk((dict(options), seed, list(line), numbers))
    jobs = [(dict(options), seed, list(line), numbers[w::workers]) for w in range(workers)]
    with ProcessPoolExecutor(workers) as pool:
        parts = list(pool.map(_chunk, jobs))
    ordered: list[list[SeatResult]] = [[] for _ in numbers]
    for w, part in enumerate(parts):
        for number, result in zip(numbers[w::workers], part, strict=True):
            ordered[number] = result
    return ordered


def pool(results: Iterable[Sequence[SeatResult]]) -> dict[str, BotFigures]:
    """Per bot name, the figures of all its seats together."""
    figures: dict[str, BotFigures] = {}
    for tournament in results:
        for seat in tournament:
            bot = figures.setdefault(seat.bot, BotFigures())
            bot.played += 1
            bot.wins += seat.won
            bot.draws += seat.draw
            bot.finals += seat.final
            bot.times.extend(seat.times)
    return figures
