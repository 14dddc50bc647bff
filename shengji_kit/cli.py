"""The ``shengji-kit`` command: simulate | puzzles check | solve | serve | lessons copy.

Each subcommand lives beside the code it drives and is imported only when used, so the
command starts fast and one broken feature cannot stop the others.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# subcommand -> (module with add_arguments(parser) and run(args) -> int, help text)
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "simulate": ("shengji_kit.apps.simulate", "play seeded rounds between bots and summarise them"),
    "puzzles": ("shengji_kit.puzzles.check_command", "check the puzzle bank (puzzles check)"),
    "solve": ("shengji_kit.solver.solve_command", "solve an endgame position file exactly"),
    "serve": (
        "shengji_kit.apps.serving.serve",
        "serve the lessons and apps with Voila on 127.0.0.1 (--classroom: a class on the local network)",
    ),
    "lessons": (
        "shengji_kit.apps.lessons.copy_notebooks",
        "copy the lesson notebooks into a folder to edit (lessons copy DIR)",
    ),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="shengji-kit", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    for name, (module_name, help_text) in SUBCOMMANDS.items():
        command = sub.add_parser(name, help=help_text)
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
