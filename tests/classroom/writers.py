"""Many processes writing events to one class store at the same moment (for tests and benchmarks/store.py).

Each writer is a separate process (spawned, so nothing is shared but the database): it opens the
store itself (the first ones may find the schema still to be created), waits at a barrier until
every writer is ready, then records its events one transaction each, as learners' pages do.
"""

from __future__ import annotations

import multiprocessing
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from multiprocessing.synchronize import Barrier

from shengji_kit.classroom.store_protocol import ATTEMPT, ClassEvent


@dataclass(frozen=True)
class WriteRun:
    """What a run of concurrent writers did: events written, seconds from the barrier to the last commit."""

    writers: int
    events: int
    seconds: float
    failures: int

    @property
    def per_second(self) -> float:
        return self.events / self.seconds if self.seconds > 0 else float("inf")


def learner_name(writer: int) -> str:
    return f"learner-{writer:02d}"


def _write(
    url: str, writer: int, count: int, barrier: Barrier, results: multiprocessing.Queue[tuple[int, float, float, int]]
) -> None:
    from shengji_kit.classroom.store import SQLClassStore

    store = SQLClassStore(url)
    barrier.wait()
    started = time.perf_counter()
    failures = 0
    for number in range(count):
        event = ClassEvent(learner_name(writer), f"item-{number:03d}", "concurrency", ATTEMPT,
                           datetime.now(UTC), answer=f"{writer}:{number}", correct=number % 2 == 0,
                           seconds=float(number))
        try:
            store.record([event])
        except ValueError:
            failures += 1
    results.put((writer, started, time.perf_counter(), failures))
    store.close()


def write_at_once(url: str, writers: int, events_each: int, timeout: float = 300) -> WriteRun:
    """Start ``writers`` processes that each record ``events_each`` events at once; wait for them all."""
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(writers)
    results: multiprocessing.Queue[tuple[int, float, float, int]] = context.Queue()
    processes = [
        context.Process(target=_write, args=(url, writer, events_each, barrier, results)) for writer in range(writers)
    ]
    for process in processes:
        process.start()
    reports = [results.get(timeout=timeout) for _ in processes]
    for process in processes:
        process.join(timeout)
        if process.exitcode != 0:
            raise RuntimeError(f"a writer process ended with exit code {process.exitcode}")
    started = min(report[1] for report in reports)
    ended = max(report[2] for report in reports)
    failures = sum(report[3] for report in reports)
    return WriteRun(writers, writers * events_each - failures, ended - started, failures)
