"""The timed run: puzzles rising in difficulty, a wrong answer costs 10 s, the run ends at 0, the best is kept
through the trainer's keeper (the progress log and the class store) and nothing is rated.

The clock is injected (a callable the test moves by hand): no test sleeps or times anything.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from practice.answers import best_leads
from shengji_kit.classroom.report import class_report
from shengji_kit.classroom.store import SQLClassStore
from shengji_kit.classroom.store_protocol import TIMED
from shengji_kit.practice import ProgressStore, TrainerSession
from shengji_kit.practice.class_progress import ClassProgress
from shengji_kit.practice.draft import PLAY, draft_cards, draft_format
from shengji_kit.practice.html import timed_html, trainer_html
from shengji_kit.practice.html._timed_html import clock_text, timed_start_html
from shengji_kit.practice.ratings_from_events import replay
from shengji_kit.practice.timed_run import (
    PENALTY,
    PER_LEVEL,
    RUN_SECONDS,
    TimedMode,
    TimedRun,
    best_score,
    rising,
    timed_pool,
)
from shengji_kit.puzzles import Bank, Puzzle
from shengji_kit.puzzles.bank import trainer_bank


class Clock:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def right(puzzle: Puzzle) -> str:
    """A best lead of the open endgame, by the solver."""
    return next(lead for lead in sorted(best_leads(puzzle)) if puzzle.check(lead).correct)


def wrong(puzzle: Puzzle) -> str:
    """A single card the leader may lead that is not a best lead (a wrong answer, not a refused one)."""
    return next(card.code for card in draft_cards(puzzle)
                if not (feedback := puzzle.check(card.code)).correct and not feedback.refused)


def with_a_wrong_answer(puzzles: list[Puzzle]) -> list[Puzzle]:
    """The pool's puzzles that have a single-card wrong lead, in difficulty order."""
    return [p for p in puzzles if any(not p.check(c.code).correct and not p.check(c.code).refused
                                      for c in draft_cards(p))]


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def pool(bank: Bank) -> list[Puzzle]:
    return timed_pool(bank.puzzles())


def test_the_pool_is_the_puzzles_answered_by_playing_cards(bank: Bank, pool: list[Puzzle]) -> None:
    assert pool and all(draft_format(p) == PLAY for p in pool)
    assert {p.id for p in pool} == {p.id for p in bank.puzzles() if p.question.answer_format == "play"}


def test_puzzles_rise_in_difficulty() -> None:
    served = rising(timed_pool(trainer_bank().puzzles()), seed=7, length=20)
    assert [p.difficulty for p in served] == [1] * PER_LEVEL + [2] * PER_LEVEL + [3] * PER_LEVEL + [
        4] * PER_LEVEL + [5] * (20 - 4 * PER_LEVEL)
    assert len({p.id for p in served}) == 20, "no puzzle twice in a run"
    assert [p.id for p in rising(timed_pool(trainer_bank().puzzles()), seed=7, length=20)] == [
        p.id for p in served], "one seed, one run"


def test_a_small_pool_still_rises_then_runs_out(pool: list[Puzzle]) -> None:
    served = rising(pool, seed=1, length=100)
    assert len(served) == len(pool)
    levels = [p.difficulty for p in served]
    top = levels.index(max(levels))
    assert levels[: top + 1] == sorted(levels[: top + 1]), "rising until the hardest level is reached"


def test_right_moves_on_and_scores_wrong_costs_ten_seconds(pool: list[Puzzle], store: ProgressStore,
                                                           clock: Clock) -> None:
    run = TimedRun(store, with_a_wrong_answer(pool), "ada", clock, seed=3)
    assert run.left() == RUN_SECONDS and run.visit is not None
    clock.now += 20
    first = run.visit.puzzle
    assert run.answer(right(first)) is not None and run.score == 1 and run.last is True
    second = run.visit.puzzle
    assert second.id != first.id, "a right answer moves on"
    assert run.left() == RUN_SECONDS - 20
    clock.now += 5
    feedback = run.answer(wrong(second))
    assert feedback is not None and not feedback.correct
    assert run.left() == RUN_SECONDS - 25 - PENALTY, "a wrong answer costs 10 seconds"
    assert run.visit is not None and run.visit.puzzle.id not in (first.id, second.id), "and moves on"
    assert run.score == 1 and run.missed == [second.id] and run.last is False


def test_a_refused_play_costs_nothing(pool: list[Puzzle], store: ProgressStore, clock: Clock) -> None:
    run = TimedRun(store, pool, "ada", clock, seed=3)
    assert run.visit is not None
    before = run.visit.puzzle.id
    run.handle({"type": "action", "action": "check", "value": ""})  # nothing selected: said by the button
    assert run.visit.control_notice is not None and run.visit.puzzle.id == before
    assert run.penalty == 0 and run.missed == []


