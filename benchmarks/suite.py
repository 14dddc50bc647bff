"""Print where the test suite's time goes: per folder, per file and the slowest tests.

Reads the JUnit XML report pytest writes with ``--junitxml`` (every phase of a test, set-up and
tear-down included, is in its ``time``). With ``--run``, first runs the suite the way ``make test``
runs it (the same paths, ``-p no:cacheprovider``) and writes the report itself, timing the whole
run. Run: `.venv/bin/python benchmarks/suite.py report.xml` or
`.venv/bin/python benchmarks/suite.py --run report.xml [extra pytest arguments]`.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
import xml.etree.ElementTree as ElementTree
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUITE = ["tests", "lessons", "notebooks", "--nbval-lax", "-p", "no:cacheprovider"]


@dataclass(frozen=True)
class TestTime:
    """One test's place (its file, as pytest names it) and its seconds, set-up and tear-down included."""

    file: str
    name: str
    seconds: float
    outcome: str


def read_report(path: Path) -> list[TestTime]:
    """Every test case in a JUnit XML report."""
    found = []
    for case in ElementTree.parse(path).getroot().iter("testcase"):
        outcome = "passed"
        for child in case:
            if child.tag in ("failure", "error", "skipped"):
                outcome = child.tag
        file = case.get("file") or case.get("classname", "").replace(".", "/") + ".py"
        found.append(TestTime(file, case.get("name", ""), float(case.get("time", 0.0)), outcome))
    return found


def folder_of(file: str) -> str:
    """The folder a test file is counted under: ``tests/<part>`` or the notebook folder."""
    parts = Path(file).parts
    if len(parts) >= 3 and parts[0] == "tests":
        return "/".join(parts[:2])
    return parts[0] if len(parts) > 1 else "tests (top level)"


def table(rows: dict[str, list[TestTime]], title: str, limit: int) -> str:
    """Rows of seconds, test count and share of the total, largest first."""
    total = sum(t.seconds for tests in rows.values() for t in tests) or 1.0
    lines = [f"{title:<48} {'tests':>6} {'seconds':>9} {'share':>6}"]
    ranked = sorted(rows.items(), key=lambda item: -sum(t.seconds for t in item[1]))
    for key, tests in ranked[:limit]:
        seconds = sum(t.seconds for t in tests)
        lines.append(f"{key:<48} {len(tests):>6} {seconds:>9.1f} {seconds / total:>6.1%}")
    return "\n".join(lines)


def summary(tests: list[TestTime], slowest: int = 30) -> str:
    """Per-folder and per-file totals and the slowest tests, as plain text."""
    by_folder: dict[str, list[TestTime]] = defaultdict(list)
    by_file: dict[str, list[TestTime]] = defaultdict(list)
    for test in tests:
        by_folder[folder_of(test.file)].append(test)
        by_file[test.file].append(test)
    outcomes: dict[str, int] = defaultdict(int)
    for test in tests:
        outcomes[test.outcome] += 1
    total = sum(t.seconds for t in tests)
    parts = [
        f"{len(tests)} tests, {total:.1f} s of test time in all "
        + "(" + ", ".join(f"{count} {name}" for name, count in sorted(outcomes.items())) + ")",
        "",
        table(by_folder, "folder", 100),
        "",
        table(by_file, "file", slowest),
        "",
        f"{'slowest tests':<90} {'seconds':>8}",
    ]
    for test in sorted(tests, key=lambda t: -t.seconds)[:slowest]:
        parts.append(f"{(test.file + '::' + test.name)[:90]:<90} {test.seconds:>8.1f}")
    return "\n".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", type=Path, help="the JUnit XML report (written first with --run)")
    parser.add_argument("--run", action="store_true", help="run the suite first, writing the report")
    parser.add_argument("--slowest", type=int, default=30, help="how many files and tests to list")
    args, extra = parser.parse_known_args(argv)
    if args.run:
        started = time.monotonic()
        command = [sys.executable, "-m", "pytest", *SUITE, f"--junitxml={args.report}", *extra]
        finished = subprocess.run(command, cwd=ROOT, check=False)
        print(f"pytest exited {finished.returncode} after {time.monotonic() - started:.0f} s wall clock")
    print(summary(read_report(args.report), args.slowest))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
