"""`stammtisch klubnacht`: simulate a robot night, play a scenario file, the balance report."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from stammtisch.bots.klubnacht.balance import klubnacht_bot, play_many, report
from stammtisch.bots.klubnacht.duel import play_duel
from stammtisch.bots.registry import bot_names
from stammtisch.engine.klubnacht import GAME
from stammtisch.engine.klubnacht.catalogue import CHIP_CODES, sentence
from stammtisch.engine.klubnacht.scenario import run_scenario
from stammtisch.engine.protocol import Event, GameError

app = typer.Typer(help="Klubnacht, the two-club duel.", no_args_is_help=True)

BotsOption = Annotated[str, typer.Option("--bots", help="Two robots A,B for seats 0 and 1.")]
IterationsOption = Annotated[
    int | None, typer.Option("--iterations", help="Search iterations per move of the strong robot.")
]


def _bots(spec: str) -> tuple[str, str]:
    """Two robot names from "A,B" (or one name for both seats)."""
    names = [name.strip() for name in spec.split(",") if name.strip()]
    if len(names) == 1:
        names *= 2
    known = bot_names("klubnacht")
    if len(names) != 2 or not set(names) <= set(known):
        raise typer.BadParameter(f"give two robots of {', '.join(known)}, e.g. heuristic,strong")
    return names[0], names[1]


def describe(event: Event) -> str:
    """One event as a line of the readable log (omniscient: private events are marked)."""
    data = dict(event.data)
    who = f"seat {data.pop('seat')}" if "seat" in data else ""
    details = ", ".join(f"{key}={value}" for key, value in data.items())
    private = "" if event.audience is None else f" (only seat {min(event.audience)})"
    return (
        f"{event.kind.replace('_', ' ')}: {who}{'; ' if who and details else ''}{details}{private}"
    )


@app.command()
def simulate(
    seed: Annotated[int, typer.Option("--seed", help="The night's seed.")],
    chips: Annotated[bool, typer.Option("--chips", help="Play the chip variant.")] = False,
    bots: BotsOption = "heuristic,heuristic",
    as_json: Annotated[bool, typer.Option("--json", help="JSON lines instead of a log.")] = False,
    iterations: IterationsOption = None,
) -> None:
    """Play one whole night between two robots; the same seed prints the same night."""
    names = _bots(bots)
    robots = [klubnacht_bot(name, iterations) for name in names]

    def show(seat: int, text: str, events: list[Event]) -> None:
        if as_json:
            typer.echo(json.dumps({"seat": seat, "action": text}))
            for event in events:
                typer.echo(json.dumps(_event_json(event)))
        else:
            typer.echo(f"seat {seat}> {text}")
            for event in events:
                typer.echo(f"    {describe(event)}")

    start = GAME.setup({"chips": chips}, seed)
    header: dict[str, Any] = {
        "seed": seed,
        "variant": "chips" if chips else "classic",
        "bots": list(names),
        "starter": start.starter,
        "chips": start.chips,
        "wishlist": [task.id for task in start.tasks],
        "face_down": [t.id for t, down in zip(start.tasks, start.face_down, strict=True) if down],
    }
    typer.echo(json.dumps({"night": header}) if as_json else _header_text(header))
    duel = play_duel(robots, seed, chips, on_action=show)
    outcome = duel.outcome
    result = {
        "scores": {str(seat): points for seat, points in outcome.scores.items()},
        "winner": outcome.winners[0],
        "end_reason": outcome.reason,
    }
    if as_json:
        typer.echo(json.dumps({"result": result}))
    else:
        typer.echo(sentence("end_reasons", outcome.reason, "en"))
        scores, winner = result["scores"], result["winner"]
        typer.echo(f"result: scores {scores}, winner seat {winner}, end {outcome.reason}")


def _header_text(header: dict[str, Any]) -> str:
    """The readable first line of a simulated night."""
    return (
        f"Klubnacht seed {header['seed']} ({header['variant']}), robots {header['bots']}, "
        f"starter seat {header['starter']}, chips {header['chips']}, wishlist {header['wishlist']} "
        f"(face down: {header['face_down']})"
    )


def _event_json(event: Event) -> dict[str, Any]:
    """An event as JSON data; private ones say whom they are for."""
    data = event.to_dict()
    if event.audience is not None:
        data["to"] = sorted(event.audience)
    return data


@app.command()
def play(
    file: Annotated[Path, typer.Argument(help="A scenario file (docs/scenarios.md).")],
) -> None:
    """Play a scenario; print scores, winner, end reason, events and the first error."""
    try:
        spec = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as problem:
        typer.echo(json.dumps({"error": {"code": "bad_file", "message": str(problem)}}))
        raise typer.Exit(2) from None
    try:
        result = run_scenario(spec)
    except GameError as problem:
        typer.echo(json.dumps({"error": {"code": problem.code, "message": problem.reason}}))
        raise typer.Exit(2) from None
    typer.echo(json.dumps(result))


@app.command()
def balance(
    games: Annotated[int, typer.Option("--games", min=1, help="How many nights to play.")],
    bots: BotsOption = "strong,strong",
    chips: Annotated[bool, typer.Option("--chips/--classic", help="Variant to play.")] = True,
    iterations: IterationsOption = None,
    workers: Annotated[int, typer.Option("--workers", min=1, help="Processes to use.")] = 1,
    first_seed: Annotated[int, typer.Option("--first-seed", help="Seed of the first night.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object.")] = False,
) -> None:
    """Play many nights and print the starter's and each chip's win rate."""
    names = _bots(bots)
    results = play_many(range(first_seed, first_seed + games), chips, names, iterations, workers)
    summary = report(results)
    chip_rates = {
        chip: summary.chip_rate(chip) for chip in CHIP_CODES if summary.chip_games.get(chip)
    }
    if as_json:
        data = {
            "games": summary.games,
            "bots": list(names),
            "variant": "chips" if chips else "classic",
            "iterations": iterations,
            "starter_win_rate": summary.starter_rate,
            "starter_win_rate_without_compensation": summary.starter_rate_without_compensation,
            "chip_win_rates": chip_rates,
            "chip_games": summary.chip_games,
            "end_reasons": summary.reasons,
        }
        typer.echo(json.dumps(data))
        return
    variant = "chips" if chips else "classic"
    typer.echo(f"{summary.games} nights, robots {names[0]} vs {names[1]}, {variant}")
    typer.echo(f"starter wins {summary.starter_rate:.1%} with compensation")
    typer.echo(f"starter wins {summary.starter_rate_without_compensation:.1%} without compensation")
    for chip, rate in chip_rates.items():
        typer.echo(f"chip {chip}: holder wins {rate:.1%} of {summary.chip_games[chip]} nights")
    typer.echo(f"ends: {dict(sorted(summary.reasons.items()))}")
