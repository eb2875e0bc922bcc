"""Managing the site's catalogues: extract messages, update the `.po` files, find what is missing.

`python -m stammtisch.web.catalogues update [DOMAIN...]` extracts the messages of every template
folder (one domain each) and the API's error codes (the `errors` domain), adds new ones to every
language and drops those no longer used; `check` lists what a translator still has to do. The
tests run the same check, so no message can go untranslated.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import write_po

from stammtisch.engine.registry import game_names
from stammtisch.services.accounts import LANGUAGES
from stammtisch.web.i18n import (
    ERRORS_DOMAIN,
    SOURCE_LANGUAGE,
    po_path,
    read_catalogue,
)

PACKAGE = Path(__file__).resolve().parents[1]
TEMPLATES = Path(__file__).parent / "templates"
JINJA_OPTIONS = {
    "extensions": "jinja2.ext.i18n",
    "trim_blocks": "true",
    "lstrip_blocks": "true",
    "newstyle_gettext": "true",
}
STABLE_DATE = datetime(2026, 12, 1, tzinfo=UTC)
"""The date written into every catalogue's header, so an update changes only what changed."""
ERROR_NAMESPACES = (
    "accounts|album|art|challenges|game|history|limits|lobby|ratings|request|server|ws"
)
SERVICE_CODE = re.compile(rf"\"((?:{ERROR_NAMESPACES})\.[a-z_]+)\"")
ENGINE_CODE = re.compile(r"GameError\(\s*\"([a-z_]+)\"")


def template_domains() -> list[str]:
    """The template folders, each one catalogue domain."""
    return sorted(p.name for p in TEMPLATES.iterdir() if p.is_dir() and any(p.rglob("*.html")))


def extract(domain: str) -> Catalog:
    """The messages a domain's templates use (or, for `errors`, every error code)."""
    catalogue = Catalog(domain=domain, project="Stammtisch", fuzzy=False)
    if domain == ERRORS_DOMAIN:
        for code in error_codes():
            catalogue.add(code)
        return catalogue
    folder = TEMPLATES / domain
    method_map = [("**.html", "jinja2.ext:babel_extract")]
    options_map = {"**.html": JINJA_OPTIONS}
    for name, line, message, comments, context in extract_from_dir(
        folder, method_map, options_map, keywords={"_": None, "gettext": None, "ngettext": (1, 2)}
    ):
        catalogue.add(
            message, locations=[(f"{domain}/{name}", line)], user_comments=comments, context=context
        )
    return catalogue


def error_codes() -> list[str]:
    """Every error code the services, the web layer and (prefixed `game.`) the engines raise."""
    codes: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        codes.update(SERVICE_CODE.findall(text))
        if "engine" in path.parts:
            codes.update(f"game.{code}" for code in ENGINE_CODE.findall(text))
    return sorted(codes - {f"game.{name}" for name in game_names()})


def all_domains() -> list[str]:
    """Every domain the site has: the template folders and the error codes."""
    return [*template_domains(), ERRORS_DOMAIN]


def needs_text(language: str, domain: str) -> bool:
    """Whether every message must carry a text here (English may fall back to the message id)."""
    return language != SOURCE_LANGUAGE or domain == ERRORS_DOMAIN


def update(only: list[str] | None = None) -> None:
    """Bring every language's catalogue of every domain (or of those named) in line with the
    messages in use."""
    for domain in only or all_domains():
        template = extract(domain)
        for language in LANGUAGES:
            path = po_path(language, domain)
            if path.exists():
                catalogue = read_catalogue(language, domain)
            else:
                catalogue = Catalog(locale=language, domain=domain, project="Stammtisch")
            catalogue.update(template, no_fuzzy_matching=True)
            catalogue.obsolete.clear()
            catalogue.fuzzy = False
            catalogue.creation_date = catalogue.revision_date = STABLE_DATE
            catalogue.last_translator = catalogue.language_team = "Stammtisch"
            catalogue.msgid_bugs_address = ""
            catalogue.copyright_holder = "Stammtisch"
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("wb") as handle:
                write_po(handle, catalogue, width=100, include_lineno=False, sort_output=True)


def problems() -> Iterator[str]:
    """What is missing or wrong: absent catalogues, untranslated, fuzzy or unused messages and
    placeholders that differ from the message id."""
    for domain in all_domains():
        wanted = {m.id for m in extract(domain) if m.id}
        for language in LANGUAGES:
            path = po_path(language, domain)
            if not path.exists():
                yield f"{language}/{domain}.po is missing"
                continue
            catalogue = read_catalogue(language, domain)
            have = {m.id: m for m in catalogue if m.id}
            for message_id in sorted(wanted - set(have), key=str):
                yield f"{language}/{domain}.po lacks {message_id!r}"
            for message_id in sorted(set(have) - wanted, key=str):
                yield f"{language}/{domain}.po has the unused {message_id!r}"
            for message_id, message in have.items():
                if message.fuzzy:
                    yield f"{language}/{domain}.po: {message_id!r} is fuzzy"
                elif needs_text(language, domain) and not _translated(message.string):
                    yield f"{language}/{domain}.po: {message_id!r} is untranslated"
            for message, errors in catalogue.check():
                for error in errors:
                    yield f"{language}/{domain}.po: {message.id!r}: {error}"


def _translated(string: object) -> bool:
    """Whether a catalogue entry's text is filled in (every plural form, where it has them)."""
    if isinstance(string, (tuple, list)):
        return all(string)
    return bool(string)


def main(argv: list[str]) -> int:
    """`update [DOMAIN...]` the catalogues or `check` them (exit 1 when something is missing)."""
    if argv[:1] == ["update"]:
        update(argv[1:])
    found = list(problems())
    for problem in found:
        print(problem)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
