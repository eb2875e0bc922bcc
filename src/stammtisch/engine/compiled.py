"""The optional compiled build of the Challengers! match loop (mypyc), never a stale one.

`scripts/build_speedups.py` compiles `MODULES` into `build/speedups/` of the checkout and writes
a manifest with each source file's hash. At import, `activate` puts that build in front of the
package's own path only if the manifest names this Python and every hash still matches the
source beside it, and `STAMMTISCH_PURE_ENGINE` is not set; otherwise the Python modules run.
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

BUILD_DIR = Path(__file__).resolve().parents[3] / "build" / "speedups"
MANIFEST = BUILD_DIR / "manifest.json"

_active = False


def source_hashes(package_dir: Path) -> dict[str, str]:
    """SHA-256 of each compiled module's source file."""
    return {
        name: hashlib.sha256((package_dir / f"{name}.py").read_bytes()).hexdigest()
        for name in MODULES
    }


def manifest_for(package_dir: Path) -> dict[str, object]:
    """What a build of these sources for this Python records."""
    return {"python": sys.implementation.cache_tag, "sources": source_hashes(package_dir)}


def activate(package_path: MutableSequence[str]) -> bool:
    """Put a matching build in front of the package path; whether the build is in use."""
    global _active
    if os.environ.get(PURE_SWITCH) == "1" or not MANIFEST.is_file():
        return False
    package_dir = Path(package_path[0])
    try:
        built = json.loads(MANIFEST.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    if built != manifest_for(package_dir):
        return False
    package_path.insert(0, str(BUILD_DIR.joinpath(*PACKAGE.split("."))))
    if str(BUILD_DIR) not in sys.path:
        sys.path.append(str(BUILD_DIR))  # the build's shared runtime module
    _active = True
    return True


def active() -> bool:
    """Whether the match loop runs compiled in this process."""
    return _active
