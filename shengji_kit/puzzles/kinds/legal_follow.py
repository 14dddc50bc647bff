"""Choose a legal follow: which of the offered plays may the next seat make, and why not the others?"""

from __future__ import annotations

import random
import string
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

from ...engine.cards import Card
from ...engine.explain import Verdict
from ...engine.follow import check_follow, legal_plays
from ...engine.trump import Trump
from ...game.position_table import PositionTable
from ...words import Message
from ..answers import answer_cards, cards_text, same_cards
from ..fields import Raw, read_cards, require
from ..model import Choice, Grade, Mismatch, Question
from ..problems import FieldError
from ..text import Text
from ..trick_position import check_held, seat_to_play
from ._deal import DealSpec, Pack, codes, context, deal_trick, finish, hand_size, trick_table

KIND = "legal_follow"
FIELDS = ("options", "answer")
LETTERS = string.ascii_uppercase[:8]


@dataclass(frozen=True)
class LegalFollow(Question):
    """``options`` are plays for the seat after the last play of ``table.trick``; ``stated`` the legal ones."""

    kind: ClassVar[str] = KIND
    FORMAT: ClassVar[str] = "option"
    table: PositionTable
    seat: int
    options: tuple[tuple[Card, ...], ...]
    stated: frozenset[int]

    def verdict(self, play: tuple[Card, ...] | list[Card]) -> Verdict:
        """The engine's judgement of ``play`` from this seat's hand."""
        return check_follow(self.table.lead, self.table.hand(self.seat), play, self.table.trump)

    def legal(self) -> frozenset[int]:
        """The indices of the options that ``check_follow`` allows."""
        return frozenset(i for i, play in enumerate(self.options) if self.verdict(play).ok)

    def _label(self, index: int, lang: str = "en") -> str:
        return f"{LETTERS[index]} {cards_text(self.options[index], lang)}"

    def _labels(self, index: int) -> Text:
        return Text(self._label(index, "en"), self._label(index, "zh"))

    def prompt(self, lang: str = "en") -> str:
        return Message(
            "puzzle_follow_prompt",
            {"leader": self.table.trick[0][0], "lead": self.table.lead, "seat": self.seat},
        ).render(lang)

    def choices(self) -> list[Choice]:
        return [Choice(LETTERS[i], self._labels(i)) for i in range(len(self.options))]

    def _chosen(self, answer: object) -> tuple[int | None, list[Card]]:
        if isinstance(answer, int) and not isinstance(answer, bool) and 0 <= answer < len(self.options):
            return answer, list(self.options[answer])
        if isinstance(answer, str) and answer.strip().upper() in LETTERS[: len(self.options)]:
            index = LETTERS.index(answer.strip().upper())
            return index, list(self.options[index])
        play = answer_cards(answer)
        found = next((i for i, option in enumerate(self.options) if same_cards(option, play)), None)
        return found, play

    def _why_not(self, index: int) -> Message:
        verdict = self.verdict(self.options[index])
        why = Message(verdict.code or "ok", verdict.params)
        return Message("puzzle_follow_option_bad", {"option": self._labels(index), "why": why})

    def grade(self, answer: object) -> Grade:
        index, play = self._chosen(answer)
        verdict = self.verdict(play)
        legal = sorted(self.legal())
        if verdict.ok:
            others = [self._why_not(i) for i in range(len(self.options)) if i not in legal and i != index]
            return Grade(True, (Message("puzzle_follow_ok", {"cards": tuple(play)}), *others))
        allowed = Text(", ".join(self._label(i, "en") for i in legal), "、".join(self._label(i, "zh") for i in legal))
        why = Message(verdict.code or "ok", verdict.params)
        return Grade(False, (why,), (Message("puzzle_follow_allowed", {"options": allowed}),))

    def expected(self, lang: str = "en") -> str:
        return ("、" if lang == "zh" else ", ").join(self._label(i, lang) for i in sorted(self.legal()))

    def verify(self) -> list[Mismatch]:
        legal = self.legal()
        if legal == self.stated:
            return []
        said = ", ".join(LETTERS[i] for i in sorted(self.stated)) or "none"
        engine = ", ".join(LETTERS[i] for i in sorted(legal)) or "none"
        return [Mismatch("answer", f"states the legal options are {said}, but check_follow allows {engine}")]


