"""docs/classroom.md opens with how to run a class, and the commands and buttons it names are real."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from shengji_kit import cli
from shengji_kit.words.catalogue import templates

DOCS = Path(__file__).resolve().parents[1] / "docs"
HEADING = "## Run a class in five steps"


def _first_section() -> str:
    text = (DOCS / "classroom.md").read_text(encoding="utf-8")
    sections = re.split(r"^(?=## )", text, flags=re.MULTILINE)
    assert sections[1].startswith(HEADING + "\n"), sections[1][:80]
    return sections[1]


def _github_anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as dashes."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_the_first_section_is_five_steps_then_the_internals() -> None:
    section = _first_section()
    steps = re.findall(r"^(\d)\. \*\*", section, flags=re.MULTILINE)
    assert steps == ["1", "2", "3", "4", "5"]
    for word in ("class code", "QR code", "dashboard", "poll", "CSV"):
        assert word in section, word
    text = (DOCS / "classroom.md").read_text(encoding="utf-8")
    assert text.index(HEADING) < text.index("## The class store")


def test_every_command_it_names_parses() -> None:
    commands = re.findall(r"`(shengji-kit [^`]+)`", _first_section())
    assert "shengji-kit serve --classroom" in commands and len(commands) >= 2
    parser = cli.build_parser()
    for command in commands:
        args = parser.parse_args(shlex.split(command)[1:])
        assert args.command == "serve" and args.classroom
    assert "`--class-list FILE`" in _first_section()
    assert parser.parse_args(["serve", "--classroom", "--class-list", "class.csv"]).class_list is not None


def test_the_buttons_it_names_are_the_dashboards() -> None:
    """Every bold name that is neither a step's title nor a term (the codes) is a dashboard label, word for word."""
    section = _first_section()
    english = {template.source for template in templates("en").values()}
    steps = set(re.findall(r"^\d\. \*\*([^*]+)\*\*", section, flags=re.MULTILINE))
    terms = {"class code", "teacher code", "QR code"}
    buttons = [name for name in re.findall(r"\*\*([^*]+)\*\*", section) if name not in steps | terms]
    assert {"Project", "Show", "Full screen", "Reveal the answer"} <= set(buttons)
    for button in buttons:
        assert button in english, button


def test_its_link_to_serving_finds_the_heading() -> None:
    link = re.search(r"\(serving\.md#([^)]+)\)", _first_section())
    assert link is not None
    headings = re.findall(r"^## (.+)$", (DOCS / "serving.md").read_text(encoding="utf-8"), flags=re.MULTILINE)
    assert link.group(1) in {_github_anchor(heading) for heading in headings}
