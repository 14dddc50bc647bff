"""``shengji-kit serve --classroom`` in a real browser: without the class code nothing opens (pages,
the tree, static files); with it the landing page loads and a lesson runs; the code page takes it too."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator

import psutil
import pytest
from lesson_page import answer_wrong_then_right, open_lesson
from live_server import VoilaServer, free_port, launch_server, stop_server
from playwright.sync_api import Browser, Page, expect

from conftest import ARTIFACTS
from shengji_kit.apps.serving import serve, serve_classroom
from shengji_kit.classroom import join
from shengji_kit.practice import ENV_VAR
from shengji_kit.words.catalogue import text

pytestmark = pytest.mark.browser

CODE = "class-2345"
TEACHER_CODE = "teacher-98765"
LANDING = f"/voila/render/{serve.LANDING_PAGE}"
LOGIN = "[data-role=class-login]"
LESSON = "05_throws"
# Addresses that each need the code: a page, the tree, a template's script, Voila's own script, a lab extension,
# a doc page (doc_pages.py).
GUARDED = (
    LANDING,
    "/",
    "/voila/tree/lessons",
    "/voila/templates/shengji/static/shengji-guard.js",
    "/voila/static/voila.js",
    "/voila/labextensions/@jupyter-widgets/jupyterlab-manager/package.json",
    "/voila/render/docs/decisions.md",
)


@pytest.fixture(scope="module")
def voila_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """``shengji-kit serve --classroom`` on 127.0.0.1 (the tests' browser stays on this machine)."""
    data = tmp_path_factory.mktemp("classroom-data")
    port = free_port()
    log = ARTIFACTS / "voila-classroom.log"
    command = [sys.executable, "-m", "shengji_kit.apps.serving.serve", "--classroom",
               "--host", "127.0.0.1", "--port", str(port), "--code", CODE, "--teacher-code", TEACHER_CODE]
    server = launch_server(command, port, log, {**os.environ, ENV_VAR: str(data)})  # "/" answers with the code page
    yield server
    stop_server(server)


def settled_kernels(server: VoilaServer, quiet_s: float = 3.0, limit_s: float = 90.0) -> set[int]:
    """The server's kernels once none has started or stopped for ``quiet_s`` (kernels started ahead
    of their page, when the server keeps some, come up after the server answers)."""
    seen, since, began = server.kernel_pids(), time.monotonic(), time.monotonic()
    while time.monotonic() - since < quiet_s and time.monotonic() - began < limit_s:
        time.sleep(0.5)
        now = server.kernel_pids()
        if now != seen:
            seen, since = now, time.monotonic()
    return seen


def test_without_the_code_every_address_shows_only_the_code_page(page: Page, voila_server: VoilaServer) -> None:
    before = settled_kernels(voila_server)
    for address in GUARDED:
        response = page.request.get(voila_server.url(address), max_redirects=0)
        assert response.status == 302, address
        assert response.headers["location"].startswith("/login?next="), address
    page.goto(LANDING)
    expect(page.locator(LOGIN)).to_contain_text(text("classroom_login_title", "en"))
    expect(page.locator(LOGIN)).to_contain_text(text("classroom_login_title", "zh"))
    expect(page.locator("[data-role=catalogue]")).to_have_count(0)
    page.goto(f"{LANDING}?token=wrong-code")
    expect(page.locator(LOGIN)).to_be_visible()
    assert settled_kernels(voila_server) == before, "no kernel is started or taken for a learner without the code"


def test_a_wrong_code_typed_is_refused_and_the_right_one_opens_the_page(page: Page) -> None:
    page.goto(LANDING)
    page.locator("#class-code").fill("wrong-code")
    page.locator("[data-role=login-submit]").click()
    expect(page.locator("[data-role=login-error]")).to_contain_text(text("classroom_login_wrong", "zh"))
    page.locator("#class-code").fill(CODE)
    page.locator("[data-role=login-submit]").click()
    expect(page.locator("[data-role=catalogue]")).to_be_visible(timeout=90_000)


def test_the_join_address_opens_the_landing_page_and_a_lesson_runs(
    page: Page, browser: Browser, voila_server: VoilaServer
) -> None:
    page.goto(f"{LANDING}?token={CODE}")
    expect(page.locator("[data-role=catalogue]")).to_be_visible(timeout=90_000)
    for address in GUARDED[1:]:  # the cookie now opens the rest, static files included
        assert page.request.get(voila_server.url(address)).status == 200, address
    # a lesson's link to the rules reference goes to the rules page (not 403) in a class too
    rules = page.request.get(voila_server.url("/voila/render/docs/rules.md"), max_redirects=0)
    assert rules.status == 302 and rules.headers["location"].endswith("/voila/render/notebooks/rules.ipynb")
    open_lesson(page, LESSON, 3)
    answer_wrong_then_right(page, LESSON, "will_it_stand")
    kernels = [psutil.Process(pid).environ() for pid in voila_server.kernel_pids()]
    assert kernels, "the lesson runs in a kernel"
    for env in kernels:  # the teacher's code and the join address reach the kernels, the cookie key does not
        assert env[join.TEACHER_CODE_VAR] == TEACHER_CODE
        assert env[join.JOIN_URL_VAR].endswith(f"?token={CODE}")
        assert serve_classroom.CLASS_CODE_VAR not in env and serve_classroom.COOKIE_SECRET_VAR not in env
    # another learner's browser (no cookie) still gets the code page only
    other = browser.new_context(base_url=voila_server.base_url)
    try:
        stranger = other.new_page()
        stranger.goto(f"/voila/render/lessons/{LESSON}.ipynb")
        expect(stranger.locator(LOGIN)).to_be_visible()
    finally:
        other.close()


def test_a_page_with_the_code_gets_its_address_options(page: Page) -> None:
    """The play app's kernel reads ``?rules=classic&seed=abc`` (a kernel started ahead of its page
    asks the server for them from this machine, without the learner's cookie)."""
    page.goto(f"/voila/render/notebooks/play.ipynb?token={CODE}&rules=classic&seed=abc&delay=0")
    expect(page.locator(".sk-root [data-seat='0']")).to_be_visible(timeout=90_000)
    expect(page.locator("[data-role=rules]")).to_contain_text("Classic")
    expect(page.locator("[data-role=page-note][data-option=seed]")).to_contain_text("seed=")
