"""Every link on a page goes somewhere: the page's links are collected once it is drawn and followed. A link to
another page answers 200 (after its redirects); a link with a section (``rules.ipynb#s2``, ``../docs/rules.md#s2``)
opens that page scrolled to the section; an in-page link (``#s2``) jumps to its section in the same page, in the same
tab, with no new kernel. Nothing links off this machine, and every link in prose or a widget looks like one
(underlined, 3:1 against the text beside it, 4.5:1 against its background).

``check_links`` runs on a page a test already has loaded (``test_browser_fit.py`` checks each page's links in its
laptop-size load); the other pages its links open are loaded in a tab of their own context (``SharedTab``), so the
page's own tab and context are left as they were, but scrolled.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from urllib.parse import unquote, urldefrag, urlsplit

from playwright.sync_api import Page, expect

from conftest import SharedTab
from shengji_kit.apps.serving import serve

PAGES = [serve.LANDING_PAGE, *(entry.path for entry in serve.catalogue())]
TITLES = {serve.LANDING_PAGE: "Shengji kit", **{entry.path: entry.title for entry in serve.catalogue()}}
# A failed cell (Voila runs with show_tracebacks) or stray stderr shows as a stderr output.
ERROR_OUTPUT = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
LOAD_MS = 90_000
STABLE_S = 1.5  # a page is drawn when its links stopped changing for this long (widgets draw after the cells)
DRAWN_S = 45.0
SKIPPED_SCHEMES = ("data:", "javascript:", "blob:")
# every link of the page: where it goes (resolved), as written, whether it shows, whether it opens a new tab
COLLECT = """() => {
  const background = (e) => {
    for (; e; e = e.parentElement) {
      const colour = getComputedStyle(e).backgroundColor;
      if (colour && !/^rgba\\(.*, 0\\)$/.test(colour) && colour !== 'transparent') return colour;
    }
    return 'rgb(255, 255, 255)';
  };
  return [...document.querySelectorAll('a[href]')].map((a) => ({
    url: a.href, href: a.getAttribute('href'),
    visible: !!(a.offsetWidth || a.offsetHeight || a.getClientRects().length),
    text: (a.textContent || '').trim().slice(0, 40), permalink: a.classList.contains('anchor-link'),
    button: a.classList.contains('sk-button'),
    colour: getComputedStyle(a).color, underline: getComputedStyle(a).textDecorationLine.includes('underline'),
    prose: getComputedStyle(a.parentElement).color, background: background(a),
  }));
}"""
# the section an anchor names is there, and (when asked) shown in the window
IN_VIEW = """([id, shown]) => {
  let name = id; try { name = decodeURIComponent(id); } catch (e) {}
  const found = document.getElementById(id) || document.getElementById(name) || document.getElementsByName(name)[0];
  if (!found) return false;
  if (!shown) return true;
  const top = found.getBoundingClientRect().top;
  return top > -4 && top < window.innerHeight - 8;
}"""
# pages already opened (with their section) by an earlier test: address -> None when fine, else why not
_FOLLOWED: dict[str, str | None] = {}


@dataclass(frozen=True)
class Link:
    """One link as the page shows it."""

    url: str
    href: str
    visible: bool
    text: str
    permalink: bool
    button: bool  # a link drawn as a button (a.sk-button): it looks like a button, not like a link
    colour: str
    underline: bool
    prose: str  # the colour of the text around it
    background: str


def _rgba(css: str) -> tuple[float, float, float, float]:
    """``rgb(1, 2, 3)`` / ``rgba(1, 2, 3, 0.5)`` as four numbers."""
    numbers = [float(part) for part in re.findall(r"[\d.]+", css)]
    return (numbers[0], numbers[1], numbers[2], numbers[3] if len(numbers) > 3 else 1.0)


def _over(colour: str, background: str) -> tuple[float, float, float]:
    """``colour`` as it shows over ``background`` (its alpha blended in)."""
    r, g, b, alpha = _rgba(colour)
    under = _rgba(background)
    return (r * alpha + under[0] * (1 - alpha), g * alpha + under[1] * (1 - alpha), b * alpha + under[2] * (1 - alpha))


def _luminance(rgb: tuple[float, float, float]) -> float:
    linear = [c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: tuple[float, float, float], other: tuple[float, float, float]) -> float:
    """WCAG's contrast ratio of two colours."""
    light, dark = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def looks_like_a_link(link: Link) -> str | None:
    """None when a link in prose or a widget is underlined, 3:1 against the text beside it and 4.5:1 against
    its background; else why not."""
    if link.button or link.permalink or not link.visible:
        return None
    colour, prose = _over(link.colour, link.background), _over(link.prose, link.background)
    background = _over(link.background, "rgb(255, 255, 255)")
    against_text, against_page = contrast(colour, prose), contrast(colour, background)
    if link.underline and against_text >= 3 and against_page >= 4.5:
        return None
    return (f"{link.href} ({link.text!r}) does not look like a link: underlined {link.underline}, "
            f"{against_text:.2f}:1 against the text, {against_page:.2f}:1 against the background")


