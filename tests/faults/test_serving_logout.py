"""``/logout`` on a real ``serve --classroom`` server (issue 19): it forgets the learner's login cookie and
goes back to the code page, which says they have left, instead of answering 500 (a missing template)."""

from __future__ import annotations

import http.cookiejar
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest

from shengji_kit.apps.serving import serve
from shengji_kit.words import text

CODE = "class-2345"
LANDING = f"/voila/render/{serve.LANDING_PAGE}"


class NoRedirects(urllib.request.HTTPRedirectHandler):
    """Redirects are answers to look at, not to follow."""

    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``shengji-kit serve --classroom`` on 127.0.0.1 with no kernels started ahead: its base address."""
    data = tmp_path_factory.mktemp("logout-data")
    port = free_port()
    env = {**os.environ, "SHENGJI_KIT_DATA_DIR": str(data), "SHENGJI_KIT_KERNEL_POOL": "0"}
    log = (data / "server.log").open("wb")
    server = subprocess.Popen(
        [sys.executable, "-m", "shengji_kit.apps.serving.serve", "--classroom", "--host", "127.0.0.1",
         "--port", str(port), "--code", CODE, "--teacher-code", "teacher-98765"],
        env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, (data / "server.log").read_text(errors="replace")
            try:
                urllib.request.urlopen(f"{base}/login", timeout=2).close()
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                assert time.monotonic() < deadline, "the class server did not answer"
                time.sleep(0.3)
        yield base
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


def opener(jar: http.cookiejar.CookieJar) -> urllib.request.OpenerDirector:
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirects)


def status(browser: urllib.request.OpenerDirector, url: str) -> tuple[int, str, str]:
    """The status, ``Location`` header and body of a GET (redirects not followed)."""
    try:
        with browser.open(url, timeout=30) as response:
            return response.status, response.headers.get("Location", ""), response.read().decode("utf-8")
    except urllib.error.HTTPError as answer:
        return answer.code, answer.headers.get("Location", ""), answer.read().decode("utf-8", "replace")


def test_logout_forgets_the_code_and_shows_the_code_page_saying_so(class_server: str) -> None:
    jar = http.cookiejar.CookieJar()
    browser = opener(jar)
    code, where, _ = status(browser, f"{class_server}/voila/tree?token={CODE}")
    assert code == 200 and where == "", "the class code lets the learner in"
    assert any(cookie for cookie in jar), "and gives them a login cookie"
    assert status(browser, f"{class_server}/voila/tree")[0] == 200, "the cookie alone is enough"

    code, where, _ = status(browser, f"{class_server}/logout")
    assert code == 302, code
    assert where.startswith("/login?left=1"), where

    code, _, page = status(browser, f"{class_server}{where}")
    assert code == 200
    assert 'data-role="class-login"' in page
    for lang in ("en", "zh"):
        assert text("serving_logged_out", lang) in page

    code, where, _ = status(browser, f"{class_server}/voila/tree")
    assert code == 302 and where.startswith("/login?next="), "after logging out the code is needed again"
    assert status(browser, f"{class_server}/voila/tree?token={CODE}")[0] == 200, "and lets the learner back in"


def test_logout_without_being_logged_in_is_no_error(class_server: str) -> None:
    code, where, _ = status(opener(http.cookiejar.CookieJar()), f"{class_server}/logout")
    assert (code, where.split("?")[0]) == (302, "/login")


def test_the_code_page_without_left_says_nothing_about_leaving(class_server: str) -> None:
    code, _, page = status(opener(http.cookiejar.CookieJar()), f"{class_server}/login")
    assert code == 200 and text("serving_logged_out", "en") not in page
