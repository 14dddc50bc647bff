"""A class against one server: N learners open play, trainer and lesson pages within a few seconds.

Run ``.venv/bin/python benchmarks/load.py --sessions 10 --browsers 2``. It starts Voila as
``make serve`` does (on a free loopback port, learner data in a temporary folder) and opens
``--sessions`` light clients that speak the Voila/kernel protocol as a page does (fetch the page,
which starts the kernel and runs the cells; open the kernel websocket; ask for every widget's
state; send one click and wait for the redraw) plus ``--browsers`` real Chromium pages, so the
browsers' own CPU does not swamp a 2-core machine. It prints time to an interactive app
(p50/p95/max), pages that never became usable (must be 0), server stalls (a probe of ``/`` not
answered within 2 s; must be 0), peak memory of the server and its kernels, and kernels left
30 s after every page closed (must be 0). Target: 30 mixed sessions usable, p95 under 30 s.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

REPO = Path(__file__).resolve().parent.parent
PAGES = {
    "play": "voila/render/notebooks/play.ipynb?delay=0.3",
    "trainer": "voila/render/notebooks/puzzles.ipynb",
    "lesson": "voila/render/lessons/01_trump_ranking.ipynb",
}
PAGE_TIMEOUT_S = 240.0
PROBE_EVERY_S = 0.5
STALL_S = 2.0
LEFTOVER_WAIT_S = 30.0
MIB = 1024 * 1024
CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">\s*(\{.*?\})\s*</script>', re.S)
FAILED = ("There was an error when executing cell", "An exception occurred at the server", "Traceback")


@dataclass
class Session:
    """One learner's page: what it opened, how long each step took, and what went wrong."""

    number: int
    kind: str
    client: str = "light"
    page_s: float | None = None
    interactive_s: float | None = None
    problem: str = ""
    kernel_id: str = ""
    xsrf: str = ""
    timings: dict[str, float] = field(default_factory=dict)


def message(msg_type: str, content: dict[str, Any], channel: str, session: str) -> dict[str, Any]:
    """A Jupyter protocol message as the page's kernel connection sends it (JSON over the websocket)."""
    return {
        "header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session, "username": "learner",
                   "date": "", "version": "5.3"},
        "parent_header": {}, "metadata": {}, "content": content, "channel": channel, "buffers": [],
    }


async def receive(socket: WebSocketClientConnection, wanted: Any, deadline: float) -> dict[str, Any]:
    """The next kernel message for which ``wanted(msg)`` holds (others are skipped)."""
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("no answer from the kernel")
        raw = await asyncio.wait_for(socket.read_message(), left)
        if raw is None:
            raise ConnectionError("the kernel websocket closed")
        if isinstance(raw, bytes):
            continue
        msg: dict[str, Any] = json.loads(raw)
        if wanted(msg):
            return msg


async def open_page(base: str, entry: Session, started: float) -> None:
    """Fetch the page (Voila starts the kernel and runs the cells while it streams), then use its widgets."""
    deadline = started + PAGE_TIMEOUT_S
    client = AsyncHTTPClient()
    response = await client.fetch(HTTPRequest(f"{base}/{PAGES[entry.kind]}", request_timeout=PAGE_TIMEOUT_S))
    entry.page_s = time.monotonic() - started
    html = response.body.decode("utf-8", "replace")
    cookie = response.headers.get_list("Set-Cookie")
    entry.xsrf = next((c.split("=", 1)[1].split(";")[0] for c in cookie if c.startswith("_xsrf=")), "")
    found = CONFIG.search(html)
    if found is None:
        raise RuntimeError("the page has no kernel (it did not start)")
    if any(text in html for text in FAILED):
        raise RuntimeError("a cell failed")
    entry.kernel_id = json.loads(found.group(1))["kernelId"]
    ws_base = base.replace("http://", "ws://")
    session = uuid.uuid4().hex
    socket = await websocket_connect(f"{ws_base}/api/kernels/{entry.kernel_id}/channels?session_id={session}")
    try:
        await use_widgets(socket, session, deadline)
    finally:
        socket.close()
    entry.interactive_s = time.monotonic() - started


