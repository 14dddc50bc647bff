"""The class store under a class: N learner processes recording events at the same moment.

Run ``.venv/bin/python benchmarks/store.py`` (default: 10 and 30 writers, 50 events each, on
SQLite and on PostgreSQL). Each writer is its own process that opens the store (a new, empty one
per run: the first writers also create the schema), waits until all are ready, then records its
events one transaction each, as a learner's page does. It prints, per database and writer count,
events sent and stored (must be equal) and events/s from the first write to the last commit.
SQLite is a WAL file in a temporary folder; PostgreSQL is Debian's server started in a temporary
folder (``/usr/lib/postgresql/*/bin``), as the tests do. Figures on a busy 2-core machine are noisy.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests" / "classroom"))

from postgres_server import postgres_bin, running_postgres  # noqa: E402  (test helpers, found on this path)
from writers import write_at_once  # noqa: E402

from shengji_kit.classroom.store import SQLClassStore  # noqa: E402


def measure(label: str, url: str, writers: int, events_each: int) -> None:
    run = write_at_once(url, writers, events_each)
    store = SQLClassStore(url)
    stored = store.count_events()
    store.close()
    sent = writers * events_each
    verdict = "ok" if stored == sent and run.failures == 0 else "LOST EVENTS"
    print(f"{label:<11} {writers:>7} {sent:>6} {stored:>7} {run.seconds:>8.2f} {run.per_second:>9.0f}  {verdict}",
          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writers", type=int, nargs="+", default=[10, 30])
    parser.add_argument("--events", type=int, default=50, help="events each writer records")
    parser.add_argument("--backend", choices=["sqlite", "postgresql"], nargs="+", default=["sqlite", "postgresql"])
    options = parser.parse_args()
    print(f"{'database':<11} {'writers':>7} {'sent':>6} {'stored':>7} {'seconds':>8} {'events/s':>9}")
    if "sqlite" in options.backend:
        with tempfile.TemporaryDirectory(prefix="sk-store-bench-") as folder:
            for count in options.writers:
                measure("sqlite", f"sqlite:///{Path(folder) / f'class-{count}.sqlite3'}", count, options.events)
    if "postgresql" in options.backend:
        if postgres_bin() is None:
            print("postgresql  (not installed: apt-get install postgresql)")
            return
        with running_postgres() as server:
            for count in options.writers:
                measure("postgresql", server.create_database(f"bench_{count}"), count, options.events)


if __name__ == "__main__":
    main()
