"""Checks that would have caught wrong exercise texts and impossible positions (issue 20, "Texts that are right")."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from shengji_kit.puzzles.check import verify_puzzle
from shengji_kit.puzzles.loader import read_puzzle
from shengji_kit.puzzles.model import Puzzle

LESSON_DATA = Path(__file__).parents[2] / "shengji_kit" / "puzzles" / "lesson_data"


def declare_puzzle(standing: str, hand: str, answer: str, trump: str = "S") -> Puzzle:
    """A super_tycoon declare exercise at level 2 with ``standing`` on the table and South holding ``hand``."""
    fields: dict[str, Any] = {
        "id": "t", "kind": "declare", "difficulty": 1, "standing": standing, "answer": answer,
        "title": {"en": "t", "zh": "题"}, "hint": {"en": "h", "zh": "提示"}, "explanation": {"en": "e", "zh": "解释"},
        "position": {"rules": "super_tycoon", "level": "2", "trump": trump, "hands": {"0": hand}},
    }
    return read_puzzle(fields, "t", "t.toml")


def test_standing_cards_count_against_the_hand() -> None:
    """A lock S2 S2 LJ and a hand LJ LJ make three little jokers: the check refuses it, naming the standing cards."""
    problems = verify_puzzle(declare_puzzle("S2 S2 LJ", "LJ LJ H3 H4", "LJ LJ"))
    assert [p.field for p in problems] == ["standing"]
    assert "LJ" in problems[0].message and "more than 2" in problems[0].message


def test_standing_and_hand_within_two_decks_pass() -> None:
    """The same idea with a red lock (♥2 ♥2 and the big joker) is possible, and little jokers overturn it."""
    assert verify_puzzle(declare_puzzle("H2 H2 BJ", "LJ LJ H3 H4", "LJ LJ", trump="H")) == []
    assert verify_puzzle(declare_puzzle("S2 LJ", "S2 LJ H3", "no")) == []


def test_every_declare_exercise_is_possible() -> None:
    """No lesson-7 declare exercise holds more copies of a card, counting the standing cards, than two decks have."""
    raw = tomllib.loads((LESSON_DATA / "07_declaring.toml").read_text(encoding="utf-8"))
    declares = [item for item in raw["puzzle"] if item["kind"] == "declare"]
    assert any(item["id"] == "l7-overturn-joker-pair" for item in declares)
    for item in declares:
        puzzle = read_puzzle({k: v for k, v in item.items() if k != "group"}, "07_declaring", "07_declaring.toml")
        assert verify_puzzle(puzzle) == [], item["id"]
