"""The puzzle trainer in a real browser: answer by clicking and by keys, feedback, language, saved stars.

The trainer's own Voila server keeps progress in a temporary folder (``SHENGJI_KIT_DATA_DIR``), so
the learner's real home is never touched. Right answers come from the engine, not the puzzle files.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from live_server import VoilaServer, own_server
from playwright.sync_api import Page, expect

from conftest import ARTIFACTS, screenshot
from shengji_kit.classroom.store import SQLClassStore
from shengji_kit.classroom.store_protocol import ATTEMPT, SOLVE
from shengji_kit.engine import trick_winner
from shengji_kit.puzzles import Puzzle, default_bank
from shengji_kit.puzzles.bank import trainer_bank
from shengji_kit.puzzles.kinds.best_play import BestPlay
from shengji_kit.words.catalogue import text

pytestmark = pytest.mark.browser

TRAINER = "/voila/render/notebooks/puzzles.ipynb"
PAGE_TIMEOUT_MS = 90_000


@pytest.fixture(scope="module")
def progress_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("trainer-progress")


@pytest.fixture(scope="module")
def voila_server(progress_dir: Path) -> Iterator[VoilaServer]:
    """A Voila server of its own whose kernels keep progress in ``progress_dir``."""
    with own_server(progress_dir, ARTIFACTS / "voila-trainer.log") as server:
        yield server


def winning_seat(puzzle: Puzzle) -> int:
    plays = [cards for _, cards in puzzle.table.trick]
    return puzzle.table.trick[trick_winner(plays, puzzle.table.trump)][0]


def open_trainer(page: Page) -> None:
    page.goto(TRAINER)
    expect(page.locator("[data-role=trainer]")).to_be_visible(timeout=PAGE_TIMEOUT_MS)


def choose_set(page: Page, set_id: str) -> None:
    """Click a set's button and wait for the redraw that opens its puzzle."""
    button = page.locator(f"[data-action=mode][data-value='{set_id}']")
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")


def open_puzzle_id(page: Page) -> str:
    return page.locator("[data-role=puzzle]").get_attribute("data-puzzle") or ""


def test_answering_wrong_then_right_by_clicking(page: Page, progress_dir: Path) -> None:
    open_trainer(page)
    choose_set(page, "01-who-wins")
    puzzle = default_bank().get(open_puzzle_id(page))
    right = winning_seat(puzzle)
    wrong = next(seat for seat, _ in puzzle.table.trick if seat != right)
    feedback = page.locator("[data-role=feedback]")

    page.click(f"[data-answer='{wrong}']")
    expect(feedback).to_have_attribute("data-kind", "error")
    expect(feedback).to_contain_text(text("puzzle_wrong", "en"))
    expect(feedback).to_contain_text(text("trainer_try_again", "en"))
    expect(feedback).not_to_contain_text(puzzle.explanation("en"))
    expect(page.locator(f"[data-answer='{wrong}']")).to_have_attribute("data-verdict", "wrong")

    page.click(f"[data-answer='{right}']")
    expect(feedback).to_have_attribute("data-kind", "ok")
    expect(feedback).to_contain_text(text("puzzle_right", "en"))
    expect(feedback).to_contain_text(puzzle.explanation("en"))
    expect(page.locator("[data-role=result]")).to_have_text(text("trainer_solved", "en"))
    expect(page.locator("[data-role=stars]")).to_contain_text(f"★ 0 of {len(trainer_bank())}")
    expect(page.locator("[data-action=next]")).to_be_focused()

    page.click("[data-action=lang]")
    expect(feedback).to_contain_text(puzzle.explanation("zh"))
    expect(feedback).to_contain_text(text("puzzle_right", "zh"))
    expect(page.locator("[data-action=lang]")).to_have_text("English")
    screenshot(page, "trainer_solved_zh")
    page.click("[data-action=lang]")

    store = SQLClassStore(f"sqlite:///{progress_dir / 'class.sqlite3'}")  # the class store of issue 12
    try:
        stored = [e.event for e in store.events(learner="default") if e.event.item == puzzle.id]
    finally:
        store.close()
    assert [(e.kind, e.answer, e.correct) for e in stored] == [
        (ATTEMPT, str(wrong), False), (ATTEMPT, str(right), True), (SOLVE, "", None),
    ], "every answer is an event; a star needs a right first answer"


def test_a_right_first_answer_earns_the_star(page: Page) -> None:
    open_trainer(page)
    choose_set(page, "01-who-wins")
    first = open_puzzle_id(page)
    page.click("[data-action=next]")
    expect(page.locator("[data-role=puzzle]")).not_to_have_attribute("data-puzzle", first)
    puzzle = default_bank().get(open_puzzle_id(page))
    page.click(f"[data-answer='{winning_seat(puzzle)}']")
    expect(page.locator("[data-role=result]")).to_have_text(text("trainer_solved_star", "en"))


