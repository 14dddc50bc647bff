"""What one page load costs Chromium, and where that CPU goes (issue 35).

Run ``.venv/bin/python benchmarks/page_load.py [--page lessons/03_following.ipynb] [--loads 4]``.
It starts the kit's Voila server as the browser tests do (``tests/browser/live_server.py``, a free
port), loads the page ``--loads`` times in Debian's chromium (headless, as the tests launch it) and
prints per load: the wall time to the page's widgets drawn, Chromium's CPU seconds (every process,
by kind), the renderer's own figures (``Performance.getMetrics``: script, style, layout, compile,
task totals) and, with ``--profile``, the top self-time of a CDP CPU profile of the page, by script
and by function. ``--shared-context`` loads every time in one browser context (HTTP cache and V8
code cache kept), as opposed to a fresh context per load as the ``page`` fixture makes.
It prints figures only; it asserts nothing.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO / "tests" / "browser"), str(REPO)]

# What "the page is loaded" means per page: a selector and how many of it (a lesson's exercise panels).
READY = {
    "lessons/03_following.ipynb": ("[data-role=exercise]", 3),
    "lessons/01_cards_and_trumps.ipynb": ("[data-role=exercise]", 3),
    "notebooks/play.ipynb": (".sk-hand button[data-card]", 1),
}
METRICS = ("TaskDuration", "ScriptDuration", "V8CompileDuration", "RecalcStyleDuration", "LayoutDuration",
           "TaskOtherDuration", "ThreadTime", "ProcessTime")


def driver_cpu() -> float:
    """CPU seconds so far of this process and Playwright's driver (node): the test's side of a load."""
    total = 0.0
    for process in [psutil.Process(), *psutil.Process().children(recursive=True)]:
        with contextlib.suppress(psutil.NoSuchProcess, psutil.AccessDenied):
            if process.pid == os.getpid() or "node" in process.name():
                times = process.cpu_times()
                total += times.user + times.system
    return total


def chromium_cpu() -> dict[int, tuple[str, float]]:
    """Every Chromium process under this one: pid -> (kind, CPU seconds so far)."""
    found: dict[int, tuple[str, float]] = {}
    for child in psutil.Process().children(recursive=True):
        with contextlib.suppress(psutil.NoSuchProcess, psutil.AccessDenied):
            if "chrom" not in child.name():
                continue
            kind = next((arg.split("=", 1)[1] for arg in child.cmdline() if arg.startswith("--type=")), "browser")
            times = child.cpu_times()
            found[child.pid] = (kind, times.user + times.system)
    return found


def cpu_by_kind(before: dict[int, tuple[str, float]], after: dict[int, tuple[str, float]]) -> dict[str, float]:
    """CPU seconds used between two snapshots, summed by kind of process (renderer, gpu-process, ...)."""
    used: dict[str, float] = collections.defaultdict(float)
    for pid, (kind, seconds) in after.items():
        used[kind] += seconds - before.get(pid, (kind, 0.0))[1]
    return dict(used)


def profile_summary(profile: dict[str, Any], top: int) -> list[str]:
    """Self time of a CDP CPU profile: by script, then by function (ms), the largest first."""
    nodes = {node["id"]: node for node in profile["nodes"]}
    self_ms: dict[int, float] = collections.defaultdict(float)
    for node_id, delta in zip(profile["samples"], profile["timeDeltas"], strict=True):
        self_ms[node_id] += delta / 1000
    by_script: dict[str, float] = collections.defaultdict(float)
    by_function: dict[str, float] = collections.defaultdict(float)
    for node_id, ms in self_ms.items():
        frame = nodes[node_id]["callFrame"]
        url = frame["url"].rsplit("/", 1)[-1].split("?")[0] or frame["url"]
        by_script[url or frame["functionName"]] += ms
        by_function[f"{frame['functionName'] or '(anonymous)'} @ {url}:{frame['lineNumber']}"] += ms
    lines = ["    by script (self ms): " + ", ".join(
        f"{name} {ms:.0f}" for name, ms in sorted(by_script.items(), key=lambda kv: -kv[1])[:top])]
    lines += [f"      {ms:7.0f}  {name}" for name, ms in sorted(by_function.items(), key=lambda kv: -kv[1])[:top]]
    return lines


def trace_summary(path: Path, top: int) -> list[str]:
    """Thread CPU of a Chromium trace: per process kind and thread, then the events with the most self
    thread time (``tdur`` less that of the events nested in them), the largest first."""
    import json

    events = json.loads(path.read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    process_names: dict[int, str] = {}
    thread_names: dict[tuple[int, int], str] = {}
    for event in events:
        if event.get("ph") == "M" and event.get("name") == "process_name":
            process_names[event["pid"]] = event["args"]["name"]
        if event.get("ph") == "M" and event.get("name") == "thread_name":
            thread_names[(event["pid"], event["tid"])] = event["args"]["name"]
    by_thread: dict[tuple[int, int], list[dict[str, Any]]] = collections.defaultdict(list)
    for event in events:
        if event.get("ph") == "X" and "tdur" in event:
            by_thread[(event["pid"], event["tid"])].append(event)
    thread_cpu: dict[str, float] = collections.defaultdict(float)
    self_cpu: dict[str, float] = collections.defaultdict(float)
    for key, spans in by_thread.items():
        where = f"{process_names.get(key[0], key[0])}/{re.sub(r'[0-9]+$', '', thread_names.get(key, str(key[1])))}"
        spans.sort(key=lambda e: (e["ts"], -e.get("dur", 0)))
        stack: list[dict[str, Any]] = []
        for span in spans:
            while stack and stack[-1]["ts"] + stack[-1].get("dur", 0) <= span["ts"]:
                stack.pop()
            if stack:
                stack[-1]["_child"] = stack[-1].get("_child", 0) + span["tdur"]
            else:
                thread_cpu[where] += span["tdur"] / 1000
            stack.append(span)
        for span in spans:
            self_cpu[f"{where.split('/')[0]}: {span['name']}"] += (span["tdur"] - span.get("_child", 0)) / 1000
    lines = ["    trace, thread CPU ms: " + ", ".join(
        f"{name} {ms:.0f}" for name, ms in sorted(thread_cpu.items(), key=lambda kv: -kv[1]) if ms >= 20)]
    lines += [f"      {ms:7.0f}  {name}" for name, ms in sorted(self_cpu.items(), key=lambda kv: -kv[1])[:top]]
    return lines


TRACE_CATEGORIES = ["toplevel", "devtools.timeline", "v8", "v8.execute", "blink", "cc", "gpu", "loading",
                    "disabled-by-default-devtools.timeline", "blink.resource", "netlog", "navigation", "ipc", "mojom"]


def load_once(context: Any, base_url: str, page_path: str, profile: bool, top: int,
              browser: Any = None) -> dict[int, tuple[str, float]]:
    """Open the page once in a new tab of ``context``; print its figures; leave it (its kernel stops).
    Returns Chromium's processes' CPU as the page was drawn (for the whole cycle's figure)."""
    selector, count = READY[page_path]
    tab = context.new_page()
    cdp = context.new_cdp_session(tab)
    cdp.send("Performance.enable")
    if profile:
        cdp.send("Profiler.enable")
        cdp.send("Profiler.setSamplingInterval", {"interval": 500})
        cdp.send("Profiler.start")
    frames = [0]
    tab.on("websocket", lambda socket: socket.on("framereceived", lambda _: frames.__setitem__(0, frames[0] + 1)))
    trace = Path(os.environ.get("PAGE_LOAD_TRACE_DIR") or tempfile.mkdtemp()) / "trace.json"
    if browser is not None:
        browser.start_tracing(path=str(trace), categories=TRACE_CATEGORIES)
    before = chromium_cpu()
    start = time.perf_counter()
    tab.goto(f"{base_url}/voila/render/{page_path}")
    tab.locator(selector).nth(count - 1).wait_for(state="visible", timeout=90_000)
    wall = time.perf_counter() - start
    time.sleep(1.0)  # what follows the first drawing (late renders, timers)
    drawn = chromium_cpu()
    used = cpu_by_kind(before, drawn)
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    resources = tab.evaluate(
        "() => performance.getEntriesByType('resource').map(e => [e.initiatorType, e.transferSize, e.decodedBodySize])")
    if browser is not None:
        browser.stop_tracing()
    summary = None
    if profile:
        summary = cdp.send("Profiler.stop")["profile"]
    print(f"  wall {wall:5.2f} s  chromium CPU {sum(used.values()):5.2f} s (" + ", ".join(
        f"{kind} {seconds:.2f}" for kind, seconds in sorted(used.items(), key=lambda kv: -kv[1])) + ")")
    print("    renderer: " + ", ".join(f"{name.replace('Duration', '')} {metrics.get(name, 0):.2f}" for name in METRICS)
          + f"  nodes {metrics.get('Nodes', 0):.0f} layouts {metrics.get('LayoutCount', 0):.0f}"
          f" style recalcs {metrics.get('RecalcStyleCount', 0):.0f}")
    kinds: dict[str, list[float]] = collections.defaultdict(lambda: [0, 0.0, 0.0])
    for kind, transfer, decoded in resources:
        kinds[kind][0] += 1
        kinds[kind][1] += transfer / 1024
        kinds[kind][2] += decoded / 1024
    print("    resources: " + ", ".join(
        f"{kind} {n:.0f} ({sent:.0f} KiB sent, {decoded:.0f} KiB)" for kind, (n, sent, decoded) in kinds.items())
          + f"; websocket frames received {frames[0]}")
    if summary is not None:
        print("\n".join(profile_summary(summary, top)))
    if browser is not None:
        print("\n".join(trace_summary(trace, top)))
    tab.goto("about:blank")
    tab.close()
    return drawn


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--page", default="lessons/03_following.ipynb", choices=sorted(READY))
    parser.add_argument("--loads", type=int, default=4)
    parser.add_argument("--shared-context", action="store_true")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--trace", action="store_true",
                        help="a Chromium trace of each load, summed by thread and event")
    parser.add_argument("--all-features", action="store_true",
                        help="keep the window parts chromium.UNUSED_FEATURES turns off (as before)")
    parser.add_argument("--compare", choices=("features", "context", "guard", "spinner", "fixture"),
                        help="load in turn with and without a lever: chromium.UNUSED_FEATURES, or one shared context")
    parser.add_argument("--guard", action="store_true",
                        help="each fresh context guarded as the page fixture guards it (conftest.guard)")
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument("--arg", action="append", default=[], help="an extra Chromium switch")
    options = parser.parse_args()

    import chromium
    from live_server import start_server, stop_server, wait_until_idle
    from playwright.sync_api import sync_playwright

    from shengji_kit.practice import ENV_VAR

    with tempfile.TemporaryDirectory() as data:
        os.environ[ENV_VAR] = data
        server = start_server(Path(data) / "voila.log")
        try:
            with sync_playwright() as driver:
                variants = make_variants(driver, options)
                totals: dict[str, list[float]] = {label: [] for label, _, _ in variants}
                driver_totals: dict[str, list[float]] = {label: [] for label, _, _ in variants}
                guarded = options.guard
                if guarded:
                    from conftest import guard
                for number in range(options.loads):
                    for label, browser, shared in variants:
                        wait_until_idle(server.process.pid)
                        print(f"load {number + 1} of {options.page} ({label})")
                        # the whole cycle a test's page fixture goes through: context, tab, page, leave, close
                        cycle = chromium_cpu()
                        driven = driver_cpu()
                        if label.startswith(("guard:", "spinner:")):
                            context = {**guard_variants, **spinner_variants}[label](browser)
                        else:
                            context = shared or browser.new_context(viewport=chromium.VIEWPORT)
                        if guarded and shared is None:
                            guard(context)
                        drawn = load_once(context, server.base_url, options.page, options.profile, options.top,
                                          browser if options.trace else None)
                        if shared is None:
                            context.close()
                        # a process gone by now (the page's renderer) counts with what it had used when drawn
                        whole = sum(cpu_by_kind(cycle, {**drawn, **chromium_cpu()}).values())
                        driving = driver_cpu() - driven
                        totals[label].append(whole)
                        driver_totals[label].append(driving)
                        print(f"  whole cycle (context, tab, page, leave, close): chromium CPU {whole:5.2f} s,"
                              f" Python and Playwright's driver {driving:5.2f} s")
                for label, seconds in totals.items():
                    print(f"{label}: median {statistics.median(seconds):.2f} s of Chromium CPU a load"
                          f" (whole cycle; {', '.join(f'{s:.2f}' for s in seconds)});"
                          f" Python and driver {statistics.median(driver_totals[label]):.2f} s")
                for _, browser, _ in variants:
                    with contextlib.suppress(Exception):
                        browser.close()
        finally:
            stop_server(server)


