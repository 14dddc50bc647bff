"""The trainer's logic driven as a learner would: sets, answers, hints, stars, "show me", progress."""

from __future__ import annotations

from pathlib import Path

from shengji_kit.engine import shape
from shengji_kit.practice import AUTO, ProgressStore, TrainerSession, answer_text, right_choices
from shengji_kit.practice.html import trainer_html
from shengji_kit.puzzles import Bank
from shengji_kit.words.catalogue import text

from .answers import best_leads, losing_seat, multiplier, solver_total, winning_seat


def open_set(session: TrainerSession, set_id: str, puzzle_id: str | None = None) -> None:
    session.choose_mode(set_id)
    if puzzle_id:
        assert session.goto(puzzle_id)


def test_choosing_a_set_opens_its_first_puzzle(session: TrainerSession, bank: Bank) -> None:
    assert session.mode == AUTO
    session.choose_mode("02-legal-follows")
    assert session.mode == "02-legal-follows"
    assert session.puzzle == bank.get_set("02-legal-follows").puzzles[0]
    session.choose_mode("no-such-set")
    assert session.mode == AUTO


def test_a_wrong_then_a_right_answer_give_feedback_in_both_languages(session: TrainerSession) -> None:
    open_set(session, "01-who-wins")
    puzzle = session.puzzle
    assert puzzle is not None and puzzle.kind == "trick_winner"
    wrong = session.answer(str(losing_seat(puzzle)))
    assert wrong is not None and not wrong.correct
    assert wrong.message("en").startswith(text("puzzle_wrong", "en"))
    assert wrong.message("zh").startswith("不对")
    assert puzzle.explanation("zh") in wrong.message("zh")
    assert puzzle.explanation("en") not in wrong.verdict("en"), "the verdict of a wrong answer reveals nothing"
    assert session.record.attempts == 1 and not session.record.solved
    assert session.record.star_lost, "a wrong first answer ends the star"
    right = session.answer(str(winning_seat(puzzle)))
    assert right is not None and right.correct
    assert right.message("en").startswith("Right.") and right.message("zh").startswith("答对了")
    assert session.record.solved and not session.record.star, "only a right first answer earns the star"
    assert session.visit is not None and not session.visit.earned_star
    assert session.answer(str(losing_seat(puzzle))) is None, "a solved visit takes no more answers"
    assert session.record.attempts == 2


def test_a_hint_costs_the_star(session: TrainerSession) -> None:
    open_set(session, "01-who-wins")
    puzzle = session.puzzle
    assert puzzle is not None
    assert session.hint()
    assert session.record.hints == 1 and session.record.star_lost
    session.hint()
    assert session.record.hints == 1, "the same visit pays once"
    feedback = session.answer(str(winning_seat(puzzle)))
    assert feedback is not None and feedback.correct
    assert session.record.solved and not session.record.star
    assert session.visit is not None and not session.visit.earned_star
    assert session.star_tally() == (0, 1, len(session.bank))


def test_a_hint_after_the_star_keeps_it(session: TrainerSession) -> None:
    open_set(session, "01-who-wins")
    assert session.puzzle is not None
    session.answer(str(winning_seat(session.puzzle)))
    session.hint()
    assert session.record.star and session.record.hints == 0


def test_show_me_plays_the_solvers_line_trick_by_trick(session: TrainerSession) -> None:
    open_set(session, "07-endgames", "endgame-make-them-lead")
    puzzle = session.puzzle
    assert puzzle is not None
    show = session.show_me()
    assert show is not None and show.steps == len(puzzle.question.solution_line()) > 1
    totals = [show.total()]
    cards_left = [sum(map(len, show.hands().values()))]
    while session.show_me() is not None and not show.finished:
        totals.append(show.total())
        cards_left.append(sum(map(len, show.hands().values())))
    totals.append(show.total())
    assert show.step == show.steps
    assert show.total() == solver_total(puzzle)
    assert totals == sorted(totals)
    assert cards_left[0] > cards_left[-1] >= 0
    assert session.record.revealed and session.record.star_lost
    assert session.visit is not None and session.visit.locked
    lead = next(iter(best_leads(puzzle)))
    assert session.answer(lead) is None, "after show me the visit takes no answers"


def test_show_me_reveals_the_answer_of_other_puzzles_in_one_step(session: TrainerSession) -> None:
    open_set(session, "01-who-wins")
    puzzle = session.puzzle
    assert puzzle is not None
    show = session.show_me()
    assert show is not None and show.steps == 1 and show.finished and show.trick is None
    assert [c.value for c in right_choices(puzzle)] == [str(winning_seat(puzzle))]
    assert answer_text(puzzle, "zh").startswith(("南家", "东家", "北家", "西家"))


def test_progress_is_saved_and_reloaded(bank: Bank, store: ProgressStore) -> None:
    first = TrainerSession(bank, store)
    open_set(first, "01-who-wins")
    puzzle = first.puzzle
    assert puzzle is not None
    first.answer(str(winning_seat(puzzle)))
    first.next_puzzle()
    first.hint()
    second = TrainerSession(bank, ProgressStore(store.path))
    assert second.progress.get(puzzle.id).star
    assert second.progress.get(puzzle.id).attempts == 1
    assert first.puzzle is not None and second.progress.get(first.puzzle.id).hints == 1
    second.choose_mode("01-who-wins")
    assert second.puzzle is not None and second.puzzle.id != puzzle.id, "starred puzzles are skipped"


