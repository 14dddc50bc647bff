"""Play-app responsiveness in a real browser: time to a clickable hand, click-to-trick latency, kernel memory,
and the time to open the landing page (its list of notebooks shown).

Run ``.venv/bin/python benchmarks/ui.py``. It starts Voila as ``make serve`` does (on a free port),
drives Debian's chromium with Playwright and prints figures against the targets:
hand clickable < 2 s after opening the app (issue 10), landing page listed < 3 s, Play → card in the trick
< 300 ms, kernel RSS < 120 MiB. ``--open-only`` skips the plays (for quick before/after runs).
Before each opening it waits until the server and its kernels are idle (a learner arriving at a
running server: the kernels kept started for the apps are ready); ``--back-to-back`` opens at once.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
TARGET_OPEN_S = 2.0
TARGET_LANDING_S = 3.0
TARGET_PLAY_MS = 300.0
TARGET_RSS_MIB = 120.0
MIB = 1024 * 1024

# Records, inside the page, the time from the click on Play to the redraw that shows the
# learner's hand shrunk and the played card in the trick.
_WATCH_PLAY = """(played) => {
  const root = document.querySelector('.sk-root');
  const hand = () => root.querySelector('[data-seat="0"]');
  const before = hand().dataset.count;
  const inTrick = () => [...root.querySelectorAll("[data-role=trick] [data-played-by='0'] button[data-card]")]
    .map(b => b.dataset.card).sort().join(' ');
  window.__skPlayMs = undefined;
  let start = null;
  document.addEventListener('click', (e) => {
    if (e.target.closest('[data-action=play]')) start = performance.now();
  }, {capture: true, once: true});
  const watcher = new MutationObserver(() => {
    if (start !== null && hand().dataset.count !== before && inTrick() === played) {
      window.__skPlayMs = performance.now() - start;
      watcher.disconnect();
    }
  });
  watcher.observe(root, {childList: true, subtree: true, attributes: true, characterData: true});
}"""


def verdict(value: float, target: float) -> str:
    return "met" if value < target else "NOT met"


def time_to_clickable_hand(browser: Any, base_url: str) -> float:
    """Seconds from starting to open the play app to an enabled, visible card in the hand."""
    from card_table import HAND_CARDS, PLAY_APP

    context = browser.new_context(base_url=base_url)
    page = context.new_page()
    start = time.perf_counter()
    page.goto(PLAY_APP, wait_until="commit")
    page.locator(HAND_CARDS).first.wait_for(state="visible", timeout=90_000)
    page.wait_for_function(
        "s => { const b = document.querySelector(s); return b && !b.disabled; }", arg=HAND_CARDS
    )
    seconds = time.perf_counter() - start
    page.goto("about:blank")
    context.close()
    return seconds


def time_to_landing_list(browser: Any, base_url: str) -> float:
    """Seconds from starting to open the landing page to its list of notebooks being visible."""
    from shengji_kit.apps.serving import serve

    context = browser.new_context(base_url=base_url)
    page = context.new_page()
    start = time.perf_counter()
    page.goto(f"/voila/render/{serve.LANDING_PAGE}", wait_until="commit")
    page.locator("[data-role=catalogue] a[data-notebook]").first.wait_for(state="visible", timeout=90_000)
    seconds = time.perf_counter() - start
    page.goto("about:blank")
    context.close()
    return seconds


def play_latencies(page: Any, plays: int) -> list[float]:
    """Milliseconds from clicking Play to the card in the trick, over ``plays`` of the learner's plays."""
    from card_table import CardTable

    from shengji_kit import legal_plays, parse_cards

    table = CardTable(page)
    found: list[float] = []
    while len(found) < plays:
        turn = table.wait_for_turn()
        if turn.kind == "summary":
            break
        if turn.kind == "bury":
            table.select(parse_cards(" ".join(table.hand_codes()[:8])))
        if turn.kind != "play":
            table.click(table.button("pass" if "pass" in turn.actions else turn.kind))
            continue
        hand = parse_cards(" ".join(table.hand_codes()))
        play = next(legal_plays(table.lead(), hand, table.trump()))
        table.select(play)
        page.evaluate(_WATCH_PLAY, " ".join(sorted(card.code for card in play)))
        before = table.draws()
        table.button("play").click()
        page.wait_for_function("() => window.__skPlayMs !== undefined", timeout=15_000)
        found.append(float(page.evaluate("window.__skPlayMs")))
        table.wait_for_redraw(before)
    return found


