"""Translated platform texts (notifications, e-mails, how a game ended) from gettext catalogues."""

from __future__ import annotations

import string
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

from stammtisch.services.accounts import LANGUAGES

LOCALE = Path(__file__).parent / "locale"
DOMAIN = "notifications"


class CatalogueError(ValueError):
    """A catalogue is missing, incomplete, or its placeholders differ from the English text."""


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@cache
def catalogues() -> dict[str, dict[str, str]]:
    """Language -> message id -> text, checked to be complete and consistent."""
    result: dict[str, dict[str, str]] = {}
    for language in LANGUAGES:
        path = LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"
        if not path.exists():
            raise CatalogueError(f"missing catalogue {path}")
        with path.open("rb") as handle:
            catalogue = read_po(handle, locale=language)
        result[language] = {
            str(m.id): str(m.string) for m in catalogue if m.id and isinstance(m.string, str)
        }
    english = result["en"]
    for language, messages in result.items():
        for key, text in english.items():
            if not messages.get(key):
                raise CatalogueError(f"{language}/{DOMAIN}.po: no translation of {key!r}")
            if _fields(messages[key]) != _fields(text):
                raise CatalogueError(f"{language}/{DOMAIN}.po: placeholders of {key!r} differ")
    return result


def translate(language: str, key: str, **params: object) -> str:
    """The text `key` in this language (English if unknown), with the placeholders filled."""
    messages = catalogues().get(language) or catalogues()["en"]
    text = messages.get(key)
    if text is None:
        raise CatalogueError(f"no text {key!r} in the {DOMAIN} catalogue")
    return text.format(**params)


def has_text(key: str) -> bool:
    """Whether the catalogue has this message."""
    return key in catalogues()["en"]
