"""Many robot nights in parallel, and the balance figures: starter and chip win rates."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from stammtisch.bots.klubnacht.duel import play_duel
from stammtisch.bots.klubnacht.ismcts import StrongBot
from stammtisch.bots.protocol import Bot
from stammtisch.bots.registry import make_bot


def klubnacht_bot(name: str, iterations: int | None = None) -> Bot:
    """A Klubnacht robot by name; `iterations` sets the strong robot's budget."""
    if name == "strong" and iterations is not None:
        return StrongBot(iterations=iterations)
    return make_bot("klubnacht", name)


@dataclass(frozen=True)
class NightResult:
    """What the balance report needs of one finished night."""

    seed: int
    starter: int
    winner: int
    winner_without_compensation: int
    chips: tuple[str | None, str | None]
    scores: tuple[int, int]
    reason: str
    thinking: tuple[float, float] = (0.0, 0.0)
    """Processor seconds each seat's robot spent choosing."""
    decisions: tuple[int, int] = (0, 0)


def play_one(seed: int, chips: bool, names: tuple[str, str], iterations: int | None) -> NightResult:
    """Play one night between two named robots (a top-level function, for worker processes)."""
    bots = [klubnacht_bot(name, iterations) for name in names]
    duel = play_duel(bots, seed, chips)
    outcome = duel.outcome
    details = outcome.details
    plain = details["scores_without_compensation"]
    starter = details["starter"]
    other = 1 - starter
    chip_pair = tuple(None if c is None else c["chip"] for c in details["chips"])
    return NightResult(
        seed=seed,
        starter=starter,
        winner=outcome.winners[0],
        winner_without_compensation=other if plain[other] > plain[starter] else starter,
        chips=(chip_pair[0], chip_pair[1]),
        scores=(outcome.scores[0], outcome.scores[1]),
        reason=outcome.reason,
        thinking=(duel.thinking[0], duel.thinking[1]),
        decisions=(duel.decisions[0], duel.decisions[1]),
    )


def play_many(
    seeds: Iterable[int],
    chips: bool,
    names: tuple[str, str],
    iterations: int | None = None,
    workers: int = 1,
) -> list[NightResult]:
    """Play a night for each seed, in `workers` processes when more than one."""
    seeds = list(seeds)
    if workers <= 1:
        return [play_one(seed, chips, names, iterations) for seed in seeds]
    count = len(seeds)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        jobs = pool.map(play_one, seeds, [chips] * count, [names] * count, [iterations] * count)
        return list(jobs)


@dataclass
class BalanceReport:
    """Win rates of the starter (with and without compensation) and of each chip's holder."""

    games: int = 0
    starter_wins: int = 0
    starter_wins_without_compensation: int = 0
    chip_games: dict[str, int] = field(default_factory=dict)
    chip_wins: dict[str, int] = field(default_factory=dict)
    reasons: dict[str, int] = field(default_factory=dict)

    @property
    def starter_rate(self) -> float:
        """The starter's win rate as played (compensation included)."""
        return self.starter_wins / self.games if self.games else 0.0

    @property
    def starter_rate_without_compensation(self) -> float:
        """The starter's win rate had the 3 compensation points not counted."""
        return self.starter_wins_without_compensation / self.games if self.games else 0.0

    def chip_rate(self, chip: str) -> float:
        """How often the holder of a chip won."""
        games = self.chip_games.get(chip, 0)
        return self.chip_wins.get(chip, 0) / games if games else 0.0


def report(results: Sequence[NightResult]) -> BalanceReport:
    """The balance figures of some nights."""
    summary = BalanceReport()
    for night in results:
        summary.games += 1
        summary.starter_wins += night.winner == night.starter
        summary.starter_wins_without_compensation += (
            night.winner_without_compensation == night.starter
        )
        summary.reasons[night.reason] = summary.reasons.get(night.reason, 0) + 1
        for seat, chip in enumerate(night.chips):
            if chip is not None:
                summary.chip_games[chip] = summary.chip_games.get(chip, 0) + 1
                summary.chip_wins[chip] = summary.chip_wins.get(chip, 0) + (night.winner == seat)
    return summary
