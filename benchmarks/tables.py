"""Shared tables under load: 8 tables × 4 light clients playing whole rounds at once on ``serve --classroom``.

Run ``.venv/bin/python benchmarks/tables.py --tables 8``. It starts the class server on a free
loopback port (data in a temporary folder), the teacher opens the tables, and four light clients
per table (``classroom.tables.client.TableClient``, one thread each, as a page kernel uses it) sit
down and play one round: each long-polls its seat's view and acts at once when it is to act. It
prints the action-to-other-pages latency (from one client sending an action to each of the other
three receiving a view that contains it) p50/p95/max, server stalls (a probe of the tables list
not answered within 2 s; must be 0), and the peak memory of the server. Target: p95 under 500 ms.

``--store-frozen`` plays three times on a class store on a real PostgreSQL (a throwaway server in a
temporary folder, tests/classroom/postgres_server.py, named to the class server by
``$SHENGJI_KIT_CLASS_DB``): once with the store answering, once with it frozen (SIGSTOP to every
PostgreSQL process) and once with it stopped, each from the first action to the round's end (the
tables wait for their four named clients, so the play starts together), and prints each run's action latency
(a client's ``act`` call, sent to answered) p50/p95/max. Target with the store frozen: p95 under
200 ms, as with it answering (the tables' writes wait in their spool, ``table_spool``).
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psutil

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))  # the throwaway PostgreSQL server of the tests (--store-frozen)

from shengji_kit.classroom.tables.client import TableClient, TableRefused, TableUnreachable  # noqa: E402

CODE = "class-2345"
TEACHER = "teacher-98765"
START_S = 90.0
ROUND_S = 600.0
STALL_S = 2.0
MIB = 1024 * 1024


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def class_server(data: Path, class_db: str | None = None, extra: Sequence[str] = ()
                 ) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``serve --classroom`` on 127.0.0.1 (its class store at ``class_db`` if given, with ``extra`` arguments);
    its base URL once the tables answer."""
    port = free_port()
    command = [sys.executable, "-m", "shengji_kit.apps.serving.serve", "--classroom", "--host", "127.0.0.1",
               "--port", str(port), "--code", CODE, "--teacher-code", TEACHER, *extra]
    env = {**os.environ, "SHENGJI_KIT_DATA_DIR": str(data), "PYTHONPATH": str(REPO)}
    if class_db is not None:
        env["SHENGJI_KIT_CLASS_DB"] = class_db
    log = (data / "server.log").open("wb")
    server = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT, cwd=REPO)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + START_S
        while True:
            try:
                TableClient(url).tables()
                break
            except TableUnreachable:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the class server did not start (see {data / 'server.log'})") from None
                time.sleep(0.3)
        yield url, server
    finally:
        server.terminate()
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


def choose(message: dict[str, Any]) -> tuple[str, str]:
    """The first listed action (a declaration when there is one), never an overturn or a redeal."""
    legal = message["legal"]
    kind, cards = next((entry for entry in legal if entry[0] not in ("overturn", "redeal")), legal[0])
    return str(kind), str(cards)


