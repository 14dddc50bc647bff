"""The ``shengji-kit`` command: simulate | puzzles check | puzzles mine | solve | serve | lessons copy.

Each subcommand lives beside the code it drives and is imported only when used, so the
command starts fast and one broken feature cannot stop the others.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# subcommand -> (module with add_arguments(parser) and run(args) -> int, help text a user reads)
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "serve": (
        "shengji_kit.apps.serving.serve",
        "open the lessons and apps in your browser (add --classroom to run a class on your network)",
    ),
    "lessons": (
        "shengji_kit.apps.lessons.copy_notebooks",
        "copy the lesson notebooks into a folder of yours, to read or change them (lessons copy DIR)",
    ),
    "simulate": ("shengji_kit.apps.simulate", "let four bots play rounds and print how they went"),
    "solve": ("shengji_kit.solver.solve_command", "find the best play of an endgame written in a file"),
    "puzzles": (
        "shengji_kit.cli_puzzles",
        "check that every puzzle has a right answer (puzzles check), or cut new ones from bots' rounds (puzzles mine)",
    ),
}

DESCRIPTION = "Learn and teach Shengji (升级 / 拖拉机 / Tractor): lessons, puzzles, a round against bots, a class."
EPILOG = """\
examples:
  shengji-kit serve                        the lessons and apps, on this computer
  shengji-kit serve --classroom            a class: learners join from their phones or laptops
  shengji-kit lessons copy my-lessons      your own copy of the lessons
  shengji-kit simulate --help              the options of one command

More: docs/serving.md (running a class) and docs/classroom.md (the class dashboard).
"""


def build_parser() -> argparse.ArgumentParser:
    """The ``shengji-kit`` parser, with each command's options (a command that cannot load is listed, unusable)."""
    parser = argparse.ArgumentParser(
        prog="shengji-kit", description=DESCRIPTION, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True, title="commands", metavar="COMMAND")
    for name, (module_name, help_text) in SUBCOMMANDS.items():
        command = sub.add_parser(name, help=help_text, description=help_text[:1].upper() + help_text[1:] + ".")
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        module.add_arguments(command)
        command.set_defaults(_module=module)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    module = getattr(args, "_module", None)
    if module is None:
        parser.error(f"the {args.command!r} command is not available in this installation")
    result: int = module.run(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
