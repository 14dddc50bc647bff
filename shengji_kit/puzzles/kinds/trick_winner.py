"""Which play wins the trick? The four plays are on the table; the answer is a seat."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from ...engine.cards import SUITS, Card, full_deck
from ...engine.tricks import trick_winner
from ...engine.trump import TRUMP, Trump
from ...game.position_table import PositionTable
from ...words import Message
from ..answers import answer_seat, cards_text, seat_text
from ..fields import Raw, read_seat, require
from ..mistakes import trick_winner_mistake
from ..model import Choice, Grade, Mismatch, Question
from ..problems import FieldError
from ..text import Text
from ._deal import ANY, DealSpec, first_trump

KIND = "trick_winner"
FIELDS = ("answer",)


@dataclass(frozen=True)
class TrickWinner(Question):
    """``answer`` is the seat whose play takes the trick in ``table.trick``."""

    kind: ClassVar[str] = KIND
    FORMAT: ClassVar[str] = "seat"
    table: PositionTable
    stated: int

    def winner(self) -> int:
        """The winning seat, by ``trick_winner``."""
        plays = [cards for _, cards in self.table.trick]
        return self.table.trick[trick_winner(plays, self.table.trump)][0]

    def _played(self, seat: int, lang: str = "en") -> str:
        return cards_text(dict(self.table.trick)[seat], lang)

    def prompt(self, lang: str = "en") -> str:
        return Message("puzzle_trick_prompt", {"leader": self.table.trick[0][0]}).render(lang)

    def choices(self) -> list[Choice]:
        return [
            Choice(str(seat), Text.of("puzzle_choice_trick", seat=seat, cards=cards))
            for seat, cards in self.table.trick
        ]

    def grade(self, answer: object) -> Grade:
        seat = answer_seat(answer, [seat for seat, _ in self.table.trick])
        winner = self.winner()
        takes = Message("puzzle_trick_takes", {"seat": winner, "cards": dict(self.table.trick)[winner]})
        if seat == winner:
            return Grade(True, (takes,))
        wrong = Message("puzzle_trick_not", {"seat": seat, "cards": dict(self.table.trick)[seat]})
        return Grade(False, (wrong,), (takes,))

    def mistake(self, answer: object) -> Message | None:
        return trick_winner_mistake(self, answer_seat(answer, [seat for seat, _ in self.table.trick]))

    def expected(self, lang: str = "en") -> str:
        winner = self.winner()
        return f"{seat_text(winner)(lang)} {self._played(winner, lang)}"

    def verify(self) -> list[Mismatch]:
        winner = self.winner()
        if winner == self.stated:
            return []
        played = self._played(winner)
        return [Mismatch("answer", f"states seat {self.stated}, but trick_winner gives seat {winner} ({played})")]


def parse(raw: Raw, table: PositionTable) -> TrickWinner:
    """Read a trick-winner puzzle: a complete trick and the winning seat."""
    table.need("leader", "trick")
    if len(table.trick) != 4:
        raise FieldError("position.trick", f"needs the plays of all four seats, not {len(table.trick)}")
    return TrickWinner(table, read_seat(require(raw, "answer"), "answer"))


def _deal_trick(rng: random.Random, trump: Trump) -> list[Card]:
    """Four single cards: a lead, then mostly followers, some trumps, now and then a discard."""
    deck = full_deck()
    rng.shuffle(deck)
    led_suit = TRUMP if rng.random() < 0.25 else rng.choice([s for s in SUITS if s != trump.suit])
    plays = [next(card for card in deck if trump.suit_of(card) == led_suit)]
    deck.remove(plays[0])
    for _ in range(3):
        roll = rng.random()
        if roll < 0.62 or (led_suit == TRUMP and roll < 0.85):
            wanted = led_suit
        elif roll < 0.85:
            wanted = TRUMP
        else:
            wanted = rng.choice([s for s in SUITS if s not in (led_suit, trump.suit)])
        card = next(c for c in deck if trump.suit_of(c) == wanted)
        deck.remove(card)
        plays.append(card)
    return plays


def generate(rng: random.Random, spec: DealSpec | None = None) -> dict[str, Any]:
    """A fresh item: four single cards played to one trick under a random trump context."""
    trump = first_trump(rng, spec)
    spec = spec or ANY
    leader = rng.randrange(4)
    leader = leader if spec.leader is None else spec.leader
    plays = _deal_trick(rng, trump)
    winner = (leader + trick_winner([[card] for card in plays], trump)) % 4
    return {
        "id": "dealt-trick-" + "-".join(card.code.lower() for card in plays),
        "kind": KIND,
        "difficulty": spec.difficulty or 1,
        "answer": winner,
        "title": Message("ex_which_wins_title").texts(),
        "hint": Message("ex_which_wins_hint").texts(),
        "explanation": explain_winner(plays, leader, trump).texts(),
        "position": {
            "rules": spec.preset or "super_tycoon", "level": trump.level, "trump": trump.suit or "none",
            "leader": leader,
            "trick": {str((leader + i) % 4): card.code for i, card in enumerate(plays)},
        },
    }


def explain_winner(plays: list[Card], leader: int, trump: Trump) -> Message:
    """A dealt item's explanation: why the winning seat wins (the suit led, a ruff, equal cards: the first)."""
    place = trick_winner([[card] for card in plays], trump)
    card, lead = plays[place], plays[0]
    params: dict[str, object] = {"leader": leader, "lead": lead, "card": card, "seat": (leader + place) % 4}
    led = trump.suit_of(lead)
    if led == TRUMP:
        code = "fair_wins_trump_led"
    else:
        code = "fair_wins_ruff" if trump.suit_of(card) == TRUMP else "fair_wins_suit"
        params["suit"] = led
    why = Message(code, params)
    same = trump.suit_of(card), trump.step(card)
    equal = [c for c in plays[place + 1:] if (trump.suit_of(c), trump.step(c)) == same]
    if equal:
        return Message("fair_two_sentences", {"first": why, "second": Message("fair_wins_tie", {"other": equal[0],
                                                                                               "card": card})})
    return why