class Sent:
    """The actions sent at each table: (version it made, when it was sent, the seat), shared by its players."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.actions: dict[str, list[tuple[int, float, int]]] = {}
        self.receipts: dict[tuple[str, int], list[tuple[int, float]]] = {}
        self.acts: list[float] = []  # each act call, sent to answered (s)
        self.first = threading.Event()  # set when the first action is about to be sent

    def delivered(self, table: str, seat: int, version: int) -> int:
        """A page of ``seat`` holds ``version`` from now on."""
        with self.lock:
            self.receipts.setdefault((table, seat), []).append((version, time.monotonic()))
        return version

    def latencies(self) -> list[float]:
        """For every action and every other seat of its table: the time until that seat first held it."""
        found = []
        for table, actions in self.actions.items():
            for made, at, by in actions:
                for seat in range(4):
                    if seat == by:
                        continue
                    held = [when for version, when in self.receipts.get((table, seat), []) if version >= made]
                    if held:
                        found.append(min(held) - at)
        return found


def player(url: str, table: str, seat: int, sent: Sent, problems: list[str]) -> None:
    """One light client: sit, then long-poll and act until the round is scored."""
    client = TableClient(url, class_code=CODE)
    message = client.sit(table, seat, f"bench-{seat}")
    seen = message["version"]
    deadline = time.monotonic() + ROUND_S
    try:
        while time.monotonic() < deadline:
            if message["view"] is not None and message["view"]["phase"] == "done":
                return  # (no view yet: the table waits for its last client to sit down)
            if message["legal"]:
                sent.first.set()
                started = time.monotonic()
                try:
                    message = client.act(*choose(message))
                except TableRefused as refused:
                    problems.append(f"{table}/{seat}: refused {refused.code}")
                    message = client.view()
                    continue
                with sent.lock:
                    sent.actions.setdefault(table, []).append((message["version"], started, seat))
                    sent.acts.append(time.monotonic() - started)
            else:
                message = client.view(after=seen, wait=20)
            seen = sent.delivered(table, seat, message["version"])
        problems.append(f"{table}/{seat}: the round did not finish")
    except (TableRefused, TableUnreachable) as error:
        problems.append(f"{table}/{seat}: {error}")


def tree_memory(process: psutil.Process) -> tuple[int, int]:
    """Resident memory of the server's processes (the command, Voila) and of its kernels, in bytes."""
    server, kernels = 0, 0
    for each in [process, *process.children(recursive=True)]:
        try:
            rss = each.memory_info().rss
            is_kernel = any("ipykernel" in part for part in each.cmdline())
        except psutil.Error:
            continue
        if is_kernel:
            kernels += rss
        else:
            server += rss
    return server, kernels


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def play(tables_count: int, class_db: str | None = None, freeze: Callable[[], None] | None = None,
         thaw: Callable[[], None] | None = None) -> tuple[int, list[str], Sent]:
    """One run: the class server, ``tables_count`` tables of four clients playing a round; ``freeze`` is called
    at the first action and ``thaw`` when the round is over (or on leaving). Prints the figures; gives
    (stalls, problems, what was sent)."""
    with tempfile.TemporaryDirectory(prefix="tables-bench-") as folder, \
            class_server(Path(folder), class_db) as (url, server):
        teacher = TableClient(url, class_code=CODE, teacher_code=TEACHER)
        # each table waits for its four named clients, and starts when the last one sits down
        tables = [teacher.open_table(f"Table {n + 1}", seed=1000 + n, learners=[f"bench-{seat}" for seat in range(4)])
                  for n in range(tables_count)]
        sent, problems = Sent(), []
        stalls, peak, probes = 0, 0, 0
        threads = [threading.Thread(target=player, args=(url, table, seat, sent, problems), daemon=True)
                   for table in tables for seat in range(4)]
        began = time.monotonic()
        for thread in threads:
            thread.start()
        process = psutil.Process(server.pid)
        kernels_peak = 0
        frozen = False
        try:
            while any(thread.is_alive() for thread in threads):
                if freeze is not None and not frozen and sent.first.wait(0.05):
                    freeze()
                    frozen = True
                probe = time.monotonic()
                try:
                    TableClient(url, class_code=CODE, timeout=10).tables()
                except TableUnreachable:
                    stalls += 1
                if time.monotonic() - probe > STALL_S:
                    stalls += 1
                probes += 1
                server_rss, kernels_rss = tree_memory(process)
                peak, kernels_peak = max(peak, server_rss), max(kernels_peak, kernels_rss)
                time.sleep(0.5)
            took = time.monotonic() - began
            finished = sum(1 for table in tables if teacher.watch(table)["phase"] == "done")
            behind = TableClient(url, class_code=CODE).listing().get("store") or {}
        finally:
            if frozen and thaw is not None:
                thaw()
        latencies = [value * 1000 for value in sent.latencies()]
    acts = [value * 1000 for value in sent.acts]
    print(f"tables: {tables_count} × 4 light clients, {finished} rounds finished in {took:.1f} s")
    if latencies:
        print(f"action to other pages (ms, {len(latencies)} deliveries): p50 {statistics.median(latencies):.0f}"
              f"  p95 {percentile(latencies, 0.95):.0f}  max {max(latencies):.0f}")
    if acts:
        print(f"action (act call, ms, {len(acts)} actions): p50 {statistics.median(acts):.0f}"
              f"  p95 {percentile(acts, 0.95):.0f}  max {max(acts):.0f}")
    if class_db is not None:
        print(f"table saves waiting for the class store at the round's end: {behind.get('behind', '?')}")
    print(f"stalls: {stalls} of {probes} probes;  peak memory: server {peak / MIB:.0f} MiB"
          f" (the tables' authority runs in it), its pre-started page kernels {kernels_peak / MIB:.0f} MiB")
    for problem in problems[:10]:
        print("problem:", problem)
    if len(problems) > 10:
        print(f"… and {len(problems) - 10} more problems")
    ok = finished == tables_count and not stalls and not problems
    return (0 if ok else 1), problems, sent


def store_frozen(tables_count: int) -> int:
    """The same play on a PostgreSQL class store: answering, frozen (SIGSTOP) and stopped during the play."""
    from classroom.postgres_server import running_postgres  # the tests' throwaway server

    with running_postgres(max_connections=60) as server:
        print("— class store on PostgreSQL, answering —")
        answering, _, _ = play(tables_count, server.create_database("answering"))
        pids: list[int] = []

        def freeze() -> None:
            pids[:] = server.pids()
            for pid in pids:
                os.kill(pid, signal.SIGSTOP)

        def thaw() -> None:
            for pid in pids:
                os.kill(pid, signal.SIGCONT)

        print("— class store on PostgreSQL, frozen (SIGSTOP) from the first action to the round's end —")
        frozen, _, _ = play(tables_count, server.create_database("frozen"), freeze, thaw)
        print("— class store on PostgreSQL, stopped from the first action to the round's end —")
        stopped, _, _ = play(tables_count, server.create_database("stopped"), server.stop, server.start)
    return answering or frozen or stopped


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--store-frozen", action="store_true",
                        help="play on a PostgreSQL class store: answering, then frozen (SIGSTOP), then stopped")
    args = parser.parse_args(argv)
    if args.store_frozen:
        return store_frozen(args.tables)
    return play(args.tables)[0]


if __name__ == "__main__":
    sys.exit(main())
