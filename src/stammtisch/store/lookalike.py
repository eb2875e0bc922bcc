"""Look-alike nicknames: the confusable skeleton under which no two nicknames may be the same.

Two nicknames look alike when their skeletons are equal: each is normalised (NFKC) and
case-folded, then mapped to its Unicode confusable skeleton (UTS #39, through ICU's spoof
checker), then folded again (the skeleton of `0` is `O`). So `anna_t` written with a
Cyrillic a (U+0430), `Anna` with a full-width A (U+FF21) and `b0b` share the skeleton of
`anna_t`, `anna` and `bob`.
"""

from __future__ import annotations

import unicodedata

import icu

SKELETON_LENGTH = 400
"""Room for the longest skeleton of a 20-character nickname (one letter expands to 18)."""

_CHECKER = icu.SpoofChecker()


def fold(text: str) -> str:
    """Compatibility-normalised (NFKC) and case-folded."""
    return unicodedata.normalize("NFKC", text).casefold()


def skeleton(nickname: str) -> str:
    """The nickname's confusable skeleton: equal for nicknames a reader cannot tell apart."""
    return fold(_CHECKER.getSkeleton(0, fold(nickname)))
