"""The narrated deals of lessons 9–12 played off the best line: every note shown is true where it is shown.

Lines: the best, the worst legal play at each turn, and seeded random ones. The hands are rebuilt here from
the start and the tricks played, each shown note's claims are checked on them, and each stated cost is the
solver's difference worked out afresh from the position (``best_value`` − ``play_value``).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from markupsafe import escape

from shengji_kit.engine.cards import Card
from shengji_kit.puzzles.kinds.best_play import best_value, play_value
from shengji_kit.render.lesson_panels.narrated_claims import TrickSeen
from shengji_kit.render.lesson_panels.narrated_deal import NarratedDeal, load_script, verdict
from shengji_kit.words.catalogue import text

DEALS = ("09_leading", "10_partner", "11_kitty", "12_counting")
LONG_DEALS = ("09_leading", "10_partner", "11_kitty", "12_counting")
"""Deals of 8 or 9 cards a hand: the first turn costs seconds, so they get fewer random lines."""
Pick = Callable[[list[tuple[tuple[Card, ...], int]]], tuple[Card, ...]]


def _codes(cards: tuple[Card, ...]) -> str:
    return " ".join(c.code for c in cards)


def play_line(name: str, pick: Pick) -> tuple[NarratedDeal, list[int]]:
    """Play ``name`` choosing with ``pick`` (the options valued for the learner's side: higher is better for
    South); the costs the solver gives, worked out before each play."""
    deal = NarratedDeal(load_script(name))
    costs = []
    while not deal.finished:
        trick = tuple(deal.trick)
        sign = 1 if deal.position.is_attacker(0) else -1
        chosen = pick([(cards, sign * value) for cards, value in deal.options()])  # the learner's side's view
        value = play_value(deal.position, trick, tuple(sorted(c.index for c in chosen)))
        gap = best_value(deal.position, trick) - value
        costs.append(gap if deal.position.is_attacker(0) else -gap)  # a defender's cost is the attackers' gain
        assert deal.play(_codes(chosen))
    return deal, costs


def rebuilt(deal: NarratedDeal) -> list[TrickSeen]:
    """Each finished trick with the hands before and after it, rebuilt from the start and the plays alone."""
    hands = [list(hand) for hand in deal.script.start.hands]
    seen = []
    for trick in deal.done:
        before = [sorted(hand) for hand in hands]
        for seat, cards in trick.plays:
            for card in cards:
                hands[seat].remove(card)
        seen.append(TrickSeen(trick.before, trick.plays, trick.winner, tuple(tuple(h) for h in hands),
                              trick.kitty_times, trick.choices))
        assert [sorted(hand) for hand in trick.before.hands] == before  # the panel's position is the one really reached
    return seen


def check_line(deal: NarratedDeal, costs: list[int]) -> None:
    assert [d.cost for d in deal.decisions] == costs
    page = {lang: deal.render(lang) for lang in ("en", "zh")}
    for decision in deal.decisions:
        said = verdict(decision, "en")
        assert escape(said) in page["en"] and escape(verdict(decision, "zh")) in page["zh"]
        if decision.choices == 1:
            assert said == text("narr_you_forced", "en", played=decision.played)
        elif decision.cost > 0:
            assert f"cost your side {decision.cost} points" in said
        else:
            assert "cost" not in said
    shown_once = [i for shown in deal.shown for i in shown]
    assert len(shown_once) == len(set(shown_once))
    for seen, shown in zip(rebuilt(deal), deal.shown, strict=True):
        for i in shown:
            note = deal.script.notes[i]
            assert all(claim.holds(seen) for claim in note.when), (deal.script.name, i)
            assert escape(note.text("en")) in page["en"] and escape(note.text("zh")) in page["zh"]


@pytest.mark.slow  # each lesson's best line solved and narrated: make test runs it, make check does not
@pytest.mark.parametrize("name", DEALS)
def test_the_best_line_shows_every_idea_note_in_order(name: str) -> None:
    deal, costs = play_line(name, lambda options: max(options, key=lambda o: o[1])[0])
    check_line(deal, costs)
    assert all(c == 0 for c in costs)
    assert [i for shown in deal.shown for i in shown] == list(range(len(deal.script.notes)))


@pytest.mark.parametrize("name", DEALS)
def test_the_worst_line_shows_only_true_notes(name: str) -> None:
    deal, costs = play_line(name, lambda options: min(options, key=lambda o: o[1])[0])
    check_line(deal, costs)
    assert sum(costs) > 0 and any(d.choices == 1 for d in deal.decisions)


@pytest.mark.parametrize(("name", "seed"), [(name, seed) for name in DEALS
                                            for seed in ((1, 2, 3) if name in LONG_DEALS else (1, 2, 3, 4, 5))])
def test_random_lines_show_only_true_notes(name: str, seed: int) -> None:
    rng = random.Random(seed)
    deal, costs = play_line(name, lambda options: rng.choice(options)[0])
    check_line(deal, costs)


@pytest.mark.parametrize("name", LONG_DEALS)
def test_the_long_deals_run_at_least_eight_tricks(name: str) -> None:
    """A long deal plays most of a round (8 or 9 cards a hand), not only its last tricks, on the best line
    and on the worst."""
    script = load_script(name)
    assert all(len(hand) >= 8 for hand in script.start.hands)
    for pick in (max, min):
        deal, _costs = play_line(name, lambda options, pick=pick: pick(options, key=lambda o: o[1])[0])
        assert len(deal.done) >= 8, (name, pick.__name__, len(deal.done))


def test_lesson_10_wasting_the_joker_hides_the_kept_joker_note() -> None:
    """South plays the Little Joker under North's Big Joker: no note may say it stayed in his hand."""
    deal = NarratedDeal(load_script("10_partner"))
    for value in ("D7", "C10", "C6", "LJ"):
        assert deal.play(value)
    while not deal.finished:
        deal.play(_codes(max(deal.options(), key=lambda o: o[1])[0]))
    page = deal.render("en")
    assert "stays in your hand" not in page and "the Little Joker you kept" not in page and "lets him ruff" in page
    assert deal.decisions[3].cost == 15 and "cost your side 15 points" in page


