"""The static site in a real browser: built by deploy/site/build.py, served by a plain static server.

Nothing reaches another host (every such request is aborted and the test fails naming it), and no request is
answered with an error (a 404 fails the test, naming it). Lesson 1, titled by its name in the tab,
answers an exercise wrong and right, the play app reads its address (``?seed=``) and takes one legal
play, lesson 8 shows the card counter's exact figure and says its samples were drawn without numpy. The build reuses
``.site-cache`` (downloads from npm and PyPI the first time); without them it fails, saying so.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))

from card_table import CardTable  # noqa: E402
from checkout_files import git_checkout_files  # noqa: E402  (tests/ helper)
from chromium import VIEWPORT, is_local  # noqa: E402
from lesson_page import answer_wrong_then_right, block, right_and_wrong, shown_item  # noqa: E402
from playwright.sync_api import Browser, Page, expect  # noqa: E402

from shengji_kit import legal_plays, parse_cards, trick_winner  # noqa: E402
from shengji_kit.apps.lessons.chances_lesson import START_HAND  # noqa: E402
from shengji_kit.chances import chance_holds, situation  # noqa: E402
from shengji_kit.engine.trump import Trump  # noqa: E402
from shengji_kit.puzzles import default_bank  # noqa: E402
from shengji_kit.puzzles.bank import trainer_bank  # noqa: E402
from shengji_kit.words.catalogue import text  # noqa: E402

pytestmark = [pytest.mark.site, pytest.mark.browser]  # browser too: the fast loops (-m "not browser") skip it

SITE_PYTHON = ROOT / ".site-venv" / "bin" / "python"
START_MS = 240_000  # Pyodide's first start on a loaded 2-core machine
NO_TOOLS = "the site build tools are missing: run `make site` once (it makes .site-venv)"


# Files of the checkout that the site is not built from: a change to them keeps the built site.
NOT_SITE_INPUTS = ("tests/", "benchmarks/", ".ci/")


def site_inputs_digest() -> str | None:
    """A hash of every checkout file the site is built from (tracked or new, not ignored: the kit, the lessons,
    the apps, the build script and its pinned tools); None outside a git checkout, where nothing is reused."""
    listed = git_checkout_files(ROOT)
    if listed is None:
        return None
    digest = hashlib.sha256()
    for name in listed:
        if name.startswith(NOT_SITE_INPUTS):
            continue
        digest.update(name.encode() + b"\0" + hashlib.sha256((ROOT / name).read_bytes()).digest())
    return digest.hexdigest()[:16]


def build_site(output: Path) -> None:
    """Run deploy/site/build.py into ``output``; the test fails with the build's own words if it does."""
    built = subprocess.run(
        [str(SITE_PYTHON), str(ROOT / "deploy/site/build.py"), "--output", str(output),
         "--cache", str(ROOT / ".site-cache")], capture_output=True, text=True, timeout=1200, cwd=ROOT,
    )
    assert built.returncode == 0, (
        "the site build failed (it needs npm's pyodide@0.29.0 and the PyPI wheels, or .site-cache holding them):\n"
        + built.stdout[-2000:] + built.stderr[-4000:]
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built from this checkout, kept in ``.site-cache/built/<hash of its inputs>`` and reused by the next
    run while no input changed (an older build is removed); built afresh outside a git checkout."""
    if not SITE_PYTHON.exists():
        pytest.fail(NO_TOOLS)
    digest = site_inputs_digest()
    if digest is None:
        output = tmp_path_factory.mktemp("static") / "site"
        build_site(output)
        return output
    kept = ROOT / ".site-cache" / "built"
    output = kept / digest
    if not (output / "index.html").is_file():
        fresh = kept / f"{digest}.building-{os.getpid()}"
        shutil.rmtree(fresh, ignore_errors=True)
        build_site(fresh)
        for old in kept.iterdir():
            if old != fresh:
                shutil.rmtree(old, ignore_errors=True)
        fresh.rename(output)  # whole or not at all: an interrupted build is never taken for a site
    return output


@pytest.fixture(scope="module")
def base_url(site: Path) -> Iterator[str]:
    """``python -m http.server`` on a free port of 127.0.0.1, serving the site's folder."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port)],
                              cwd=site, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(scope="module")
def page(base_url: str, browser: Browser) -> Iterator[Page]:
    """One Chromium tab on the site; any request to another host is aborted and recorded."""
    elsewhere: list[str] = []
    # the session's chromium (tests/browser/conftest.py): one Playwright per test session, or its loop clashes
    context = browser.new_context(base_url=base_url, viewport=VIEWPORT)

    def route(handled: object) -> None:
        request = handled.request  # type: ignore[attr-defined]
        if is_local(request.url):
            handled.continue_()  # type: ignore[attr-defined]
        else:
            elsewhere.append(request.url)
            handled.abort()  # type: ignore[attr-defined]

    failed: list[str] = []

    def answered(response: object) -> None:
        if response.status >= 400:  # type: ignore[attr-defined]
            failed.append(f"{response.status} {response.url}")  # type: ignore[attr-defined]

    context.route("**/*", route)
    context.on("response", answered)
    tab = context.new_page()
    yield tab
    context.close()
    assert elsewhere == [], f"the site asked other hosts: {elsewhere[:5]}"
    assert failed == [], f"the site answered requests with errors: {failed[:5]}"


def test_the_built_site_carries_the_runtimes_bytecode(site: Path) -> None:
    """The site this module opens has an unchecked-hash ``.pyc`` of the runtime's magic beside every ``.py`` of the
    stdlib zip and in every wheel (built with a Python of the runtime's version, found on this machine)."""
    from tests.site.test_bytecode import CORE, assert_runtime_bytecode, runtime_magic

    pyodide = site / "static" / "pyodide"
    magic = runtime_magic(CORE / "python_stdlib.zip")
    assert assert_runtime_bytecode(pyodide / "python_stdlib.zip", magic, beside=True) > 500
    wheels = sorted(pyodide.glob("*.whl"))
    assert wheels
    for wheel in wheels:
        assert_runtime_bytecode(wheel, magic, beside=False)


def test_lesson_one_answers_wrong_then_right(page: Page) -> None:
    started = time.monotonic()
    page.goto("/voici/render/lessons/01_trump_ranking.html")
    expect(page.locator("[data-role=exercise]").first).to_be_visible(timeout=START_MS)
    print(f"lesson 1: first exercise after {time.monotonic() - started:.1f} s")
    expect(page).to_have_title("Lesson 1 · Trumps and their ranking — shengji-kit")  # the lesson's name, not its file's
    for icon in ("/favicon.ico", "/favicon.svg"):  # the page names the second; browsers ask for the first on their own
        assert page.request.get(icon).status == 200, icon
    answer_wrong_then_right(page, "01_trump_ranking", "is_trump")


def test_play_app_reads_the_address_and_takes_a_legal_play(page: Page) -> None:
    """The address's ?seed= reaches Python under Voici (a bad one is named on the page), then one play."""
    table = CardTable(page)
    page.goto("/voici/render/notebooks/play.html?seed=oops")
    table.hand_cards.first.wait_for(state="visible", timeout=START_MS)
    expect(page.get_by_text("seed=oops").first).to_be_visible()
    table.reach_first_play()
    lead, trump = table.lead(), table.trump()
    play = next(legal_plays(lead, parse_cards(" ".join(table.hand_codes())), trump))
    table.select(play)
    before = table.hand_count()
    table.click(table.button("play"))
    expect(table.hand).to_have_attribute("data-count", str(before - len(play)), timeout=60_000)


def test_trainer_opens_the_addressed_set_and_gives_a_star(page: Page) -> None:
    """?set= opens that set (read on the page under Voici); a right first answer earns the star."""
    page.goto("/voici/render/notebooks/puzzles.html?set=01-who-wins")
    expect(page.locator("[data-role=trainer]")).to_be_visible(timeout=START_MS)
    button = page.locator("[data-action=mode][data-value='01-who-wins']")
    expect(button).to_have_attribute("aria-pressed", "true")
    puzzle = default_bank().get(page.locator("[data-role=puzzle]").get_attribute("data-puzzle") or "")
    plays = [cards for _, cards in puzzle.table.trick]
    winner = puzzle.table.trick[trick_winner(plays, puzzle.table.trump)][0]
    page.click(f"[data-answer='{winner}']")
    expect(page.locator("[data-role=result]")).to_have_text(text("trainer_solved_star", "en"))
    stars = page.locator("[data-role=stars]")
    expect(stars).to_contain_text(f"★ 1 of {len(trainer_bank())}")


def test_progress_is_kept_across_a_reload_and_forgotten_on_reset(base_url: str, browser: Browser) -> None:
    """In a fresh profile: a star in the trainer and a right answer in lesson 1 are there again after a reload
    (IndexedDB, handed back to the kernel); "Reset my progress" asks first, then both are gone, reload or not."""
    context = browser.new_context(base_url=base_url, viewport=VIEWPORT)
    page = context.new_page()
    total = len(trainer_bank())
    stars, keeper = page.locator("[data-role=stars]"), page.locator("[data-role=progress-keeper]")
    score = block(page, "is_trump").locator("[data-role=score]")

    def open_page(address: str, ready: str) -> None:
        page.goto(address)
        expect(page.locator(ready).first).to_be_visible(timeout=START_MS)
        expect(keeper).to_have_attribute("data-kept", "yes", timeout=60_000)  # the stored log was handed back

    trainer = "/voici/render/notebooks/puzzles.html?set=01-who-wins"
    lesson = "/voici/render/lessons/01_trump_ranking.html"
    open_page(trainer, "[data-role=trainer]")
    expect(keeper).to_contain_text(text("site_progress_kept", "en"))
    puzzle = default_bank().get(page.locator("[data-role=puzzle]").get_attribute("data-puzzle") or "")
    plays = [cards for _, cards in puzzle.table.trick]
    page.click(f"[data-answer='{puzzle.table.trick[trick_winner(plays, puzzle.table.trump)][0]}']")
    expect(stars).to_contain_text(f"★ 1 of {total}")

    open_page(lesson, "[data-role=exercise]")
    right, _ = right_and_wrong(shown_item(block(page, "is_trump"), "01_trump_ranking"))
    block(page, "is_trump").locator(f"button[data-answer='{right}']").click()
    expect(score).to_have_text(text("ui_score", "en", right=1, asked=1))

    page.reload()
    expect(page.locator("[data-role=exercise]").first).to_be_visible(timeout=START_MS)
    expect(score).to_have_text(text("ui_score", "en", right=1, asked=1), timeout=60_000)
    open_page(trainer, "[data-role=trainer]")
    expect(stars).to_contain_text(f"★ 1 of {total}", timeout=60_000)

    ask = keeper.locator("button[data-action=progress-reset]")
    ask.focus()
    page.keyboard.press("Enter")  # the keyboard reaches it; it asks before forgetting
    expect(keeper).to_contain_text(text("site_progress_reset_ask", "en"))
    expect(ask).to_have_text(text("site_progress_reset_keep", "en"))
    expect(ask).to_be_focused()  # the safe answer has the focus
    keeper.locator("button[data-action=progress-reset-yes]").click()
    expect(keeper).to_contain_text(text("site_progress_reset_done", "en"))
    expect(stars).to_contain_text(f"★ 0 of {total}")
    page.reload()
    expect(keeper).to_have_attribute("data-kept", "yes", timeout=START_MS)
    expect(stars).to_contain_text(f"★ 0 of {total}")
    open_page(lesson, "[data-role=exercise]")
    expect(score).to_have_text(text("ui_score", "en", right=0, asked=0))
    context.close()


def test_without_indexeddb_the_trainer_works_and_says_progress_will_not_be_kept(base_url: str,
                                                                                browser: Browser) -> None:
    """A browser that keeps nothing (IndexedDB taken away, as some private windows do): the star is given, and the
    page says in words that progress will not be kept."""
    context = browser.new_context(base_url=base_url, viewport=VIEWPORT)
    context.add_init_script("Object.defineProperty(window, 'indexedDB', { value: undefined });")
    page = context.new_page()
    page.goto("/voici/render/notebooks/puzzles.html?set=01-who-wins")
    keeper = page.locator("[data-role=progress-keeper]")
    expect(keeper).to_have_attribute("data-kept", "no", timeout=START_MS)
    expect(keeper).to_contain_text(text("site_progress_not_kept", "en"))
    puzzle = default_bank().get(page.locator("[data-role=puzzle]").get_attribute("data-puzzle") or "")
    plays = [cards for _, cards in puzzle.table.trick]
    page.click(f"[data-answer='{puzzle.table.trick[trick_winner(plays, puzzle.table.trump)][0]}']")
    expect(page.locator("[data-role=stars]")).to_contain_text(f"★ 1 of {len(trainer_bank())}")
    context.close()


def test_lesson_eight_shows_the_exact_figure_and_says_why_fewer_samples(page: Page) -> None:
    page.goto("/voici/render/lessons/08_chances.html")
    counter = page.locator("[data-role=counter]")
    expect(counter).to_be_visible(timeout=START_MS)
    known = situation(parse_cards(START_HAND), Trump("2", "H"), [])
    exact = chance_holds("CA", 2, known, samples=10).exact
    assert exact is not None
    expect(counter).to_contain_text(f"{100 * exact:.1f}%")
    note = page.locator("[data-role=plain-python]").first
    expect(note).to_contain_text(text("site_chances_plain_python", "en", samples="2,000")[:40])
