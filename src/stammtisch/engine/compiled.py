"""The optional compiled build of the Challengers! match loop (mypyc), never a stale one.

`scripts/build_speedups.py` compiles `MODULES` into `build/speedups/` of the checkout and writes
a manifest with the hash of every engine source file (the compiled modules and all they import,
whose constants the build may have inlined). At import, `activate` puts that build in front of
the package's own path only if the manifest names this Python and these modules and every hash
still matches, and `STAMMTISCH_PURE_ENGINE` is not set; otherwise the Python modules run.
Both play identical games from the same source (the tests compare them). Import-time only: the
rules themselves do no I/O.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import MutableSequence
from pathlib import Path

PACKAGE = "stammtisch.engine.challengers"
MODULES = ("piles", "board", "match_state", "decide", "autoplay", "placement", "effects", "match")
"""The modules of the match loop that are compiled (all or none of them run compiled)."""

PURE_SWITCH = "STAMMTISCH_PURE_ENGINE"
"""Set to 1 to run the pure Python modules even where a matching build exists."""

ENGINE_DIR = Path(__file__).resolve().parent
BUILD_DIR = ENGINE_DIR.parents[2] / "build" / "speedups"
MANIFEST = BUILD_DIR / "manifest.json"

_active = False


def source_hashes() -> dict[str, str]:
    """SHA-256 of every engine source file, by path below the engine package."""
    return {
        path.relative_to(ENGINE_DIR).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(ENGINE_DIR.rglob("*.py"))
    }


def manifest() -> dict[str, object]:
    """What a build of the current sources for this Python records."""
    return {
        "python": sys.implementation.cache_tag,
        "modules": list(MODULES),
        "sources": source_hashes(),
    }


def up_to_date() -> bool:
    """Whether a build is in place that was made from exactly these sources for this Python."""
    try:
        built = json.loads(MANIFEST.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return bool(built == manifest())


def activate(package_path: MutableSequence[str]) -> bool:
    """Put a matching build in front of the package path; whether the build is in use."""
    global _active
    if os.environ.get(PURE_SWITCH) == "1" or not up_to_date():
        return False
    package_path.insert(0, str(BUILD_DIR.joinpath(*PACKAGE.split("."))))
    if str(BUILD_DIR) not in sys.path:
        sys.path.append(str(BUILD_DIR))  # the build's shared runtime module
    _active = True
    return True


def active() -> bool:
    """Whether the match loop runs compiled in this process."""
    return _active
