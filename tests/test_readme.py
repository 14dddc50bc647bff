"""The README's engine tour runs, and its results are the ones its comments state."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

README = Path(__file__).resolve().parents[1] / "README.md"


def run_tour() -> dict[str, Any]:
    text = README.read_text(encoding="utf-8")
    block = re.search(r"## A tour of the engine\s+```python\n(.*?)```", text, re.S)
    assert block, "the README has a python tour"
    namespace: dict[str, Any] = {}
    exec(block.group(1), namespace)  # the README's own example
    return namespace


def test_readme_tour_results() -> None:
    ns = run_tour()
    sk, trump = ns["sk"], ns["trump"]
    verdict = ns["verdict"]
    assert (verdict.ok, verdict.code) == (False, "must_play_pair")
    assert verdict.message("en") == "A pair of ♥ was led and you hold ♥3♥3: you must play a pair."
    assert verdict.message("zh") == "首家出的是红桃对子，你手里有♥3♥3，必须跟对子。"
    assert sk.trick_winner(ns["plays"], trump) == 2
    check = ns["check"]
    assert (check.ok, [c.code for c in check.forced], check.blocker) == (False, ["HQ", "HQ"], 1)
    assert (ns["outcome"].side, ns["outcome"].levels) == ("attackers", 1)
    assert sk.next_dealer(0, ns["outcome"]) == 1 and sk.climb("K", 3) == "3"
    assert sk.kitty_multiplier(sk.parse_cards("H9 H9 H10 H10"), trump) == 8


def test_readme_lists_every_lesson_and_no_fixed_trick_count() -> None:
    """Issue 38, item 25: every lesson notebook has its line, and a round is not said to be 25 tricks."""
    text = README.read_text(encoding="utf-8")
    lessons = sorted(path.name for path in (README.parent / "lessons").glob("*.ipynb"))
    assert len(lessons) >= 13
    for name in lessons:
        number = int(name.split("_")[0])
        assert f"`lessons/{name}`" in text and f"**Lesson {number} —" in text, name
    assert "play 25 tricks" not in text