def _guard_predicate(browser: Any) -> Any:
    """The guard as it was: a route on a Python predicate, so every request waited on Python."""
    import chromium

    context = browser.new_context(viewport=chromium.VIEWPORT)
    context.route(lambda url: not chromium.is_local(url), lambda route: route.abort("blockedbyclient"))
    return context


def _guard_now(browser: Any) -> Any:
    """The page fixture's guard (conftest.guard)."""
    import chromium

    from conftest import guard

    context = browser.new_context(viewport=chromium.VIEWPORT)
    guard(context)
    return context


def _guard_proxy(browser: Any) -> Any:
    import chromium
    context = browser.new_context(viewport=chromium.VIEWPORT,
                                  proxy={"server": "http://127.0.0.1:9", "bypass": "127.0.0.1,localhost"})
    seen: list[str] = []
    context.on("request", lambda request: None if chromium.is_local(request.url) else seen.append(request.url))
    return context


def _no_guard(browser: Any) -> Any:
    import chromium

    return browser.new_context(viewport=chromium.VIEWPORT)


def _still_spinner(browser: Any) -> Any:
    """Voila's loading spinner kept still (as with prefers-reduced-motion): what its frames cost."""
    import chromium

    context = browser.new_context(viewport=chromium.VIEWPORT)
    context.add_init_script("""(() => {
      const style = document.createElement("style");
      style.textContent = ".spinner { animation: none !important; }";
      document.documentElement.appendChild(style);
    })();""")
    return context


