"""Round reviews: one entry per play of the seat, the perfect-play ending agrees with solve, safe HTML."""

from __future__ import annotations

import pytest

import shengji_kit as sk
from shengji_kit.coach import Review
from shengji_kit.coach._sample_playout import Budget
from shengji_kit.coach.review import EXACT_THRESHOLD, THRESHOLD, Entry
from shengji_kit.engine.cards import Card
from shengji_kit.engine.errors import RuleError
from shengji_kit.game import Round
from shengji_kit.game.bots import play_round
from shengji_kit.game.bots.rule import RuleBot
from shengji_kit.render.review import review_html
from shengji_kit.solver import solve
from shengji_kit.words import Message
from tests.coach.positions import cards

TINY = Budget(samples=2, candidates=3, horizon=1, solve_at=3)


def finished(seed: int, rules: str = "super_tycoon") -> Round:
    rnd = Round.new(seed, rules)
    play_round(rnd, [RuleBot(seed + seat) for seat in range(4)])
    return rnd


@pytest.mark.parametrize(("seed", "seat", "rules"), [(3, 0, "super_tycoon"), (7, 1, "classic")])
def test_review_goes_trick_by_trick_and_ends_with_the_solver(seed: int, seat: int, rules: str) -> None:
    rnd = finished(seed, rules)
    record = rnd.record()
    result = sk.review(record, seat=seat, budget=TINY)
    assert result.seat == seat
    assert result.total == record["total"]
    tricks = record["tricks"]
    assert isinstance(tricks, list)
    assert [entry.trick for entry in result.entries] == list(range(1, len(tricks) + 1))
    assert all(entry.played for entry in result.entries)
    assert all(entry.cost >= 0 for entry in result.entries)
    assert all(any(mark is entry for entry in result.entries) for mark in result.marks)
    perfect = result.perfect
    assert perfect is not None
    solution = solve(perfect.position)
    assert perfect.perfect == solution.total - perfect.position.points
    assert perfect.actual == record["total"] - perfect.position.points
    assert all(entry.exact for entry in result.entries if entry.trick >= perfect.trick)
    assert not any(entry.exact for entry in result.entries if entry.trick < perfect.trick)
    for lang in ("en", "zh"):
        text = result.describe(lang)
        assert str(perfect.trick) in text


def test_review_takes_a_round_and_exact_marks_are_real_losses() -> None:
    rnd = finished(11)
    result = sk.review(rnd, seat=2, budget=TINY)
    for entry in result.marks:
        assert entry.better != entry.played
        assert entry.cost >= (EXACT_THRESHOLD if entry.exact else THRESHOLD)
        assert str(round(entry.cost)) in entry.note.render("en")


def test_review_needs_the_actions() -> None:
    record = finished(2).record()
    del record["actions"]
    with pytest.raises(RuleError):
        sk.review(record)


def test_review_html_rows_and_escaping() -> None:
    rnd = finished(5)
    result = sk.review(rnd, seat=0, budget=TINY)
    html = result._repr_html_()
    assert html.count('data-trick="') == len(result.entries)
    assert "attackers&#39; total" in html
    hostile = Review(
        seat=0, total=40, perfect=None,
        entries=(Entry(1, cards("S3"), cards("SA"), 12.0, 10, False, True, (
            Message("review_title", {"seat": 1, "total": "<script>x</script>"}),
        )),),
    )
    page = review_html(hostile, "zh")
    assert "<script>" not in page
    assert "&lt;script&gt;" in page
    assert 'data-marked="yes"' in page


def test_the_review_compares_a_bad_play_made_at_the_table_with_the_learners_own_play() -> None:
    """Drive the play app's controller through a round in which South dumps ♣10 on West's ♣A (trick 3)."""
    from html_tree import parse
    from widgets.helpers import select

    from shengji_kit.apps.play.controller import TableController
    from shengji_kit.coach.facts import wins_now
    from shengji_kit.engine.scoring import points

    seed = 7
    ctrl = TableController(Round.new(seed), {s: RuleBot(seed + s) for s in (1, 2, 3)}, delay=0)
    steady = RuleBot(7)
    dumped: list[tuple[int, tuple[Card, ...]]] = []
    while ctrl.round.result is None:
        rnd = ctrl.round
        assert rnd.to_act == 0  # the bots move at once (no delay) until it is South's turn
        view, listed = rnd.view(0), rnd.legal_actions(0)
        action = steady.choose(view, listed)
        if rnd.phase == "play" and view.trick and view.winning is not None and view.winning % 2 == 1:
            dumps = [a for a in listed if points(a.cards) >= 10 and not wins_now(a.cards, view)]
            if dumps and any(points(a.cards) == 0 for a in listed):
                action = max(dumps, key=lambda a: points(a.cards))
                dumped.append((rnd.tricks_played + 1, action.cards))
        if rnd.phase == "play":
            select(ctrl, action.cards, ctrl.handle)
            ctrl.handle({"type": "action", "action": "play"})
            if ctrl.pending_throw is not None:
                ctrl.handle({"type": "action", "action": "throw", "value": "throw"})
        else:
            ctrl.act(action)
    assert (3, cards("C10")) in dumped
    ctrl.handle({"type": "action", "action": "review"})
    result = ctrl.coach.review
    assert result is not None
    entry = next(entry for entry in result.entries if entry.trick == 3)
    assert entry.played == cards("C10") and entry.marked and entry.better != entry.played
    missed = entry.reasons[0]
    assert missed.code == "tactic_missed"
    support = entry.reasons[-1]
    assert support.params["other"] == entry.played  # set against the learner's play, not the coach's runner-up
    for lang in ("en", "zh"):
        written = result.describe(lang)
        assert entry.note.render(lang) in written and "♣10" in entry.note.render(lang)
        assert missed.render(lang) in written and support.render(lang) in written
        page = parse(ctrl.render(lang))
        row = page.find(cls="sk-review-wide").find("tr", data_trick="3")
        assert row.attrs["data-marked"] == "yes"
        assert row.find("a", data_role="lesson-link").attrs["href"].startswith("../lessons/")
