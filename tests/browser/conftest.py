"""Browser-test fixtures: one Voila server per session, Debian's chromium, a guarded page, and a guarded tab
shared by a module's tests of one page (``shared_tab``)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import chromium
import pytest
from live_server import VoilaServer, start_server, stop_server
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    Response,
    Route,
    WebSocket,
    expect,
    sync_playwright,
)
from playwright.sync_api import (
    Error as PlaywrightError,
)

from shengji_kit.practice import ENV_VAR

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
# Opening a notebook starts a kernel and runs every cell before the page arrives.
PAGE_TIMEOUT_MS = 90_000
ACTION_TIMEOUT_MS = 20_000

expect.set_options(timeout=ACTION_TIMEOUT_MS)
_REPORTS = pytest.StashKey[dict[str, pytest.TestReport]]()


@dataclass
class PageGuard:
    """What a page did that fails its test: requests to other hosts and uncaught script errors."""

    foreign_requests: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    # the route handler that aborts and records them (for a context that lifts it while a page leaves)
    block: Callable[[Route], None] | None = field(default=None, repr=False, compare=False)

    def problems(self) -> list[str]:
        """Why the test must fail, one line per kind of problem; [] when all is well."""
        found = []
        if self.foreign_requests:
            found.append("requests to other hosts (aborted): " + ", ".join(self.foreign_requests))
        if self.page_errors:
            found.append("uncaught page errors: " + " | ".join(self.page_errors))
        return found


def guard(context: BrowserContext) -> PageGuard:
    """Abort and record every request to another host; record uncaught errors of every tab."""
    seen = PageGuard()

    def websocket(socket: WebSocket) -> None:
        if not chromium.is_local(socket.url):
            seen.foreign_requests.append(socket.url)

    def watch(page: Page) -> None:
        page.on("websocket", websocket)
        page.on(
            "pageerror", lambda error: seen.page_errors.append(f"{error.name}: {error.message}")
        )

    # local requests pass; the rest are aborted and recorded (``block`` is kept for a context that lifts it)
    seen.block = chromium.abort_foreign(context, seen.foreign_requests)
    context.on("page", watch)
    return seen


def screenshot(page: Page, name: str) -> Path | None:
    """Save a full-page screenshot under test-artifacts/; None if the page cannot be captured."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    try:
        page.screenshot(path=path, full_page=True, timeout=10_000)
    except Exception:  # a crashed page must not hide the test's own failure
        return None
    return path


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Keep each phase's report on the test item, so fixtures can tell whether the test failed."""
    report = yield
    item.stash.setdefault(_REPORTS, {})[report.when] = report
    return report


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """The kit's Voila server, started exactly as ``make serve`` starts it, on a free port.

    Its kernels keep learners' data (progress, open rounds) in a fresh folder, never the real home.
    """
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(ENV_VAR, str(tmp_path_factory.mktemp("learner-data")))
        server = start_server(ARTIFACTS / "voila.log")
    try:
        yield server
    finally:
        stop_server(server)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's chromium, headless, for the whole session; fails (never skips) without it."""
    with sync_playwright() as driver:
        try:
            launched = chromium.launch(driver)
        except chromium.ChromiumMissing as missing:
            pytest.fail(str(missing), pytrace=False)
        yield launched
        launched.close()


@pytest.fixture
def page(
    browser: Browser, voila_server: VoilaServer, request: pytest.FixtureRequest
) -> Iterator[Page]:
    """A fresh tab on the server; foreign requests or page errors fail the test; failures leave a screenshot."""
    context = browser.new_context(
        viewport=chromium.VIEWPORT, base_url=voila_server.base_url, locale="en-US"
    )
    context.set_default_timeout(ACTION_TIMEOUT_MS)
    context.set_default_navigation_timeout(PAGE_TIMEOUT_MS)
    seen = guard(context)
    tab = context.new_page()
    yield tab
    failed = _failed(request)
    problems = seen.problems()
    shot = screenshot(tab, request.node.name) if failed or problems else None
    try:
        # Leaving a notebook lets Voila stop its kernel, as closing a learner's tab does; the
        # interception goes first, or it would swallow the page's shutdown beacon.
        context.unroute_all(behavior="ignoreErrors")
        for opened in context.pages:
            with contextlib.suppress(PlaywrightError):  # a crashed tab has no kernel to stop
                opened.goto("about:blank", timeout=10_000)
    finally:
        context.close()
    if problems:
        where = f" (screenshot: {shot})" if shot else ""
        pytest.fail("; ".join(problems) + where, pytrace=False)


