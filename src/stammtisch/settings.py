"""One settings object: environment variables `STAMMTISCH_*`, overridden by CLI flags."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Everything an operator can configure; each field is read from `STAMMTISCH_<NAME>`."""

    model_config = SettingsConfigDict(env_prefix="STAMMTISCH_", extra="ignore")

    data_dir: Path = Field(Path("var"), description="Folder for the embedded database and keys.")
    database_url: str | None = Field(
        None, description="SQLAlchemy URL; default: a SQLite file in the data folder."
    )
    redis_url: str | None = Field(
        None, description="Redis URL for live updates across processes; default: in-process."
    )
    redis_prefix: str = Field("stammtisch", description="Prefix of every Redis channel name.")
    secret_key: str | None = Field(
        None, description="Secret for signing; default: generated once into the data folder."
    )
    public_base_url: str = Field(
        "http://127.0.0.1:8000", description="Address members reach the site at (used in e-mails)."
    )
    host: str = Field("127.0.0.1", description="Address `stammtisch serve` listens on.")
    port: int = Field(8000, description="Port `stammtisch serve` listens on.")
    forwarded_allow_ips: str = Field(
        "127.0.0.1",
        description="Proxies (comma-separated addresses, or *) trusted to name the client in "
        "X-Forwarded-For; login rate limits count failures per client address.",
    )
    password_cost: Literal["standard", "test"] = Field(
        "standard",
        description="argon2 cost of new password hashes: `standard` (RFC 9106, 64 MiB, 3 "
        "passes), or `test`, the cheapest there is, for test suites and benchmarks only: never "
        "for real members' passwords.",
    )
    smtp_host: str | None = Field(None, description="SMTP server for e-mail; none: no e-mail.")
    smtp_port: int = Field(25, description="SMTP port.")
    smtp_user: str | None = Field(None, description="SMTP user name, if the server wants a login.")
    smtp_password: str | None = Field(None, description="SMTP password.")
    smtp_sender: str = Field("stammtisch@localhost", description="From address of e-mails.")
    smtp_starttls: bool = Field(False, description="Use STARTTLS with the SMTP server.")
    tables_file: Path | None = Field(
        None, description="A tables.toml replacing the packaged clocks and timeout rules."
    )
    worker_threads: int | None = Field(
        None,
        ge=1,
        le=200,
        description="Threads for blocking work per process; default 2 on SQLite, 8 otherwise.",
    )
    sweep_seconds: float = Field(1.0, description="How often deadlines and e-mails are swept.")
    run_sweeper: bool = Field(True, description="Whether this process sweeps deadlines.")
    notification_days: int = Field(
        180,
        ge=0,
        description="Days notifications are kept; the sweeper deletes older ones (0: all kept).",
    )
    log_format: Literal["plain", "json"] = Field(
        "plain", description="Log lines as plain text or as one JSON object a line."
    )
    log_level: str = Field("INFO", description="Lowest level logged (DEBUG, INFO, WARNING, ...).")
    metrics_token: str | None = Field(
        None, description="Bearer token /metrics asks for; none: /metrics is open."
    )
    drain_seconds: float = Field(
        0.0,
        ge=0,
        description="On SIGTERM, how long the process keeps serving with /readyz answering 503 "
        "(websockets told to reconnect elsewhere) before it stops.",
    )
    clock_offset_file: Path | None = Field(
        None,
        description="For tests and rehearsals only: a file holding seconds added to the real "
        "time; processes reading the same file share one moved clock.",
    )
    signup_limit: int = Field(
        10, ge=1, description="Sign-ups one client address may make per signup_window_seconds."
    )
    signup_window_seconds: int = Field(3600, ge=1, description="The window of signup_limit.")
    write_limit: int = Field(
        300,
        ge=1,
        description="Writes (actions, challenges, settings...) one member may make per "
        "write_window_seconds; counted across processes through Redis when redis_url is set.",
    )
    write_window_seconds: int = Field(60, ge=1, description="The window of write_limit.")
    max_body_bytes: int = Field(
        65536, ge=1024, description="Largest request body; larger ones are refused with 413."
    )
    max_frame_bytes: int = Field(
        16384,
        ge=1024,
        description="Largest websocket message from a client; larger ones close it with 1009.",
    )
    ready_timeout_seconds: float = Field(
        2.0, gt=0, description="How long /readyz waits for the database before answering 503."
    )

    def effective_database_url(self) -> str:
        """The configured database URL, or the embedded SQLite file in the data folder."""
        if self.database_url:
            return self.database_url
        self.data_dir.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{(self.data_dir / 'stammtisch.sqlite3').resolve()}"

    def effective_secret_key(self) -> str:
        """The configured secret key, or one generated once and kept in the data folder."""
        if self.secret_key:
            return self.secret_key
        self.data_dir.mkdir(parents=True, exist_ok=True)
        path = self.data_dir / "secret_key"
        if not path.exists():
            path.write_text(secrets.token_urlsafe(48))
            path.chmod(0o600)
        return path.read_text().strip()

    def effective_worker_threads(self) -> int:
        """Request threads: few on SQLite (one writer, CPU-bound), more when the database is
        a server that requests wait for."""
        if self.worker_threads is not None:
            return self.worker_threads
        return 2 if self.effective_database_url().startswith("sqlite") else 8

    @property
    def secure_cookies(self) -> bool:
        """Cookies carry the Secure flag when the site is served over HTTPS."""
        return self.public_base_url.startswith("https://")