def parse(raw: Raw, table: PositionTable) -> LegalFollow:
    """Read a legal-follow puzzle: a trick in progress, the next seat's hand, options, legal letters."""
    seat = seat_to_play(table)
    options_raw = require(raw, "options")
    if not isinstance(options_raw, list) or not 2 <= len(options_raw) <= len(LETTERS):
        raise FieldError("options", f"must be a list of 2 to {len(LETTERS)} plays")
    options = tuple(read_cards(option, f"options.{i}") for i, option in enumerate(options_raw))
    for i, option in enumerate(options):
        if len(option) != len(table.lead):
            raise FieldError(f"options.{i}", f"plays {len(option)} cards to a lead of {len(table.lead)}")
        check_held(table, seat, option, f"options.{i}")
    answer_raw = require(raw, "answer")
    if not isinstance(answer_raw, list) or not answer_raw:
        raise FieldError("answer", "must list the letters of the legal options, e.g. [\"A\"]")
    stated: set[int] = set()
    for letter in answer_raw:
        if not isinstance(letter, str) or letter.strip().upper() not in LETTERS[: len(options)]:
            raise FieldError("answer", f"{letter!r} is not one of the option letters {LETTERS[: len(options)]}")
        stated.add(LETTERS.index(letter.strip().upper()))
    return LegalFollow(table, seat, options, frozenset(stated))


def _other_plays(rng: random.Random, hand: tuple[Card, ...], size: int) -> list[tuple[Card, ...]]:
    """Distinct plays of ``size`` cards from ``hand`` (the candidates for wrong options), shuffled."""
    found = list(dict.fromkeys(combinations(hand, size)))
    rng.shuffle(found)
    return found[:60]


def _options(
    rng: random.Random, lead: tuple[Card, ...], hand: tuple[Card, ...], trump: Trump, count: int
) -> list[tuple[Card, ...]]:
    """``count`` distinct plays from ``hand``: one or two legal follows, the rest refused (when any are)."""
    legal = [tuple(play) for play in legal_plays(lead, hand, trump, limit=200)]
    wrong = [play for play in _other_plays(rng, hand, len(lead)) if not check_follow(lead, hand, play, trump).ok]
    rights = rng.sample(legal, min(len(legal), rng.randint(1, 2) if wrong else count))
    options = list(dict.fromkeys(tuple(trump.sorted(option)) for option in [*rights, *wrong[: count - len(rights)]]))
    rng.shuffle(options)
    return options


def generate(rng: random.Random, spec: DealSpec | None = None) -> dict[str, Any]:
    """A fresh item: a trick in progress (1–3 plays), the next hand, 3–4 options, the legal ones by the engine."""
    ctx = context(rng, spec)
    while True:
        deal = deal_trick(rng, Pack(rng), ctx, rng.randint(1, 3), hand_size(ctx))
        options = _options(rng, deal.lead, deal.hand, ctx.trump, 3 if ctx.difficulty < 3 else 4)
        if len(options) >= 2:
            break
    seat = (ctx.leader + len(deal.plays)) % 4
    core: dict[str, Any] = {
        "options": [codes(option) for option in options],
        "answer": [LETTERS[i] for i, option in enumerate(options)
                   if check_follow(deal.lead, deal.hand, option, ctx.trump).ok],
        "position": ctx.position(leader=ctx.leader, trick=trick_table(ctx.leader, deal.plays),
                                 hands={str(seat): codes(deal.hand)}),
    }
    return finish(KIND, core, ctx, parse, core["answer"][0])

