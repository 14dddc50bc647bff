"""Every trainer feedback of every puzzle in the bank (right, wrong, hint, show me), in both
languages, is free of developer notation: no ``0:`` seat prefixes, ``->``, ``(s)``, ``1 pairs``,
nested parentheses, or card codes glued across a combination boundary."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from html_tree import Element, parse

from shengji_kit.practice import ProgressStore, TrainerSession
from shengji_kit.practice.html import trainer_html
from shengji_kit.puzzles import Bank, Puzzle, default_bank

CARD = r"(?:[♠♥♣♦](?:10|[2-9JQKA])|BJ|LJ)"
GLUED = re.compile(rf"{CARD}{{2,}}")
DEVELOPER = {
    "seat number prefix": re.compile(r"(?<![\d.])\d:\S"),
    "arrow": re.compile(r"->"),
    "(s) plural": re.compile(r"\(s\)"),
    "singular number with plural noun": re.compile(r"\b1 (?:pairs|cards|points|tricks|tractors)\b"),
    "nested parentheses": re.compile(r"\)\s*\)|（[^）]*（"),
}


def developer_patterns(shown: str) -> list[str]:
    """The developer notations found in ``shown``, each with the text around it."""
    found = [f"{name}: …{shown[max(m.start() - 30, 0):m.end() + 30]}…"
             for name, pattern in DEVELOPER.items() for m in pattern.finditer(shown)]
    for match in GLUED.finditer(shown):
        faces = re.findall(CARD, match.group())
        if len(set(faces)) > 1:
            found.append(f"glued cards: …{shown[max(match.start() - 30, 0):match.end() + 30]}…")
    return found


def test_the_checker_catches_the_old_texts() -> None:
    old = "0:DQ DQ 1:DA D3 -> seat 0 (South (you)) wins; West throws BJBJLJ♠2♠2; 1 pairs; card(s)"
    assert len(developer_patterns(old)) >= 6
    assert developer_patterns("South ♦Q♦Q, East ♦A ♦3 — South wins, attackers +35; BJBJ LJ ♠2♠2") == []


def wrong_and_right(puzzle: Puzzle) -> tuple[object, object]:
    """A wrong and a right answer, found with the puzzle's own check."""
    question = puzzle.question
    fmt = question.answer_format
    candidates: list[object] = [choice.value for choice in question.choices()]
    if puzzle.kind == "trick_winner":
        candidates = [str(seat) for seat, _ in puzzle.table.trick]
    elif fmt == "number":
        truth = question.truth()  # type: ignore[attr-defined]
        candidates = [str(truth + 5), str(truth)]
    elif fmt == "cards":
        ordered = puzzle.table.trump.sorted(question.cards)  # type: ignore[attr-defined]
        candidates = [" ".join(c.code for c in reversed(ordered)), " ".join(c.code for c in ordered)]
    elif fmt == "card_groups":
        tractors = [list(t) for t in question.tractors()]  # type: ignore[attr-defined]
        candidates = [[] if tractors else [list(question.cards[:4])], tractors]  # type: ignore[attr-defined]
    elif fmt == "play":
        hand = question.position.hands[question.mover]  # type: ignore[attr-defined]
        candidates = [card.code for card in hand] + list(question.solution().best)  # type: ignore[attr-defined]
    wrong = next((c for c in candidates if not puzzle.check(c).correct), None)
    right = next(c for c in candidates if puzzle.check(c).correct)
    return wrong, right


def visible_text(html: str) -> str:
    """The text a reader sees, one line per element (so neighbouring paragraphs do not run together)."""
    lines: list[str] = []

    def walk(element: Element) -> None:
        for child in element.children:
            if isinstance(child, str):
                lines.append(child)
            else:
                lines.append("\n")
                walk(child)

    walk(parse(html))
    return "".join(lines)


def _shown(session: TrainerSession) -> Iterator[str]:
    for lang in ("en", "zh"):
        yield visible_text(str(trainer_html(session, lang)))


def feedback_pages(bank: Bank, puzzle: Puzzle) -> Iterator[str]:
    """The trainer's text after a wrong answer, a hint, each step of show me, and a right answer."""
    wrong, right = wrong_and_right(puzzle)
    session = TrainerSession(bank, ProgressStore.for_learner(f"texts-{puzzle.id}"))
    session.goto(puzzle.id)
    if wrong is not None:
        session.answer(wrong)
        yield from _shown(session)
    session.hint()
    yield from _shown(session)
    show = session.show_me()
    yield from _shown(session)
    while show is not None and not show.finished:
        show = session.show_me()
        yield from _shown(session)
    session.goto(puzzle.id)
    session.answer(right)
    yield from _shown(session)


BANK = default_bank()


@pytest.mark.parametrize("puzzle", BANK.puzzles(), ids=lambda puzzle: puzzle.id)
def test_no_developer_text_reaches_the_learner(puzzle: Puzzle) -> None:
    problems = [problem for page in feedback_pages(BANK, puzzle) for problem in developer_patterns(page)]
    assert problems == []
