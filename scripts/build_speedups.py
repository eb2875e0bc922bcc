"""Compile the Challengers! match loop with mypyc into build/speedups/ (skipped when up to date).

Run by scripts/setup-env. Needs mypy (which brings mypyc) and a C compiler; without them the
pure Python engine runs and this prints why. See `stammtisch.engine.compiled`.
Usage: python scripts/build_speedups.py [--force]
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
sys.path.insert(0, str(SRC))
os.environ["STAMMTISCH_PURE_ENGINE"] = "1"  # hash the sources, do not load an old build

from stammtisch.engine import compiled  # noqa: E402

PACKAGE_DIR = SRC.joinpath(*compiled.PACKAGE.split("."))


def build() -> None:
    """Compile the modules into a fresh build directory, then record the manifest."""
    from mypyc.build import mypycify
    from setuptools import setup

    paths = [str(PACKAGE_DIR.relative_to(SRC) / f"{name}.py") for name in compiled.MODULES]
    shutil.rmtree(compiled.BUILD_DIR, ignore_errors=True)
    compiled.BUILD_DIR.mkdir(parents=True)
    os.chdir(SRC)
    try:
        with tempfile.TemporaryDirectory() as temp:
            os.environ["MYPY_CACHE_DIR"] = str(Path(temp) / "mypy")
            setup(
                name="stammtisch-speedups",
                ext_modules=mypycify(paths, opt_level="3", group_name="stammtisch_speedups"),
                script_args=[
                    "--quiet",
                    "build_ext",
                    "--build-lib",
                    str(compiled.BUILD_DIR),
                    "--build-temp",
                    temp,
                ],
            )
    finally:
        shutil.rmtree(SRC / "build", ignore_errors=True)  # mypyc's generated C sources
    manifest = json.dumps(compiled.manifest(), indent=2)
    compiled.MANIFEST.write_text(manifest + "\n", encoding="utf-8")


def main() -> None:
    """Build unless up to date; a failed build leaves the pure Python engine in use."""
    if "--force" not in sys.argv and compiled.up_to_date():
        return
    try:
        build()
    except (Exception, SystemExit) as error:  # no compiler, no mypy: the pure engine runs
        shutil.rmtree(compiled.BUILD_DIR, ignore_errors=True)
        print(f"build_speedups: not compiled ({error}); the pure Python engine runs.")
        return
    print(f"build_speedups: compiled {len(compiled.MODULES)} match-loop modules.")


if __name__ == "__main__":
    main()
