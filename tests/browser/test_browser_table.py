"""The play table as a newcomer meets it: keyboard only, the hand within a 1280×800 window,
page titles, the game log and the rules page (issue 10)."""

from __future__ import annotations

import chromium
import pytest
from card_table import HAND, HAND_CARDS, CardTable
from playwright.sync_api import Page, expect

from conftest import SharedTab
from shengji_kit import legal_plays, parse_cards
from shengji_kit.apps.serving import serve

pytestmark = pytest.mark.browser

LESSON_1 = "lessons/01_trump_ranking.ipynb"
SMALL_WINDOW = {"width": 1280, "height": 800}
FOCUS_IN_HAND = f"() => !!document.activeElement && !!document.activeElement.closest('{HAND}')"


def focus_hand(page: Page) -> None:
    """Tab from the page into the hand (one tab stop), as a keyboard user would."""
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUS_IN_HAND):
            return
    raise AssertionError("Tab never reached the hand")


# The tests that only read the table as dealt (before the learner acts: the deal waits for the learner's bid)
# share one load of the play app (``shared_tab``); those that play keep a page of their own.


def test_the_hand_is_one_tab_stop(shared_tab: SharedTab) -> None:
    table = CardTable.shared(shared_tab)
    page = table.page
    tabbable = page.locator(f"{HAND_CARDS}:not([tabindex='-1'])")
    expect(tabbable).to_have_count(1)
    assert table.hand_count() > 1


def press_cards(table: CardTable, indices: set[int]) -> None:
    """From the first card, walk the hand with → and press space on each card at ``indices``."""
    page = table.page
    page.keyboard.press("Home")
    for index in range(max(indices) + 1):
        if index in indices:
            before = table.draws()
            page.keyboard.press(" ")
            table.wait_for_redraw(before)
        page.keyboard.press("ArrowRight")


def test_keyboard_only_play_of_a_trick(page: Page) -> None:
    """Declare/pass, bury and play a legal play with keys only; focus stays on the hand after each."""
    table = CardTable(page).open()
    focus_hand(page)
    page.keyboard.press("Tab")
    assert not page.evaluate(FOCUS_IN_HAND), "one Tab leaves the hand (a single tab stop)"
    focus_hand(page)
    played, bid = False, False
    while not played:
        turn = table.wait_for_turn()
        assert turn.kind != "summary", "the round ended before the learner played"
        if not page.evaluate(FOCUS_IN_HAND):
            focus_hand(page)
        before = table.draws()
        if turn.kind == "bury":
            press_cards(table, set(range(8)))
            page.keyboard.press("Enter")
            expect(table.hand).to_have_attribute("data-count", "25")
        elif turn.kind == "play":
            count = table.hand_count()
            hand = parse_cards(" ".join(table.hand_codes()))
            play = next(legal_plays(table.lead(), hand, table.trump()))
            chosen: set[int] = set()
            for card in play:
                chosen.add(next(i for i, held in enumerate(hand) if held == card and i not in chosen))
            press_cards(table, chosen)
            page.keyboard.press("Enter")
            expect(table.hand).to_have_attribute("data-count", str(count - len(play)))
            played = True
        else:
            # bidding: the last bidding button sits just before the hand's tab stop
            page.keyboard.press("Shift+Tab")
            action = page.evaluate("() => document.activeElement.dataset.action || ''")
            assert action in ("declare", "pass", "deal-on", "redeal"), action
            bid = True
            page.keyboard.press("Enter")
            table.wait_for_redraw(before)
        page.wait_for_function(FOCUS_IN_HAND)
    assert bid, "the first round lets the learner declare (or pass) with the keyboard"


def test_the_hand_fits_a_1280_by_800_window(shared_tab: SharedTab) -> None:
    page = CardTable.shared(shared_tab).page
    page.set_viewport_size(SMALL_WINDOW)
    try:
        # The learner scrolls the table's top to the window's top (Voila scrolls an inner element).
        page.locator("[data-role=table]").evaluate("t => t.scrollIntoView({block: 'start'})")
        table_box = page.locator("[data-role=table]").bounding_box()
        hand_box = page.locator(HAND).bounding_box()
    finally:
        page.set_viewport_size(chromium.VIEWPORT)  # the module's other tests share this tab
    assert table_box is not None and hand_box is not None
    assert table_box["height"] <= SMALL_WINDOW["height"], f"the table is {table_box['height']} px tall"
    assert hand_box["y"] >= 0 and hand_box["y"] + hand_box["height"] <= SMALL_WINDOW["height"]


def test_a_burying_hand_shows_in_two_rows_within_1280_by_800(page: Page) -> None:
    """Declare when offered (the first declarer deals and takes the kitty), then look at the 33 cards."""
    page.set_viewport_size(SMALL_WINDOW)
    table = CardTable(page).open()
    while (turn := table.wait_for_turn()).kind not in ("bury", "play", "summary"):
        table.click(table.button("declare" if "declare" in turn.actions else "pass"))
    assert turn.kind == "bury", "seed 1's first round lets the learner declare first and take the kitty"
    expect(table.hand).to_have_attribute("data-count", "33")
    page.locator("[data-role=table]").evaluate("t => t.scrollIntoView({block: 'start'})")
    tops = {round(box["y"]) for box in (card.bounding_box() for card in table.hand_cards.all()) if box}
    assert len(tops) >= 2, "two rows of cards"
    hand_box = table.hand.bounding_box()
    assert hand_box is not None and hand_box["y"] + hand_box["height"] <= SMALL_WINDOW["height"]
    widths = [box["width"] for box in (card.bounding_box() for card in table.hand_cards.all()) if box]
    assert min(widths) >= 20, "no card squeezed below 20 px"


def test_game_log_and_rules_page(shared_tab: SharedTab) -> None:
    table = CardTable.shared(shared_tab)
    page = table.page
    expect(page.locator("[data-role=log]")).to_be_visible()
    expect(page.locator("[data-role=bidding]")).to_contain_text("Cards dealt")
    expect(page.locator("button[data-action=pass]").first).to_have_attribute(
        "title", "pass: Decline for now: not declaring, overturning or asking for a redeal this time."
    )
    link = page.locator("[data-role=rules-link]")
    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_load_state()
    expect(rules.locator("[data-role=rules-page] #s2")).to_have_count(1, timeout=60_000)
    expect(rules).to_have_title("Rules")
    rules.close()
    assert table.hand_count() > 0


@pytest.mark.parametrize(
    ("path", "title"),
    [
        ("/voila/render/notebooks/play.ipynb?seed=1&delay=0.05", "Play a round"),
        ("/voila/render/notebooks/puzzles.ipynb", "Puzzle trainer"),
        ("/voila/render/notebooks/index.ipynb", "Shengji kit"),
        # the English title cell's heading (the tab shows the page's language)
        ("/voila/render/lessons/01_trump_ranking.ipynb", serve.describe(serve.NOTEBOOK_ROOT / LESSON_1)[0]),
    ],
)
def test_every_page_has_a_title(shared_tab: SharedTab, path: str, title: str) -> None:
    page = shared_tab.show(path)  # the play app's load is the one the tests above read
    expect(page).to_have_title(title)
