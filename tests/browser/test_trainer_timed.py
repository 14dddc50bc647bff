"""The trainer's timed run in a real browser, in one page load: started and first answered from the keyboard,
puzzles answered by playing cards (one right, one wrong: −10 s), the clock and the score moving, both languages,
390/768/1366 px, then ended: the score, the best kept in the class store (unrated: no attempt is stored), a missed
puzzle replayed; then a second run played to its natural end, its three minutes used up by wrong answers, and
"Time is up" said in the results' live region.

Right answers come from the solver and the mined puzzles' proven answers, not from the page.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from axe import report, scan, severe
from live_server import VoilaServer, own_server
from playwright.sync_api import Page, expect

from conftest import ARTIFACTS, screenshot
from shengji_kit.classroom.store import SQLClassStore
from shengji_kit.classroom.store_protocol import TIMED
from shengji_kit.practice.draft import draft_cards
from shengji_kit.puzzles import Puzzle
from shengji_kit.puzzles.bank import trainer_bank
from shengji_kit.puzzles.kinds.best_play import BestPlay
from shengji_kit.solver import Position, solve
from shengji_kit.words.catalogue import text

pytestmark = pytest.mark.browser

TRAINER = "/voila/render/notebooks/puzzles.ipynb"
PAGE_TIMEOUT_MS = 90_000
CARDS = "[data-role=answers] button[data-index]"


@pytest.fixture(scope="module")
def progress_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("trainer-timed-progress")


@pytest.fixture(scope="module")
def voila_server(progress_dir: Path) -> Iterator[VoilaServer]:
    """A Voila server of its own whose kernels keep progress in ``progress_dir``."""
    with own_server(progress_dir, ARTIFACTS / "voila-trainer-timed.log") as server:
        yield server


def right_cards(puzzle: Puzzle) -> list[str]:
    """A right play: a mined puzzle's proven best play, or an endgame's best lead by the solver."""
    if isinstance(puzzle.question, BestPlay):
        return [card.code for card in puzzle.question.answer]
    return sorted(solve(Position.from_dict(puzzle.table.raw)).best)[0].split()


def wrong_card(puzzle: Puzzle) -> str | None:
    """One card whose play is wrong but allowed (a refused play costs nothing), if there is one."""
    return next((card.code for card in draft_cards(puzzle)
                 if not (feedback := puzzle.check(card.code)).correct and not feedback.refused), None)


def play(page: Page, codes: list[str]) -> None:
    """Click the cards ``codes`` (a pair's second copy is the next button), then the play button."""
    cards = page.locator(CARDS)
    shown: list[str | None] = [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]
    for code in codes:
        index = shown.index(code)
        shown[index] = None
        cards.nth(index).click()
        expect(cards.nth(index)).to_have_attribute("aria-pressed", "true")
    page.click("[data-role=answers] [data-action=check]")


def play_by_keys(page: Page, codes: list[str]) -> None:
    """From the first card (focused), Tab to each card of ``codes`` and press Space, then Tab to the play
    button and press Enter: the keyboard alone."""
    cards = page.locator(CARDS)
    shown: list[str | None] = [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]
    wanted = []
    for code in codes:
        index = shown.index(code)
        shown[index] = None
        wanted.append(index)
    here = 0
    for index in sorted(wanted):
        for _ in range(index - here):
            page.keyboard.press("Tab")
        here = index
        expect(cards.nth(index)).to_be_focused()
        page.keyboard.press("Space")
        expect(cards.nth(index)).to_have_attribute("aria-pressed", "true")
    for _ in range(len(shown) - here):
        page.keyboard.press("Tab")
    expect(page.locator("[data-role=answers] [data-action=check]")).to_be_focused()
    page.keyboard.press("Enter")


def open_puzzle(page: Page) -> tuple[str, Puzzle]:
    """The step and the puzzle the run shows now."""
    section = page.locator("[data-role=puzzle]")
    return section.get_attribute("data-step") or "", trainer_bank().get(section.get_attribute("data-puzzle") or "")


def fits(page: Page, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    expect(page.locator("[data-role=timed-clock]")).to_be_visible()
    scroll = page.evaluate("() => document.documentElement.scrollWidth")
    assert scroll <= width, f"the timed run is {scroll} px wide at {width} px"


def test_a_timed_run_from_the_keyboard_to_its_results(page: Page, progress_dir: Path) -> None:
    page.goto(TRAINER)
    start = page.locator("[data-role=timed-start] [data-action=timed-start]")
    expect(start).to_be_visible(timeout=PAGE_TIMEOUT_MS)
    expect(page.locator("[data-role=timed-start]")).to_contain_text(text("timed_best_none", "en"))

    start.focus()  # keyboard only: the start button, Enter, and focus is on the first card to play
    page.keyboard.press("Enter")
    timed = page.locator("[data-role=timed]")
    expect(timed).to_have_attribute("data-state", "running")
    expect(page.locator(CARDS).first).to_be_focused()
    clock = page.locator("[data-role=timed-time]")
    first_shown = clock.inner_text()
    assert first_shown in ("3:00", "2:59"), first_shown
    expect(clock).not_to_have_text(first_shown)  # the display counts down between answers

    step, puzzle = open_puzzle(page)
    assert puzzle.difficulty == 1, "the run starts with the easiest puzzles"
    play_by_keys(page, right_cards(puzzle))
    score = page.locator("[data-role=timed-score]")
    expect(score).to_have_attribute("data-score", "1")
    expect(page.locator("[data-role=timed-last]")).to_have_attribute("data-kind", "ok")
    expect(page.locator("[data-role=puzzle]")).not_to_have_attribute("data-step", step)
    expect(page.locator(CARDS).first).to_be_focused()  # the next puzzle's first card: the keys go on
    solved = 1

    step, puzzle = open_puzzle(page)
    while (wrong := wrong_card(puzzle)) is None:  # a puzzle where every allowed card is right: solve it
        play(page, right_cards(puzzle))
        solved += 1
        expect(score).to_have_attribute("data-score", str(solved))
        step, puzzle = open_puzzle(page)
    before = int(page.locator("[data-role=timed-clock]").get_attribute("data-left-ms") or "0")
    play(page, [wrong])
    last = page.locator("[data-role=timed-last]")
    expect(last).to_have_attribute("data-kind", "error")
    expect(last).to_have_text(text("timed_wrong", "en"))
    expect(page.locator("[data-role=puzzle]")).not_to_have_attribute("data-step", step)
    after = int(page.locator("[data-role=timed-clock]").get_attribute("data-left-ms") or "0")
    assert after <= before - 10_000, f"a wrong answer costs 10 s: {before} ms, then {after} ms left"
    expect(score).to_have_attribute("data-score", str(solved))
    expect(score).to_have_text(text("timed_score", "en", score=solved))

    page.click("[data-action=lang]")
    expect(score).to_have_text(text("timed_score", "zh", score=solved))
    expect(page.locator("[data-role=timed-clock]")).to_contain_text(text("timed_clock", "zh"))
    for width in (390, 768, 1366):
        fits(page, width)
    screenshot(page, "trainer_timed_running_zh")
    found = severe(scan(page))
    assert not found, report("the timed run, running (zh)", found)
    page.click("[data-action=lang]")

    page.click("[data-action=timed-end]")
    expect(timed).to_have_attribute("data-state", "over")
    expect(page.locator("[data-role=timed-result]")).to_have_text(text("timed_result", "en", score=solved))
    expect(page.locator("[data-role=timed-results] [data-role=timed-best]")).to_have_attribute(
        "data-best", str(solved))
    expect(page.locator("[data-role=timed-results]")).to_contain_text(text("timed_new_best", "en"))
    missed = page.locator(f"[data-role=timed-missed] li[data-item='{puzzle.id}']")
    expect(missed).to_be_visible()
    expect(page.locator("[data-action=timed-start][data-autofocus]")).to_be_visible()
    screenshot(page, "trainer_timed_over")
    found = severe(scan(page))
    assert not found, report("the timed run's results", found)

    store = SQLClassStore(f"sqlite:///{progress_dir / 'class.sqlite3'}")
    try:
        stored = [e.event for e in store.events(learner="default")]
    finally:
        store.close()
    assert [e.kind for e in stored] == [TIMED] * solved, "the score is kept; the run's answers are no attempts"

    replay = missed.locator("[data-action=timed-replay]")
    replay.focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-role=puzzle]")).to_have_attribute("data-puzzle", puzzle.id)
    expect(page.locator("[data-role=timed-start] [data-role=timed-best]")).to_have_attribute(
        "data-best", str(solved))
    expect(page.locator("[data-role=rating]")).to_have_text(text("trainer_rating_none", "en"))

    # a second run played to its natural end: wrong answers, 10 s each, use up the three minutes
    page.click("[data-role=timed-start] [data-action=timed-start]")
    expect(timed).to_have_attribute("data-state", "running")
    right, answers = 0, 0
    while timed.get_attribute("data-state") == "running":
        assert answers < 40, "forty answers and the run still running"
        step, puzzle = open_puzzle(page)
        wrong = wrong_card(puzzle)
        play(page, [wrong] if wrong is not None else right_cards(puzzle))
        right += wrong is None
        answers += 1
        page.wait_for_function(
            """step => document.querySelector('[data-role=timed]').dataset.state === 'over'
                 || document.querySelector('[data-role=puzzle]').dataset.step !== step""", arg=step)
    results = page.locator("[data-role=timed-results]")
    expect(results).to_contain_text(text("timed_over", "en"))
    expect(page.locator("[data-role=timed-result]")).to_have_text(text("timed_result", "en", score=right))
    expect(results.locator("[data-role=timed-best]")).to_have_attribute("data-best", str(max(right, solved)))
    assert answers - right >= 10, f"{answers - right} wrong answers cannot have used up three minutes"
