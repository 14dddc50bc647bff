"""A long throw stays on the felt: the card table drawn by the kit's renderer and stylesheet, with 7-card plays in
the learner's last trick and in the new one, at a phone's, a tablet's and a laptop's width. Every row of cards
stays inside its trick and every card keeps a strip wide enough to read its corner (rank and suit)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from conftest import guard
from shengji_kit.engine.cards import parse_cards
from shengji_kit.engine.trump import Trump
from shengji_kit.render.table import table_html
from shengji_kit.render.table_data import PlayedCards, SeatBox, TableScene
from shengji_kit.widgets.surface import STATIC

pytestmark = pytest.mark.browser

WIDTHS = (390, 768, 1366)
READABLE_STRIP_PX = 12  # a row card's corner: its rank and suit take about this much

THROW = "SA SA SK SK SQ SJ S10"
FOLLOWS = ("S2 S3 S4 S5 S6 S7 S8", "H2 H3 H4 H5 H6 H7 H8", "C2 C3 C4 C5 C6 C7 C8")
# every row of played cards: its box, its trick's box, and each card's visible strip (to the next card on its line)
_ROWS = """() => [...document.querySelectorAll('.sk-trick .sk-row')].map((row) => {
  const box = (e) => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top}; };
  const cards = [...row.querySelectorAll('.sk-card')].map(box);
  const sameLine = (i) => cards[i + 1] && Math.abs(cards[i + 1].top - cards[i].top) < 2;
  const next = (i) => (sameLine(i) ? cards[i + 1].left : cards[i].right);
  const strips = cards.map((card, i) => next(i) - card.left);
  return {row: box(row), trick: box(row.closest('.sk-trick')), strips,
          role: row.closest('.sk-trick').dataset.role, seat: row.dataset.playedBy};
})"""


def long_throw_scene(lang: str) -> TableScene:
    """West led a 7-card throw in the last trick and everybody followed with 7; the new trick holds another one."""
    seats = tuple(SeatBox(seat, f"Seat {seat}", 18) for seat in range(4))
    last = (PlayedCards(1, parse_cards(THROW)),
            *(PlayedCards(seat, parse_cards(cards)) for seat, cards in zip((2, 3, 0), FOLLOWS, strict=True)))
    return TableScene(
        lang=lang, seats=seats, hand=parse_cards("D4 D5 D6 D7 D8 D9 D10 DJ DQ DK DA H9 H10 HJ HQ HK HA C9"),
        trump=Trump("2", "H"), trick=(PlayedCards(3, parse_cards("DA DA DK DK DQ DJ D10")),),
        last_trick=last, last_winner=1, last_title="Last trick",
    )


@pytest.fixture
def felt(browser: Browser) -> Iterator[Page]:
    """A tab with nothing but the table's HTML and the widget stylesheet (no server: no request at all)."""
    context = browser.new_context()
    seen = guard(context)
    page = context.new_page()
    yield page
    context.close()
    assert not seen.problems(), seen.problems()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_seven_card_throw_stays_inside_the_trick_at_every_width(felt: Page, lang: str) -> None:
    css = (STATIC / "surface.css").read_text(encoding="utf-8")
    html = (f"<!doctype html><html><head><meta name='viewport' content='width=device-width'><style>{css}</style>"
            f"</head><body><div class='sk-root'>{table_html(long_throw_scene(lang))}</div></body></html>")
    for width in WIDTHS:
        felt.set_viewport_size({"width": width, "height": 900})
        felt.set_content(html)
        rows = felt.evaluate(_ROWS)
        assert {row["role"] for row in rows} == {"trick", "last-trick"} and len(rows) == 5
        for row in rows:
            where = f"{width} px, {row['role']}, seat {row['seat']}"
            assert row["trick"]["left"] - 0.5 <= row["row"]["left"], f"{where}: the row starts left of its trick"
            assert row["row"]["right"] <= row["trick"]["right"] + 0.5, f"{where}: the row runs past its trick"
            assert len(row["strips"]) == 7 and min(row["strips"]) >= READABLE_STRIP_PX, (where, row["strips"])
        assert felt.evaluate("document.documentElement.scrollWidth") <= width
