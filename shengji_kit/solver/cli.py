"""``shengji-kit solve FILE``: solve a position file and print the value and an optimal line."""

from __future__ import annotations

import argparse
import json
import sys

from ..engine.catalogue import LANGUAGES, Message, text
from ..engine.errors import RuleError
from .position import Position
from .solve import solve

EXIT_BAD_FILE = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``solve`` subcommand's arguments."""
    parser.add_argument("file", metavar="FILE", help="a TOML file with a [position] table")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the output")
    parser.add_argument("--json", action="store_true", help="print the solution as JSON")


def run(args: argparse.Namespace) -> int:
    """Solve ``args.file``; a file that cannot be read or is not a valid position exits with 2."""
    lang: str = args.lang
    try:
        position = Position.load(args.file)
    except OSError as error:
        reason = Message("solver_cannot_read", file=args.file, reason=error.strerror or str(error))
        print(text("solver_error", lang, detail=reason), file=sys.stderr)
        return EXIT_BAD_FILE
    except RuleError as error:
        problem = Message("solver_bad_file", file=args.file, reason=Message(error.code, **error.params))
        print(text("solver_error", lang, detail=problem), file=sys.stderr)
        return EXIT_BAD_FILE
    solution = solve(position)
    if args.json:
        print(json.dumps(solution.to_dict(), ensure_ascii=False, indent=2))
    else:
        print(solution.describe(lang))
        print(text("solver_stats", lang, nodes=solution.nodes, seconds=f"{solution.seconds:.2f}"))
    return 0
