"""``shengji-kit solve FILE``: solve a position file and print the value and an optimal line."""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import replace

from ..engine.errors import RuleError
from ..game.house_file import load_rules
from ..game.input_checks import hostile_input
from ..words import LANGUAGES, Message, text
from .position import Position
from .search import SolveTimeout
from .solve import solve

EXIT_BAD_FILE = 2
EXIT_TOO_BIG = 3
# Solving time grows about fivefold per card in hand (docs/solver.md): 7 cards take about a
# second, 10 a few minutes; a full 25-card deal would never finish.
MAX_HAND_CARDS = 10
DEFAULT_TIME_LIMIT = 120.0


def time_limit(value: str) -> float:
    """``--time-limit``: finite seconds, 0 or more (0: no limit); anything else is refused in both languages."""
    try:
        seconds = float(value)
    except ValueError:
        seconds = math.nan
    if not math.isfinite(seconds) or seconds < 0:
        said = (text("solve_bad_time_limit", lang, value=value) for lang in LANGUAGES)
        raise argparse.ArgumentTypeError(" · ".join(said))
    return seconds


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``solve`` subcommand's arguments."""
    parser.add_argument("file", metavar="FILE", help="a TOML file with a [position] table")
    parser.add_argument(
        "--rules", default=None, metavar="RULES",
        help="play by these rules instead of the file's: super_tycoon, classic, or a house-rules file",
    )
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the output")
    parser.add_argument("--json", action="store_true", help="print the solution as JSON")
    parser.add_argument(
        "--time-limit", type=time_limit, default=DEFAULT_TIME_LIMIT, metavar="SECONDS",
        help=f"give up after this many seconds (default {DEFAULT_TIME_LIMIT:g}; 0 for no limit)",
    )


def _error(message: str, lang: str) -> str:
    return f"error: {message}" if lang == "en" else f"错误：{message}"


def run(args: argparse.Namespace) -> int:
    """Solve ``args.file``; a file that cannot be read or is not a valid position exits with 2."""
    lang: str = args.lang
    try:
        position = Position.load(args.file)
        if args.rules is not None:
            position = replace(position, rules=load_rules(args.rules))
    except OSError as error:
        reason = Message("solver_cannot_read", {"file": args.file, "reason": error.strerror or str(error)})
        print(text("solver_error", lang, detail=reason), file=sys.stderr)
        return EXIT_BAD_FILE
    except RuleError as error:
        problem = Message("solver_bad_file", {"file": args.file, "reason": Message(error.code, error.params)})
        print(text("solver_error", lang, detail=problem), file=sys.stderr)
        return EXIT_BAD_FILE
    except (RecursionError, ValueError) as error:  # Python's own limits: deep nesting, a 5000-digit number
        hostile = hostile_input(error)
        if hostile is None:
            raise
        problem = Message("solver_bad_file", {"file": args.file, "reason": hostile.reason})
        print(text("solver_error", lang, detail=problem), file=sys.stderr)
        return EXIT_BAD_FILE
    cards = len(position.hands[0])
    if cards > MAX_HAND_CARDS:
        print(_error(text("solve_too_large", lang, cards=cards, most=MAX_HAND_CARDS), lang), file=sys.stderr)
        return EXIT_TOO_BIG
    limit: float = args.time_limit
    try:
        solution = solve(position, time_limit=limit if limit > 0 else None)
    except SolveTimeout as stopped:
        message = text("solve_time_limit", lang, seconds=f"{limit:g}", nodes=stopped.nodes, cards=cards)
        print(_error(message, lang), file=sys.stderr)
        return EXIT_TOO_BIG
    if args.json:
        print(json.dumps(solution.to_dict(), ensure_ascii=False, indent=2))
    else:
        print(solution.describe(lang))
        print(text("solver_stats", lang, nodes=solution.nodes, seconds=f"{solution.seconds:.2f}"))
    return 0
