"""`stammtisch serve`: start the web server (JSON API, websocket, deadline sweeper)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
import uvicorn

from stammtisch.settings import Settings


def overridden(**flags: Any) -> Settings:
    """The settings from the environment, with the given command-line flags taking precedence."""
    return Settings(**{name: value for name, value in flags.items() if value is not None})


def serve(
    host: Annotated[str | None, typer.Option(help="Address to listen on.")] = None,
    port: Annotated[int | None, typer.Option(help="Port to listen on.")] = None,
    database_url: Annotated[
        str | None, typer.Option(help="SQLAlchemy URL (default: SQLite file in the data folder).")
    ] = None,
    redis_url: Annotated[
        str | None, typer.Option(help="Redis URL to share live updates between processes.")
    ] = None,
    data_dir: Annotated[Path | None, typer.Option(help="Folder for the embedded database.")] = None,
    access_log: Annotated[
        bool, typer.Option(help="Also log uvicorn's access lines (each request is logged anyway).")
    ] = False,
) -> None:
    """Start the server; migrations are applied on start."""
    from stammtisch.services.platform import build_platform
    from stammtisch.web.app import create_app
    from stammtisch.web.logs import configure_logging

    settings = overridden(
        host=host, port=port, database_url=database_url, redis_url=redis_url, data_dir=data_dir
    )
    configure_logging(settings.log_format, settings.log_level)
    platform = build_platform(settings)
    typer.echo(f"Stammtisch on http://{settings.host}:{settings.port}/ (API docs at /docs)")
    uvicorn.run(
        create_app(platform),
        host=settings.host,
        port=settings.port,
        log_config=None,  # uvicorn's lines go through the handler configure_logging set up
        access_log=access_log,
        timeout_keep_alive=75,
        proxy_headers=True,
        forwarded_allow_ips=settings.forwarded_allow_ips,
    )
