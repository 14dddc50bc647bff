"""The coach in a real browser: the h key shows a hint (highlighted cards, a reason), the hinted
plays carry a whole round, and the summary's "Review this round" opens the review full-width under the
board (at a desktop width and at a 390 px phone), one row per trick."""

from __future__ import annotations

import pytest
from card_table import HAND, CardTable
from playwright.sync_api import Page, expect

from shengji_kit.words.catalogue import text

pytestmark = pytest.mark.browser

COACH_APP = "/voila/render/notebooks/play.ipynb?seed=3&delay=0"
REVIEW_TIMEOUT_MS = 120_000


def open_app(page: Page) -> CardTable:
    table = CardTable(page)
    page.goto(COACH_APP)
    table.hand_cards.first.wait_for(state="visible", timeout=90_000)
    table.draws()
    return table


def answer_bidding(table: CardTable, kind: str) -> None:
    if kind == "bury":
        codes = table.hand_codes()
        for index in range(8):
            table.click(table.page.locator(f'{HAND} button[data-index="{index}"]'))
        assert len(table.selected_codes()) == 8, codes
        table.click(table.button("bury"))
    else:
        table.click(table.button("pass" if table.page.locator("[data-action=pass]").count() else "redeal"))


def play_the_hint(table: CardTable) -> list[str]:
    """Ask for the hint, check it is drawn, then select the hinted cards and play them."""
    hinted = table.codes_with_class("sk-hinted")
    if not hinted:
        table.click(table.button("hint"))
        hinted = table.codes_with_class("sk-hinted")
    assert hinted, "the hint highlights the cards to play"
    expect(table.page.locator("[data-role=hint] li").first).not_to_be_empty()
    indices = table.page.locator(f"{HAND} button.sk-hinted").evaluate_all("bs => bs.map(b => b.dataset.index)")
    for index in indices:
        table.click(table.page.locator(f'{HAND} button[data-index="{index}"]'))
    assert sorted(table.selected_codes()) == sorted(hinted)
    table.click(table.button("play"))
    # The hint's search has a time budget, so on a loaded machine it may suggest a throw: the table then asks
    # first, as it asks anyone who throws, and following the hint means throwing anyway.
    throw = table.button("throw")
    if throw.is_visible():
        table.click(throw)
    return hinted


# the review's headings drawn on more lines than they have words (a word broken across lines: "tric / k")
BROKEN_HEADINGS = """(cells) => cells.filter((cell) => {
  const range = document.createRange();
  range.selectNodeContents(cell);
  const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  return lines > cell.textContent.trim().split(/\\s+/).length;
}).map((cell) => cell.textContent)"""


@pytest.mark.parametrize("width", [None, 390])
def test_hint_by_key_then_play_the_hints_to_the_summary_and_review(page: Page, width: int | None) -> None:
    if width is not None:
        page.set_viewport_size({"width": width, "height": 844})
    table = open_app(page)
    first = True
    while (turn := table.wait_for_turn()).kind != "summary":
        if turn.kind != "play":
            answer_bidding(table, turn.kind)
            continue
        expect(table.page.locator("[data-role=prompt]")).to_contain_text(text("coachui_hint_key", "en"))
        if first:
            # keyboard: focus a card, press h
            table.hand_cards.first.focus()
            before = table.draws()
            page.keyboard.press("h")
            table.wait_for_redraw(before)
            assert table.codes_with_class("sk-hinted")
            assert table.selected_codes() == [], "the hint does not select"
            first = False
        play_the_hint(table)
    summary = page.locator("[data-role=summary]")
    expect(summary.locator("[data-role=hints-used]")).to_be_visible()
    summary.locator("button[data-action=review]").click()
    review = page.locator(".sk-review-wide[data-role=review]")
    expect(review).to_be_visible(timeout=REVIEW_TIMEOUT_MS)
    expect(summary.locator("[data-role=review]")).to_have_count(0)  # not squeezed into the summary card
    tricks = review.locator("tbody tr").evaluate_all("rs => rs.map(r => r.dataset.trick)")
    assert tricks == [str(n) for n in range(1, len(tricks) + 1)] and len(tricks) >= 8, "one row per trick, in order"
    review_width, table_width, page_width = page.evaluate(
        "() => [document.querySelector('.sk-review-wide').getBoundingClientRect().width,"
        " document.querySelector('.sk-table').clientWidth, document.documentElement.clientWidth]"
    )
    assert review_width >= 0.95 * table_width, f"the review opens full-width: {review_width} of {table_width} px"
    assert review_width <= page_width + 1, f"the review fits the page: {review_width} of {page_width} px"
    broken = review.locator("th").evaluate_all(BROKEN_HEADINGS)
    assert not broken, f"headings broken inside a word: {broken}"
    assert table.hand_count() == 0
    table.click(table.button("lang"))
    expect(review.locator("th").first).to_have_text("墩")
