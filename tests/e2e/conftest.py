"""Browser tests: a real server process, Debian's Chromium driven by Playwright, a real SMTP server.

Each xdist worker starts one `stammtisch serve` (SQLite in a temporary folder, e-mails to a local
aiosmtpd) and one headless Chromium; every test gets fresh browser contexts and members with
nicknames of its own. A page that logs a JavaScript error or a CSP violation fails its test.
"""

from __future__ import annotations

import itertools
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, sync_playwright

from stammtisch.web.catalogues import template_domains
from stammtisch.web.i18n import read_catalogue, translations
from tests.mailserver import Inbox, free_port, smtp_server

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-dev-shm-usage",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 860}
SCREENSHOTS = Path(os.environ.get("STAMMTISCH_SCREENSHOTS", "build/screenshots"))
"""Where the browser tests leave their screenshots of the main screens (the README names it)."""
PASSWORD = "correct horse battery"
REFUSED_REQUEST = re.compile(r"Failed to load resource: the server responded with a status of 4")
_names = itertools.count(1)


@dataclass
class Site:
    """A running `stammtisch serve` with its e-mail inbox."""

    url: str
    inbox: Inbox
    log: Path
    process: subprocess.Popen[bytes]

    def log_text(self) -> str:
        """What the server printed so far."""
        return self.log.read_text(errors="replace")


