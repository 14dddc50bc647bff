"""A wrong answer in the trainer is told what it did (issue 38, item 24): an endgame's lead its total and how
far it falls short of the best lead; a count's chosen result the totals that would give it — never only
"another lead gets more" or "count the attackers' total first"."""

from __future__ import annotations

from shengji_kit.puzzles import default_bank
from shengji_kit.puzzles.kinds.count import CountQuestion
from shengji_kit.puzzles.kinds.endgame import Endgame
from shengji_kit.words.catalogue import text


def test_a_wrong_lead_is_told_its_total_and_its_cost() -> None:
    told = 0
    for puzzle in default_bank().puzzles():
        question = puzzle.question
        if not isinstance(question, Endgame):
            continue
        best = question.solution().total
        hand = question.position.hands[question.mover]
        for card in dict.fromkeys(hand):
            feedback = puzzle.check(card.code)
            if feedback.correct or feedback.refused or feedback.lines[0].code == "throw_failed":
                continue
            total = question.lead_total([card])
            cost = abs(best - total)
            english, chinese = feedback.verdict("en"), feedback.verdict("zh")
            assert cost > 0 and f"{cost} points" in english and f"{cost} 分" in chinese
            assert "another lead" not in english
            told += 1
    assert told >= 5



def test_a_wrong_result_is_told_which_totals_give_it() -> None:
    told = 0
    for puzzle in default_bank().puzzles():
        question = puzzle.question
        if not isinstance(question, CountQuestion) or question.ask != "outcome":
            continue
        for choice in question.choices():
            feedback = puzzle.check(choice.value)
            if feedback.correct:
                continue
            line = feedback.lines[0]
            assert line.code.startswith("puzzle_count_outcome_needs_"), line.code
            english = feedback.verdict("en")
            assert f"{line.params['low']}" in english and "points" in english
            assert text("puzzle_count_wrong_outcome", "en") not in english
            told += 1
    assert told >= 5
