"""Server-rendered pages: one Jinja2 environment per language, with the site's helpers."""

from __future__ import annotations

import hashlib
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

from babel.dates import format_date, format_datetime
from babel.numbers import format_decimal
from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

from stammtisch.web.i18n import translations

STATIC = Path(__file__).parent / "static"


@cache
def static_url(path: str) -> str:
    """The address of a static file, versioned by its content so browsers never use a stale copy."""
    digest = hashlib.sha256((STATIC / path).read_bytes()).hexdigest()[:12]
    return f"/static/{path}?v={digest}"


def _date(value: datetime | str | None, language: str, style: str = "medium") -> str:
    if value is None:
        return ""
    moment = datetime.fromisoformat(value) if isinstance(value, str) else value
    return format_date(moment, format=style, locale=language)


def _datetime(value: datetime | str | None, language: str, style: str = "medium") -> str:
    if value is None:
        return ""
    moment = datetime.fromisoformat(value) if isinstance(value, str) else value
    return format_datetime(moment, format=style, locale=language, tzinfo=moment.tzinfo)


@cache
def environment(language: str) -> Environment:
    """The template environment of one language (its translations installed once)."""
    env = Environment(
        loader=PackageLoader("stammtisch.web", "templates"),
        autoescape=select_autoescape(["html", "svg"]),
        extensions=["jinja2.ext.i18n"],
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.install_gettext_translations(translations(language), newstyle=True)  # type: ignore[attr-defined]
    env.globals["static"] = static_url
    env.globals["lang"] = language
    env.filters["date"] = lambda value, style="medium": _date(value, language, style)
    env.filters["datetime"] = lambda value, style="medium": _datetime(value, language, style)
    env.filters["number"] = lambda value: format_decimal(value, locale=language)
    return env


def render_template(language: str, name: str, context: dict[str, Any]) -> str:
    """A template rendered in one language."""
    return environment(language).get_template(name).render(context)
