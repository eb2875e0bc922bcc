"""Sign-up, login, logout, password reset, one's own settings and public profiles."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field

from stammtisch.services.accounts import LANGUAGES, SESSION_DAYS, SignedIn
from stammtisch.store.members import Member
from stammtisch.web.deps import (
    SESSION_COOKIE,
    PlatformDep,
    Reader,
    SameSite,
    SignUpLimit,
    Writer,
    client_address,
)
from stammtisch.web.openapi import EMAIL, EMAIL_PATTERN, LANGUAGE, NICKNAME, PASSWORD, refused

router = APIRouter(prefix="/api", tags=["accounts"])


class SignUpIn(BaseModel):
    """A new member's details."""

    nickname: str = Field(
        max_length=100,
        description="3 to 20 letters, digits, `_` or `-`; not one that looks like a member's.",
        json_schema_extra=NICKNAME,
    )
    password: str = Field(max_length=1000, json_schema_extra=PASSWORD)
    email: str | None = Field(None, max_length=300, json_schema_extra=EMAIL)
    email_notifications: bool = Field(
        False, description="Opt in to notification e-mails (needs an e-mail address)."
    )
    language: str | None = Field(None, max_length=10, json_schema_extra=LANGUAGE)


class LogInIn(BaseModel):
    """Credentials."""

    nickname: str = Field(max_length=100)
    password: str = Field(max_length=1000)


class ResetIn(BaseModel):
    """Who forgot their password: their nickname or e-mail address."""

    nickname_or_email: str = Field(min_length=1, max_length=300)


class ResetConfirmIn(BaseModel):
    """The token from a reset e-mail and the new password."""

    token: str = Field(max_length=200)
    new_password: str = Field(max_length=1000, json_schema_extra=PASSWORD)


class MeOut(BaseModel):
    """The signed-in member's own account (only they see the e-mail address)."""

    id: int
    nickname: str
    email: str | None
    email_notifications: bool
    language: str
    is_vip: bool
    csrf_token: str


class SettingsIn(BaseModel):
    """Changes to one's own settings; an empty e-mail removes the address."""

    email: str | None = Field(
        None, max_length=300, json_schema_extra={"pattern": f"^$|{EMAIL_PATTERN}"}
    )
    email_notifications: bool | None = None
    language: str | None = Field(None, max_length=10, json_schema_extra=LANGUAGE)


class PasswordIn(BaseModel):
    """A password change."""

    old_password: str = Field(max_length=1000)
    new_password: str = Field(max_length=1000, json_schema_extra=PASSWORD)


class ProfileOut(BaseModel):
    """What everyone may see of a member."""

    nickname: str
    is_vip: bool
    member_since: str
    games_played: int


def _me(member: Member, csrf_token: str) -> MeOut:
    return MeOut(
        id=member.id,
        nickname=member.nickname,
        email=member.email,
        email_notifications=member.email_notifications,
        language=member.language,
        is_vip=member.is_vip,
        csrf_token=csrf_token,
    )


def _set_cookie(request: Request, response: Response, signed: SignedIn) -> None:
    settings = request.app.state.platform.ctx.settings
    response.set_cookie(
        SESSION_COOKIE,
        signed.token,
        max_age=SESSION_DAYS * 86400,
        httponly=True,
        samesite="lax",
        secure=settings.secure_cookies,
        path="/",
    )


def browser_language(request: Request) -> str:
    """The first platform language the browser asks for, else English."""
    for part in request.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return "en"


@router.post(
    "/accounts/signup",
    status_code=201,
    dependencies=[SameSite, SignUpLimit],
    responses=refused(400, 409),
)
def sign_up(body: SignUpIn, request: Request, response: Response, platform: PlatformDep) -> MeOut:
    """Create an account and sign in (the session cookie is set)."""
    language = body.language or browser_language(request)
    signed = platform.accounts.sign_up(
        body.nickname, body.password, body.email, language, body.email_notifications
    )
    _set_cookie(request, response, signed)
    return _me(platform.accounts.member(signed.member_id), signed.csrf_token)


@router.post("/accounts/login", dependencies=[SameSite], responses=refused(401, 429))
def log_in(body: LogInIn, request: Request, response: Response, platform: PlatformDep) -> MeOut:
    """Sign in with nickname and password (the session cookie is set)."""
    signed = platform.accounts.log_in(body.nickname, body.password, client_address(request))
    _set_cookie(request, response, signed)
    return _me(platform.accounts.member(signed.member_id), signed.csrf_token)


@router.post(
    "/accounts/password-reset",
    status_code=202,
    dependencies=[SameSite],
    response_class=Response,
    responses={
        202: {"description": "Accepted; an e-mail goes out if the account has an address"},
        **refused(429),
    },
)
def request_password_reset(body: ResetIn, request: Request, platform: PlatformDep) -> Response:
    """Ask for a reset e-mail; the answer is the same whether or not the account exists."""
    platform.resets.request(body.nickname_or_email, client_address(request))
    return Response(status_code=202)


@router.post("/accounts/password-reset/confirm", dependencies=[SameSite], responses=refused(400))
def confirm_password_reset(
    body: ResetConfirmIn, request: Request, response: Response, platform: PlatformDep
) -> MeOut:
    """Set a new password with the e-mail's token; every session ends and a new one starts."""
    signed = platform.resets.confirm(body.token, body.new_password)
    _set_cookie(request, response, signed)
    return _me(platform.accounts.member(signed.member_id), signed.csrf_token)


@router.post("/accounts/logout", status_code=204)
def log_out(request: Request, identity: Writer, platform: PlatformDep) -> Response:
    """End this session."""
    platform.accounts.log_out(request.cookies.get(SESSION_COOKIE, ""))
    response = Response(status_code=204)
    response.delete_cookie(SESSION_COOKIE, path="/")
    return response


@router.get("/me")
def me(identity: Reader, platform: PlatformDep) -> MeOut:
    """The signed-in member's own account, with the CSRF token to send on writes."""
    return _me(platform.accounts.member(identity.member_id), identity.csrf_token)


@router.patch("/me", responses=refused(400))
def update_me(body: SettingsIn, identity: Writer, platform: PlatformDep) -> MeOut:
    """Change one's e-mail address, e-mail opt-in or language."""
    member = platform.accounts.update_settings(
        identity.member_id,
        email=body.email or None,
        clear_email=body.email == "",
        email_notifications=body.email_notifications,
        language=body.language,
    )
    return _me(member, identity.csrf_token)


@router.post("/me/password", status_code=204, responses=refused(400))
def change_password(
    body: PasswordIn, request: Request, identity: Writer, platform: PlatformDep
) -> Response:
    """Set a new password; every other session of the member ends, this one stays."""
    token = request.cookies.get(SESSION_COOKIE, "")
    platform.accounts.change_password(
        identity.member_id, body.old_password, body.new_password, token
    )
    return Response(status_code=204)


@router.get("/members/{nickname}", responses=refused(404))
def profile(nickname: str, platform: PlatformDep) -> ProfileOut:
    """A member's public profile."""
    member = platform.accounts.by_nickname(nickname)
    return ProfileOut(
        nickname=member.nickname,
        is_vip=member.is_vip,
        member_since=member.created_at.date().isoformat(),
        games_played=platform.accounts.games_played(member.id),
    )