def test_select_cards_first_appears_by_the_lead_button(page: Page) -> None:
    open_trainer(page)
    choose_set(page, "07-endgames")
    button = page.locator("[data-role=answers] [data-action=check]")
    button.click()
    near = page.locator("[data-role=control-message]")
    expect(near).to_have_text(text("trainer_need_cards", "en"))
    expect(near).to_be_visible()
    box, message = page.locator("[data-role=answers] [data-action=check]").bounding_box(), near.bounding_box()
    assert box is not None and message is not None
    gap = message["y"] - (box["y"] + box["height"])
    assert 0 <= gap < 60, f"the message is {gap:.0f} px below the button that caused it"
    page.locator("[data-role=answers] button[data-index]").first.click()
    expect(near).to_have_count(0)


def test_keyboard_reaches_the_answers(page: Page) -> None:
    open_trainer(page)
    choose_set(page, "03-throws")
    first = open_puzzle_id(page)
    page.locator("[data-action=next]").focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-role=puzzle]")).not_to_have_attribute("data-puzzle", first)
    expect(page.locator("[data-role=answers] button").first).to_be_focused()
    puzzle = default_bank().get(open_puzzle_id(page))
    keys = page.locator("[data-role=answers] [data-key]")
    values = [keys.nth(i).get_attribute("data-answer") for i in range(keys.count())]
    right = next(i for i, value in enumerate(values) if puzzle.check(value).correct)
    wrong = next(i for i, value in enumerate(values) if not puzzle.check(value).correct)
    page.keyboard.press(str(wrong + 1))
    expect(page.locator("[data-role=feedback]")).to_have_attribute("data-kind", "error")
    expect(page.locator("[data-role=feedback]")).not_to_contain_text(puzzle.explanation("en"))
    expect(keys.nth(wrong)).to_have_attribute("data-verdict", "wrong")
    keys.first.focus()
    for _ in range(right):
        page.keyboard.press("Tab")
    expect(keys.nth(right)).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("[data-role=feedback]")).to_have_attribute("data-kind", "ok")
    expect(page.locator("[data-role=feedback]")).to_contain_text(puzzle.explanation("en"))


def test_a_hint_costs_the_star_and_show_me_reveals(page: Page) -> None:
    open_trainer(page)
    choose_set(page, "07-endgames")
    puzzle = default_bank().get(open_puzzle_id(page))
    page.click("[data-action=hint]")
    expect(page.locator("[data-role=hint]")).to_contain_text(puzzle.hint("en"))
    expect(page.locator("[data-role=record]")).to_contain_text(text("trainer_star_lost", "en"))
    page.click("[data-action=show]")
    showme = page.locator("[data-role=showme]")
    steps = int(showme.get_attribute("data-steps") or "1")
    for _ in range(steps - 1):
        page.click("[data-role=showme] [data-action=show]")
    expect(showme).to_have_attribute("data-step", str(steps))
    expect(showme).to_contain_text(puzzle.explanation("en"))
    screenshot(page, "trainer_show_me")


def test_after_a_hint_the_number_keys_still_answer(page: Page) -> None:
    """Hint disables itself: focus stays in the trainer (not on <body>), so the next key press answers."""
    open_trainer(page)
    choose_set(page, "01-who-wins")
    puzzle = default_bank().get(open_puzzle_id(page))
    page.click("[data-action=hint]")
    expect(page.locator("[data-role=hint]")).to_contain_text(puzzle.hint("en"))
    expect(page.locator("[data-action=hint]")).to_be_disabled()
    inside = page.evaluate(
        "() => document.activeElement !== document.body && "
        "!!document.activeElement.closest('.sk-trainer-root')"
    )
    assert inside, "focus stays inside the trainer after Hint"
    right = winning_seat(puzzle)
    place = [seat for seat, _ in puzzle.table.trick].index(right)
    page.keyboard.press(str(place + 1))
    expect(page.locator("[data-role=feedback]")).to_have_attribute("data-kind", "ok")
    expect(page.locator(f"[data-answer='{right}']")).to_have_attribute("data-verdict", "right")


