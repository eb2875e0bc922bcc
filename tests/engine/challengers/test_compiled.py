"""The compiled match loop (mypyc) plays exactly like the Python one and is never used stale."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from stammtisch.engine import compiled
from stammtisch.engine.challengers import match

SOURCE_DIR = Path(compiled.__file__).parent / "challengers"


def run_engine(pure: bool, *args: str) -> subprocess.CompletedProcess[str]:
    """Run the `stammtisch` command in a fresh process, with or without the compiled loop."""
    env = {k: v for k, v in os.environ.items() if k != compiled.PURE_SWITCH}
    if pure:
        env[compiled.PURE_SWITCH] = "1"
    return subprocess.run(
        [sys.executable, "-m", "stammtisch", *args],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=300,
    )


def assert_passes_on_the_python_engine(test: str) -> None:
    """Run one test of this suite in a fresh process with the pure Python match loop."""
    env = {**os.environ, compiled.PURE_SWITCH: "1"}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=", test],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:]
    assert "1 passed" in done.stdout, done.stdout[-3000:]


def test_a_build_in_place_is_the_one_running() -> None:
    if compiled.MANIFEST.is_file() and os.environ.get(compiled.PURE_SWITCH) != "1":
        assert compiled.active()
        assert match.__file__ is not None
        assert not match.__file__.endswith(".py")
    else:
        assert not compiled.active()
        assert match.__file__ == str(SOURCE_DIR / "match.py")


@pytest.mark.parametrize(
    "options",
    [
        ["--players", "5", "--seed", "11"],
        ["--players", "3", "--seed", "4", "--winter-park"],
        ["--players", "1", "--seed", "8", "--difficulty", "5", "--solo-cards"],
        ["--players", "2", "--seed", "21", "--alt-draft"],
    ],
)
def test_the_compiled_and_the_python_match_loop_play_identical_tournaments(
    options: list[str],
) -> None:
    command = ["challengers", "simulate", *options, "--json"]
    as_built = run_engine(False, *command).stdout
    python = run_engine(True, *command).stdout
    assert as_built == python
    assert json.loads(python.splitlines()[-1])


COACHES_TOURNAMENT = """
import json
from stammtisch.bots.challengers.simulate import simulate
for players, seed in ((4, 5), (3, 9), (2, 14)):
    result = simulate({"players": players, "coaches": True, "winter_park": seed == 9}, seed)
    print(json.dumps([[e.kind, e.data] for e in result.events], sort_keys=True, default=str))
    print(result.outcome)
"""
"""Coaches tournaments (4, 3 with Winter Park, 2 seats): every event and the outcome."""


def test_the_compiled_and_the_python_match_loop_play_identical_coaches_tournaments() -> None:
    def run(pure: bool) -> str:
        env = {k: v for k, v in os.environ.items() if k != compiled.PURE_SWITCH}
        if pure:
            env[compiled.PURE_SWITCH] = "1"
        done = subprocess.run(
            [sys.executable, "-c", COACHES_TOURNAMENT],
            capture_output=True,
            text=True,
            env=env,
            check=True,
            timeout=300,
        )
        return done.stdout

    as_built, python = run(False), run(True)
    assert as_built == python
    assert '"coach_used"' in python


def test_a_build_of_other_sources_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(compiled.PURE_SWITCH, raising=False)
    monkeypatch.setattr(compiled, "BUILD_DIR", tmp_path)
    monkeypatch.setattr(compiled, "MANIFEST", tmp_path / "manifest.json")
    monkeypatch.setattr(compiled, "_active", False)
    monkeypatch.setattr(sys, "path", list(sys.path))
    manifest = compiled.manifest()
    sources = manifest["sources"]
    assert isinstance(sources, dict)
    assert "challengers/match.py" in sources
    assert "challengers/tables.py" in sources  # inlined constants live there
    stale = {**manifest, "sources": {**sources, "challengers/tables.py": "0" * 64}}
    (tmp_path / "manifest.json").write_text(json.dumps(stale))
    path = [str(SOURCE_DIR)]
    assert not compiled.activate(path)
    assert path == [str(SOURCE_DIR)]
    assert not compiled.active()

    (tmp_path / "manifest.json").write_text(json.dumps(manifest))
    monkeypatch.setenv(compiled.PURE_SWITCH, "1")
    assert not compiled.activate(path)

    monkeypatch.delenv(compiled.PURE_SWITCH)
    assert compiled.activate(path)
    assert path == [str(tmp_path / "stammtisch" / "engine" / "challengers"), str(SOURCE_DIR)]
    assert compiled.active()
