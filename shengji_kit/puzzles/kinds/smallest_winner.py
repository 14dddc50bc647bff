"""The smallest play that takes the trick: the next seat picks, from its hand, the cheapest winner.

"Smallest" is by the engine's own key (``play_key``): among the legal follows that would take the
trick so far, none has a lower key than the answer. Ties (equal cards) are all right.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ...engine.cards import Card
from ...engine.follow import check_follow, legal_plays
from ...engine.shapes import PAIR, TRACTOR, shape
from ...engine.tricks import play_key, trick_winner
from ...engine.trump import TRUMP, Trump
from ...game.position_table import PositionTable, read_position_table
from ...words import Message
from ...words.catalogue import text
from ..answers import answer_cards, cards_text, missing_from
from ..fields import Raw, read_cards, require
from ..model import Grade, Mismatch, Question
from ..trick_position import check_held, seat_to_play
from ._deal import DealSpec, Pack, TrickDeal, codes, context, deal_trick, finish, hand_size, trick_table

KIND = "smallest_winner"
FIELDS = ("answer",)
Key = tuple[int, int]


@dataclass(frozen=True)
class SmallestWinner(Question):
    """``stated`` is a smallest legal follow from ``seat``'s hand that takes ``table.trick`` (or none)."""

    kind: ClassVar[str] = KIND
    FORMAT: ClassVar[str] = "cards"
    table: PositionTable
    seat: int
    stated: tuple[Card, ...]

    def _plays(self) -> list[Sequence[Card]]:
        return [cards for _, cards in self.table.trick]

    def wins(self, play: Sequence[Card]) -> bool:
        """Would ``play`` take the trick as it stands?"""
        plays = [*self._plays(), play]
        return trick_winner(plays, self.table.trump) == len(plays) - 1

    def key(self, play: Sequence[Card]) -> Key | None:
        return play_key(play, shape(self.table.lead, self.table.trump), self.table.trump)

    def winners(self) -> list[list[Card]]:
        """Every legal follow that takes the trick, smallest key first."""
        hand, trump = self.table.hand(self.seat), self.table.trump
        found = [play for play in legal_plays(self.table.lead, hand, trump) if self.wins(play)]
        return sorted(found, key=lambda play: self.key(play) or (9, 0))

    def smallest(self) -> list[Card] | None:
        winners = self.winners()
        return winners[0] if winners else None

    def prompt(self, lang: str = "en") -> str:
        comma = text("join_clauses", lang)
        plays = comma.join(text("smallest_play", lang, seat=seat, cards=cards) for seat, cards in self.table.trick)
        return Message("smallest_prompt", {"plays": plays, "seat": self.seat}).render(lang)

    def grade(self, answer: object) -> Grade:
        play = answer_cards(answer)
        hand, trump = self.table.hand(self.seat), self.table.trump
        if missing_from(hand, play):
            return Grade(False, (Message("not_in_hand", {"cards": tuple(missing_from(hand, play))}),))
        verdict = check_follow(self.table.lead, hand, play, trump)
        if not verdict.ok:
            return Grade(False, (Message(verdict.code or "ok", verdict.params),))
        best = self.smallest()
        if best is None:
            return Grade(False, (Message("smallest_none"),))
        if not self.wins(play):
            lines = (
                Message("smallest_loses", {"cards": tuple(play)}), Message("smallest_best", {"cards": tuple(best)})
            )
            return Grade(False, lines)
        if self.key(play) != self.key(best):
            return Grade(False, (Message("smallest_too_big", {"cards": tuple(play), "best": tuple(best)}),))
        return Grade(True, (Message("smallest_right", {"cards": tuple(play)}),))

    def expected(self, lang: str = "en") -> str:
        best = self.smallest()
        return cards_text(best, lang) if best is not None else "-"

    def verify(self) -> list[Mismatch]:
        best = self.smallest()
        if best is None:
            return [Mismatch("answer", "no legal follow takes this trick")]
        if self.key(self.stated) == self.key(best) and self.grade(list(self.stated)).correct:
            return []
        return [Mismatch("answer", f"states {cards_text(self.stated)}, but the smallest winner is {cards_text(best)}")]


def parse(raw: Raw, table: PositionTable) -> SmallestWinner:
    """Read a smallest-winner puzzle: a trick in progress, the next seat's hand and its smallest winner."""
    seat = seat_to_play(table, "play")
    stated = read_cards(require(raw, "answer"), "answer")
    check_held(table, seat, stated, "answer")
    return SmallestWinner(table, seat, stated)


def _boosted(rng: random.Random, pack: Pack, deal: TrickDeal, trump: Trump) -> tuple[Card, ...]:
    """The hand with one more combination like the lead's (of its suit, or trumps), so it may take the trick."""
    lead = shape(deal.lead, trump)
    suit = deal.suit if rng.random() < 0.6 else TRUMP
    part = lead.components[0]
    if part.kind == TRACTOR:
        extra = pack.tractor(trump, suit, part.pairs)
    elif part.kind == PAIR:
        extra = pack.pair(lambda card: trump.suit_of(card) == suit)
    else:
        extra = pack.take(lambda card: trump.suit_of(card) == suit, 1)
    return tuple(trump.sorted([*deal.hand, *extra]))


def generate(rng: random.Random, spec: DealSpec | None = None) -> dict[str, Any]:
    """A fresh item: a trick in progress and a next hand that can take it; the answer is the engine's cheapest."""
    ctx = context(rng, spec)
    while True:
        pack = Pack(rng)
        deal = deal_trick(rng, pack, ctx, rng.randint(1, 3), hand_size(ctx, low=2))
        hand = _boosted(rng, pack, deal, ctx.trump)
        seat = (ctx.leader + len(deal.plays)) % 4
        core: dict[str, Any] = {
            "answer": "",
            "position": ctx.position(leader=ctx.leader, trick=trick_table(ctx.leader, deal.plays),
                                     hands={str(seat): codes(hand)}),
        }
        table = read_position_table(core["position"], required=("rules",))
        best = SmallestWinner(table, seat, ()).smallest()
        if best is not None:
            break
    core["answer"] = codes(best)
    return finish(KIND, core, ctx, parse, best)