async def use_widgets(socket: WebSocketClientConnection, session: str, deadline: float) -> None:
    """Ask for every widget's state as the widget manager does; click the card surface once."""
    info = message("comm_info_request", {"target_name": "jupyter.widget"}, "shell", session)
    socket.write_message(json.dumps(info))
    reply = await receive(socket, lambda m: m.get("parent_header", {}).get("msg_id") == info["header"]["msg_id"]
                          and m["header"]["msg_type"] == "comm_info_reply", deadline)
    comms = list(reply["content"].get("comms", {}))
    if not comms:
        raise RuntimeError("the page has no widgets")
    surfaces: list[str] = []
    for comm_id in comms:
        ask = message("comm_msg", {"comm_id": comm_id, "data": {"method": "request_state"}}, "shell", session)
        socket.write_message(json.dumps(ask))
    pending = set(comms)
    while pending:
        msg = await receive(socket, lambda m: m["header"]["msg_type"] == "comm_msg", deadline)
        data = msg["content"].get("data", {})
        comm_id = msg["content"].get("comm_id")
        if data.get("method") == "update" and comm_id in pending:
            pending.discard(comm_id)
            if "html" in data.get("state", {}) and "lang" in data.get("state", {}):
                surfaces.append(comm_id)
    if surfaces:
        click = {"method": "custom", "content": {"type": "action", "action": "lang", "value": "zh"}}
        socket.write_message(json.dumps(message("comm_msg", {"comm_id": surfaces[0], "data": click}, "shell", session)))
        await receive(socket, lambda m: m["header"]["msg_type"] == "comm_msg"
                      and "html" in m["content"].get("data", {}).get("state", {}), deadline)


async def close_page(base: str, entry: Session) -> None:
    """What a closing tab does: Voila's shutdown request with the ``_xsrf`` token."""
    if not entry.kernel_id:
        return
    client = AsyncHTTPClient()
    request = HTTPRequest(
        f"{base}/voila/api/shutdown/{entry.kernel_id}", method="POST", body=b"",
        headers={"X-XSRFToken": entry.xsrf, "Cookie": f"_xsrf={entry.xsrf}"}, request_timeout=30,
    )
    try:
        await client.fetch(request)
    except (HTTPClientError, OSError) as error:
        entry.problem = entry.problem or f"shutdown refused: {error}"


async def light_session(base: str, entry: Session, delay: float) -> None:
    await asyncio.sleep(delay)
    started = time.monotonic()
    try:
        await asyncio.wait_for(open_page(base, entry, started), PAGE_TIMEOUT_S)
    except Exception as error:  # every failure is a page that never became usable
        entry.problem = f"{type(error).__name__}: {error}"


async def browser_session(base: str, entries: list[Session], delays: list[float]) -> None:
    """Real Chromium pages (Debian's chromium through Playwright), each timed to a clickable hand."""
    if not entries:
        return
    sys.path.insert(0, str(REPO / "tests" / "browser"))
    import chromium  # the browser-test helper, found only on this path
    from playwright.async_api import async_playwright

    async with async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=shutil.which("chromium"), args=chromium.ARGS)

        async def one(entry: Session, delay: float) -> None:
            await asyncio.sleep(delay)
            page = await browser.new_page()
            started = time.monotonic()
            selector = {"play": ".sk-root [data-seat='0'] button", "trainer": "[data-role=trainer]",
                        "lesson": ".sk-root, .widget-box, .jupyter-widgets"}[entry.kind]
            try:
                await page.goto(f"{base}/{PAGES[entry.kind]}", timeout=PAGE_TIMEOUT_S * 1000)
                entry.page_s = time.monotonic() - started
                await page.locator(selector).first.wait_for(state="visible", timeout=PAGE_TIMEOUT_S * 1000)
                entry.interactive_s = time.monotonic() - started
                config = await page.locator("#jupyter-config-data").text_content()
                entry.kernel_id = json.loads(config or "{}").get("kernelId", "")
                if await page.locator("#shengji-guard").count():
                    entry.problem = "the page guard shows: " + await page.locator("#shengji-guard").inner_text()
            except Exception as error:
                entry.problem = f"{type(error).__name__}: {error}"
            finally:
                await page.goto("about:blank")
                await page.close()

        await asyncio.gather(*(one(entry, delay) for entry, delay in zip(entries, delays, strict=True)))
        await browser.close()


