"""A class on one machine: 10/20/30 learners answering through ``serve --classroom`` while the dashboard is open.

Run ``.venv/bin/python benchmarks/classroom.py --learners 10,20,30``. It starts the class's server as
``shengji-kit serve --classroom`` does (on 127.0.0.1, a free port, the class store in a temporary data
folder), opens the teacher's dashboard (``notebooks/classroom.ipynb?teacher=…``) in Chromium, then, for
each class size in turn, opens that many learners within a few seconds: a third each on the play app,
the trainer and lesson 1, as the light clients of ``benchmarks/load.py`` (they speak the Voila/kernel
protocol as a page does). Each learner gives its name through the learner bar (as the browser hands
back the remembered name), then answers: every exercise block of the lesson once, three trainer
puzzles, and the play app's language switch (the play app writes no class events).

It prints, per class size: pages usable, the answers sent (each one the kernel acknowledged by
redrawing) against the attempt events the class store holds for those learners (read with
``open_store()``; must be equal), the dashboard's lag (from an event's time in the store to the
dashboard page showing that event id or a later one in ``data-role="last-event"``; target under 5 s),
how many answering learners the dashboard's grid shows, and server stalls (``/`` over 2 s).
"""

from __future__ import annotations

import argparse
import asyncio
import html
import importlib
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
from urllib.parse import urlencode

from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import load  # noqa: E402  (benchmarks/load.py, beside this file: the light clients and the watchers)

REPO = load.REPO
CODE = "bench-class-code"
TEACHER_CODE = "bench-teacher-code"
DASHBOARD = "voila/render/notebooks/classroom.ipynb"
TRAINER_ANSWERS = 3
STORE_SETTLE_S = 15.0  # after the last answer, how long the store may take to hold every event
DASHBOARD_SETTLE_S = 20.0  # and the dashboard to show the newest one
LAG_TARGET_S = 5.0
SAMPLE_EVERY_S = 0.2
ANSWER = re.compile(r'data-answer="([^"]*)"')


@dataclass
class Learner:
    """One learner's page: its name, what it opened, what it sent, what went wrong."""

    number: int
    kind: str
    name: str
    interactive_s: float | None = None
    sent: int = 0
    unanswered: int = 0
    problem: str = ""
    kernel_id: str = ""
    xsrf: str = ""


@dataclass
class Kernel:
    """A page's kernel connection: the socket and the newest drawn HTML of each widget."""

    socket: WebSocketClientConnection
    session: str
    deadline: float
    html: dict[str, str] = field(default_factory=dict)

    def send(self, comm_id: str, content: dict[str, Any]) -> None:
        data = {"method": "custom", "content": content}
        message = load.message("comm_msg", {"comm_id": comm_id, "data": data}, "shell", self.session)
        self.socket.write_message(json.dumps(message))

    async def redrawn(self, comm_id: str, before: str) -> str:
        """Wait until the widget ``comm_id`` is drawn differently from ``before``; its new HTML."""
        await self.until(lambda: self.html.get(comm_id, before) != before)
        return self.html[comm_id]

    async def until(self, done: Any) -> None:
        """Take the kernel's messages until ``done()`` holds."""
        while not done():
            msg = await load.receive(self.socket, lambda m: m["header"]["msg_type"] == "comm_msg", self.deadline)
            self.take(msg)

    def take(self, msg: dict[str, Any]) -> None:
        data = msg["content"].get("data", {})
        drawn = data.get("state", {}).get("html") if data.get("method") == "update" else None
        if isinstance(drawn, str):
            self.html[msg["content"]["comm_id"]] = drawn


def with_code(path: str, **query: str) -> str:
    """``path`` with the class code (and ``query``) added to its address."""
    joiner = "&" if "?" in path else "?"
    return f"{path}{joiner}{urlencode({'token': CODE, **query})}"