def kernel_rss_mib(pids: set[int]) -> float:
    """Resident memory of the given kernel process(es), in MiB (psutil, else /proc)."""
    try:
        import psutil
    except ImportError:
        psutil = None
    total = 0
    for pid in pids:
        if psutil is not None:
            total += psutil.Process(pid).memory_info().rss
        else:
            status = Path(f"/proc/{pid}/status").read_text()
            kib = next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:"))
            total += int(kib) * 1024
    return total / MIB


def print_opens(opens: list[float], landings: list[float]) -> None:
    """The opening times: the play app to a clickable hand, the landing page to its list."""
    for what, runs, target in (("open play app -> clickable hand", opens, TARGET_OPEN_S),
                               ("open landing page -> notebooks listed", landings, TARGET_LANDING_S)):
        median = statistics.median(runs)
        print(
            f"{what}: median {median:.2f} s (runs: {', '.join(f'{s:.2f}' for s in runs)}); "
            f"target < {target:g} s: {verdict(median, target)}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--opens", type=int, default=3, help="times to open the play app")
    parser.add_argument("--plays", type=int, default=8, help="learner plays to time")
    parser.add_argument("--open-only", action="store_true", help="time the openings only")
    parser.add_argument("--back-to-back", action="store_true",
                        help="open again at once, without waiting for the server to be idle")
    args = parser.parse_args(argv)

    sys.path.insert(0, str(REPO / "tests" / "browser"))
    import chromium
    from card_table import CardTable
    from live_server import page_kernel_id, start_server, stop_server, wait_until_idle
    from playwright.sync_api import sync_playwright

    log = Path(tempfile.mkdtemp(prefix="shengji-ui-bench-")) / "voila.log"
    server = start_server(log)
    try:
        with sync_playwright() as driver:
            try:
                browser = chromium.launch(driver)
            except chromium.ChromiumMissing as missing:
                print(missing, file=sys.stderr)
                return 2
            def settle() -> None:
                if not args.back_to_back:
                    wait_until_idle(server.process.pid)

            opens, landings = [], []
            for _ in range(args.opens):
                settle()
                opens.append(time_to_clickable_hand(browser, server.base_url))
            for _ in range(args.opens):
                settle()
                landings.append(time_to_landing_list(browser, server.base_url))
            if args.open_only:
                browser.close()
                print_opens(opens, landings)
                return 0

            context = browser.new_context(viewport=chromium.VIEWPORT, base_url=server.base_url)
            page = context.new_page()
            CardTable(page).open()
            kernel = {server.kernels()[page_kernel_id(page)]}
            latencies = play_latencies(page, args.plays)
            rss = kernel_rss_mib(kernel)
            browser.close()
    finally:
        stop_server(server)

    print_opens(opens, landings)
    play_ms = statistics.median(latencies) if latencies else float("nan")
    print(
        f"click Play -> card in the trick: median {play_ms:.0f} ms, max "
        f"{max(latencies, default=float('nan')):.0f} ms over {len(latencies)} plays; "
        f"target < {TARGET_PLAY_MS:g} ms: {verdict(play_ms, TARGET_PLAY_MS)}"
    )
    print(
        f"kernel memory (RSS, {len(kernel)} process) after {len(latencies)} plays: "
        f"{rss:.0f} MiB; target < {TARGET_RSS_MIB:g} MiB: {verdict(rss, TARGET_RSS_MIB)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
