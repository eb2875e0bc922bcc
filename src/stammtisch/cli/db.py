"""`stammtisch db backup FILE` and `stammtisch db restore FILE`: copies of the configured database.

SQLite is copied with its online backup API: a consistent snapshot (write-ahead log included)
while the server keeps running. A restore wants the server stopped, since a running one keeps
game states in memory. PostgreSQL is handed to `pg_dump` (custom format) and
`pg_restore`, run when they are on the PATH; without them the command prints what to run.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Annotated

import typer
from sqlalchemy.engine import URL, make_url

from stammtisch.settings import Settings

app = typer.Typer(help="Back up and restore the database.", no_args_is_help=True)

File = Annotated[Path, typer.Argument(help="The backup file.", dir_okay=False)]
Force = Annotated[bool, typer.Option("--force", help="Overwrite what is already there.")]


def fail(message: str) -> typer.Exit:
    """Print the message on standard error; the exit to raise with it."""
    typer.echo(message, err=True)
    return typer.Exit(1)


def sqlite_path(url: URL) -> Path:
    """The file of a SQLite URL (an in-memory database has none to copy)."""
    if not url.database or url.database == ":memory:":
        raise fail("An in-memory SQLite database cannot be backed up.")
    return Path(url.database)


def stammtisch_tables(connection: sqlite3.Connection) -> int | None:
    """How many games a SQLite database holds, or None if it is no Stammtisch database."""
    try:
        names = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
        if not {"alembic_version", "games", "members"} <= names:
            return None
        return int(connection.execute("SELECT count(*) FROM games").fetchone()[0])
    except sqlite3.DatabaseError:
        return None


@contextmanager
def replacing(target: Path) -> Iterator[Path]:
    """A temporary file beside `target` that replaces it at once when the block succeeds."""
    partial = target.with_name(f".{target.name}.partial")
    partial.unlink(missing_ok=True)
    try:
        yield partial
        partial.replace(target)
    finally:
        partial.unlink(missing_ok=True)


def copy_sqlite(source: Path, target: Path) -> None:
    """Copy one SQLite database into another file with the online backup API, as one
    self-contained file (no write-ahead log beside it)."""
    with (
        closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as reader,
        closing(sqlite3.connect(target)) as writer,
    ):
        reader.backup(writer)
        writer.execute("PRAGMA journal_mode=DELETE")


def libpq(url: URL) -> tuple[str, dict[str, str]]:
    """A libpq connection string for pg_dump and pg_restore, and the environment with the
    password in PGPASSWORD (so it never shows in the process list)."""
    environment = dict(os.environ)
    if url.password is not None:
        environment["PGPASSWORD"] = str(url.password)
    plain = URL.create(
        "postgresql", url.username, None, url.host, url.port, url.database, url.query
    )
    return plain.render_as_string(hide_password=False), environment


def run_tool(tool: str, arguments: list[str], environment: dict[str, str]) -> None:
    """Run a PostgreSQL client tool, or print the command when it is not installed."""
    if shutil.which(tool) is None:
        shown = " ".join([tool, *arguments])
        raise fail(f"{tool} is not installed here; run it where it is:\n  {shown}")
    done = subprocess.run([tool, *arguments], env=environment, check=False)
    if done.returncode != 0:
        raise fail(f"{tool} failed (exit {done.returncode}).")


@app.command("backup")
def backup(file: File, force: Force = False) -> None:
    """Write a consistent copy of the configured database to FILE, also while the server runs."""
    url = make_url(Settings().effective_database_url())
    if file.exists() and not force:
        raise fail(f"{file} exists; pass --force to overwrite it.")
    if url.get_backend_name() == "postgresql":
        target, environment = libpq(url)
        arguments = ["--format=custom", "--no-owner", f"--file={file}", target]
        run_tool("pg_dump", arguments, environment)
        typer.echo(f"Backed up the PostgreSQL database to {file} (restore with pg_restore).")
        return
    source = sqlite_path(url)
    if not source.exists():
        raise fail(f"There is no database at {source}.")
    with replacing(file) as partial:
        copy_sqlite(source, partial)
        with closing(sqlite3.connect(partial)) as check:
            games = stammtisch_tables(check)
            if check.execute("PRAGMA quick_check").fetchone()[0] != "ok" or games is None:
                raise fail(f"The copy of {source} did not check out; nothing was written.")
    typer.echo(f"Backed up {source} to {file} ({games} games).")


@app.command("restore")
def restore(file: File, force: Force = False) -> None:
    """Replace the configured database with the backup in FILE (with the server stopped)."""
    url = make_url(Settings().effective_database_url())
    if not file.is_file():
        raise fail(f"There is no backup at {file}.")
    if url.get_backend_name() == "postgresql":
        if not force:
            raise fail("Restoring replaces every table of the database; pass --force to do it.")
        target, environment = libpq(url)
        arguments = ["--clean", "--if-exists", "--no-owner", "--single-transaction"]
        run_tool("pg_restore", [*arguments, f"--dbname={target}", str(file)], environment)
        typer.echo(f"Restored the PostgreSQL database from {file}.")
        return
    with closing(sqlite3.connect(f"file:{file}?mode=ro", uri=True)) as backup_file:
        games = stammtisch_tables(backup_file)
    if games is None:
        raise fail(f"{file} is not a Stammtisch database; nothing was changed.")
    target_path = sqlite_path(url)
    if target_path.exists() and not force:
        with closing(sqlite3.connect(f"file:{target_path}?mode=ro", uri=True)) as current:
            if stammtisch_tables(current):
                raise fail(f"{target_path} holds games; pass --force to replace it.")
    target_path.parent.mkdir(parents=True, exist_ok=True)
    with (
        closing(sqlite3.connect(f"file:{file}?mode=ro", uri=True)) as reader,
        closing(sqlite3.connect(target_path)) as writer,
    ):
        reader.backup(writer)  # in place and at once, write-ahead log and all
    typer.echo(f"Restored {target_path} from {file} ({games} games).")