async def connect(base: str, entry: Learner, started: float) -> Kernel:
    """Open the page as load.py does, with the class code; the kernel connection and every widget's HTML."""
    deadline = started + load.PAGE_TIMEOUT_S
    response = await AsyncHTTPClient().fetch(HTTPRequest(with_code(f"{base}/{load.PAGES[entry.kind]}"),
                                                         request_timeout=load.PAGE_TIMEOUT_S))
    page = response.body.decode("utf-8", "replace")
    cookies = response.headers.get_list("Set-Cookie")
    entry.xsrf = next((c.split("=", 1)[1].split(";")[0] for c in cookies if c.startswith("_xsrf=")), "")
    found = load.CONFIG.search(page)
    if found is None:
        raise RuntimeError("the page has no kernel (refused, or it did not start)")
    if any(text in page for text in load.FAILED):
        raise RuntimeError("a cell failed")
    entry.kernel_id = json.loads(found.group(1))["kernelId"]
    session = uuid.uuid4().hex
    socket = await websocket_connect(with_code(f"{base.replace('http://', 'ws://')}/api/kernels/{entry.kernel_id}/channels",
                                               session_id=session))
    kernel = Kernel(socket, session, deadline)
    info = load.message("comm_info_request", {"target_name": "jupyter.widget"}, "shell", session)
    socket.write_message(json.dumps(info))
    reply = await load.receive(socket, lambda m: m.get("parent_header", {}).get("msg_id") == info["header"]["msg_id"]
                               and m["header"]["msg_type"] == "comm_info_reply", deadline)
    pending = set(reply["content"].get("comms", {}))
    for comm_id in pending:
        ask = {"comm_id": comm_id, "data": {"method": "request_state"}}
        socket.write_message(json.dumps(load.message("comm_msg", ask, "shell", session)))
    while pending:
        msg = await load.receive(socket, lambda m: m["header"]["msg_type"] == "comm_msg", deadline)
        kernel.take(msg)
        if msg["content"].get("data", {}).get("method") == "update":
            pending.discard(msg["content"].get("comm_id"))
    return kernel


def widgets_with(kernel: Kernel, marker: str) -> list[str]:
    return [comm for comm, drawn in kernel.html.items() if marker in drawn]


async def answer(kernel: Kernel, comm_id: str, entry: Learner) -> bool:
    """Answer the widget's item with its first offered answer; whether the kernel redrew it."""
    found = ANSWER.search(kernel.html[comm_id])
    if found is None:
        return False
    before = kernel.html[comm_id]
    kernel.send(comm_id, {"type": "answer", "answer": html.unescape(found.group(1))})
    try:
        await kernel.redrawn(comm_id, before)
    except TimeoutError:
        entry.unanswered += 1
        raise
    entry.sent += 1
    return True


async def learn(base: str, entry: Learner, delay: float) -> None:
    """One learner: open the page, give the name, answer its items."""
    await asyncio.sleep(delay)
    started = time.monotonic()
    try:
        kernel = await asyncio.wait_for(connect(base, entry, started), load.PAGE_TIMEOUT_S)
        entry.interactive_s = time.monotonic() - started
        try:
            bars = widgets_with(kernel, 'data-role="learner-bar"')
            if bars:  # one bar takes the name; every bar of the page (one per lesson block) then shows it
                kernel.send(bars[0], {"type": "restore", "name": entry.name})
                await kernel.until(lambda: all(entry.name in kernel.html[bar] for bar in bars))
            if entry.kind == "lesson":
                for block in widgets_with(kernel, 'data-role="exercise"'):
                    await answer(kernel, block, entry)
            elif entry.kind == "trainer":
                trainer = widgets_with(kernel, 'data-role="trainer"')
                for round_number in range(TRAINER_ANSWERS if trainer else 0):
                    if round_number:
                        before = kernel.html[trainer[0]]
                        kernel.send(trainer[0], {"type": "action", "action": "next", "value": ""})
                        await kernel.redrawn(trainer[0], before)
                    if not await answer(kernel, trainer[0], entry):
                        break
            else:
                surfaces = widgets_with(kernel, "sk-root")
                if surfaces:
                    before = kernel.html[surfaces[0]]
                    kernel.send(surfaces[0], {"type": "action", "action": "lang", "value": "zh"})
                    await kernel.redrawn(surfaces[0], before)
        finally:
            kernel.socket.close()
    except Exception as error:  # every failure is reported with the learner, never hidden
        entry.problem = f"{type(error).__name__}: {error}"


async def close(base: str, entry: Learner) -> None:
    """What a closing tab does: Voila's shutdown request (the code authenticates it)."""
    if entry.kernel_id:
        request = HTTPRequest(with_code(f"{base}/voila/api/shutdown/{entry.kernel_id}"), method="POST", body=b"",
                              request_timeout=30)
        try:
            await AsyncHTTPClient().fetch(request)
        except Exception as error:  # a refused shutdown is reported, the run goes on
            entry.problem = entry.problem or f"shutdown refused: {error}"


