"""Lesson 6 (points, the kitty and levels): its exercise file, its kinds, the scoreboard, the tables."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from html_tree import parse

import shengji_kit as sk
from shengji_kit.apps.lessons import scoring_lesson as scoring
from shengji_kit.engine.cards import full_deck
from shengji_kit.game.position_table import read_position_table
from shengji_kit.puzzles.kinds.climb import parse as parse_climb
from shengji_kit.puzzles.kinds.count_choice import parse as parse_count_choice
from shengji_kit.puzzles.lesson_exercises import load_lesson
from shengji_kit.puzzles.model import AnswerError
from shengji_kit.puzzles.problems import FieldError
from shengji_kit.render.lesson_panels.scoreboard import Scoreboard, recorded_round
from shengji_kit.render.lesson_panels.scoring_tables import KittyTable, LevelTable

NOTEBOOK = Path(__file__).resolve().parents[2] / "lessons" / "06_scoring.ipynb"


def notebook_groups(path: Path) -> set[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    code = "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")
    return set(re.findall(r'exercises\("([a-z0-9_-]+)"', code))


def test_every_item_checks_out_and_every_notebook_group_exists() -> None:
    lesson = load_lesson("06_scoring")
    assert lesson.problems == ()
    assert len(lesson.items) >= 12
    groups = {item.group for item in lesson.items}
    assert notebook_groups(NOTEBOOK) == groups == {"count_trick", "attackers_total", "levels_dealer", "kitty", "climb"}
    for item in lesson.items:
        assert item.question.verify() == [], item.id
        assert item.question.answer_format == "choice", item.id


def test_each_item_takes_its_right_answer_and_refuses_a_wrong_one() -> None:
    for item in load_lesson("06_scoring").items:
        values = [choice.value for choice in item.question.choices()]
        right = [value for value in values if item.check(value).correct]
        assert len(right) == 1, (item.id, right)
        feedback = item.check(next(value for value in values if value not in right))
        assert not feedback.correct and item.explanation("zh") in feedback.message("zh")


def test_total_items_tell_the_dealer_and_the_kitty() -> None:
    item = next(i for i in load_lesson("06_scoring").items if i.id == "l6-total-pair-kitty")
    prompt = item.prompt("en")
    assert "South (you) dealt" in prompt and "The kitty: ♦10 ♣K ♣5" in prompt and "Rules: Super Tycoon" in prompt
    html = parse(scoring.exercises("attackers_total").html)
    trick = html.find(data_role="trick")
    assert [row.attrs["data-played-by"] for row in trick.find_all(data_played_by=True)] == ["0", "1", "2", "3"]
    assert "①" in trick.find(data_slot="1").text, "East led"


def table(**fields: object) -> object:
    return read_position_table({"rules": "super_tycoon", "level": "2", "trump": "S", **fields}, required=("rules",))


def test_count_choice_needs_the_answer_among_its_options() -> None:
    raw = {"ask": "multiplier", "answer": 8, "options": [2, 4]}
    with pytest.raises(FieldError) as caught:
        parse_count_choice(raw, table(leader=1, trick={"1": "DQ DQ DJ DJ"}))  # type: ignore[arg-type]
    assert caught.value.field == "options"
    with pytest.raises(FieldError):
        parse_count_choice({"ask": "outcome", "answer": "defenders +3", "options": [1, 2]}, table(points=0))  # type: ignore[arg-type]


def test_the_lessons_counting_facts() -> None:
    """The notebook's claims: two decks hold 200 points; South dealt, 60 → North deals, 90 → East."""
    assert sk.points(full_deck()) == 200
    assert sk.next_dealer(0, sk.level_outcome(60)) == 2
    assert sk.next_dealer(0, sk.level_outcome(90)) == 1
    assert sk.level_outcome(80).deal_passes and sk.level_outcome(120).levels == 1


def test_climb_follows_each_preset() -> None:
    """docs/rules.md §7: at 8, +3 → J (super_tycoon), 10 (classic); at K, +3 → 3 and A."""
    assert [sk.climb("8", 3, r) for r in ("super_tycoon", "classic")] == ["J", "10"]
    assert [sk.climb("K", 3, r) for r in ("super_tycoon", "classic")] == ["3", "A"]
    question = parse_climb({"steps": 3, "answer": "J"}, table(level="8"))  # type: ignore[arg-type]
    assert question.grade("j").correct and not question.grade("10").correct
    assert not question.verify()
    with pytest.raises(AnswerError):
        question.grade("banana")
    with pytest.raises(FieldError):
        parse_climb({"steps": 3, "answer": "1"}, table(level="8"))  # type: ignore[arg-type]


def test_kitty_table_matches_the_rule_book_in_both_presets() -> None:
    html = parse(str(KittyTable().render("en")))
    rows = {row.attrs["data-lead"]: row.text for row in html.find_all("tr") if "data-lead" in row.attrs}
    assert rows["SA"].endswith("×2×2")
    assert rows["SA SA"].endswith("×4×4")
    assert rows["SA SA SK SK"].endswith("×8×4")
    assert rows["SA SA SK SK SQ SQ"].endswith("×12×4")
    assert rows["SA SK SK SQ SQ"].endswith("×8×4")


def test_level_table_differs_only_at_the_top() -> None:
    html = parse(str(LevelTable().render("en")))
    rows = {row.attrs["data-total"]: row for row in html.find_all("tr") if "data-total" in row.attrs}
    for total in ("0", "40", "80", "200"):
        cells = rows[total].find_all("td")
        assert cells[1].text == cells[2].text
    cells = rows["240"].find_all("td")
    assert cells[1].text.endswith("4") and cells[2].text.endswith("3")
    assert rows["40"].find_all("td")[3].text == "North"
    assert rows["80"].find_all("td")[3].text == "East"


def test_scoreboard_counts_like_the_engine_and_the_record() -> None:
    record = recorded_round()
    board = Scoreboard(record)
    assert board.running() == 0
    board.handle({"type": "action", "action": "last"})
    assert board.finished
    assert board.running() == record["attackers_points"]
    kitty, multiplier = board.kitty_count()
    assert (kitty, multiplier) == (record["kitty_points"], record["kitty_multiplier"]) == (30, 2)
    assert board.total() == record["total"] == 80
    html = parse(str(board.render("en")))
    assert html.find(data_role="total").attrs["data-total"] == "80"
    assert "East deals next" in html.find(data_role="total").text
    board.handle({"type": "action", "action": "next"})
    assert board.step == len(board.tricks)
    board.handle({"type": "action", "action": "first"})
    board.handle({"type": "action", "action": "back"})
    assert board.step == 0


def test_scoreboard_running_count_only_counts_attackers_tricks() -> None:
    board = Scoreboard(recorded_round())
    seen = 0
    for step, trick in enumerate(board.tricks, start=1):
        board.handle({"type": "action", "action": "next"})
        if board.is_attacker(trick.winner):
            seen += sk.points([card for play in trick.plays for card in play])
        assert board.running() == seen == board.running(step)


def test_try_it_helpers_answer_in_both_languages_and_never_raise() -> None:
    assert "25 points" in scoring.count("SK S10 S5 H3")("en")
    kitty = scoring.kitty("DQ DQ DJ DJ")
    assert "by 8" in kitty("en") and "by 4" in kitty("en")
    assert "East deals next" in scoring.outcome(90)("en")
    assert not scoring.outcome(33).ok and "33" in scoring.outcome(33)("zh")
    assert not scoring.climb("8", None).ok  # type: ignore[arg-type]
    assert not scoring.count("Q9").ok
