"""``shengji-kit puzzles check [PATH ...] [--seed N] [--all]``: load and verify puzzle files (sampled items on a
fresh sample when given a seed), re-prove dealt strategy items and mined items (a seeded sample of each, or all
with ``--all``); non-zero exit on any failure."""

from __future__ import annotations

import argparse

from .check import check_paths
from .check_generated import ALL, SAMPLE, check_generated
from .check_mined import MINED_SAMPLE, check_mined
from .kinds import KINDS


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ``check`` sub-subcommand and its optional paths."""
    add_check(parser.add_subparsers(dest="puzzles_command", required=True))


def add_check(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``check`` parser to ``puzzles``' sub-subcommands (the command line adds ``mine`` beside it)."""
    check = sub.add_parser(
        "check", help="verify every puzzle's and lesson exercise's answer with the engine or the solver"
    )
    check.add_argument(
        "paths", nargs="*",
        help="puzzle files or directories (default: the shipped bank and the lessons' exercise files)",
    )
    check.add_argument("--quiet", action="store_true", help="print only failures")
    check.add_argument(
        "--seed", type=int, default=None,
        help="value sampled items on a fresh sample drawn with this seed (default: each item's own), "
             "and draw the mined items' sample with it (default 0)",
    )
    check.add_argument(
        "--all", action="store_true",
        help=f"re-prove all {ALL} dealt items of every strategy idea (default: {SAMPLE} an idea, without paths) "
             f"and every mined item (default: a sample of {MINED_SAMPLE})",
    )


def run(args: argparse.Namespace) -> int:
    """Run the chosen sub-subcommand; 0 when every puzzle checks out."""
    report = check_paths(args.paths or None, args.seed)
    for problem in report.problems:
        print(f"FAIL {problem}")
    if not args.quiet or report.problems:
        kinds = ", ".join(f"{kind} {report.by_kind.get(kind, 0)}" for kind in KINDS)
        levels = ", ".join(f"{level}: {count}" for level, count in report.by_difficulty.items())
        print(f"{report.puzzles} puzzles in {report.files} files check out ({kinds}; by difficulty {levels})")
        print(f"{len(report.problems)} failures; {report.seconds:.1f} s")
    if args.paths and not args.all:
        return 0 if report.ok else 1
    dealt = check_generated(ALL if args.all else SAMPLE)
    for problem in dealt.problems:
        print(f"FAIL {problem}")
    if not args.quiet or dealt.problems:
        print(f"{dealt.items} dealt strategy items re-proved (unique best by the stated margin); "
              f"{len(dealt.problems)} failures; {dealt.seconds:.1f} s")
    mined = check_mined(None if args.all else MINED_SAMPLE, args.seed or 0)
    for problem in mined.problems:
        print(f"FAIL {problem}")
    if not args.quiet or mined.problems:
        drawn = "all" if mined.checked == mined.total else f"a sample drawn with seed {args.seed or 0}"
        print(f"{mined.checked} of {mined.total} mined items re-proved ({drawn}); "
              f"{len(mined.problems)} failures; {mined.seconds:.1f} s")
    return 0 if report.ok and not dealt.problems and not mined.problems else 1