def test_a_mined_theme_set_is_solved_by_playing_its_best_cards(page: Page) -> None:
    """A theme set of the mined puzzles: its button shows its name and count; its puzzle, asked as
    double-dummy, is solved by clicking the best play's cards and the play button, in both languages."""
    theme = trainer_bank().get_set("mined-ruff")
    open_trainer(page)
    button = page.locator("[data-action=mode][data-value='mined-ruff']")
    expect(button).to_contain_text(theme.title("en"))
    expect(button).to_contain_text(f"0/{len(theme.puzzles)} solved")
    choose_set(page, "mined-ruff")
    expect(page.locator("[data-role=mode-about]")).to_have_text(theme.description("en"))
    puzzle = trainer_bank().get(open_puzzle_id(page))
    assert puzzle.set_id == "mined-ruff" and puzzle.kind == "best_play"
    expect(page.locator("[data-role=question]")).to_contain_text("double-dummy")
    cards = page.locator("[data-role=answers] [data-role=pick] button[data-index]")
    shown: list[str | None] = [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]
    assert isinstance(puzzle.question, BestPlay)
    best = [card.code for card in puzzle.question.answer]  # proven by puzzles check
    assert puzzle.check(" ".join(best)).correct
    for code in best:
        index = shown.index(code)
        shown[index] = None  # the second copy of a pair is the next button
        cards.nth(index).click()
        expect(cards.nth(index)).to_have_attribute("aria-pressed", "true")
    page.click("[data-role=answers] [data-action=check]")
    feedback = page.locator("[data-role=feedback]")
    expect(feedback).to_have_attribute("data-kind", "ok")
    expect(feedback).to_contain_text(text("puzzle_right", "en"))
    expect(feedback).to_contain_text(puzzle.explanation("en"))
    expect(page.locator("[data-role=result]")).to_contain_text(text("trainer_solved_star", "en"))
    expect(button).to_contain_text(f"1/{len(theme.puzzles)} solved")

    page.click("[data-action=lang]")
    expect(feedback).to_contain_text(text("puzzle_right", "zh"))
    expect(feedback).to_contain_text(puzzle.explanation("zh"))
    expect(page.locator("[data-role=question]")).to_contain_text("明手")
    expect(button).to_contain_text(theme.title("zh"))
    expect(page.locator("[data-role=mode-about]")).to_have_text(theme.description("zh"))
    screenshot(page, "trainer_mined_solved_zh")
    page.click("[data-action=lang]")


def test_what_you_missed_by_keyboard_at_390_px(page: Page) -> None:
    """A wrong first try is listed under "What you missed" at once; the list, its replay buttons and "practise
    my weakest set" work from the keyboard and fit a 390 px phone, in both languages."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_trainer(page)
    choose_set(page, "01-who-wins")  # a game in a second set: then there is a weakest set to practise
    page.click(f"[data-answer='{winning_seat(default_bank().get(open_puzzle_id(page)))}']")
    expect(page.locator("[data-role=feedback]")).to_have_attribute("data-kind", "ok")
    choose_set(page, "03-throws")
    puzzle = default_bank().get(open_puzzle_id(page))
    keys = page.locator("[data-role=answers] [data-key]")
    values = [keys.nth(i).get_attribute("data-answer") or "" for i in range(keys.count())]
    keys.nth(next(i for i, value in enumerate(values) if not puzzle.check(value).correct)).click()
    expect(page.locator("[data-role=feedback]")).to_have_attribute("data-kind", "error")
    page.click("[data-action=next]")
    expect(page.locator("[data-role=puzzle]")).not_to_have_attribute("data-puzzle", puzzle.id)
    toggle = page.locator("[data-role=missed-toggle]")
    toggle.focus()
    page.keyboard.press("Enter")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(toggle).to_be_focused()  # the redraw keeps focus on the button pressed
    first = page.locator("[data-role=missed-list] li").first
    expect(first).to_have_attribute("data-item", puzzle.id)
    expect(first).to_contain_text(text("trainer_missed_today", "en"))
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide at 390 px"
    replay = first.locator("[data-action=replay]")
    replay.focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-role=puzzle]")).to_have_attribute("data-puzzle", puzzle.id)
    screenshot(page, "trainer_missed_390")
    weakest = page.locator("[data-role=weakest]")
    expect(weakest).to_be_visible()
    target = weakest.get_attribute("data-value") or ""
    page.click("[data-action=lang]")
    expect(page.locator("[data-role=missed-toggle]")).to_have_text(text("trainer_missed_open", "zh"))
    expect(page.locator("[data-role=missed-list] li").first).to_contain_text(text("trainer_missed_today", "zh"))
    page.locator("[data-role=weakest]").focus()
    page.keyboard.press("Enter")
    expect(page.locator(f"[data-action=mode][data-value='{target}']")).to_have_attribute("aria-pressed", "true")
    page.click("[data-action=lang]")