@dataclass
class Watch:
    """The probe of ``/`` and the memory sampler, running beside the sessions."""

    server_pid: int
    stalls: list[str] = field(default_factory=list)
    slowest_probe: float = 0.0
    peak_rss: int = 0
    peak_kernels: int = 0
    running: bool = True
    began: float = field(default_factory=time.monotonic)


def kernels(server_pid: int) -> list[psutil.Process]:
    try:
        children = psutil.Process(server_pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    found = []
    for child in children:
        try:
            if "ipykernel" in " ".join(child.cmdline()):
                found.append(child)
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            pass
    return found


def page_kernels_running(server_pid: int, kernel_ids: set[str]) -> int:
    """How many of the pages' kernels (by id, in the kernel's connection file name) still run.

    The kernels kept started for the apps (shengji_kit/apps/serving/kernel_pool.py) belong to no page: they stay.
    """
    running = 0
    for child in kernels(server_pid):
        try:
            command = " ".join(child.cmdline())
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
        running += any(f"kernel-{kernel}.json" in command for kernel in kernel_ids)
    return running


async def probe(base: str, watch: Watch) -> None:
    client = AsyncHTTPClient()
    while watch.running:
        asked = time.monotonic()
        why = ""
        try:
            await client.fetch(HTTPRequest(f"{base}/", request_timeout=STALL_S))
        except Exception as error:  # a refused or timed-out probe is a stall, whatever the cause
            why = f"{type(error).__name__}: {error}"
        took = time.monotonic() - asked
        watch.slowest_probe = max(watch.slowest_probe, took)
        if why or took > STALL_S:
            watch.stalls.append(f"{asked - watch.began:.1f} s: {why or f'{took:.1f} s'}")
        await asyncio.sleep(PROBE_EVERY_S)


async def sample_memory(watch: Watch) -> None:
    while watch.running:
        try:
            server = psutil.Process(watch.server_pid)
            processes = [server, *server.children(recursive=True)]
            rss = 0
            for process in processes:
                with contextlib.suppress(psutil.NoSuchProcess, psutil.AccessDenied):
                    rss += process.memory_info().rss
            watch.peak_rss = max(watch.peak_rss, rss)
            watch.peak_kernels = max(watch.peak_kernels, len(kernels(watch.server_pid)))
        except psutil.NoSuchProcess:
            pass
        await asyncio.sleep(1.0)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))]


async def run_class(base: str, server_pid: int, sessions: int, browsers: int, spread: float) -> int:
    # tornado's client queues requests beyond 10 at once: the pages and the probe must not wait on it
    AsyncHTTPClient.configure(None, max_clients=4 * (sessions + 10))
    kinds = list(PAGES)
    entries = [Session(n, kinds[n % len(kinds)]) for n in range(sessions)]
    in_browser = [Session(sessions + n, kinds[n % len(kinds)], "chromium") for n in range(browsers)]
    step = spread / max(sessions + browsers - 1, 1)
    watch = Watch(server_pid)
    watchers = [asyncio.ensure_future(probe(base, watch)), asyncio.ensure_future(sample_memory(watch))]
    began = time.monotonic()
    await asyncio.gather(
        *(light_session(base, entry, n * step) for n, entry in enumerate(entries)),
        browser_session(base, in_browser, [(sessions + n) * step for n in range(browsers)]),
    )
    all_open = time.monotonic() - began
    await asyncio.gather(*(close_page(base, entry) for entry in entries))
    closed = time.monotonic()
    pages = {entry.kernel_id for entry in entries + in_browser if entry.kernel_id}
    while time.monotonic() - closed < LEFTOVER_WAIT_S and page_kernels_running(server_pid, pages):
        await asyncio.sleep(1.0)
    left = page_kernels_running(server_pid, pages)
    kept = len(kernels(server_pid)) - left
    watch.running = False
    await asyncio.gather(*watchers, return_exceptions=True)
    return report(entries + in_browser, watch, left, all_open, kept)


