"""Debian's chromium driven by Playwright: found on PATH, launched headless with no network extras."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable, Sequence
from urllib.parse import urlsplit

import psutil
from playwright.sync_api import Browser, BrowserContext, Playwright, Route, ViewportSize

from shengji_kit.apps.serving import serve

ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-gpu",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# Headless Chromium is the whole browser with its window hidden: every new window (each browser
# context) loaded the address bar's suggestion popup, a web page of its own in a renderer of its own
# (chrome://omnibox-popup.top-chrome), and preloaded the window's other WebUI parts. No test shows
# them; they cost 0.8-1.9 s of CPU per context (benchmarks/page_load.py, docs/testing.md).
UNUSED_FEATURES = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup", "PreloadTopChromeWebUI")
# Playwright's own --disable-features list (playwright-core's chromiumSwitches.ts): Chromium obeys
# only the last --disable-features switch, so ours must carry Playwright's too. launch() checks the
# browser's real command line and launches again with any that this copy lacks.
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding",
    "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect", "TcpPortRandomizationWin",
    "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch",
    "msForceBrowserSignIn", "msEdgeUpdateLaunchServicesPreferredVersion",
)
DISABLE_FEATURES = "--disable-features="
VIEWPORT: ViewportSize = {"width": 1280, "height": 900}
LOCAL_SCHEMES = ("data", "blob", "about")
# Every address but the plainly local ones (http(s)://127.0.0.1 or localhost, then a port, path or
# nothing): a route on this pattern is matched in Playwright's driver, so a page's hundred local
# requests never wait on Python (Chromium 1.0 s and Python 0.5 s less a page load than a Python
# predicate, benchmarks/page_load.py --compare guard). The route's handler asks is_local again.
NOT_PLAINLY_LOCAL = re.compile(r"^(?!https?://(?:127\.0\.0\.1|localhost)(?:[:/?#]|$))", re.IGNORECASE)
MISSING = (
    "Debian's chromium is not installed, and the browser tests need it: "
    "run `apt-get install chromium` (never `playwright install`), "
    "or deselect these tests with `-m 'not browser'`."
)


class ChromiumMissing(RuntimeError):
    """No ``chromium`` on PATH."""


def launch(driver: Playwright, extra: Sequence[str] = ()) -> Browser:
    """Launch Debian's chromium headless (``ARGS``, then ``extra``) without the window parts no test
    shows (``UNUSED_FEATURES``), or raise ChromiumMissing with how to install it."""
    executable = shutil.which("chromium")
    if executable is None:
        raise ChromiumMissing(MISSING)
    features = [*PLAYWRIGHT_DISABLED_FEATURES, *UNUSED_FEATURES]

    def started() -> Browser:
        switches = [*ARGS, *extra, DISABLE_FEATURES + ",".join(features)]
        return driver.chromium.launch(executable_path=executable, args=switches)

    browser = started()
    dropped = [name for name in playwright_disabled_features(browser) if name not in features]
    if not dropped:
        return browser
    # this Playwright disables more than the copy above: launch again with its list and ours
    browser.close()
    features += dropped
    return started()


def playwright_disabled_features(browser: Browser) -> list[str]:
    """The features Playwright itself disabled on ``browser``'s command line (the first
    ``--disable-features``; ours comes last and is the one Chromium obeys)."""
    session = browser.new_browser_cdp_session()
    try:
        processes = session.send("SystemInfo.getProcessInfo")["processInfo"]
    finally:
        session.detach()
    pid = next(process["id"] for process in processes if process["type"] == "browser")
    switches = [arg for arg in psutil.Process(pid).cmdline() if arg.startswith(DISABLE_FEATURES)]
    return switches[0].removeprefix(DISABLE_FEATURES).split(",") if len(switches) > 1 else []


def is_local(url: str) -> bool:
    """Whether a browser request stays on this machine (127.0.0.1, localhost, data:, blob:)."""
    parts = urlsplit(url)
    return parts.scheme in LOCAL_SCHEMES or parts.hostname in serve.LOCAL_HOSTS


def abort_foreign(context: BrowserContext, foreign: list[str]) -> Callable[[Route], None]:
    """Abort every request ``context`` makes to another host and list its address in ``foreign``; the
    handler is returned, to route again on ``NOT_PLAINLY_LOCAL`` after lifting it.

    The route's pattern (``NOT_PLAINLY_LOCAL``) is matched in Playwright's driver, so local requests
    never wait on Python; the handler asks ``is_local`` again (``user@127.0.0.1`` is local too)."""

    def block(route: Route) -> None:
        if is_local(route.request.url):
            route.fallback()
            return
        foreign.append(route.request.url)
        route.abort("blockedbyclient")

    context.route(NOT_PLAINLY_LOCAL, block)
    return block