def test_a_corrupted_progress_file_is_reported_and_the_trainer_runs(bank: Bank, store: ProgressStore) -> None:
    store.path.parent.mkdir(parents=True)
    store.path.write_text("{{{")
    session = TrainerSession(bank, store)
    assert [n.code for n in session.notices] == ["trainer_progress_corrupt"]
    assert list(store.path.parent.glob("ada.jsonl.corrupt-*"))
    assert session.puzzle is not None
    session.goto("win-highest-card")
    feedback = session.answer(str(winning_seat(bank.get("win-highest-card"))))
    assert feedback is not None and feedback.correct
    assert ProgressStore(store.path).load().get("win-highest-card").star


def test_an_unwritable_folder_is_reported_and_practice_goes_on(bank: Bank, data_folder: Path) -> None:
    data_folder.parent.mkdir(parents=True, exist_ok=True)
    data_folder.write_text("not a folder")
    session = TrainerSession(bank, ProgressStore.for_learner("ada"))
    assert session.notices == []
    session.goto("win-highest-card")
    feedback = session.answer(str(winning_seat(bank.get("win-highest-card"))))
    assert feedback is not None and feedback.correct and session.record.star
    assert [n.code for n in session.notices] == ["trainer_progress_unwritable"]


def test_sorting_by_clicking_the_cards_strongest_first(session: TrainerSession) -> None:
    open_set(session, "04-sorting", "sort-mixed-hand")
    visit = session.visit
    assert visit is not None
    hand = list(visit.draft.cards)
    order = session.bank.get("sort-mixed-hand").table.trump.sorted(hand)
    wrong = list(reversed(order))
    used: set[int] = set()
    for card in wrong:
        index = next(i for i, c in enumerate(hand) if c == card and i not in used)
        used.add(index)
        result = session.click_card(index)
    assert result is not None and not result.correct
    session.clear()
    used.clear()
    for card in order:
        index = next(i for i, c in enumerate(hand) if c == card and i not in used)
        used.add(index)
        result = session.click_card(index)
    assert result is not None and result.correct
    assert session.record.attempts == 2


def test_tractors_are_answered_by_grouping_cards(session: TrainerSession) -> None:
    open_set(session, "05-tractors", "tractor-two-neighbours")
    visit = session.visit
    assert visit is not None and session.puzzle is not None
    trump = session.puzzle.table.trump
    hearts = [i for i, card in enumerate(visit.draft.cards) if card.suit == "H"]
    assert shape([visit.draft.cards[i] for i in hearts], trump).kind == "tractor"
    none = session.submit()
    assert none is not None and not none.correct
    session.click_card(hearts[0])
    assert not session.make_group()
    assert visit.control_notice is not None and visit.control_notice.code == "trainer_need_pair"
    for index in hearts[1:]:
        session.click_card(index)
    assert session.make_group() and visit.draft.groups == [tuple(hearts)]
    found = session.submit()
    assert found is not None and found.correct


def test_an_endgame_is_answered_by_selecting_the_lead(session: TrainerSession) -> None:
    open_set(session, "07-endgames", "endgame-pair-beats-high-singles")
    visit = session.visit
    puzzle = session.puzzle
    assert visit is not None and puzzle is not None
    assert session.submit() is None and visit.control_notice is not None
    assert session.record.attempts == 0, "an empty lead is not an attempt"
    best = next(iter(best_leads(puzzle)))
    for code in best.split():
        index = next(i for i, c in enumerate(visit.draft.cards) if c.code == code and i not in visit.draft.selected)
        session.click_card(index)
    feedback = session.submit()
    assert feedback is not None and feedback.correct


def test_a_number_is_typed_and_checked(session: TrainerSession) -> None:
    open_set(session, "06-counting", "count-multiplier-pair")
    puzzle = session.puzzle
    assert puzzle is not None
    assert session.submit("  ") is None and session.record.attempts == 0
    assert session.visit is not None and session.visit.control_notice is not None
    assert "number" in session.visit.control_notice.render("en")
    wrong = session.submit(str(multiplier(puzzle) + 1))
    assert wrong is not None and not wrong.correct
    right = session.submit(str(multiplier(puzzle)))
    assert right is not None and right.correct


def test_every_puzzle_can_be_shown_and_solved_through_the_session(session: TrainerSession, bank: Bank) -> None:
    for puzzle in bank.puzzles():
        session.goto(puzzle.id)
        choices = right_choices(puzzle)
        if choices:
            feedback = session.answer(choices[0].value)
            assert feedback is not None and feedback.correct, puzzle.id
        show = session.show_me()
        assert show is not None
        while not show.finished:
            session.show_me()


def test_a_set_with_every_star_says_so_and_still_moves_on(session: TrainerSession, bank: Bank) -> None:
    puzzles = bank.get_set("03-throws").puzzles
    for puzzle in puzzles:
        record = session.progress.record(puzzle.id)
        record.solved = record.star = True
    session.choose_mode("03-throws")
    assert session.notice is not None and session.notice.code == "trainer_set_starred"
    assert session.puzzle == puzzles[0]
    session.next_puzzle()
    assert session.puzzle == puzzles[1]
    assert "换一组" in session.notice.render("zh")


def test_an_empty_bank_is_reported(store: ProgressStore) -> None:
    session = TrainerSession(Bank(()), store)
    assert session.puzzle is None
    assert [n.code for n in session.notices] == ["trainer_no_puzzles"]
    assert session.answer("0") is None and session.show_me() is None and not session.hint()
    assert "No puzzle could be loaded" in trainer_html(session, "en")