def _failed(request: pytest.FixtureRequest) -> bool:
    return any(report.failed for report in request.node.stash.get(_REPORTS, {}).values())


class SharedTab:
    """One tab for the tests of a module that read a page, or act on parts of it no other test of the module
    touches: the page is loaded once and handed to each of them (a page load costs Chromium about 4 s of CPU,
    docs/testing.md). Another address leaves the page shown and loads the new one. A test that fails, or whose
    page made a foreign request or a script error, leaves the page afterwards, so the next test loads it afresh
    and never inherits its state."""

    def __init__(self, browser: Browser, server: VoilaServer) -> None:
        self.context = browser.new_context(
            viewport=chromium.VIEWPORT, base_url=server.base_url, locale="en-US"
        )
        self.context.set_default_timeout(ACTION_TIMEOUT_MS)
        self.context.set_default_navigation_timeout(PAGE_TIMEOUT_MS)
        self.seen = guard(self.context)
        self.address = ""
        self.tab: Page | None = None
        self.response: Response | None = None  # what the last load answered
        self.loads = 0

    def show(self, address: str, ready: Callable[[Page], object] | None = None) -> Page:
        """The tab showing ``address``: loaded (then ``ready`` waits for it) unless it already shows it."""
        if self.tab is None or self.address != address:
            self.leave()
            self.tab = self.context.new_page()
            self.address = address
            self.loads += 1
            self.response = self.tab.goto(address)
            if ready is not None:
                ready(self.tab)
        return self.tab

    def leave(self, guarded: bool = True) -> None:
        """Leave the page shown, if any, as closing a learner's tab does (Voila stops its kernel); the next
        ``show`` loads afresh. The guard's interception is lifted meanwhile, or it would swallow the page's
        shutdown beacon; ``guarded`` puts it back."""
        if self.tab is None:
            return
        tab, self.tab, self.address = self.tab, None, ""
        self.context.unroute_all(behavior="ignoreErrors")
        try:
            with contextlib.suppress(PlaywrightError):  # a crashed tab has no kernel to stop
                tab.goto("about:blank", timeout=10_000)
            with contextlib.suppress(PlaywrightError):
                tab.close()
        finally:
            if guarded and self.seen.block is not None:
                self.context.route(chromium.NOT_PLAINLY_LOCAL, self.seen.block)

    def close(self) -> None:
        try:
            self.leave(guarded=False)
        finally:
            self.context.close()


@pytest.fixture(scope="module")
def _module_tab(browser: Browser, voila_server: VoilaServer) -> Iterator[SharedTab]:
    shared = SharedTab(browser, voila_server)
    try:
        yield shared
    finally:
        shared.close()


@pytest.fixture
def shared_tab(_module_tab: SharedTab, request: pytest.FixtureRequest) -> Iterator[SharedTab]:
    """The module's shared tab (``SharedTab``), with the ``page`` fixture's checks for this test: foreign requests
    or page errors while it ran fail it, a failure leaves a screenshot, and after either the page is left so that
    the module's next test loads it afresh."""
    shared = _module_tab
    yield shared
    failed = _failed(request)
    problems = shared.seen.problems()
    shot = screenshot(shared.tab, request.node.name) if shared.tab is not None and (failed or problems) else None
    if failed or problems:
        shared.leave()
    shared.seen.foreign_requests.clear()
    shared.seen.page_errors.clear()
    if problems:
        where = f" (screenshot: {shot})" if shot else ""
        pytest.fail("; ".join(problems) + where, pytrace=False)
