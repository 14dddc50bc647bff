"""A trainer page names "you" only where it holds: answering with East's cards, South is not "South (you)".

The hands shown beside the answer and the dealer fact name seats plainly; the seat the learner answers
for is named by the prompt and the answering hand's caption.
"""

from __future__ import annotations

from html_tree import parse

from shengji_kit.practice import TrainerSession
from shengji_kit.practice.draft import draft_seat
from shengji_kit.practice.event_log import ProgressStore
from shengji_kit.practice.html import trainer_html
from shengji_kit.puzzles.bank import trainer_bank
from shengji_kit.words.catalogue import text

YOU = {"en": "(you)", "zh": "（你）"}


def test_a_page_answered_from_another_seat_never_calls_south_you(store: ProgressStore) -> None:
    bank = trainer_bank()
    session = TrainerSession(bank, store)
    elsewhere = [p for p in bank.puzzles() if draft_seat(p) not in (None, 0) and p.table.hands]
    assert elsewhere, "the bank should hold positions answered from East, North or West"
    for puzzle in elsewhere[:12]:
        assert session.goto(puzzle.id)
        seat = draft_seat(puzzle)
        for lang in ("en", "zh"):
            page = parse(str(trainer_html(session, lang))).text
            assert YOU[lang] not in page, (puzzle.id, lang)
            assert text("trainer_hand_of", lang, seat=seat) in page, (puzzle.id, lang)
            assert text(f"seat_plain_{seat}", lang) in text("trainer_hand_of", lang, seat=seat)