@dataclass
class Dashboard:
    """The teacher's dashboard page in Chromium, sampled: when each newest-event id first showed."""

    shown: list[tuple[float, int]] = field(default_factory=list)  # (wall time, event id), ids rising
    learners: set[str] = field(default_factory=set)
    problem: str = ""
    running: bool = True

    def first_showing(self, event_id: int) -> float | None:
        return next((at for at, shown in self.shown if shown >= event_id), None)


async def watch_dashboard(base: str, board: Dashboard, ready: asyncio.Event) -> None:
    """Open the dashboard with both codes and sample its newest event id and grid rows until stopped."""
    sys.path.insert(0, str(REPO / "tests" / "browser"))
    import chromium  # the browser-test helper, found only on this path
    from playwright.async_api import async_playwright

    async with async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=shutil.which("chromium"), args=chromium.ARGS)
        page = await browser.new_page(viewport={"width": 1920, "height": 1080})
        try:
            await page.goto(with_code(f"{base}/{DASHBOARD}", teacher=TEACHER_CODE), timeout=load.PAGE_TIMEOUT_S * 1000)
            await page.locator("[data-role=classroom-dashboard]").wait_for(timeout=load.PAGE_TIMEOUT_S * 1000)
        except Exception as error:  # the lag cannot be measured; the rest still runs
            board.problem = f"the dashboard did not open: {type(error).__name__}: {error}"
            ready.set()
            await browser.close()
            return
        ready.set()
        while board.running:
            state = await page.evaluate(
                """() => ({
                    id: Number(document.querySelector('[data-role=last-event]')?.dataset.eventId || 0),
                    learners: [...document.querySelectorAll('[data-role=classroom-dashboard] [data-learner]')]
                        .map(row => row.dataset.learner),
                })"""
            )
            now = time.time()
            newest = int(state["id"])
            if not board.shown or newest > board.shown[-1][1]:
                board.shown.append((now, newest))
            board.learners = set(state["learners"])
            await asyncio.sleep(SAMPLE_EVERY_S)
        await browser.close()


def stored_attempts(names: set[str]) -> list[Any]:
    """The attempt events the class store holds for ``names`` (the store the kernels write to)."""
    from shengji_kit.classroom.store_protocol import ATTEMPT

    # The store's module comes with issue 12's store branch: looked up by name, so this file
    # reads the same before and after that branch is merged.
    store_module = importlib.import_module("shengji_kit.classroom.open")
    return [stored for stored in store_module.open_store().events(store_module.class_name())
            if stored.event.learner in names and stored.event.kind == ATTEMPT]


