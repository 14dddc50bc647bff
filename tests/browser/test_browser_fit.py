"""Every lesson and app fits the screen: at phone (390×844), tablet (768×1024) and laptop (1366×768) size
no control (button, input, select, card) lies outside the viewport's width, the page never scrolls
sideways, and every card of every hand can be clicked (``elementFromPoint`` at its centre hits it, if
need be after scrolling inside its own hand). Each page is opened once, in one tab that is resized from
size to size; a full-page screenshot of each lands in ``test-artifacts/screens/<page>-<width>.png``.
At 1366×768 the play app's learner hand lies wholly in the window without scrolling (at the first play,
and with the last trick shown, whose panel covers no seat box, also at 390, 768 and 1920 px); at 390 px
each card of lesson 11's bury panel shows at least 24 px (its rank and suit). At laptop size the same
page load is also scanned by axe-core: no serious or critical violation (the play app, the trainer and
a lesson block are scanned again after acting, in ``test_browser_accessible.py``), and every link on it is
followed (``link_checks.py``: it looks like a link, an in-page one jumps in the same tab, the others answer 200
and open their section, in a context of their own; none leads off the machine).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from axe import report, scan, severe
from card_table import MY_TURN, TURN_TIMEOUT_MS, CardTable
from link_checks import PAGES, check_links
from live_server import VoilaServer, start_server, stop_server
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from conftest import ACTION_TIMEOUT_MS, ARTIFACTS, PAGE_TIMEOUT_MS, PageGuard, SharedTab, guard
from shengji_kit import legal_plays, parse_cards
from shengji_kit.classroom.store import SQLClassStore
from shengji_kit.classroom.store_protocol import ATTEMPT, ClassEvent
from shengji_kit.puzzles import default_bank

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SCREENS = ARTIFACTS / "screens"
TEACHER_CODE = "fit-teacher"
SIZES: list[ViewportSize] = [
    {"width": 390, "height": 844},
    {"width": 768, "height": 1024},
    {"width": 1366, "height": 768},
]
SIZE_IDS = [f"{size['width']}x{size['height']}" for size in SIZES]
# The tab is reloaded only for another page: lesson 11 comes last of the lessons, so the bury panel's test (right
# after the lessons') finds it loaded, and the play app last of the apps, so the last-trick test finds it at its
# first play.
LESSONS = sorted((path.stem for path in (ROOT / "lessons").glob("*.ipynb")), key=lambda n: (n == "11_kitty", n))
APPS = sorted((path.stem for path in (ROOT / "notebooks").glob("*.ipynb")), key=lambda n: (n == "play", n))
# What a page must show before it is measured (besides its widgets having settled).
READY = {
    "play": MY_TURN,
    "classroom": "[data-role=grid]",
    "puzzles": "[data-role=trainer]",
}
QUERY = {
    "play": "?seed=1&delay=0.05",
    "classroom": f"?teacher={TEACHER_CODE}",
}
TABLE_IN_VIEW_FROM = 768  # from this width the whole card table (seats, trick, hand, buttons) fits the window's height
SETTLE_MS = 600  # the page is measured once its size and card count stay the same this long

# Everything a learner clicks or types into; hand cards separately below.
_MEASURE = """() => {
  // the width one sees: the window's, less the scroll bar of the cells' panel (Voila scrolls there)
  const cells = document.getElementById('rendered_cells');
  const width = Math.min(document.documentElement.clientWidth,
                         cells ? cells.getBoundingClientRect().left + cells.clientWidth : Infinity);
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    for (let up = el; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.display === 'none' || style.visibility === 'hidden') return false;
    }
    return true;
  };
  const name = (el) => {
    const bits = [el.tagName.toLowerCase()];
    for (const key of ['card', 'action', 'role', 'index', 'answer']) {
      if (el.dataset && el.dataset[key] !== undefined) bits.push(`${key}=${el.dataset[key]}`);
    }
    const hand = el.closest('.sk-hand');
    if (hand) bits.push('in-hand');
    const label = (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 30);
    if (label) bits.push(JSON.stringify(label));
    return bits.join(' ');
  };
  // The box a control can be seen in: clipped by ancestors that hide overflow, or the box of the
  // nearest ancestor that scrolls sideways (whatever is inside it is reached by scrolling it).
  const reach = (el) => {
    let box = el.getBoundingClientRect();
    let left = box.left, right = box.right;
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === 'visible') continue;
      const outer = up.getBoundingClientRect();
      if (style.overflowX === 'auto' || style.overflowX === 'scroll') {
        left = Math.max(left, outer.left); right = Math.min(right, outer.right);
        if (right <= left) { left = outer.left; right = outer.right; }
        continue;
      }
      // hidden or clip: the part outside is cut off, so the control must lie inside
      if (left < outer.left - 1 || right > outer.right + 1) return {left, right, cut: true};
    }
    return {left, right, cut: false};
  };
  const outside = [];
  const controls = document.querySelectorAll('button, input, select, textarea, a.sk-button, [role=button]');
  for (const el of controls) {
    if (!shown(el)) continue;
    const {left, right, cut} = reach(el);
    if (cut || left < -1 || right > width + 1) {
      outside.push(`${name(el)} [${Math.round(left)}, ${Math.round(right)}]${cut ? ' cut off' : ''}`);
    }
  }
  // A box of the kit's that hides what does not fit cuts its content off (not the live region: a 1 px box
  // read by screen readers only, hidden from sight on purpose).
  const cut = [];
  for (const el of document.querySelectorAll('.sk-root *, .sk-class-root *')) {
    if (el.closest('[data-sk-live]')) continue;
    const style = getComputedStyle(el);
    const hides = style.overflowX === 'hidden' || style.overflowX === 'clip';
    if (hides && el.scrollWidth > el.clientWidth + 1 && shown(el)) {
      const what = `${el.tagName.toLowerCase()}.${String(el.className).split(' ').join('.')}`;
      cut.push(`${what}: ${el.scrollWidth} px of content in ${el.clientWidth} px`);
    }
  }
  // A hand wraps to the width it has, and the class grid fits a laptop's page (narrower, it scrolls in its box).
  const scrolls = [...document.querySelectorAll('.sk-hand')];
  if (width >= 1024) scrolls.push(...document.querySelectorAll('.sk-grid-wrap'));
  for (const el of scrolls) {
    if (shown(el) && el.scrollWidth > el.clientWidth + 1) {
      cut.push(`${el.className} scrolls sideways: ${el.scrollWidth} px of content in ${el.clientWidth} px`);
    }
  }
  const page = document.getElementById('rendered_cells') || document.scrollingElement;
  return {
    width,
    pageWidth: Math.max(page.scrollWidth, document.scrollingElement.scrollWidth),
    outside,
    cut,
  };
}"""

# Each hand card: scroll it into view (inside its hand), then elementFromPoint at its centre must hit
# it and the page must not have scrolled sideways; each hand is one tab stop (the arrow keys move in it).
_CLICKABLE = """() => {
  const missed = [];
  const page = document.getElementById('rendered_cells') || document.scrollingElement;
  let cards = 0;
  const hands = [...document.querySelectorAll('.sk-hand')].filter((hand) => hand.getClientRects().length);
  for (const hand of hands) {
    for (const card of hand.querySelectorAll('button.sk-card')) {
      cards += 1;
      card.scrollIntoView({block: 'center', inline: 'nearest'});
      const box = card.getBoundingClientRect();
      const x = box.left + box.width / 2, y = box.top + box.height / 2;
      const hit = document.elementFromPoint(x, y);
      const what = `${card.dataset.card}#${card.dataset.index} of a ${hand.dataset.count}-card hand`;
      const sideways = page.scrollLeft || document.scrollingElement.scrollLeft;
      if (sideways) missed.push(`${what}: the page scrolled sideways by ${sideways} px`);
      else if (!hit || !(hit === card || card.contains(hit))) {
        const other = hit ? `${hit.tagName.toLowerCase()}.${hit.className.baseVal ?? hit.className}` : 'nothing';
        missed.push(`${what}: at (${Math.round(x)}, ${Math.round(y)}) a click hits ${other}`);
      }
      page.scrollLeft = 0;
      document.scrollingElement.scrollLeft = 0;
    }
    // one tab stop per hand (a roving tabindex: the arrow keys move along it)
    const stops = [...hand.querySelectorAll('button.sk-card')].filter((card) => card.tabIndex >= 0 && !card.disabled);
    if (stops.length !== 1) missed.push(`the keyboard: a ${hand.dataset.count}-card hand has ${stops.length} stops`);
  }
  return {cards, missed};
}"""

_PAGE_HEIGHT = """() => {
  const page = document.getElementById('rendered_cells');
  const top = page ? page.getBoundingClientRect().top + window.scrollY : 0;
  return Math.ceil(top + (page ? page.scrollHeight : document.scrollingElement.scrollHeight));
}"""
_TWO_FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
_TO_TOP = """() => {
  window.__skFitState = null;  // the page settles afresh
  for (const page of [document.getElementById('rendered_cells'), document.scrollingElement]) {
    if (page) { page.scrollTop = 0; page.scrollLeft = 0; }
  }
}"""
_SETTLED = """(last) => {
  const page = document.getElementById('rendered_cells') || document.scrollingElement;
  // Lumino sizes the cells' panel a moment after the window changes: wait for it to fill the window
  if (Math.abs(page.getBoundingClientRect().right - window.innerWidth) > 20) return false;
  const state = [page.scrollHeight, page.scrollWidth, document.querySelectorAll('.sk-card').length,
                 document.querySelectorAll('.jupyter-widgets, .sk-root, .sk-class-root').length].join('/');
  if (window.__skFitState !== state) { window.__skFitState = state; window.__skFitSince = Date.now(); }
  return Date.now() - window.__skFitSince >= last;
}"""


@pytest.fixture(scope="module")
def fit_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """A Voila server with a teacher code and a class store holding one learner, so the dashboard draws its grid."""
    folder = tmp_path_factory.mktemp("fit")
    database = f"sqlite:///{folder / 'class.sqlite3'}"
    puzzle = default_bank().get_set("01-who-wins").puzzles[0]
    store = SQLClassStore(database)
    store.record([ClassEvent("Ann", puzzle.id, "01-who-wins", ATTEMPT, datetime.now(UTC), "x", False)])
    store.close()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SHENGJI_KIT_DATA_DIR", str(folder / "data"))
        patch.setenv("SHENGJI_KIT_CLASS_DB", database)
        patch.setenv("SHENGJI_KIT_TEACHER_CODE", TEACHER_CODE)
        patch.delenv("SHENGJI_KIT_CLASS_SERVICE_URL", raising=False)
        server = start_server(ARTIFACTS / "voila-fit.log")
    try:
        yield server
    finally:
        stop_server(server)


def to_first_play(page: Page) -> None:
    """Watch the deal, then pass and bury until the learner is asked to play a card, so the table shows a full
    hand, the seats and the trick."""
    table = CardTable(page)
    table.draws()
    table.reach_first_play()


class Tabs:
    """One browser context for the module and one open tab: a page is loaded at its first size and resized after."""

    def __init__(self, browser: Browser, server: VoilaServer) -> None:
        self.context: BrowserContext = browser.new_context(
            viewport=SIZES[0], base_url=server.base_url, locale="en-US"
        )
        self.context.set_default_timeout(ACTION_TIMEOUT_MS)
        self.context.set_default_navigation_timeout(PAGE_TIMEOUT_MS)
        self.seen: PageGuard = guard(self.context)
        self.name = ""
        self.tab: Page | None = None

    def show(self, name: str, address: str, size: ViewportSize) -> Page:
        """The tab showing ``address`` at ``size``: loaded if another page was shown, else resized."""
        if self.tab is None or self.name != name:
            self.leave()
            self.tab = self.context.new_page()
            self.tab.set_viewport_size(size)
            self.tab.goto(address)
            self.tab.locator(READY.get(name, ".sk-root, .sk-class-root, h1")).first.wait_for(
                state="visible", timeout=TURN_TIMEOUT_MS
            )
            self.name = name
            if name == "play":
                to_first_play(self.tab)
        else:
            self.tab.set_viewport_size(size)
            self.tab.evaluate(_TO_TOP)
        self.tab.wait_for_function(_SETTLED, arg=SETTLE_MS, polling=100, timeout=PAGE_TIMEOUT_MS)
        return self.tab

    def leave(self) -> None:
        """Leave the page shown (Voila stops its kernel, as closing a learner's tab does)."""
        if self.tab is not None:
            self.tab.goto("about:blank", timeout=10_000)
            self.tab.close()
            self.tab = None

    def close(self) -> None:
        self.context.unroute_all(behavior="ignoreErrors")
        self.leave()
        self.context.close()


@pytest.fixture(scope="module")
def tabs(browser: Browser, fit_server: VoilaServer) -> Iterator[Tabs]:
    opened = Tabs(browser, fit_server)
    try:
        yield opened
    finally:
        opened.close()


def save_screenshot(page: Page, path: Path, size: ViewportSize) -> None:
    """A screenshot of the whole page: Voila scrolls its cells inside ``#rendered_cells``, not the document, so the
    viewport is made as tall as the cells for the picture, then set back."""
    path.parent.mkdir(parents=True, exist_ok=True)
    height = size["height"]
    for _ in range(4):  # Lumino sizes the cells' panel after the window: grow until the page holds still
        tall = page.evaluate(_PAGE_HEIGHT)
        if tall <= height:
            break
        height = tall
        page.set_viewport_size({"width": size["width"], "height": height})
        page.evaluate(_TWO_FRAMES)
    try:
        page.screenshot(path=path, full_page=True, timeout=30_000)
    finally:
        page.set_viewport_size(size)
        page.evaluate(_TO_TOP)


def page_address(folder: str, name: str) -> str:
    """The page's address on the fit server, with the query it is measured with (the dashboard's teacher code)."""
    return f"/voila/render/{folder}/{name}.ipynb{QUERY.get(name, '')}"


def check_fits(tabs: Tabs, folder: str, name: str, size: ViewportSize) -> None:
    """Open (or resize) the page, save its screenshot, and fail on each control outside the width and each card
    that cannot be clicked."""
    page = tabs.show(name, page_address(folder, name), size)
    measured: dict[str, Any] = page.evaluate(_MEASURE)
    clickable: dict[str, Any] = page.evaluate(_CLICKABLE)
    save_screenshot(page, SCREENS / f"{name}-{size['width']}.png", size)
    problems = [f"outside the {measured['width']} px width: {line}" for line in measured["outside"]]
    if measured["pageWidth"] > measured["width"] + 1:
        problems.append(f"the page scrolls sideways: {measured['pageWidth']} px wide in {measured['width']} px")
    problems += [f"cut off: {line}" for line in measured["cut"]]
    problems += [f"cannot click {line}" for line in clickable["missed"]]
    if name == "play" and size["width"] >= TABLE_IN_VIEW_FROM:
        tall = page.evaluate("() => Math.ceil(document.querySelector('.sk-table').getBoundingClientRect().height)")
        if tall > size["height"]:
            problems.append(f"the card table is {tall} px tall: it needs a scroll in a {size['height']} px window")
    if name == "play" and size == LAPTOP:
        hand = page.evaluate(_TABLE_BOXES)["hand"]
        if hand is None or hand["bottom"] > size["height"] or hand["top"] < 0:
            problems.append(f"the learner's hand {hand} is not wholly in the window without scrolling")
    if size is SIZES[-1]:
        found = severe(scan(page))
        if found:
            problems.append(report(f"{name} (axe-core)", found))
    problems += tabs.seen.problems()
    assert not problems, f"{name} at {size['width']}×{size['height']}:\n" + "\n".join(problems[:40])


@pytest.fixture(scope="module")
def other_pages(browser: Browser, fit_server: VoilaServer) -> Iterator[SharedTab]:
    """A context of its own for the pages a page's links open, so the tab measured keeps its context to itself."""
    opened = SharedTab(browser, fit_server)
    try:
        yield opened
    finally:
        opened.close()


def check_page_links(tabs: Tabs, others: SharedTab, folder: str, name: str) -> None:
    """The page's links (``link_checks``), in its laptop-size load (loaded here if the tab shows another page)."""
    page = tabs.show(name, page_address(folder, name), LAPTOP)
    check_links(page, f"{folder}/{name}.ipynb", others)
    problems = tabs.seen.problems()
    assert not problems, f"{name}, following its links:\n" + "\n".join(problems)


def test_every_served_page_is_checked() -> None:
    """The pages measured here (and whose links are followed) are the pages the kit serves, the landing page too."""
    checked = {f"lessons/{name}.ipynb" for name in LESSONS} | {f"notebooks/{name}.ipynb" for name in APPS}
    assert checked == set(PAGES)


# ``lesson`` is module-scoped, so pytest runs each lesson's tests together: three sizes, then its links, one load.
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("lesson", LESSONS, scope="module")
def test_lesson_fits_the_screen(tabs: Tabs, lesson: str, size: ViewportSize) -> None:
    check_fits(tabs, "lessons", lesson, size)


@pytest.mark.parametrize("lesson", LESSONS, scope="module")
def test_lesson_links_go_somewhere(tabs: Tabs, other_pages: SharedTab, lesson: str) -> None:
    check_page_links(tabs, other_pages, "lessons", lesson)


# --- Lesson 11's bury panel on a phone (issue 38, item 23), in the tab the lessons' last test left ------------------

READABLE_CARD_PX = 24  # of each card of a hand, at least this much shows (its rank and suit in the corner)

# Of each card of each hand in the bury panel: how many pixels show, left to right, before the next card covers it.
_BURY_CARDS = """() => {
  const panel = document.querySelector('[data-role=bury-table]');
  const cards = panel ? [...panel.querySelectorAll('.sk-card')] : [];
  return cards.map((card) => {
    const r = card.getBoundingClientRect();
    let shown = r.width;
    for (const other of cards) {
      if (other === card) continue;
      const o = other.getBoundingClientRect();
      const overlapsRows = o.top < r.bottom - 4 && o.bottom > r.top + 4;
      const later = card.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING;
      if (later && overlapsRows && o.left >= r.left - 0.5 && o.left < r.right) shown = Math.min(shown, o.left - r.left);
    }
    return {card: card.dataset.card, shown, width: r.width};
  });
}"""


def test_lesson_11_bury_hand_is_readable_on_a_phone(tabs: Tabs) -> None:
    """At 390 px each of the bury panel's 33 cards shows at least READABLE_CARD_PX (its corner: rank and suit)."""
    size = SIZES[0]
    page = tabs.show("11_kitty", "/voila/render/lessons/11_kitty.ipynb", size)
    page.locator("[data-role=bury-table] .sk-card").first.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
    page.evaluate(_TWO_FRAMES)
    cards: list[dict[str, Any]] = page.evaluate(_BURY_CARDS)
    page.locator("[data-role=bury-table]").screenshot(path=SCREENS / "11_kitty-bury-390.png")
    assert len(cards) >= 33
    narrow = [f"{card['card']}: {card['shown']:.0f} px" for card in cards if card["shown"] < READABLE_CARD_PX]
    assert not narrow, f"bury panel cards show less than {READABLE_CARD_PX} px at 390 px: " + ", ".join(narrow)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("app", APPS, scope="module")
def test_app_fits_the_screen(tabs: Tabs, app: str, size: ViewportSize) -> None:
    check_fits(tabs, "notebooks", app, size)


@pytest.mark.parametrize("app", APPS, scope="module")
def test_app_links_go_somewhere(tabs: Tabs, other_pages: SharedTab, app: str) -> None:
    check_page_links(tabs, other_pages, "notebooks", app)


# --- The play table at a laptop's 1366×768 (issue 38, item 23), in the tab the apps' last test left ---------------

LAPTOP: ViewportSize = {"width": 1366, "height": 768}
PROJECTOR: ViewportSize = {"width": 1920, "height": 1080}

# The learner's hand, the last-trick panel and the seat boxes, where they are drawn (at the page's top).
_TABLE_BOXES = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
                        return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
  const hand = document.querySelector('[data-seat="0"]');
  const last = document.querySelector('.sk-last-trick');
  return {
    hand: hand ? box(hand) : null,
    cards: hand ? [...hand.querySelectorAll('button.sk-card')].map(box) : [],
    last: last ? box(last) : null,
    seats: [...document.querySelectorAll('.sk-felt .sk-seat-box')].map(
      (el) => ({name: (el.querySelector('.sk-seat-name') || el).textContent.trim(), ...box(el)})),
    view: {width: window.innerWidth, height: window.innerHeight},
  };
}"""


def intersects(one: dict[str, float], other: dict[str, float]) -> bool:
    return (one["left"] < other["right"] - 0.5 and other["left"] < one["right"] - 0.5
            and one["top"] < other["bottom"] - 0.5 and other["top"] < one["bottom"] - 0.5)


def play_to_a_last_trick(page: Page) -> None:
    """From the first play, play the first legal cards until a trick is over and the learner is asked again, so the
    table shows the "Your last trick" panel beside the new trick."""
    table = CardTable(page)
    for _ in range(4):
        if page.locator("[data-role=last-trick]").count():
            return
        hand = parse_cards(" ".join(table.hand_codes()))
        table.select(next(legal_plays(table.lead(), hand, table.trump())))
        table.click(table.button("play"))
        table.wait_for_turn()
    raise AssertionError("no last-trick panel after four plays")


def test_play_table_fits_a_laptop_with_the_last_trick(tabs: Tabs) -> None:
    """At 1366×768 the learner's hand is wholly in the window without scrolling, and the last trick covers no seat;
    the same table is drawn (and photographed) at phone, tablet and projector size."""
    page = tabs.show("play", f"/voila/render/notebooks/play.ipynb{QUERY['play']}", LAPTOP)
    play_to_a_last_trick(page)
    problems = []
    for size in [*SIZES, PROJECTOR]:
        page.set_viewport_size(size)
        page.evaluate(_TO_TOP)
        page.wait_for_function(_SETTLED, arg=SETTLE_MS, polling=100, timeout=PAGE_TIMEOUT_MS)
        boxes: dict[str, Any] = page.evaluate(_TABLE_BOXES)
        save_screenshot(page, SCREENS / f"play-last-trick-{size['width']}.png", size)
        where = f"at {size['width']}×{size['height']}"
        assert boxes["hand"] is not None and boxes["last"] is not None, f"{where}: no hand or no last trick"
        for seat in boxes["seats"]:
            if intersects(boxes["last"], seat):
                problems.append(f"{where}: the last trick {boxes['last']} covers {seat['name']}'s box {seat}")
        if size == LAPTOP:
            hand = boxes["hand"]
            if hand["top"] < 0 or hand["bottom"] > size["height"] or hand["left"] < 0 or hand["right"] > size["width"]:
                problems.append(f"{where}: the hand {hand} is not wholly in the window without scrolling")
    # the same in Chinese (its lines wrap differently), then back to English for the module's other pages
    page.set_viewport_size(LAPTOP)
    for lang in ("zh", "en"):
        page.locator("button[data-action=lang]").first.click()
        expect(page.locator("html")).to_have_attribute("lang", lang)
        page.evaluate(_TO_TOP)
        page.wait_for_function(_SETTLED, arg=SETTLE_MS, polling=100, timeout=PAGE_TIMEOUT_MS)
        if lang == "zh":
            save_screenshot(page, SCREENS / "play-last-trick-1366-zh.png", LAPTOP)
            hand = page.evaluate(_TABLE_BOXES)["hand"]
            if hand is None or hand["top"] < 0 or hand["bottom"] > LAPTOP["height"]:
                problems.append(f"in Chinese at 1366×768: the hand {hand} is not wholly in the window")
    problems += tabs.seen.problems()
    assert not problems, "\n".join(problems)