def report(entries: list[Session], watch: Watch, left: int, all_open: float, kept: int = 0) -> int:
    usable = [e for e in entries if e.interactive_s is not None and not e.problem]
    failed = [e for e in entries if e not in usable]
    times = [e.interactive_s for e in usable if e.interactive_s is not None]
    pages = [e.page_s for e in entries if e.page_s is not None]
    print(f"sessions: {len(entries)} ({sum(e.client == 'chromium' for e in entries)} in Chromium), "
          f"kinds: {', '.join(f'{k} {sum(e.kind == k for e in entries)}' for k in PAGES)}")
    if times:
        print(f"time to an interactive app: p50 {statistics.median(times):.1f} s, "
              f"p95 {percentile(times, 0.95):.1f} s, max {max(times):.1f} s")
        for kind in PAGES:
            mine = [e.interactive_s for e in usable if e.kind == kind and e.interactive_s is not None]
            if mine:
                print(f"  {kind:8}: p50 {statistics.median(mine):.1f} s, max {max(mine):.1f} s")
    if pages:
        print(f"page fully sent (kernel started, cells run): p50 {statistics.median(pages):.1f} s,"
              f" max {max(pages):.1f} s")
    print(f"pages never usable: {len(failed)} (must be 0)")
    for entry in failed:
        print(f"  #{entry.number} {entry.kind} ({entry.client}): {entry.problem or 'no answer'}")
    print(f"server stalls (/ not answered within {STALL_S:.0f} s): {len(watch.stalls)} (must be 0); "
          f"slowest probe {watch.slowest_probe:.2f} s")
    for stall in watch.stalls[:10]:
        print(f"  at {stall}")
    print(f"peak memory, server and kernels: {watch.peak_rss / MIB:.0f} MiB with up to {watch.peak_kernels} kernels")
    print(f"pages' kernels left {LEFTOVER_WAIT_S:.0f} s after every page closed: {left} (must be 0); "
          f"kernels kept started for the apps: {kept}")
    print(f"all sessions done in {all_open:.1f} s")
    return 0 if not failed and not watch.stalls and not left else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=10, help="light clients (default 10)")
    parser.add_argument("--browsers", type=int, default=2, help="real Chromium pages besides (default 2)")
    parser.add_argument("--spread", type=float, default=5.0, help="seconds over which the pages open (default 5)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(REPO / "tests" / "browser"))
    from live_server import start_server, stop_server, wait_until_idle  # test helper, found only on this path

    from shengji_kit.practice import ENV_VAR

    data = Path(tempfile.mkdtemp(prefix="shengji-load-"))
    log = data / "voila.log"
    os.environ[ENV_VAR] = str(data / "learners")
    server = start_server(log)
    print(f"server {server.base_url} (log {log})")
    try:
        # learners arrive at a running server: the kernels it keeps started for the apps are ready
        print(f"server idle after {wait_until_idle(server.process.pid):.1f} s")
        return asyncio.run(run_class(server.base_url, server.process.pid, args.sessions, args.browsers, args.spread))
    finally:
        stop_server(server)


if __name__ == "__main__":
    sys.exit(main())
