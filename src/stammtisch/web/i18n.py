"""The site's translations: gettext catalogues per domain in `locale/`, merged per language.

Each folder of `templates/` is one domain (`layout`, `accounts`, `hub`, ...) whose messages are
English sentences; the `errors` domain is keyed by the API's error codes. The `.po` files are the
source (managed with `python -m stammtisch.web.catalogues`); they are compiled in memory on first
use, so no generated file is kept in the repository.
"""

from __future__ import annotations

from functools import cache
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from stammtisch.services.accounts import LANGUAGES

LOCALE = Path(__file__).parent / "locale"
SOURCE_LANGUAGE = "en"
ERRORS_DOMAIN = "errors"
LANGUAGE_NAMES = {"de": "Deutsch", "en": "English", "fr": "Français", "pt": "Português"}
"""Each language in its own words, for the language switch."""


def po_path(language: str, domain: str) -> Path:
    """Where the catalogue of one domain in one language lives."""
    return LOCALE / language / "LC_MESSAGES" / f"{domain}.po"


def domains() -> list[str]:
    """The catalogue domains, as the English catalogues name them."""
    return sorted(path.stem for path in (LOCALE / SOURCE_LANGUAGE / "LC_MESSAGES").glob("*.po"))


def read_catalogue(language: str, domain: str) -> Catalog:
    """One domain's catalogue in one language, as Babel reads it."""
    with po_path(language, domain).open("rb") as handle:
        return read_po(handle, locale=language, domain=domain)


def _compiled(catalogue: Catalog) -> Translations:
    """A catalogue compiled in memory (fuzzy entries left out, as gettext does)."""
    buffer = BytesIO()
    write_mo(buffer, catalogue)
    buffer.seek(0)
    return Translations(buffer, domain=catalogue.domain)


@cache
def translations(language: str) -> Translations:
    """Every domain of one language merged into one gettext object."""
    merged = Translations()
    for domain in domains():
        if po_path(language, domain).exists():
            merged.merge(_compiled(read_catalogue(language, domain)))
    return merged


@cache
def error_texts(language: str) -> dict[str, str]:
    """The API's error codes with their sentence in this language (English where missing)."""
    english = read_catalogue(SOURCE_LANGUAGE, ERRORS_DOMAIN)
    local = read_catalogue(language, ERRORS_DOMAIN)
    texts = {str(m.id): str(m.string) for m in english if m.id and m.string}
    texts.update({str(m.id): str(m.string) for m in local if m.id and m.string and not m.fuzzy})
    return texts


def error_text(language: str, code: str, fallback: str) -> str:
    """The sentence for an error code in this language, or the given fallback."""
    return error_texts(language).get(code, fallback)


def pick_language(*candidates: str | None) -> str:
    """The first candidate that is a site language, else English."""
    for candidate in candidates:
        if candidate in LANGUAGES:
            return str(candidate)
    return SOURCE_LANGUAGE