def test_the_run_ends_at_zero_and_takes_no_answer_after(pool: list[Puzzle], store: ProgressStore,
                                                        clock: Clock) -> None:
    run = TimedRun(store, pool, "ada", clock, seed=3)
    assert run.visit is not None
    puzzle = run.visit.puzzle
    clock.now += RUN_SECONDS - 0.5
    assert not run.time_up() and clock_text(run.left()) == "0:01"
    clock.now += 0.5
    assert run.answer(right(puzzle)) is None, "the time is checked before the answer is judged"
    assert run.finished and run.visit is None and run.score == 0 and run.left() == 0
    assert clock_text(run.left()) == "0:00"


def test_a_penalty_past_the_end_ends_the_run(pool: list[Puzzle], store: ProgressStore, clock: Clock) -> None:
    run = TimedRun(store, with_a_wrong_answer(pool), "ada", clock, seed=3)
    assert run.visit is not None
    clock.now += RUN_SECONDS - PENALTY + 1
    run.answer(wrong(run.visit.puzzle))
    assert run.finished and run.left() == 0 and len(run.missed) == 1


def play_a_run(session: TrainerSession, clock: Clock, rights: int) -> TimedMode:
    """Start a run in the trainer's timed mode, answer ``rights`` puzzles right and one wrong, end it."""
    mode = TimedMode(session, clock, seed=5)
    before = mode.best
    assert mode.handle({"type": "action", "action": "timed-start", "value": ""})
    run = mode.run
    assert run is not None
    for _ in range(rights):
        assert run.visit is not None
        mode.handle({"type": "action", "action": "check", "value": ""})  # nothing picked: not an answer
        run.answer(right(run.visit.puzzle))
    assert run.visit is not None
    while run.visit is not None and not with_a_wrong_answer([run.visit.puzzle]):
        run.answer(right(run.visit.puzzle))
        rights += 1
    assert run.visit is not None
    run.answer(wrong(run.visit.puzzle))
    mode.handle({"type": "action", "action": "timed-end", "value": ""})
    assert run.finished and run.score == rights and mode.best == max(before, rights)
    return mode


def test_the_best_is_kept_in_the_log_and_read_back_by_a_new_keeper(bank: Bank, clock: Clock) -> None:
    session = TrainerSession(bank, ProgressStore.for_learner("ada"))
    mode = play_a_run(session, clock, 2)
    score = mode.run.score if mode.run else 0
    assert score >= 2
    again = TrainerSession(bank, ProgressStore.for_learner("ada"))
    assert TimedMode(again, clock).best == score, "the best is read back from the progress log"
    assert TimedMode(TrainerSession(bank, ProgressStore.for_learner("bo")), clock).best == 0
    assert "<script" not in trainer_html(again, "en", timed_start_html(score, "en"))
    lower = play_a_run(again, clock, 0)
    assert lower.best == score, "a lower score keeps the best"
    third = TrainerSession(bank, ProgressStore.for_learner("ada"))
    assert TimedMode(third, clock).best == score


@pytest.fixture
def sql_store(tmp_path: Path) -> Iterator[SQLClassStore]:
    opened = SQLClassStore(f"sqlite:///{tmp_path / 'class.sqlite3'}")
    yield opened
    opened.close()


def test_the_best_is_kept_in_the_class_store(bank: Bank, clock: Clock, sql_store: SQLClassStore) -> None:
    from classroom.spooling import written

    groups = {p.id: p.set_id for p in bank.puzzles()}
    keeper = ClassProgress("ada", groups, lambda: sql_store)
    mode = play_a_run(TrainerSession(bank, keeper), clock, 2)
    written(keeper)
    stored = [e.event for e in sql_store.events(learner="ada")]
    assert stored and {e.kind for e in stored} == {TIMED}, "a run writes its score's events only"
    assert {e.item for e in stored} == {mode.run.run_id if mode.run else ""}
    fresh = TrainerSession(bank, ClassProgress("ada", groups, lambda: sql_store))
    assert TimedMode(fresh, clock).best == len(stored), "read back from the class store"
    assert not fresh.ratings.has_played("ada") and fresh.ratings.games == []
    report = class_report(sql_store.events(), datetime.now(UTC))
    assert report.learners == () and report.groups == (), "no dashboard column counts a timed run"


