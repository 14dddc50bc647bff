"""Lesson 1 in a real browser: exercises answered right and wrong, feedback and score, languages.

The right answer is worked out here with the engine (from the card and the trump the question
shows), never read from the page.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from shengji_kit import Card, Trump, parse_cards, trick_winner
from shengji_kit.engine.cards import RANKS, SUITS
from shengji_kit.engine.catalogue import text
from shengji_kit.lessons.trump_facts import card_role
from shengji_kit.render.exercises import Feedback

pytestmark = pytest.mark.browser

LESSON = "/voila/render/lessons/01_trump_ranking.ipynb"
EXERCISES = 3
LOAD_TIMEOUT_MS = 90_000


def trump_in(prompt: str) -> Trump:
    """The one trump context whose English description appears in ``prompt``."""
    found = [
        Trump(level, suit)
        for level in RANKS
        for suit in (*SUITS, None)
        if Trump(level, suit).describe("en") in prompt
    ]
    assert len(found) == 1, f"cannot tell the trump from {prompt!r}: {found}"
    return found[0]


def exercise(page: Page, title_code: str, lang: str = "en") -> Locator:
    """The exercise panel whose title is the catalogue text ``title_code``."""
    title = page.locator(".sk-panel-title", has_text=text(title_code, lang))
    return page.locator("[data-role=exercise]", has=title)


def card_codes(panel: Locator, selector: str) -> list[str]:
    return [
        str(code)
        for code in panel.locator(selector).evaluate_all("bs => bs.map(b => b.dataset.card)")
    ]


def open_lesson(page: Page) -> None:
    page.goto(LESSON)
    expect(page.locator("[data-role=exercise]")).to_have_count(EXERCISES, timeout=LOAD_TIMEOUT_MS)


def test_is_trump_exercise_right_and_wrong(page: Page) -> None:
    """A wrong answer says "Not quite." and why; the right one "Right!"; only the first counts."""
    open_lesson(page)
    panel = exercise(page, "l1_is_trump_title")
    feedback, score = panel.locator("[data-role=feedback]"), panel.locator("[data-role=score]")
    expect(feedback).to_be_empty()
    card = parse_cards(card_codes(panel, "[data-role=shown] button[data-card]")[0])[0]
    trump = trump_in(panel.locator("[data-role=question]").inner_text())
    truth = trump.is_trump(card)
    code, params = card_role(card, trump)

    panel.locator(f"button[data-answer={'no' if truth else 'yes'}]").click()
    expect(feedback).to_have_attribute("data-kind", "error")
    expect(feedback).to_have_text(Feedback(False, code, params).message("en"))
    expect(score).to_have_text(text("ui_score", "en", right=0, asked=1))

    panel.locator(f"button[data-answer={'yes' if truth else 'no'}]").click()
    expect(feedback).to_have_attribute("data-kind", "ok")
    expect(feedback).to_have_text(Feedback(True, code, params).message("en"))
    expect(score).to_have_text(text("ui_score", "en", right=0, asked=1))

    # The feedback follows the language switch, and the switch holds for every panel.
    panel.locator("button[data-action=lang]").click()
    panel_zh = exercise(page, "l1_is_trump_title", "zh")
    expect(panel_zh.locator("[data-role=feedback]")).to_have_text(
        Feedback(True, code, params).message("zh")
    )
    expect(exercise(page, "l1_order_title", "zh")).to_have_count(1)
    panel_zh.locator("button[data-action=lang]").click()
    expect(exercise(page, "l1_is_trump_title")).to_have_count(1)

    # A fresh question, answered right at once, scores.
    panel.locator("button[data-action=new]").click()
    expect(feedback).to_be_empty()
    question = panel.locator("[data-role=question]").inner_text()
    card = parse_cards(card_codes(panel, "[data-role=shown] button[data-card]")[0])[0]
    truth = trump_in(question).is_trump(card)
    panel.locator(f"button[data-answer={'yes' if truth else 'no'}]").click()
    expect(feedback).to_have_attribute("data-kind", "ok")
    expect(score).to_have_text(text("ui_score", "en", right=1, asked=2))


def test_which_wins_exercise_right_and_wrong(page: Page) -> None:
    """Clicking a losing card is refuted; clicking the engine's winner is confirmed."""
    open_lesson(page)
    panel = exercise(page, "l1_which_wins_title")
    feedback = panel.locator("[data-role=feedback]")
    trump = trump_in(panel.locator("[data-role=question]").inner_text())
    answers = panel.locator("button[data-answer][data-card]")
    expect(answers).to_have_count(4)
    pairs = answers.evaluate_all("bs => bs.map(b => [b.dataset.answer, b.dataset.card])")
    plays: list[Card] = [parse_cards(code)[0] for _, code in sorted(pairs, key=lambda p: int(p[0]))]
    winner = trick_winner([[card] for card in plays], trump)
    loser = next(i for i in range(4) if i != winner)

    panel.locator(f"button[data-answer='{loser}']").click()
    expect(feedback).to_have_attribute("data-kind", "error")
    expect(feedback).to_contain_text(text("ui_wrong", "en"))
    expect(feedback).to_contain_text(str(plays[winner]))

    panel.locator(f"button[data-answer='{winner}']").click()
    expect(feedback).to_have_attribute("data-kind", "ok")
    expect(feedback).to_contain_text(text("ui_right", "en"))
