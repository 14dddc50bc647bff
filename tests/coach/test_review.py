"""Round reviews: one entry per play of the seat, the perfect-play ending agrees with solve, safe HTML."""

from __future__ import annotations

import pytest

import shengji_kit as sk
from shengji_kit.coach import Review
from shengji_kit.coach._sample_playout import Budget
from shengji_kit.coach.review import Entry
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
        assert entry.cost >= (5 if entry.exact else 10)
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
