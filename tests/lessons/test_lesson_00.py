"""Lesson 0, a round in five minutes: the round stepper tells what the engine did in its recorded
round, and every round_flow exercise judges wrong answers with their own reason."""

from __future__ import annotations

from shengji_kit.apps.lessons import cells
from shengji_kit.engine.scoring import level_outcome, next_dealer
from shengji_kit.game.deal import DEALT_CARDS
from shengji_kit.puzzles.kinds.round_flow import RoundFlowQuestion
from shengji_kit.puzzles.lesson_exercises import load_lesson
from shengji_kit.puzzles.lesson_list import lesson_list
from shengji_kit.render.lesson_panels.round_stepper import RoundStepper
from shengji_kit.render.lesson_panels.round_story import recorded_story
from shengji_kit.widgets.exercise import GroupExerciseScene
from shengji_kit.words.catalogue import text


def stepper() -> RoundStepper:
    return RoundStepper(recorded_story())


def test_the_deal_stops_at_the_declaration_and_names_the_declarer() -> None:
    scene = stepper()
    scene.handle({"action": "next"})
    assert scene.stage == "deal" and scene.cards == 0
    scene.handle({"action": "card"})
    assert scene.cards == 1
    scene.handle({"action": "declaration"})
    showing = scene.story.showings[0]
    assert scene.cards == showing.cards_dealt
    html = str(scene.render("en"))
    assert f'data-cards="{showing.cards_dealt}"' in html and text("seat_plain_1", "en") in html
    assert len(scene.story.hand_after(0, scene.cards)) == (scene.cards + 3) // 4
    scene.handle({"action": "all"})
    assert scene.cards == DEALT_CARDS


def test_every_trick_says_who_leads_next_and_the_last_one_ends_the_round() -> None:
    scene = stepper()
    scene.handle({"action": "stage", "value": "tricks"})
    tricks = scene.story.record.tricks
    for number, trick in enumerate(tricks, start=1):
        html = str(scene.render("en"))
        assert f'data-winner="{trick.winner}"' in html
        if number < len(tricks):
            assert text("l00_trick_next", "en", seat=trick.winner, number=number + 1) in html
            assert tricks[number].leader == trick.winner
        scene.handle({"action": "next"})
    assert scene.stage == "count"


def test_the_count_gives_the_engine_outcome_and_next_dealer_in_both_languages() -> None:
    scene = stepper()
    scene.handle({"action": "stage", "value": "count"})
    record = scene.story.record
    total = scene.board.total()
    dealer = next_dealer(record.dealer, level_outcome(total, record.rules))
    assert total == record.data["total"] and dealer == record.data["next_dealer"]
    for lang in ("en", "zh"):
        html = str(scene.render(lang))
        assert text("seat_plain_" + str(dealer), lang) in html and 'data-lesson="6"' in html
    scene.handle({"action": "next"})
    assert scene.stage == "count"


def test_every_exercise_has_its_own_reason_for_each_wrong_answer() -> None:
    items = load_lesson("00_a_round").items
    assert len(items) >= 8 and {type(item.question) for item in items} == {RoundFlowQuestion}
    assert len({item.question.answer_format for item in items}) >= 3
    for item in items:
        question = item.question
        teams = question.ask == "attackers"
        right = item.check(" ".join(map(str, question.attacking_seats())) if teams else question.truth())
        assert right.correct and not question.verify()
        values = [c.value for c in question.choices()] or (
            ["0 2", "1 3", "0 1", "2 3", "1", "0 1 2"] if teams else [str(question.truth() + 5)])
        for value in values:
            feedback = item.check(value)
            if feedback.correct:
                continue
            for lang in ("en", "zh"):
                assert feedback.verdict(lang) != right.verdict(lang)
                assert item.explanation(lang) not in feedback.verdict(lang)


def test_lesson_zero_comes_first_and_leads_to_lesson_one() -> None:
    entries = lesson_list()
    assert entries[0].number == 0 and entries[0].exists() and entries[1].number == 1


def test_the_teams_block_is_answered_by_picking_the_attacking_seats() -> None:
    widget = cells.exercises("00_a_round", "teams")
    scene = widget.scene
    assert isinstance(scene, GroupExerciseScene) and scene.visit is not None
    question = scene.visit.puzzle.question
    assert isinstance(question, RoundFlowQuestion) and question.answer_format == "seats"
    page = scene.render("en")
    assert page.count('data-action="seat"') == 4 and "data-answer" not in page  # no two-way choice
    widget.handle({"type": "action", "action": "check", "value": ""})
    assert scene.feedback is None and "Select the seats first." in scene.render("en")
    assert "请先选座位。" in scene.render("zh")
    attackers = question.attacking_seats()
    defenders = [seat for seat in range(4) if seat not in attackers]
    for seat in (defenders[0], attackers[0]):  # side by side: not partners
        widget.handle({"type": "action", "action": "seat", "value": str(seat)})
    assert scene.render("en").count('aria-pressed="true"') == 2
    widget.handle({"type": "action", "action": "check", "value": ""})
    assert scene.feedback is not None and not scene.feedback.correct
    assert "partners sit opposite" in scene.feedback.verdict("en") and "面对面" in scene.feedback.verdict("zh")
    widget.handle({"type": "action", "action": "seat", "value": str(defenders[0])})
    widget.handle({"type": "action", "action": "seat", "value": str(attackers[1])})
    widget.handle({"type": "action", "action": "check", "value": ""})
    assert scene.feedback is not None and scene.feedback.correct