async def run_size(base: str, server_pid: int, size: int, spread: float, board: Dashboard) -> bool:
    """One class of ``size`` learners; prints its figures; whether every target was met."""
    kinds = list(load.PAGES)
    learners = [Learner(n, kinds[n % len(kinds)], f"class{size}-learner{n + 1:02d}") for n in range(size)]
    names = {learner.name for learner in learners}
    watch = load.Watch(server_pid)
    watchers = [asyncio.ensure_future(load.probe(base, watch)), asyncio.ensure_future(load.sample_memory(watch))]
    step = spread / max(size - 1, 1)
    began = time.monotonic()
    await asyncio.gather(*(learn(base, learner, n * step) for n, learner in enumerate(learners)))
    answered_in = time.monotonic() - began
    sent = sum(learner.sent for learner in learners)
    stored: list[Any] = []
    settle = time.monotonic()
    while time.monotonic() - settle < STORE_SETTLE_S:
        stored = await asyncio.to_thread(stored_attempts, names)
        if len(stored) >= sent:
            break
        await asyncio.sleep(0.5)
    newest = max((event.id for event in stored), default=0)
    settle = time.monotonic()
    while not board.problem and time.monotonic() - settle < DASHBOARD_SETTLE_S and board.first_showing(newest) is None:
        await asyncio.sleep(0.5)
    await asyncio.gather(*(close(base, learner) for learner in learners))
    watch.running = False
    await asyncio.gather(*watchers, return_exceptions=True)

    usable = [learner for learner in learners if learner.interactive_s is not None and not learner.problem]
    print(f"\n{size} learners ({', '.join(f'{k} {sum(x.kind == k for x in learners)}' for k in kinds)}), "
          f"all answered within {answered_in:.1f} s")
    times = [learner.interactive_s for learner in usable if learner.interactive_s is not None]
    if times:
        print(f"  time to an interactive page: p50 {statistics.median(times):.1f} s, "
              f"p95 {load.percentile(times, 0.95):.1f} s, max {max(times):.1f} s")
    print(f"  pages never usable: {size - len(usable)} (must be 0)")
    for learner in learners:
        if learner.problem:
            print(f"    {learner.name} ({learner.kind}): {learner.problem}")
    by_kind = ", ".join(f"{kind} {sum(x.sent for x in learners if x.kind == kind)}" for kind in kinds)
    unanswered = sum(x.unanswered for x in learners)
    print(f"  answers sent: {sent} ({by_kind}), attempt events stored: {len(stored)} (must be equal)"
          + (f"; {unanswered} answers never acknowledged" if unanswered else ""))
    lags: list[float] = []
    missing = 0
    for event in stored:
        shown = board.first_showing(event.id)
        if shown is None:
            missing += 1
        else:
            lags.append(max(0.0, shown - event.event.at.timestamp()))
    if board.problem:
        print(f"  dashboard: {board.problem}")
    elif lags:
        print(f"  dashboard lag (answer -> shown): p50 {statistics.median(lags):.1f} s, "
              f"p95 {load.percentile(lags, 0.95):.1f} s, max {max(lags):.1f} s (target under {LAG_TARGET_S:.0f} s); "
              f"events never shown: {missing}")
    answering = {event.event.learner for event in stored}
    if not board.problem:
        print(f"  answering learners in the dashboard's grid: {len(answering & board.learners)} of {len(answering)}")
    print(f"  server stalls (/ not answered within {load.STALL_S:.0f} s): {len(watch.stalls)} (must be 0); "
          f"slowest probe {watch.slowest_probe:.2f} s; peak memory {watch.peak_rss / load.MIB:.0f} MiB, "
          f"{watch.peak_kernels} kernels")
    met = (len(usable) == size and sent == len(stored) and not watch.stalls and not board.problem
           and not missing and all(lag < LAG_TARGET_S for lag in lags))
    return met


async def run_all(base: str, server_pid: int, sizes: list[int], spread: float) -> int:
    AsyncHTTPClient.configure(None, max_clients=4 * (max(sizes) + 10))
    board = Dashboard()
    ready = asyncio.Event()
    dashboard = asyncio.ensure_future(watch_dashboard(base, board, ready))
    await ready.wait()
    results = []
    for size in sizes:
        results.append(await run_size(base, server_pid, size, spread, board))
        await asyncio.sleep(load.LEFTOVER_WAIT_S / 3)  # the closed pages' kernels stop before the next class
    board.running = False
    await dashboard
    return 0 if all(results) else 1


def start_classroom_server(data: Path) -> Any:
    """``shengji-kit serve --classroom`` on 127.0.0.1 and a free port, logging beside its data."""
    sys.path.insert(0, str(REPO / "tests" / "browser"))
    from live_server import free_port, launch_server

    port = free_port()
    command = [sys.executable, "-m", "shengji_kit.apps.serving.serve", "--classroom",
               "--host", "127.0.0.1", "--port", str(port), "--code", CODE, "--teacher-code", TEACHER_CODE]
    return launch_server(command, port, data / "voila.log", dict(os.environ))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", default="10,20,30", help="class sizes, one after the other (default 10,20,30)")
    parser.add_argument("--spread", type=float, default=5.0, help="seconds over which a class's pages open (default 5)")
    args = parser.parse_args(argv)
    sizes = [int(size) for size in args.learners.split(",") if size.strip()]
    sys.path.insert(0, str(REPO / "tests" / "browser"))
    from live_server import stop_server

    from shengji_kit.practice import ENV_VAR

    data = Path(tempfile.mkdtemp(prefix="shengji-classroom-"))
    os.environ[ENV_VAR] = str(data)  # the kernels' class store and this process's are the same file
    for variable in ("SHENGJI_KIT_CLASS_DB", "SHENGJI_KIT_CLASS_SERVICE_URL", "SHENGJI_KIT_CLASS"):
        os.environ.pop(variable, None)
    server = start_classroom_server(data)
    print(f"server {server.base_url} (serve --classroom; data and log in {data})")
    try:
        return asyncio.run(run_all(server.base_url, server.process.pid, sizes, args.spread))
    finally:
        stop_server(server)


if __name__ == "__main__":
    sys.exit(main())
