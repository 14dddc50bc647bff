"""Lesson 3, following: its exercises check out with the engine, the refusal kind, the live table."""

from __future__ import annotations

import pytest
from html_tree import parse

import shengji_kit as sk
from shengji_kit.apps.lessons import cells as lesson
from shengji_kit.apps.lessons import following_lesson as following
from shengji_kit.puzzles.kinds.refusal import REASONS
from shengji_kit.puzzles.kinds.refusal import parse as parse_refusal
from shengji_kit.puzzles.lesson_exercises import load_lesson
from shengji_kit.puzzles.loader import read_puzzle
from shengji_kit.puzzles.problems import FieldError
from shengji_kit.render.lesson_panels.follow_table import FollowTable, follow_position
from shengji_kit.words.catalogue import text

from .lesson_notebooks import notebook_groups, notebook_has_no_outputs

SLUG = "03_following"


def test_every_exercise_loads_and_agrees_with_the_engine() -> None:
    exercises = load_lesson(SLUG)
    assert exercises.problems == ()
    assert len(exercises.items) >= 12
    for item in exercises.items:
        assert item.question.verify() == [], item.id
    assert exercises.group_names() == notebook_groups(SLUG) == ["which_legal", "pick_follow", "why_refused"]
    assert {item.kind for item in exercises.group("why_refused")} == {"refusal"}
    assert notebook_has_no_outputs(SLUG)


def test_pick_follow_items_offer_exactly_one_legal_play() -> None:
    for item in load_lesson(SLUG).group("pick_follow"):
        assert len(item.question.legal()) == 1, item.id  # type: ignore[attr-defined]


def _refusal_raw(play: str, answer: str, options: list[str] | None = None) -> dict[str, object]:
    return {
        "id": "t-refusal", "kind": "refusal", "difficulty": 1, "play": play,
        "options": options or ["must_follow_suit", "must_play_pair", "ok"], "answer": answer,
        "title": {"en": "t", "zh": "t"}, "hint": {"en": "h", "zh": "h"}, "explanation": {"en": "e", "zh": "e"},
        "position": {"rules": "super_tycoon", "level": "2", "trump": "S", "leader": 3,
                     "trick": {"3": "C6 C6"}, "hands": {"0": "C8 C8 CQ CA H5"}},
    }


def test_refusal_is_judged_by_the_engine_in_both_languages() -> None:
    puzzle = read_puzzle(_refusal_raw("CQ CA", "must_play_pair"), "t", "t.toml")
    verdict = sk.check_follow("C6 C6", "C8 C8 CQ CA H5", "CQ CA", sk.Trump("2", "S"))
    right = puzzle.check("must_play_pair")
    assert right.correct and verdict.message("zh") in right.message("zh")
    wrong = puzzle.check("must_follow_suit")
    assert not wrong.correct and verdict.message("en") in wrong.message("en")
    assert "Must follow the led suit" in wrong.message("en")
    assert [c.value for c in puzzle.question.choices()] == ["must_follow_suit", "must_play_pair", "ok"]
    assert not puzzle.check("bogus").correct


def test_refusal_with_a_wrong_stated_answer_is_caught() -> None:
    puzzle = read_puzzle(_refusal_raw("C8 C8", "must_play_pair"), "t", "t.toml")
    assert puzzle.question.code() == "ok"  # type: ignore[attr-defined]
    assert [m.field for m in puzzle.question.verify()] == ["answer"]


@pytest.mark.parametrize(
    ("change", "field"),
    [({"options": ["must_follow_suit", "nonsense"]}, "options.1"), ({"answer": "must_play_tractor"}, "answer"),
     ({"play": "C8 C8 H5"}, "play"), ({"play": "D3"}, "play")],
)
def test_refusal_fields_are_checked(change: dict[str, object], field: str) -> None:
    raw = {**_refusal_raw("CQ CA", "must_play_pair"), **change}
    with pytest.raises(FieldError) as caught:
        read_puzzle(raw, "t", "t.toml")
    assert caught.value.field == field
    assert parse_refusal is not None and "ok" in REASONS


def test_the_table_lifts_exactly_the_playable_cards() -> None:
    widget = following.table("shape")
    table: FollowTable = widget.scene  # type: ignore[assignment]
    position = table.position
    html = parse(widget.html)
    lifted = [b.attrs["data-card"] for b in html.find(cls="sk-hand").find_all("button", cls="sk-playable")]
    expected = sk.playable_cards(position.lead, position.hand, position.trump)
    assert sorted(lifted) == sorted(card.code for card in position.hand if card in expected)
    assert html.find(cls="sk-hand").count("button", cls="sk-unplayable") == len(position.hand) - len(lifted)


def test_a_refused_play_is_explained_in_the_learners_language() -> None:
    widget = following.table("shape")
    table: FollowTable = widget.scene  # type: ignore[assignment]
    position = table.position  # ♥8♥8 led; ♥3♥3 must be played
    for index, card in enumerate(table.hand.cards):
        if card.code in ("HQ", "HA"):
            widget.handle({"type": "click", "card": card.code, "index": index})
    widget.handle({"type": "action", "action": "play"})
    verdict = sk.check_follow(position.lead, position.hand, "HQ HA", position.trump)
    message = parse(widget.html).find(data_role="message")
    assert message.attrs["data-kind"] == "error"
    assert message.text == text("l3_refused", "en", why=verdict.message("en"))
    widget.handle({"type": "action", "action": "lang"})
    assert parse(widget.html).find(data_role="message").text == text("l3_refused", "zh", why=verdict.message("zh"))


def test_a_legal_play_is_accepted_and_positions_cycle() -> None:
    table = FollowTable([follow_position("2", "S", 3, ["H8 H8"], "H3 H3 HQ HA C5 S6"),
                         follow_position("2", "S", 3, ["HA"], "C3 S5")])
    assert not table.play(list(sk.parse_cards("H3")))
    assert table.sentences[0][0] == "l3_pick_count"
    assert table.play(list(sk.parse_cards("H3 H3"))) and table.kind == "ok"
    table.handle({"type": "action", "action": "next"})
    assert table.position.lead == tuple(sk.parse_cards("HA")) and table.sentences == []
    table.handle({"type": "action", "action": "next"})
    assert table.index == 0


def test_every_try_it_position_has_a_legal_and_a_refused_card() -> None:
    for name, positions in following.TABLES.items():
        for position in positions:
            playable = sk.playable_cards(position.lead, position.hand, position.trump)
            assert playable, name
            if name in ("suit", "shape"):  # short and void: every card can be part of a legal play
                assert set(position.hand) - playable, name


def test_unknown_table_and_bad_positions_give_messages_not_tracebacks() -> None:
    html = parse(following.table("nope").html)
    assert "nope" in html.text and "没有" in html.text
    with pytest.raises(ValueError):
        follow_position("2", "S", 2, ["H3"], "H4")


def test_the_lesson_ends_with_links_to_lesson_4_and_the_trainer_set() -> None:
    assert "04_winning" in lesson.links(3).html and "02-legal-follows" in lesson.links(3).html


def test_the_summary_card_lists_the_rules_in_both_languages() -> None:
    widget = following.summary()
    assert parse(widget.html).find(data_role="rule-card").count("li") == 4
    assert "tractor pairs" in widget.html
    widget.handle({"type": "action", "action": "lang"})
    assert "拖拉机对子" in widget.html