def test_a_timed_run_is_not_rated_and_counts_into_no_record(bank: Bank, clock: Clock) -> None:
    session = TrainerSession(bank, ProgressStore.for_learner("ada"))
    mode = play_a_run(session, clock, 2)
    assert mode.run is not None
    served = [p.id for p in mode.run.queue[: mode.run.served]]
    reloaded = ProgressStore.for_learner("ada")
    progress = reloaded.load()
    events = reloaded.rating_events("ada")
    assert events and {e.kind for e in events} == {TIMED}
    ratings = replay(events, session.rated)
    assert ratings.games == [] and not ratings.has_played("ada"), "timed attempts feed no rating"
    assert all(ratings.puzzle(item) == replay([], session.rated).puzzle(item) for item in served)
    assert progress.records == {}, "no puzzle's attempts, solves or stars"
    fresh = TrainerSession(bank, reloaded)
    assert fresh.missed() == [] and fresh.star_tally()[:2] == (0, 0)
    assert best_score(events, "ada") == mode.best


def test_the_mode_ignores_help_and_replays_a_missed_puzzle_in_the_trainer(bank: Bank, clock: Clock) -> None:
    session = TrainerSession(bank, ProgressStore.for_learner("ada"))
    mode = TimedMode(session, clock, seed=5)
    assert not mode.handle({"type": "action", "action": "hint", "value": ""}), "no run: the trainer's"
    mode.start()
    run = mode.run
    assert run is not None and run.visit is not None
    for key in ("h", "s", "n", "1"):
        mode.handle({"type": "key", "key": key})
    mode.handle({"type": "action", "action": "show", "value": ""})
    assert not run.visit.hint_shown and run.visit.show is None and run.served == 1
    while run.visit is not None and not with_a_wrong_answer([run.visit.puzzle]):
        run.answer(right(run.visit.puzzle))
    assert run.visit is not None
    missed = run.visit.puzzle.id
    run.answer(wrong(run.visit.puzzle))
    assert mode.handle({"type": "action", "action": "timed-replay", "value": missed})
    assert mode.run is run, "a replay waits for the end of the run"
    clock.now += RUN_SECONDS
    mode.handle({"type": "action", "action": "timed-check", "value": ""})
    assert run.finished
    html = timed_html(run, "en")
    assert 'data-state="over"' in html and f'data-item="{missed}"' in html and "Time is up." in html
    assert "本轮答错的题" in timed_html(run, "zh")
    mode.handle({"type": "action", "action": "timed-replay", "value": missed})
    assert mode.run is None and session.puzzle is not None and session.puzzle.id == missed
    assert session.progress.get(missed).attempts == 0, "the replay is the trainer's, not yet answered"


def test_the_running_page_shows_clock_score_and_the_last_answer(pool: list[Puzzle], store: ProgressStore,
                                                                clock: Clock) -> None:
    run = TimedRun(store, pool, "ada", clock, seed=3)
    assert run.visit is not None
    clock.now += 12.3
    run.answer(right(run.visit.puzzle))
    for lang, said in (("en", "Solved: 1"), ("zh", "已解：1")):
        html = timed_html(run, lang)
        assert 'data-state="running"' in html and said in html
        assert 'data-left-ms="167700"' in html and ">2:48</b>" in html
        assert 'data-role="timed-last" data-kind="ok"' in html


def test_the_trainer_widget_runs_one_and_mirrors_it_in_its_traits(bank: Bank, data_folder: Path) -> None:
    from shengji_kit.apps.trainer.trainer_app import trainer_app

    app = trainer_app("ada", bank=bank, data=data_folder)
    try:
        assert 'data-role="timed-start"' in app.html and not app.timed_running
        app.handle({"type": "action", "action": "timed-start", "value": ""})
        run = app.trainer_scene.timed.run
        assert run is not None and run.visit is not None and app.timed_running
        assert 'data-role="timed-clock"' in app.html
        cards = [card.code for card in run.visit.draft.cards]
        chosen: list[int] = []
        for code in right(run.visit.puzzle).split():
            chosen.append(next(i for i, c in enumerate(cards) if c == code and i not in chosen))
            app.handle({"type": "click", "card": code, "index": chosen[-1]})
        app.handle({"type": "action", "action": "check", "value": ""})
        assert app.timed_score == 1 and app.timed_best == 1
        app.handle({"type": "action", "action": "timed-end", "value": ""})
        assert not app.timed_running and 'data-state="over"' in app.html
        app.handle({"type": "action", "action": "timed-close", "value": ""})
        assert 'data-role="timed-start" data-best="1"' in app.html
        app.follow_learner("bo")
        assert app.timed_best == 0 and 'data-role="timed-start" data-best="0"' in app.html
        app.follow_learner("ada")
        assert app.timed_best == 1, "read back from the class store (through the spool)"
    finally:
        app.close()