spinner_variants = {"spinner: turning (as served)": _no_guard, "spinner: still": _still_spinner}

guard_variants = {
    "guard: route, Python predicate (before)": _guard_predicate,
    "guard: conftest.guard (now)": _guard_now,
    "guard: dead proxy + request events": _guard_proxy,
    "guard: none": _no_guard,
}


def make_variants(driver: Any, options: argparse.Namespace) -> list[tuple[str, Any, Any]]:
    """(label, browser, shared context or None) per variant compared, loaded in turn."""
    import chromium

    def launched(all_features: bool) -> Any:
        unused = chromium.UNUSED_FEATURES
        chromium.UNUSED_FEATURES = () if all_features else unused
        try:
            return chromium.launch(driver, options.arg)
        finally:
            chromium.UNUSED_FEATURES = unused

    if options.compare == "features":
        return [("all features (before)", launched(True), None), ("unused features off", launched(False), None)]
    if options.compare == "fixture":
        # the page fixture's whole cycle as it was (every feature, the guard on a Python predicate) and now
        return [("guard: route, Python predicate (before)", launched(True), None),
                ("guard: conftest.guard (now)", launched(False), None)]
    browser = launched(options.all_features and options.compare not in ("guard", "spinner"))
    if options.compare == "guard":
        return [(label, browser, None) for label in guard_variants]
    if options.compare == "spinner":
        return [(label, browser, None) for label in spinner_variants]
    shared = browser.new_context(viewport=chromium.VIEWPORT)
    if options.compare == "context":
        return [("fresh context a load", browser, None), ("one shared context", browser, shared)]
    return [("shared context" if options.shared_context else "fresh context", browser,
             shared if options.shared_context else None)]


if __name__ == "__main__":
    main()
