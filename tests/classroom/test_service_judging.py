"""The class service's own judgement, without a hub: attempts judged by the engine, solves and stars
derived (never taken from the page), poll answers hidden from learners, ids bounded.

The same on the real JupyterHub, with a hostile learner: tests/faults/test_hostile_learner.py.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from datetime import UTC, datetime

import pytest
from practice.answers import losing_answer, trick_puzzles, winning_answer

from shengji_kit.apps.classroom.class_service import ItemBook
from shengji_kit.classroom._wire import WireError, event_from_json, event_to_json
from shengji_kit.classroom.hub_service import MAX_POLL_ID, Caller, ClassService, Refusal, poll_as_seen, poll_id_of
from shengji_kit.classroom.store import SQLClassStore
from shengji_kit.classroom.store_protocol import ATTEMPT, HINT, POLL_REVEALED, REVEAL, SOLVE, STAR, ClassEvent
from shengji_kit.puzzles.bank import trainer_bank
from shengji_kit.puzzles.kinds.best_play import BestPlay
from shengji_kit.puzzles.lesson_exercises import load_lesson, parse_dealt_id

ITEMS = ItemBook.kit()





def event(item: str, kind: str, answer: str = "", correct: bool | None = None) -> ClassEvent:
    return ClassEvent("ann", item, "the-page-says", kind, datetime.now(UTC), answer, correct, 2.0)


@pytest.fixture
def service(store: SQLClassStore) -> ClassService:
    return ClassService(store, "http://127.0.0.1:9/hub/api", "unused", "teachers", ITEMS)


def kinds(store: SQLClassStore, item: str) -> list[tuple[str, bool | None]]:
    return [(s.event.kind, s.event.correct) for s in store.events(learner="ann") if s.event.item == item]


def test_the_kit_s_items_are_the_bank_and_the_lessons() -> None:
    puzzle = trick_puzzles()[0]
    assert ITEMS.group(puzzle.id) == puzzle.set_id and ITEMS.group("no-such-item") is None
    assert ITEMS.check(puzzle.id, winning_answer(puzzle)) and not ITEMS.check(puzzle.id, losing_answer(puzzle))
    assert not ITEMS.check(puzzle.id, "x" * 2000)
    assert ITEMS.group(next(iter(i for i, (_, g) in ITEMS.items.items() if g == "02_tractors"))) == "02_tractors"


def test_solves_and_stars_come_from_the_service_s_judgement(service: ClassService, store: SQLClassStore) -> None:
    first, second, third, fourth = trick_puzzles()[:4]
    ids = service.record_checked([
        event(first.id, ATTEMPT, winning_answer(first), correct=False), event(first.id, SOLVE), event(first.id, STAR),
        event(second.id, ATTEMPT, losing_answer(second), correct=True), event(second.id, SOLVE),
        event(third.id, REVEAL), event(third.id, ATTEMPT, winning_answer(third)),
        event(fourth.id, STAR),
    ])
    assert ids[0] is not None and ids[1] is not None and ids[2] is not None  # the derived solve's and star's
    assert ids[4] is None and ids[7] is None
    assert kinds(store, first.id) == [(ATTEMPT, True), (SOLVE, None), (STAR, None)]
    assert kinds(store, second.id) == [(ATTEMPT, False)]
    assert kinds(store, third.id) == [(REVEAL, None), (ATTEMPT, True), (SOLVE, None)]
    assert kinds(store, fourth.id) == []
    assert {s.event.group for s in store.events()} == {first.set_id}
    # later batches remember what is stored: right after a wrong answer solves without a star, once
    service.record_checked([event(second.id, ATTEMPT, winning_answer(second))])
    service.record_checked([event(second.id, ATTEMPT, winning_answer(second)), event(first.id, HINT)])
    assert kinds(store, second.id) == [(ATTEMPT, False), (ATTEMPT, True), (SOLVE, None), (ATTEMPT, True)]


def test_a_new_service_reads_what_is_stored_before_it_judges(store: SQLClassStore) -> None:
    puzzle = trick_puzzles()[0]
    ClassService(store, "http://127.0.0.1:9/hub/api", "", "teachers", ITEMS).record_checked(
        [event(puzzle.id, ATTEMPT, losing_answer(puzzle))])
    ClassService(store, "http://127.0.0.1:9/hub/api", "", "teachers", ITEMS).record_checked(
        [event(puzzle.id, ATTEMPT, winning_answer(puzzle))])
    assert kinds(store, puzzle.id) == [(ATTEMPT, False), (ATTEMPT, True), (SOLVE, None)]


def test_a_learner_sees_an_open_poll_s_question_never_its_answer(store: SQLClassStore) -> None:
    poll = store.open_poll("default", "puzzle", "p", "Who wins?", "谁赢？", ["N", "E"], "E")
    store.answer_poll(poll.id, "bo", "E")
    store.answer_poll(poll.id, "ann", "N")
    poll = store.poll(poll.id)
    learner, teacher = Caller("ann", False), Caller("ms-li", True)
    assert (poll_as_seen(poll, learner)["answer"], poll_as_seen(poll, learner)["answers"]) == ("", {"ann": "N"})
    assert poll_as_seen(poll, learner)["options"] == ["N", "E"]
    seen = poll_as_seen(poll, teacher)
    assert (seen["answer"], seen["answers"]) == ("E", {"ann": "N", "bo": "E"})
    store.set_poll_state(poll.id, POLL_REVEALED)
    assert poll_as_seen(store.poll(poll.id), learner)["answer"] == "E"


@pytest.mark.parametrize(("text_id", "status"), [
    ("9" * 5000, 404), (str(MAX_POLL_ID + 1), 404), ("-1", 400), ("", 400), ("1e3", 400), ("١٢", 400),
])
def test_a_poll_id_is_a_number_a_bigint_holds(text_id: str, status: int) -> None:
    with pytest.raises(Refusal) as refused:
        poll_id_of(text_id)
    assert refused.value.status_code == status and len(str(refused.value.params)) < 200
    assert poll_id_of(str(MAX_POLL_ID)) == MAX_POLL_ID


def test_a_dealt_lesson_item_is_dealt_again_from_its_id_and_judged() -> None:
    lesson = load_lesson("01_trump_ranking")
    dealt = lesson.deal("is_trump", random.Random(5))
    parts = parse_dealt_id(dealt.id) if dealt is not None else None
    assert dealt is not None and parts is not None
    seed = parts[2]
    assert lesson.deal_seeded("is_trump", seed) == dealt, "the id deals the same item again"
    verdicts = {answer: ITEMS.check(dealt.id, answer) for answer in ("yes", "no")}
    assert verdicts == {answer: dealt.check(answer).correct for answer in ("yes", "no")}
    assert sorted(verdicts.values()) == [False, True] and ITEMS.group(dealt.id) == "01_trump_ranking"
    for forged in (f"dealt-{seed}-01_trump_ranking-no_such_group", f"dealt-{seed}-99_nothing-is_trump",
                   "dealt-is-trump-hk", "dealt-" + "9" * 5000 + "-01_trump_ranking-is_trump"):
        assert ITEMS.group(forged) is None and not ITEMS.check(forged, "yes")


def test_a_dealt_lesson_11_bury_is_dealt_again_from_its_id_and_judged_right_and_wrong() -> None:
    lesson = load_lesson("11_kitty")
    dealt = lesson.deal("bury_well", random.Random(11))
    assert dealt is not None and dealt.kind == "kitty_bury" and ITEMS.find(dealt.id) is not None
    found = ITEMS.find(dealt.id)
    assert found is not None and found[0] == dealt and ITEMS.group(dealt.id) == "11_kitty"
    best = dealt.question.best  # type: ignore[attr-defined]
    hand = dealt.question.hand  # type: ignore[attr-defined]
    right = " ".join(card.code for card in best[0])
    wrong = next(" ".join(card.code for card in cards) for cards in (hand[:8], hand[-8:], hand[5:13])
                 if not dealt.check(" ".join(card.code for card in cards)).correct)
    assert ITEMS.check(dealt.id, right) and not ITEMS.check(dealt.id, wrong)
    assert not ITEMS.check(dealt.id, " ".join(right.split()[:7]))  # seven cards: refused, never right
    written = lesson.group("bury_well")[0]
    assert ITEMS.check(written.id, " ".join(card.code for card in written.question.best[0]))  # type: ignore[attr-defined]


def test_an_attempt_sent_again_with_its_uid_is_stored_once_with_its_solve_and_star(store: SQLClassStore) -> None:
    puzzle = trick_puzzles()[5]
    attempt = replace(event(puzzle.id, ATTEMPT, winning_answer(puzzle)), uid="6f1c0e2a9b")
    wire = event_from_json(json.loads(json.dumps(event_to_json(attempt))))
    assert wire.uid == "6f1c0e2a9b", "the uid crosses the wire"
    first = ClassService(store, "http://127.0.0.1:9/hub/api", "unused", "teachers", ITEMS)
    ids = first.record_checked([wire])
    again = ClassService(store, "http://127.0.0.1:9/hub/api", "unused", "teachers", ITEMS)  # a restarted service
    assert again.record_checked([wire])[0] == ids[0], "the page resent it after a crash: the first row's id"
    assert kinds(store, puzzle.id) == [(ATTEMPT, True), (SOLVE, None), (STAR, None)]
    with pytest.raises(WireError):
        event_from_json({**event_to_json(attempt), "uid": "x" * 65})


def test_a_mined_puzzle_the_trainer_offers_is_judged_right_and_wrong() -> None:
    """The trainer offers the mined sets, so a learner's answer to one is judged by the engine, not refused."""
    mined = next(puzzle for puzzle in trainer_bank().puzzles() if puzzle.id.startswith("mined-"))
    question = mined.question
    assert isinstance(question, BestPlay)
    assert ITEMS.group(mined.id) == mined.set_id
    assert ITEMS.check(mined.id, " ".join(card.code for card in question.answer))
    wrong = next(option for option in question.options if option.cost)
    assert not ITEMS.check(mined.id, " ".join(card.code for card in wrong.cards))
