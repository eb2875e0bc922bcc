"""`stammtisch serve`: start the web server (JSON API, websocket, deadline sweeper)."""

from __future__ import annotations

import signal
import time
from pathlib import Path
from types import FrameType
from typing import Annotated, Any

import typer
import uvicorn

from stammtisch.settings import Settings
from stammtisch.web.drain import Drain


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
    from stammtisch.cli.heap import settle_heap
    from stammtisch.services.platform import build_platform
    from stammtisch.web.app import create_app
    from stammtisch.web.logs import configure_logging

    settings = overridden(
        host=host, port=port, database_url=database_url, redis_url=redis_url, data_dir=data_dir
    )
    configure_logging(settings.log_format, settings.log_level)
    platform = build_platform(settings)
    typer.echo(f"Stammtisch on http://{settings.host}:{settings.port}/ (API docs at /docs)")
    app = create_app(platform)
    config = uvicorn.Config(
        app,
        host=settings.host,
        port=settings.port,
        log_config=None,  # uvicorn's lines go through the handler configure_logging set up
        access_log=access_log,
        timeout_keep_alive=75,
        proxy_headers=True,
        forwarded_allow_ips=settings.forwarded_allow_ips,
        ws_max_size=settings.max_frame_bytes,  # a larger frame closes the socket with 1009
    )
    settle_heap()
    DrainingServer(config, app.state.drain, settings.drain_seconds).run()


class DrainingServer(uvicorn.Server):
    """uvicorn's server, which on SIGTERM first drains for `seconds`: it goes on serving while
    /readyz answers 503 and websockets are closed with 1012, then stops as uvicorn does (the
    requests under way finish, the background jobs hand back their claims)."""

    def __init__(self, config: uvicorn.Config, drain: Drain, seconds: float) -> None:
        super().__init__(config)
        self.drain = drain
        self.seconds = seconds
        self.stop_at: float | None = None

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        """SIGTERM starts the drain; a second signal, or SIGINT, stops as uvicorn does."""
        if sig == signal.SIGTERM and self.seconds > 0 and self.stop_at is None:
            self._captured_signals.append(sig)
            self.stop_at = time.monotonic() + self.seconds
            return
        super().handle_exit(sig, frame)

    async def on_tick(self, counter: int) -> bool:
        """Begin the drain once it was asked for, and stop when its time is up."""
        if self.stop_at is not None:
            await self.drain.begin()
            if time.monotonic() >= self.stop_at:
                self.should_exit = True
        return await super().on_tick(counter)
