"""The memory drill's void buttons, the class poll's options and the projector's list are not shown in
file order: each learner sees them in an order seeded by the learner's name and the question (the same
after a reload, another for another learner), the number keys follow the order shown, and over 200
learners the right answer's position is spread over every place (as ``test_choice_order.py`` checks for
the practice's choice lists)."""

from __future__ import annotations

import re
from collections import Counter
from datetime import UTC, datetime

from markupsafe import escape

from shengji_kit.apps.classroom.projector import PuzzleProjection
from shengji_kit.classroom.store_protocol import POLL_OPEN, Poll
from shengji_kit.puzzles.kinds.card_memory import CardMemory
from shengji_kit.puzzles.lesson_exercises import load_lesson
from shengji_kit.render.lesson_panels.memory_drill import MemoryDrill
from shengji_kit.widgets.learner_bar import poll_options, poll_panel_html

LEARNERS = [f"learner-{n}" for n in range(200)]


def _spread(positions: Counter[int], size: int) -> None:
    total = sum(positions.values())
    assert set(positions) == set(range(size)), positions  # no fixed place
    assert max(positions.values()) / total <= 1 / size + 0.1, positions


def _void_questions() -> list[CardMemory]:
    questions = [item.question for item in load_lesson("12_counting").items
                 if isinstance(item.question, CardMemory) and item.question.ask == "void"]
    assert questions
    return questions


def _hidden_drill(questions: list[CardMemory], learner: str, number: int = 0) -> MemoryDrill:
    drill = MemoryDrill(questions, learner=lambda: learner)
    for _ in range(number):
        drill.handle({"type": "action", "action": "again"})
    drill.handle({"type": "action", "action": "hide"})
    return drill


def _shown_answers(html: str) -> list[str]:
    return re.findall(r'data-answer="([^"]*)"', html)


def test_the_void_buttons_spread_the_right_seat_over_the_places_for_200_learners() -> None:
    questions = _void_questions()
    for number, question in enumerate(questions):
        positions: Counter[int] = Counter()
        for learner in LEARNERS:
            shown = _shown_answers(_hidden_drill(questions, learner, number).render("en"))
            assert sorted(shown) == sorted(choice.value for choice in question.choices())
            positions[shown.index(str(question.truth()))] += 1
        _spread(positions, len(question.choices()))


def test_the_void_buttons_keep_their_order_and_the_number_keys_follow_it() -> None:
    questions = _void_questions()
    first = _shown_answers(_hidden_drill(questions, "Mei").render("en"))
    assert first == _shown_answers(_hidden_drill(questions, "Mei").render("zh"))  # a reload: the same order
    orders = {tuple(_shown_answers(_hidden_drill(questions, learner).render("en"))) for learner in LEARNERS[:40]}
    assert len(orders) > 3
    for learner in ("Mei", "Tom", "Ana"):
        drill = _hidden_drill(questions, learner)
        html = drill.render("en")
        keys = re.findall(r'data-answer="[^"]*" data-key="(\d+)"', html)
        assert keys == [str(n) for n in range(1, len(keys) + 1)] and 'data-number-keys' in html
        shown = _shown_answers(html)
        right = shown.index(str(drill.question.truth())) + 1
        wrong = next(key for key in range(1, len(shown) + 1) if key != right)
        drill.handle({"type": "key", "key": str(wrong)})  # the key of the place shown, not of the file
        assert drill.grade is not None and not drill.grade.correct
        assert drill.question.wrong_line(shown[wrong - 1]).render("en") in drill.render("en")
        again = _hidden_drill(questions, learner)
        again.handle({"type": "key", "key": str(right)})
        assert again.grade is not None and again.grade.correct
        again.handle({"type": "key", "key": "9"})  # no such place: nothing (the grade stands)
        assert again.asked == 1


def _poll(options: tuple[str, ...], answer: str, ref: str = "01-who-wins-003") -> Poll:
    return Poll(7, "4b", "puzzle", ref, "Who wins?", "谁赢？", options, answer, POLL_OPEN,
                datetime(2026, 11, 30, 9, 0, tzinfo=UTC))


def test_the_poll_options_spread_the_answer_over_the_places_for_200_learners() -> None:
    for options in (("North", "East", "South", "West"), ("Yes · 是", "No · 否"), ("A", "B", "C")):
        poll = _poll(options, options[0])
        positions: Counter[int] = Counter()
        for learner in LEARNERS:
            html = str(poll_panel_html(poll, learner, "en"))
            shown = re.findall(r'data-option="([^"]*)"', html)
            assert shown == poll_options(poll, learner) and sorted(shown) == sorted(options)
            keys = re.findall(r'data-key="(\d+)"', html)
            assert keys == [str(n) for n in range(1, len(options) + 1)]  # the keys number the shown order
            positions[shown.index(poll.answer)] += 1
        _spread(positions, len(options))


def test_a_learner_sees_the_same_poll_order_each_time_and_others_another() -> None:
    poll = _poll(("North", "East", "South", "West"), "East")
    assert poll_options(poll, "Mei") == poll_options(poll, "Mei")
    assert len({tuple(poll_options(poll, learner)) for learner in LEARNERS[:40]}) > 3
    other = _poll(poll.options, "East", ref="01-who-wins-004")  # another question: another order
    assert any(poll_options(poll, learner) != poll_options(other, learner) for learner in LEARNERS[:10])


def test_the_projector_lists_the_options_in_a_seeded_order_not_the_files() -> None:
    items = [item for item in load_lesson("01_trump_ranking").items if len(item.question.choices()) >= 3]
    items += [item for item in load_lesson("11_kitty").items if len(item.question.choices()) >= 3]
    firsts: Counter[bool] = Counter()
    for item in items:
        projection = PuzzleProjection(item, "exercise")
        shown = projection.shown_choices()
        assert sorted(c.value for c in shown) == sorted(c.value for c in item.question.choices())
        assert [c.value for c in shown] == [c.value for c in PuzzleProjection(item, "exercise").shown_choices()]
        html = str(projection.render("en", None))
        listed = re.findall(r"<li>(.*?)</li>", html)
        assert listed == [str(escape(c.label("en"))) for c in shown]
        firsts[shown[0].value == item.question.choices()[0].value] += 1
    assert firsts[False] > 0  # not always the file's first option first
