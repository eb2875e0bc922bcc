"""`stammtisch challengers simulate|strength|match`: bot tournaments, bot strength, scenarios."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from stammtisch.bots.challengers.simulate import simulate
from stammtisch.bots.challengers.strength import lineup, play_many, pool
from stammtisch.engine.challengers.narrate import narrate
from stammtisch.engine.challengers.scenario import play
from stammtisch.engine.protocol import Event, GameError

app = typer.Typer(
    help="Challengers!: simulate tournaments with bots, replay scenario matches.",
    no_args_is_help=True,
)


def _sets(value: str) -> str | list[str]:
    """'random', 'first-game' or a comma-separated list of set names."""
    if value in ("random", "first-game"):
        return value
    return [name.strip() for name in value.split(",") if name.strip()]


def _event_json(event: Event) -> dict[str, Any]:
    """An event as one JSON object (private events say to whom)."""
    data = event.to_dict()
    if event.audience is not None:
        data["to"] = sorted(event.audience)
    return data


SIMULATE_HELP = (
    "Play a whole tournament with bots and print its log (or JSON lines). This is an operator's"
    " and debugging log with full information (every seat's draws, decisions and hidden fan"
    " values); players are only ever sent their own view and the events meant for them."
)


@app.command("simulate", help=SIMULATE_HELP)
def simulate_command(
    players: Annotated[
        int, typer.Option("--players", help="1 to 8 players (bots in every seat).")
    ] = 4,
    seed: Annotated[
        int, typer.Option("--seed", help="The game's seed: same seed, same tournament.")
    ] = 1,
    difficulty: Annotated[
        int, typer.Option("--difficulty", help="Robot difficulty 0-5 (4-5 solo).")
    ] = 0,
    solo_cards: Annotated[
        bool, typer.Option("--solo-cards", help="Add the robot's SOLO cards (solo).")
    ] = False,
    alt_draft: Annotated[
        bool, typer.Option("--alt-draft", help="The alternate draft rule.")
    ] = False,
    winter_park: Annotated[
        bool, typer.Option("--winter-park", help="Play with the Winter Park.")
    ] = False,
    sets: Annotated[
        str, typer.Option("--sets", help="random, first-game, or 5 sets: castle,funfair,...")
    ] = "random",
    bots: Annotated[
        str,
        typer.Option(
            "--bots", help="Bots by seat, comma-separated: random, easy, greedy, medium, hard."
        ),
    ] = "greedy",
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="JSON lines: every event (private ones marked 'to'), then the result.",
        ),
    ] = False,
) -> None:
    """Play a whole tournament with bots and print its log (or JSON lines)."""
    options = {
        "players": players,
        "sets": _sets(sets),
        "difficulty": difficulty,
        "solo_cards": solo_cards,
        "alt_draft": alt_draft,
        "winter_park": winter_park,
    }
    try:
        result = simulate(options, seed, [name.strip() for name in bots.split(",")])
    except GameError as error:
        typer.echo(f"error: {error.reason}", err=True)
        raise typer.Exit(2) from None
    outcome = result.outcome
    if as_json:
        for event in result.events:
            typer.echo(json.dumps(_event_json(event), ensure_ascii=False))
        final = {
            "kind": "result",
            "ranking": [list(group) for group in outcome.ranking],
            "reason": outcome.reason,
            "scores": {str(k): v for k, v in outcome.scores.items()},
            "details": outcome.details,
        }
        typer.echo(json.dumps(final, ensure_ascii=False, default=str))
        return
    for text in narrate(result.events):
        typer.echo(text)


STRENGTH_HELP = (
    "Play N tournaments with the bots in rotating seats and print per bot its tournament win"
    " rate, final rate and median and 99th-percentile decision time (processor ms). --bots names"
    " the seats (the last name fills the rest: hard,greedy at 4 players is one hard against three"
    " greedy); tournament i has seed --seed + i and the seats turned by i, so every bot sits in"
    " every seat equally often. A bot named twice has its seats pooled (win rate per seat). Solo"
    " (--players 1): the bot against the robot at --difficulty."
)


@app.command("strength", help=STRENGTH_HELP)
def strength_command(
    players: Annotated[int, typer.Option("--players", help="1 to 8 seats.")] = 2,
    games: Annotated[int, typer.Option("--games", help="How many tournaments.", min=1)] = 100,
    bots: Annotated[
        str, typer.Option("--bots", help="Bots by seat, comma-separated (e.g. hard,greedy).")
    ] = "hard,greedy",
    coaches: Annotated[bool, typer.Option("--coaches", help="The coaches table option.")] = False,
    workers: Annotated[
        int, typer.Option("--workers", help="Worker processes (same figures for any).", min=1)
    ] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object.")] = False,
    difficulty: Annotated[
        int, typer.Option("--difficulty", help="Robot difficulty 0-5 (4-5 solo).")
    ] = 0,
    solo_cards: Annotated[
        bool, typer.Option("--solo-cards", help="Add the robot's SOLO cards (solo).")
    ] = False,
    seed: Annotated[int, typer.Option("--seed", help="The first tournament's seed.")] = 1,
) -> None:
    """Play N tournaments with the bots in rotating seats and print each bot's figures."""
    options = {
        "players": players,
        "difficulty": difficulty,
        "solo_cards": solo_cards,
        "coaches": coaches,
    }
    try:
        line = lineup(bots.split(","), players)
        results = play_many(options, seed, line, games, workers)
    except GameError as error:
        typer.echo(f"error: {error.reason}", err=True)
        raise typer.Exit(2) from None
    figures = {name: bot.as_dict(players >= 3) for name, bot in pool(results).items()}
    if as_json:
        typer.echo(json.dumps({"bots": figures, "games": games, "players": players}))
        return
    setting = f"{players} seat(s), {games} tournament(s), seeds {seed}-{seed + games - 1}"
    if players == 1:
        setting += f", robot difficulty {difficulty}{' with SOLO cards' if solo_cards else ''}"
    typer.echo(setting + (", coaches" if coaches else ""))
    for name, row in figures.items():
        finals = (
            f"final {row['finals']}/{row['played']} = {row['finals'] / row['played']:.1%}"
            if row["finals"] is not None
            else "final -"
        )
        typer.echo(
            f"{name}: wins {row['wins']}/{row['played']} = {row['win_rate']:.1%}"
            f" (draws {row['draws']}), {finals}, decision p50 {row['p50_ms']:.2f} ms"
            f" p99 {row['p99_ms']:.2f} ms ({row['decisions']} decisions)"
        )


@app.command("match")
def match_command(
    scenario: Annotated[Path, typer.Argument(help="A scenario file (see docs/scenarios.md).")],
) -> None:
    """Play one match from a scenario file and print one JSON object."""
    try:
        spec = json.loads(scenario.read_text("utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        typer.echo(f"error: cannot read {scenario}: {error}", err=True)
        raise typer.Exit(2) from None
    try:
        report = play(spec)
    except GameError as error:
        typer.echo(f"error: {error.reason}", err=True)
        raise typer.Exit(2) from None
    typer.echo(json.dumps(report, ensure_ascii=False))
