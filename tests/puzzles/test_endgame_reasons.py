"""An endgame's wrong lead is told what it did (issue 38, item 24): its total and how far it falls short of
the best lead, in both languages; never only "another lead gets more"."""

from __future__ import annotations

from shengji_kit.puzzles import default_bank
from shengji_kit.puzzles.kinds.endgame import Endgame


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

