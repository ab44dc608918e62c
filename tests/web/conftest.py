"""Fixtures of the browser tests: a real ``titan serve`` (SQLite in a temporary directory) and
Debian's chromium driven by Playwright, one of each per pytest-xdist worker (the tests are in
one ``xdist_group``), a fresh browser context per test at 1280x800 (or at the size a test asks for).

Without /usr/bin/chromium (or ``TITAN_CHROMIUM``) the tests skip, saying why; with
``TITAN_REQUIRE_BROWSER=1`` (as ``.ci/run`` sets; ``scripts/test`` installs chromium when it
can) they fail instead, so CI cannot pass by skipping them. Screenshots go to
``test-artifacts/`` at the repository's root (and, where a test says so, to ``docs/``)."""

from __future__ import annotations

import os
from collections.abc import Generator, Iterator
from pathlib import Path

import pytest

from tests.server.harness import Server, ServerPool

CHROMIUM_ENV = "TITAN_CHROMIUM"
REQUIRE_ENV = "TITAN_REQUIRE_BROWSER"
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"

try:
    from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright
except ImportError:  # pragma: no cover - playwright is a dev dependency
    sync_playwright = None  # type: ignore[assignment]


def _chromium() -> str:
    path = os.environ.get(CHROMIUM_ENV, "/usr/bin/chromium")
    if sync_playwright is None or not Path(path).exists():
        reason = f"no browser: {path} is missing (apt-get install chromium; scripts/test does)"
        if sync_playwright is None:
            reason = "no browser: the playwright package is not installed"
        if os.environ.get(REQUIRE_ENV) == "1":
            pytest.fail(f"{REQUIRE_ENV}=1 but {reason}", pytrace=False)
        pytest.skip(reason)
    return path


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "xdist_group(name): tests that share one worker")


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    base = tmp_path_factory.mktemp("web-server")
    pool = ServerPool(base / "logs")
    try:
        yield pool.start(f"sqlite:///{base / 'titan.sqlite3'}")
    finally:
        pool.kill_all()


@pytest.fixture(scope="session")
def playwright_session() -> Iterator[Playwright]:
    _chromium()
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_session: Playwright) -> Iterator[Browser]:
    b = playwright_session.chromium.launch(
        executable_path=_chromium(), args=["--disable-dev-shm-usage"]
    )
    try:
        yield b
    finally:
        b.close()


class Contexts:
    """Fresh browser contexts (separate storage: separate players), closed at the end."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.made: list[BrowserContext] = []
        self.errors: list[str] = []

    def page(self, width: int = 1280, height: int = 800, touch: bool = False) -> Page:
        """A page in a fresh context; with ``touch``, a phone's or a tablet's (touch events,
        the mobile viewport meta tag honoured)."""
        ctx = self.browser.new_context(
            viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch
        )
        ctx.set_default_timeout(20_000)
        self.made.append(ctx)
        pg = ctx.new_page()
        pg.on("pageerror", lambda exc: self.errors.append(str(exc)))
        return pg

    def close(self) -> None:
        for ctx in self.made:
            ctx.close()


@pytest.fixture
def contexts(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Contexts]:
    made = Contexts(browser)
    try:
        yield made
        report = getattr(request.node, "rep_call", None)
        if report is not None and report.failed:
            ARTIFACTS.mkdir(exist_ok=True)
            for i, ctx in enumerate(made.made):
                for j, pg in enumerate(ctx.pages):
                    pg.screenshot(path=str(ARTIFACTS / f"failed-{request.node.name}-{i}{j}.png"))
        assert not made.errors, f"the page raised: {made.errors}"
    finally:
        made.close()


@pytest.fixture
def page(contexts: Contexts) -> Page:
    return contexts.page()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Keeps each phase's report on the item, so a fixture can see that its test failed."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report