def _wait_until_up(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"server exited:\n{log.read_text()}")
        try:
            if httpx.get(f"{url}/api/games", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise AssertionError(f"server did not start:\n{log.read_text()}")


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """One server process for this worker's browser tests."""
    folder = tmp_path_factory.mktemp("site")
    inbox = Inbox()
    with smtp_server(inbox) as smtp_port:
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        env = {
            **os.environ,
            "STAMMTISCH_DATA_DIR": str(folder / "data"),
            "STAMMTISCH_PORT": str(port),
            "STAMMTISCH_PUBLIC_BASE_URL": url,
            "STAMMTISCH_SMTP_HOST": "127.0.0.1",
            "STAMMTISCH_SMTP_PORT": str(smtp_port),
            "STAMMTISCH_SWEEP_SECONDS": "0.2",
        }
        for name in ("STAMMTISCH_DATABASE_URL", "STAMMTISCH_REDIS_URL", "STAMMTISCH_TABLES_FILE"):
            env.pop(name, None)
        log = folder / "server.log"
        with log.open("ab") as out:
            process = subprocess.Popen(
                [sys.executable, "-m", "stammtisch", "serve"], env=env, stdout=out, stderr=out
            )
        try:
            _wait_until_up(url, process, log)
            yield Site(url, inbox, log, process)
        finally:
            process.terminate()
            process.wait(timeout=15)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless (no browser is downloaded)."""
    assert Path(CHROMIUM).exists(), "install Debian's chromium (scripts/setup-env dev does)"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS
        )
        yield launched
        launched.close()


@dataclass
class Browsing:
    """The browser contexts of one test, and the page errors they logged."""

    browser: Browser
    site: Site
    contexts: list[BrowserContext] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def context(
        self, language: str = "en", viewport: dict[str, int] | None = None
    ) -> BrowserContext:
        """A fresh browser (cookies of its own) whose reader prefers this language."""
        context = self.browser.new_context(
            base_url=self.site.url,
            locale={"de": "de-DE", "en": "en-GB", "fr": "fr-FR", "pt": "pt-PT"}[language],
            viewport=viewport or DESKTOP,  # type: ignore[arg-type]
            reduced_motion="reduce",
        )
        context.set_default_timeout(15_000)
        self.contexts.append(context)
        return context

    def page(self, language: str = "en", viewport: dict[str, int] | None = None) -> Page:
        """A new page in a fresh browser context, its errors collected."""
        page = self.context(language, viewport).new_page()
        self.watch(page)
        return page

    def watch(self, page: Page) -> None:
        """Collect the page's script errors and console errors (CSP violations among them)."""

        def on_console(message: ConsoleMessage) -> None:
            if message.type == "error" and not _expected_console_error(message.text):
                self.errors.append(f"{page.url}: console: {message.text}")

        page.on("console", on_console)
        page.on("pageerror", lambda error: self.errors.append(f"{page.url}: {error}"))


def _expected_console_error(text: str) -> bool:
    """Console errors that are the point of a test, not a fault (a refused request's status)."""
    return bool(REFUSED_REQUEST.search(text))


@pytest.fixture
def browsing(browser: Browser, site: Site) -> Iterator[Browsing]:
    """This test's browser contexts; the test fails if any page logged an error."""
    session = Browsing(browser, site)
    yield session
    for context in session.contexts:
        context.close()
    assert not session.errors, "\n".join(session.errors)


def unique(prefix: str) -> str:
    """A nickname no other test of this run uses (3 to 20 characters)."""
    return f"{prefix}{os.getpid() % 1000}x{next(_names)}"[:20]


def sign_up_by_api(page: Page, nickname: str, **extra: Any) -> dict[str, Any]:
    """Sign a member up through the API inside this page's browser (its cookie is kept)."""
    response = page.request.post(
        "/api/accounts/signup", data={"nickname": nickname, "password": PASSWORD, **extra}
    )
    assert response.status == 201, response.text()
    body: dict[str, Any] = response.json()
    return body


def api(page: Page, method: str, path: str, body: Any = None) -> Any:
    """Call the API as the member signed in on this page (with the session's CSRF token)."""
    token = page.request.get("/api/me").json()["csrf_token"]
    response = page.request.fetch(path, method=method, data=body, headers={"X-CSRF-Token": token})
    assert response.ok, response.text()
    return response.json() if response.text() else None


def screenshot(page: Page, name: str) -> Path:
    """Keep a screenshot of the main screens in the README's screenshot folder."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def serious_accessibility_problems(page: Page) -> list[str]:
    """What axe-core finds serious or critical on the page as it stands now."""
    results = Axe().run(page)
    return [
        f"{violation['id']} ({violation['impact']}): "
        + "; ".join(", ".join(node["target"]) for node in violation["nodes"][:5])
        for violation in results.response["violations"]
        if violation["impact"] in ("serious", "critical")
    ]


@cache
def _english_only(language: str) -> tuple[re.Pattern[str], ...]:
    """English sentences of the site's catalogues that read differently in this language."""
    local = translations(language)
    found = []
    for domain in template_domains():
        for message in read_catalogue("en", domain):
            text = message.id if isinstance(message.id, str) else None
            if not text or len(text) < 8 or " " not in text.strip():
                continue
            if local.gettext(text) != text:
                start = text.split("{")[0].split("%(")[0].strip()
                if start in local.gettext(text):
                    continue  # the translation begins alike ("Notifications, ..." in French)
                words = re.escape(start)
                if len(words) >= 8:
                    found.append(re.compile(rf"(?<!\w){words}(?!\w)"))
    return tuple(found)


def untranslated_texts(page: Page, language: str) -> list[str]:
    """English sentences of the site that show on a page meant for another language."""
    if language == "en":
        return []
    shown = page.locator("body").inner_text()
    labels = page.evaluate(
        "() => [...document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')]"
        ".map(e => [e.getAttribute('aria-label'), e.getAttribute('title'),"
        " e.getAttribute('placeholder'), e.getAttribute('alt')].filter(Boolean).join(' '))"
    )
    text = shown + "\n" + "\n".join(labels) + "\n" + page.title()
    return [pattern.pattern for pattern in _english_only(language) if pattern.search(text)]


def check_page(page: Page, language: str) -> None:
    """A page as it stands now has no serious accessibility problem and nothing untranslated."""
    assert untranslated_texts(page, language) == [], page.url
    assert serious_accessibility_problems(page) == [], page.url