def test_lesson_10_last_card_is_no_choice() -> None:
    deal, _costs = play_line("10_partner", lambda options: max(options, key=lambda o: o[1])[0])
    last = deal.decisions[-1]
    assert last.choices == 1 and [c.code for c in last.played] == ["H3"]
    assert "♥3 was your only legal play" in deal.render("en") and "唯一能出的牌" in deal.render("zh")


def test_lesson_9_splitting_the_pair_hides_the_kept_pair_note() -> None:
    deal = NarratedDeal(load_script("09_leading"))
    for value in ("S2", "SA"):
        assert deal.play(value)
    while not deal.finished:
        deal.play(_codes(max(deal.options(), key=lambda o: o[1])[0]))
    page = deal.render("en")
    assert "You kept ♠A♠A" not in page and "draws trumps" in page
    assert any(d.cost > 0 for d in deal.decisions)


def test_a_tie_is_said_to_tie() -> None:
    deal = NarratedDeal(load_script("10_partner"))
    for value in ("D7", "C10", "C6", "S10", "LJ", "HK"):  # leading ♥K does as well as ♠4 here
        assert deal.play(value)
    decision = deal.decisions[-1]
    assert decision.cost == 0 and decision.choices > 1
    assert "that ties the best (♠4)" in verdict(decision, "en")


def test_warming_values_the_learners_first_plays_that_the_first_grade_then_looks_up() -> None:
    play_value.cache_clear()
    deal = NarratedDeal(load_script("11_kitty"))
    assert deal.seat_to_play == 0
    thread = deal.warm()
    assert thread is not None
    thread.join()
    before = play_value.cache_info().hits
    options = deal.options()
    assert play_value.cache_info().hits - before == len(options) > 1
    deal.play(_codes(options[0][0]))
    assert deal.decisions and deal.decisions[0].played == options[0][0]
