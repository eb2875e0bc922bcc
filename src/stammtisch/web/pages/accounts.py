"""The account pages: sign-up, login, the forgotten password and its reset, one's settings."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Annotated

from babel.dates import format_date
from fastapi import APIRouter, Query
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from stammtisch.services.album.catalogue import catalogue
from stammtisch.services.album.collection import CardBackView
from stammtisch.web.pages.context import MemberPageDep, PageDep, safe_next

router = APIRouter(include_in_schema=False)

Next = Annotated[str | None, Query(max_length=500)]


@dataclass(frozen=True)
class BackChoice:
    """A card back the member may wear, as the settings page shows it."""

    value: str
    picture: str
    name: str
    detail: str


def back_choice(back: CardBackView, language: str) -> BackChoice:
    """An album card as a card-back choice: its picture, motif, tier and month in words."""
    year, month = (int(part) for part in back.month.split("-"))
    tier = catalogue().tiers[back.tier].get(language)
    month_name = format_date(date(year, month, 1), "LLLL y", locale=language)
    return BackChoice(
        value=f"{back.month}/{back.card}",
        picture=f"/art/backs/{back.motif.key}/{back.tier}.svg",
        name=back.motif.name,
        detail=f"{tier} · {month_name}",
    )


@router.get("/signup", response_class=HTMLResponse)
def sign_up(page: PageDep) -> Response:
    """A new member's form: nickname, password, e-mail and its opt-in, language."""
    if page.member is not None:
        return RedirectResponse("/hub", status_code=303)
    return page.render("accounts/signup.html")


@router.get("/login", response_class=HTMLResponse)
def log_in(page: PageDep, next: Next = None) -> Response:
    """Nickname and password; afterwards the page the member came from (of this site only)."""
    target = safe_next(next)
    if page.member is not None:
        return RedirectResponse(target, status_code=303)
    return page.render("accounts/login.html", next_path=target)


@router.get("/password-reset", response_class=HTMLResponse)
def password_reset(page: PageDep) -> Response:
    """Ask for a reset link, or (with the e-mail's `#token=` in the address) set a new password."""
    return page.render("accounts/password_reset.html")


@router.get("/settings", response_class=HTMLResponse)
def settings(page: MemberPageDep) -> Response:
    """One's language, e-mail address and opt-in, card back and password."""
    assert page.member is not None
    backs = page.platform.progress.card_backs(page.member.id, page.language)
    worn = f"{backs.worn.month}/{backs.worn.card}" if backs.worn else "plain"
    saved = page.request.query_params.get("saved") == "language"
    return page.render(
        "accounts/settings.html",
        backs=[back_choice(back, page.language) for back in backs.choices],
        worn=worn,
        language_saved=saved,
    )