def drawn(page: Page) -> list[Link]:
    """Wait until the page's cells ran and its widgets drew (its links stop changing); its links."""
    page.wait_for_load_state("load")
    deadline = time.monotonic() + DRAWN_S
    last: list[Link] = []
    stable_since = time.monotonic()
    while time.monotonic() < deadline:
        now = [Link(**found) for found in page.evaluate(COLLECT)]
        if now != last:
            last, stable_since = now, time.monotonic()
        elif time.monotonic() - stable_since >= STABLE_S and page.locator(".jp-OutputArea-output").count():
            break
        time.sleep(0.25)
    return last


def same_page(link: Link, page: Page) -> bool:
    """Whether the link stays on the page it is on (only its section differs)."""
    return urldefrag(link.url).url == urldefrag(page.url).url


def open_elsewhere(others: SharedTab, url: str) -> str | None:
    """Open ``url`` in ``others``' tab: None when it answers 200 and shows its section, else why not. The tab is
    left again afterwards (Voila stops the kernel it started)."""
    if url in _FOLLOWED:
        return _FOLLOWED[url]
    base, fragment = urldefrag(url)
    path = urlsplit(base).path
    problem: str | None = None
    if not path.endswith(".ipynb") and not path.endswith(".md"):
        response = others.context.request.get(base)  # a file, no kernel: asking is enough
        problem = None if response.status == 200 else f"{url} answered {response.status}"
    else:
        try:
            tab = others.show(url)
            response = others.response
            if response is None or response.status != 200:
                problem = f"{url} answered {response.status if response else 'nothing'}"
            elif fragment:
                try:
                    tab.wait_for_function(IN_VIEW, arg=[fragment, True], timeout=LOAD_MS)
                except Exception:  # timed out: say which section did not show
                    shown = tab.evaluate(IN_VIEW, [fragment, False])
                    problem = f"{url}: section #{fragment} " + ("not scrolled into view" if shown else "missing")
        finally:
            others.leave()  # leaving the page lets Voila stop its kernel
    _FOLLOWED[url] = problem
    return problem


def jump_in_page(page: Page, link: Link) -> str | None:
    """Click an in-page link: None when it scrolled to its section in this very tab, else why not."""
    fragment = urldefrag(link.url).fragment
    if not page.evaluate(IN_VIEW, [fragment, False]):
        return f"{link.href} ({link.text!r}): no section #{unquote(fragment)} on the page"
    if link.permalink or not link.visible:
        return None  # a heading's hidden ¶ or a cell of the other language: its section is there
    address, tabs = urldefrag(page.url).url, len(page.context.pages)
    page.locator(f"a[href={_css_string(link.href)}]").first.click()
    try:
        page.wait_for_function(IN_VIEW, arg=[fragment, True], timeout=5_000)
    except Exception:
        return f"{link.href} ({link.text!r}): section not scrolled into view"
    if len(page.context.pages) != tabs:
        return f"{link.href} ({link.text!r}) opened a new tab"
    if urldefrag(page.url).url != address:
        return f"{link.href} ({link.text!r}) left the page for {page.url}"
    return None


def opened_by_its_own_test(link: Link) -> bool:
    """A plain link to one of :data:`PAGES` (no query, no section): that page's own test opens it."""
    parts = urlsplit(link.url)
    return not parts.query and not parts.fragment and parts.path.removeprefix("/voila/render/") in PAGES


def _css_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def check_links(page: Page, notebook: str, others: SharedTab) -> None:
    """``notebook``, drawn in ``page``, shows its title and no error output; each of its links looks like a link;
    in-page ones jump to their section, the others answer 200 (and show their section, opened in ``others``);
    none leads off this machine; neither context saw a foreign request or a page error."""
    links = [link for link in drawn(page) if not link.href.startswith(SKIPPED_SCHEMES)]
    assert links, f"{notebook} shows no link at all"
    # the page the landing page's link opens (test_browser_landing.py) shows its title and no error
    expect(page.get_by_role("heading", name=TITLES[notebook]).first).to_be_visible()
    expect(page.locator(ERROR_OUTPUT)).to_have_count(0)
    problems: list[str] = []
    for link in links:
        problems.append(looks_like_a_link(link) or "")
        if urlsplit(link.url).hostname not in serve.LOCAL_HOSTS:
            problems.append(f"{link.href} ({link.text!r}) leads off this machine")
        elif same_page(link, page) and urldefrag(link.url).fragment:
            problems.append(jump_in_page(page, link) or "")
        elif opened_by_its_own_test(link):
            continue
        elif not same_page(link, page):
            problems.append(open_elsewhere(others, link.url) or "")
    problems = [problem for problem in problems if problem] + others.seen.problems()
    assert not problems, f"{notebook}:\n" + "\n".join(problems)
