"""``shengji-kit --help`` is written for users: what each command does, an example, where to read more."""

from __future__ import annotations

import re

import pytest

from shengji_kit import cli

DEVELOPER_WORDS = re.compile(r"\b(imported|import|lazy|lazily|module|subcommand)\b", re.IGNORECASE)


def _help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The help ``shengji-kit *argv`` prints (argparse exits 0 after printing it)."""
    with pytest.raises(SystemExit) as stopped:
        cli.main(argv)
    assert stopped.value.code == 0
    return capsys.readouterr().out


def test_the_main_help_names_every_command_with_one_line_and_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    shown = _help(["--help"], capsys)
    assert not DEVELOPER_WORDS.search(shown), DEVELOPER_WORDS.search(shown)
    for name in cli.SUBCOMMANDS:
        assert re.search(rf"^\s+{name}\s+\w", shown, re.MULTILINE), name
    assert "examples:" in shown and "shengji-kit serve --classroom" in shown
    assert "docs/serving.md" in shown


@pytest.mark.parametrize("command", sorted(cli.SUBCOMMANDS))
def test_each_command_help_has_no_developer_words(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    shown = _help([command, "--help"], capsys)
    assert not DEVELOPER_WORDS.search(shown), DEVELOPER_WORDS.search(shown)


def test_the_examples_parse() -> None:
    """Every command line the help shows as an example is one the parser accepts."""
    parser = cli.build_parser()
    for line in cli.EPILOG.splitlines():
        found = re.match(r"\s+shengji-kit (.+?)(?:\s{2,}|$)", line)
        if found and "--help" not in found.group(1):
            parser.parse_args(found.group(1).split())
