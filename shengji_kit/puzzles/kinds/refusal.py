"""Why was this play refused? A follow is on the table; the answer is the engine's verdict code."""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

from ...engine.cards import Card
from ...engine.explain import Verdict
from ...engine.follow import check_follow
from ...game.position_table import PositionTable
from ...words import Message
from ..answers import cards_text
from ..fields import Raw, read_cards, read_str, require
from ..model import AnswerError, Choice, Grade, Mismatch, Question
from ..problems import FieldError
from ..text import Text
from ..trick_position import check_held, seat_to_play
from ._deal import DealSpec, Pack, codes, context, deal_trick, finish, hand_size, trick_table

KIND = "refusal"
FIELDS = ("play", "options", "answer")
REASONS = (
    "ok", "must_follow_suit", "must_play_all_suit", "must_play_pair", "must_play_pairs",
    "must_play_tractor", "must_match_tractors",
)
"""The verdict codes a learner may be offered ("ok": the play is allowed after all)."""


def reason_label(code: str) -> Text:
    """The short name of a verdict, as offered on an answer button."""
    return Text.of(f"refusal_label_{code}")


@dataclass(frozen=True)
class Refusal(Question):
    """``play`` is tried by the seat after the last play of ``table.trick``; ``stated`` is the engine's code."""

    kind: ClassVar[str] = KIND
    FORMAT: ClassVar[str] = "choice"
    table: PositionTable
    seat: int
    play: tuple[Card, ...]
    options: tuple[str, ...]
    stated: str

    def verdict(self) -> Verdict:
        """The engine's judgement of ``play`` from this seat's hand."""
        return check_follow(self.table.lead, self.table.hand(self.seat), self.play, self.table.trump)

    def code(self) -> str:
        return self.verdict().code or "ok"

    def prompt(self, lang: str = "en") -> str:
        return Message(
            "refusal_prompt",
            {"leader": self.table.trick[0][0], "lead": self.table.lead, "seat": self.seat, "play": self.play},
        ).render(lang)

    def choices(self) -> list[Choice]:
        return [Choice(code, reason_label(code)) for code in self.options]

    def grade(self, answer: object) -> Grade:
        chosen = answer.strip() if isinstance(answer, str) else answer
        if chosen not in self.options:
            options = ", ".join(self.options)
            raise AnswerError(Message("refusal_bad_answer", {"value": repr(answer), "options": options}))
        verdict = self.verdict()
        why = Message(verdict.code or "ok", verdict.params)
        if chosen == self.code():
            return Grade(True, (why,))
        return Grade(False, (Message("refusal_not", {"reason": reason_label(str(chosen))}), why))

    def expected(self, lang: str = "en") -> str:
        return reason_label(self.code())(lang)

    def verify(self) -> list[Mismatch]:
        code = self.code()
        if code == self.stated:
            return []
        return [
            Mismatch("answer", f"states {self.stated!r}, but check_follow says {code!r} for {cards_text(self.play)}")
        ]


def parse(raw: Raw, table: PositionTable) -> Refusal:
    """Read a refusal puzzle: a trick in progress, the next seat's hand, the play tried, the reasons offered."""
    seat = seat_to_play(table)
    play = read_cards(require(raw, "play"), "play")
    check_held(table, seat, play, "play")
    if len(play) != len(table.lead):
        raise FieldError("play", f"plays {len(play)} cards to a lead of {len(table.lead)}")
    options_raw = require(raw, "options")
    if not isinstance(options_raw, list) or not 2 <= len(options_raw) <= len(REASONS):
        raise FieldError("options", f"must list 2 to {len(REASONS)} reasons among {', '.join(REASONS)}")
    options = tuple(read_str(option, f"options.{i}") for i, option in enumerate(options_raw))
    for i, option in enumerate(options):
        if option not in REASONS:
            raise FieldError(f"options.{i}", f"unknown reason {option!r}; known: {', '.join(REASONS)}")
    stated = read_str(require(raw, "answer"), "answer")
    if stated not in options:
        raise FieldError("answer", f"{stated!r} is not one of the offered options")
    return Refusal(table, seat, play, options, stated)


def generate(rng: random.Random, spec: DealSpec | None = None) -> dict[str, Any]:
    """A fresh item: a trick in progress, the next hand, a play it tries (mostly refused), 3–4 verdicts offered."""
    ctx = context(rng, spec)
    while True:
        deal = deal_trick(rng, Pack(rng), ctx, rng.randint(1, 3), hand_size(ctx))
        plays = list(dict.fromkeys(combinations(deal.hand, len(deal.lead))))
        rng.shuffle(plays)
        verdicts = {play: check_follow(deal.lead, deal.hand, play, ctx.trump).code or "ok" for play in plays[:80]}
        refused = [play for play, code in verdicts.items() if code != "ok"]
        if not refused and rng.random() < 0.8:
            continue
        codes_found = sorted({verdicts[play] for play in refused})
        if refused and rng.random() < 0.85:
            wanted = rng.choice(codes_found)  # each reason as often as another, not the commonest most
            play = next(play for play in refused if verdicts[play] == wanted)
        else:
            play = rng.choice(list(verdicts))
        code = verdicts[play]
        if code in REASONS:
            break
    others = [reason for reason in REASONS if reason != code]
    options = [code, *rng.sample(others, 2 if ctx.difficulty < 3 else 3)]
    rng.shuffle(options)
    seat = (ctx.leader + len(deal.plays)) % 4
    core = {
        "play": codes(play),
        "options": options,
        "answer": code,
        "position": ctx.position(leader=ctx.leader, trick=trick_table(ctx.leader, deal.plays),
                                 hands={str(seat): codes(deal.hand)}),
    }
    return finish(KIND, core, ctx, parse, code)
