"""The trainer offers the mined puzzles: theme sets after the hand-written ones, with counts, in both
languages; a theme serves its own puzzles, asked as double-dummy and answered by playing cards."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from html_tree import Element, parse

from shengji_kit.apps.trainer.trainer_app import TrainerApp, trainer_app
from shengji_kit.puzzles import Bank, Puzzle, default_bank
from shengji_kit.puzzles.bank import trainer_bank
from shengji_kit.puzzles.kinds.best_play import BestPlay
from shengji_kit.puzzles.loader import MINED_DIR
from shengji_kit.widgets.language import SESSION
from shengji_kit.words.catalogue import text

THEME = "mined-ruff"


@pytest.fixture
def app() -> Iterator[TrainerApp]:
    widget = trainer_app("ada")
    yield widget
    widget.close()


@pytest.fixture
def mined() -> Bank:
    return trainer_bank()


def page(app: TrainerApp) -> Element:
    return parse(app.html)


def question(puzzle: Puzzle) -> BestPlay:
    assert isinstance(puzzle.question, BestPlay)
    return puzzle.question


def test_the_trainer_bank_is_the_hand_written_sets_then_every_mined_theme(mined: Bank) -> None:
    written = [s.id for s in default_bank().sets]
    ids = [s.id for s in mined.sets]
    assert ids[: len(written)] == written, "the hand-written sets come first"
    themed = ids[len(written):]
    assert sorted(themed) == sorted(path.stem for path in MINED_DIR.glob("*.toml"))
    assert sorted(themed[-2:]) == ["mined-classic", "mined-super-tycoon"], "sets no theme fits come last"
    assert len(mined) == len(default_bank()) + sum(len(mined.get_set(i).puzzles) for i in themed)
    assert not mined.problems


@pytest.mark.parametrize(("lang", "tally"), [("en", "0/{total} solved"), ("zh", "做对 0/{total}")])
def test_the_theme_sets_are_listed_with_their_names_and_counts(
    app: TrainerApp, mined: Bank, lang: str, tally: str,
) -> None:
    SESSION.lang = lang
    buttons = page(app).find(data_role="modes").find_all("button", data_action="mode")
    order = [b.attrs["data-value"] for b in buttons]
    assert order == ["auto", *(s.id for s in mined.sets)]
    for puzzle_set in mined.sets[len(default_bank().sets):]:
        button = next(b for b in buttons if b.attrs["data-value"] == puzzle_set.id)
        assert puzzle_set.title(lang) in button.text
        assert tally.format(total=len(puzzle_set.puzzles)) in button.text
        assert "明手" in puzzle_set.description("zh") and "Double-dummy" in puzzle_set.description("en")
    app.handle({"type": "action", "action": "mode", "value": THEME})
    about = page(app).find(data_role="mode-about").text
    assert about == mined.get_set(THEME).description(lang)
    assert mined.get_set(THEME).description(lang) != mined.get_set("mined-duck").description(lang)


def test_picking_a_theme_serves_one_of_its_puzzles_asked_as_double_dummy(app: TrainerApp, mined: Bank) -> None:
    app.handle({"type": "action", "action": "mode", "value": THEME})
    assert app.mode == THEME
    puzzle = mined.get(app.puzzle_id)
    assert puzzle.set_id == THEME and puzzle.kind == "best_play"
    asked = page(app).find(data_role="question").text
    assert "double-dummy" in asked and puzzle.prompt("en") in asked
    answers = page(app).find(data_role="answers")
    assert answers.attrs["data-format"] == "play", "answered by playing cards, as the hand-written best plays"
    assert len(answers.find_all("button", data_index=True)) == len(question(puzzle).hand())
    SESSION.lang = "zh"
    assert "明手" in page(app).find(data_role="question").text
    dots = page(app).find(data_role="strip").find_all("button", data_action="goto")
    assert 0 < len(dots) <= 24 and all(mined.get(d.attrs["data-value"]).set_id == THEME for d in dots)


def play(app: TrainerApp, cards: str) -> None:
    """Clear the pick, click the cards ``cards`` in the mover's hand, then the play button."""
    visit = app.session.visit
    assert visit is not None
    app.handle({"type": "action", "action": "clear"})
    wanted = cards.split()
    for index, card in enumerate(visit.draft.cards):
        if card.code in wanted:
            wanted.remove(card.code)
            app.handle({"type": "click", "card": card.code, "index": index})
    assert not wanted
    app.handle({"type": "action", "action": "check"})


def one_card_puzzle(mined: Bank) -> tuple[Puzzle, str, str, int]:
    """The first puzzle of the theme whose best play is one card and whose listed others hold a one-card
    play: (puzzle, the best card, the other card, its cost)."""
    for puzzle in mined.get_set(THEME).puzzles:
        q = question(puzzle)
        other = next((o for o in q.options if len(o.cards) == 1 and o.cost), None)
        if len(q.answer) == 1 and other is not None:
            return puzzle, q.answer[0].code, other.cards[0].code, other.cost
    raise AssertionError("no one-card puzzle in the theme")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_playing_another_legal_card_is_told_its_cost_then_the_best_card_is_right(
    app: TrainerApp, mined: Bank, lang: str,
) -> None:
    SESSION.lang = lang
    app.handle({"type": "action", "action": "mode", "value": THEME})
    puzzle, best, other, cost = one_card_puzzle(mined)
    app.handle({"type": "action", "action": "goto", "value": puzzle.id})
    assert app.puzzle_id == puzzle.id and app.mode == THEME
    play(app, other)
    feedback = page(app).find(data_role="feedback")
    assert feedback.attrs["data-kind"] == "error"
    said = "costs your side {cost} points" if lang == "en" else "让你方少了{cost}分"
    assert said.format(cost=cost) in feedback.text
    assert puzzle.explanation(lang) not in feedback.text, "a wrong play gives nothing away"
    play(app, best)
    feedback = page(app).find(data_role="feedback")
    assert feedback.attrs["data-kind"] == "ok" and text("puzzle_right", lang) in feedback.text
    assert puzzle.explanation(lang) in feedback.text
    assert app.session.visit is not None and app.session.visit.solved and app.solved == 1 and app.stars == 0
