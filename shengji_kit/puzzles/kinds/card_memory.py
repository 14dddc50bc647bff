"""Card memory (记牌): tricks are shown, then hidden; answer from memory what is still out.

The position gives the learner's hand (``position.hands``, one seat) and ``tricks``, the tricks
played so far. ``ask`` is one of: ``trumps_out`` (trumps the learner has not seen: in the other
hands or the kitty), ``points_out`` (points not yet seen), ``copies_out`` (copies of ``card``
still out) or ``void`` (which seat has shown it holds no ``suit``: it failed to follow it). The
engine computes every answer from the shown tricks and the hand; ``answer`` must agree with it.

A count is typed as a number (offered numbers around the answer would give it away by their
middle); only ``void`` is chosen, among the other seats and "nobody".
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ...engine.card_index import cards_of, face_counts, index_tables
from ...engine.cards import CARDS, SUITS, Card, codes, full_deck
from ...engine.rules import Rules
from ...engine.trump import TRUMP, Trump
from ...game.playout import Playout
from ...game.position_table import PositionTable, read_position_table
from ...words import Message
from ..answers import answer_int, seat_text
from ..fields import Raw, read_cards, read_seat, read_str, require
from ..model import Choice, Grade, Question
from ..problems import FieldError
from ..text import Text
from ._asked import AskedAnswer

KIND = "card_memory"
FIELDS = ("ask", "tricks", "card", "suit", "answer")
ASKS = ("trumps_out", "points_out", "copies_out", "void")
NOBODY = "none"


@dataclass(frozen=True)
class ShownTrick:
    """One finished trick: its leader and the four plays in turn from the leader."""

    leader: int
    plays: tuple[tuple[Card, ...], ...]

    def seat_plays(self) -> list[tuple[int, tuple[Card, ...]]]:
        return [((self.leader + k) % 4, play) for k, play in enumerate(self.plays)]

    def cards(self) -> list[Card]:
        return [card for play in self.plays for card in play]


def shown_voids(tricks: Sequence[ShownTrick], trump: Trump) -> dict[int, set[str]]:
    """Per seat, the effective suits it failed to follow (so it holds none of them)."""
    voids: dict[int, set[str]] = {seat: set() for seat in range(4)}
    for trick in tricks:
        led = trump.suit_of(trick.plays[0][0])
        for seat, play in trick.seat_plays()[1:]:
            if any(trump.suit_of(card) != led for card in play):
                voids[seat].add(led)
    return voids


@dataclass(frozen=True)
class CardMemory(AskedAnswer, Question):
    """The learner (one seat) saw ``tricks`` and holds ``hand``; ``ask`` is what to recall."""

    kind: ClassVar[str] = KIND
    table: PositionTable
    seat: int
    hand: tuple[Card, ...]
    tricks: tuple[ShownTrick, ...]
    ask: str
    card: Card | None
    suit: str | None
    stated: object

    @property
    def answer_format(self) -> str:
        """A count is typed ("number"); the seat that showed a void is chosen ("choice")."""
        return "choice" if self.ask == "void" else "number"

    def seen(self) -> list[Card]:
        """What the learner has seen: the hand, the tricks, and the kitty when the position gives it."""
        return [*self.hand, *(c for trick in self.tricks for c in trick.cards()), *(self.table.kitty or ())]

    def out(self) -> list[Card]:
        """The cards the learner has not seen (the other hands, and the kitty unless given)."""
        left = Counter(card.index for card in full_deck()) - Counter(card.index for card in self.seen())
        return list(cards_of(face for face, count in sorted(left.items()) for _ in range(count)))

    def truth(self) -> object:
        trump = self.table.trump
        if self.ask == "trumps_out":
            return sum(1 for card in self.out() if trump.suit_of(card) == TRUMP)
        if self.ask == "points_out":
            return sum(card.points for card in self.out())
        if self.ask == "copies_out":
            assert self.card is not None
            return sum(1 for card in self.out() if card.index == self.card.index)
        assert self.suit is not None
        voids = shown_voids(self.tricks, trump)
        seats = [seat for seat in range(4) if seat != self.seat and self.suit in voids[seat]]
        return str(seats[0]) if seats else NOBODY

    def working(self) -> Message:
        trump = self.table.trump
        if self.ask == "trumps_out":
            played = sum(1 for t in self.tricks for c in t.cards() if trump.suit_of(c) == TRUMP)
            held = sum(1 for c in self.hand if trump.suit_of(c) == TRUMP)
            kitty = sum(1 for c in self.table.kitty or () if trump.suit_of(c) == TRUMP)
            total = sum(1 for c in full_deck() if trump.suit_of(c) == TRUMP)
            return Message("count_l_trumps_working", {
                "total": total, "played": played, "held": held, "kitty": kitty, "out": self.truth()})
        if self.ask == "points_out":
            played = sum(c.points for t in self.tricks for c in t.cards())
            held = sum(c.points for c in self.hand)
            kitty = sum(c.points for c in self.table.kitty or ())
            return Message("count_l_points_working", {
                "played": played, "held": held, "kitty": kitty, "out": self.truth()})
        if self.ask == "copies_out":
            assert self.card is not None
            played = sum(1 for t in self.tricks for c in t.cards() if c.index == self.card.index)
            held = sum(1 for c in self.hand if c.index == self.card.index)
            return Message("count_l_copies_working", {
                "card": self.card, "played": played, "held": held, "out": self.truth()})
        truth = self.truth()
        if truth == NOBODY:
            return Message("count_l_void_nobody", {"suit": self.suit})
        seat = int(str(truth))
        trick = next(n for n, t in enumerate(self.tricks, start=1) if any(
            s == seat and any(self.table.trump.suit_of(c) != self.suit for c in play)
            for s, play in t.seat_plays()[1:]) and self.table.trump.suit_of(t.plays[0][0]) == self.suit)
        return Message("count_l_void_working", {"seat": seat, "suit": self.suit, "trick": trick})

    def prompt(self, lang: str = "en") -> str:
        """The shown tricks, then the question (the memory panel shows the tricks and hides them itself)."""
        return f"{self.tricks_text(lang)}\n\n{self.question_text(lang)}"

    def question_text(self, lang: str = "en") -> str:
        """The question alone, asked once the tricks are hidden."""
        params: dict[str, object] = {"seat": self.seat, "tricks": len(self.tricks)}
        if self.card is not None:
            params["card"] = self.card
        if self.suit is not None:
            params["suit"] = self.suit
        return Message(f"count_l_ask_{self.ask}", params).render(lang)

    def tricks_text(self, lang: str) -> str:
        """The shown tricks in words, one per line (what the panel shows before hiding them)."""
        def plays(trick: ShownTrick, one: str) -> str:
            joined = "; " if one == "en" else "；"
            said = [Message("count_l_play", {"seat": s, "cards": p}).render(one) for s, p in trick.seat_plays()]
            return joined.join(said)

        return "\n".join(
            Message("count_l_trick_line", {"number": number, "plays": Text(plays(trick, "en"), plays(trick, "zh"))})
            .render(lang) for number, trick in enumerate(self.tricks, start=1))

    def choices(self) -> list[Choice]:
        """For ``void``, the other seats and "nobody"; a count has no choices (it is typed)."""
        if self.ask != "void":
            return []
        nobody = Message("count_l_nobody")
        seats = [Choice(str(seat), seat_text(seat)) for seat in range(4) if seat != self.seat]
        return [*seats, Choice(NOBODY, Text(nobody.render("en"), nobody.render("zh")))]

    def grade(self, answer: object) -> Grade:
        """Exact: the typed count (a whole number, else ``AnswerError``) or the chosen seat must be the engine's."""
        given = str(answer).strip() if self.ask == "void" else str(answer_int(answer))
        if given == str(self.truth()):
            return Grade(True, (self.working(),))
        return Grade(False, (self.wrong_line(given), self.working()))

    def _counted(self, cards: Sequence[Card]) -> int:
        if self.ask == "points_out":
            return sum(card.points for card in cards)
        if self.ask == "copies_out":
            return sum(1 for card in cards if self.card is not None and card.index == self.card.index)
        return sum(1 for card in cards if self.table.trump.suit_of(card) == TRUMP)

    def wrong_line(self, given: str) -> Message:
        """What this particular wrong answer missed (its own reason, beside the working)."""
        truth = self.truth()
        if self.ask == "void":
            if given == NOBODY:
                return Message("count_l_void_missed", {"seat": int(str(truth)), "suit": self.suit})
            led = any(self.table.trump.suit_of(t.plays[0][0]) == self.suit for t in self.tricks)
            code = "count_l_void_followed" if led else "count_l_void_never_led"
            return Message(code, {"seat": int(given) if given.isdigit() else None, "suit": self.suit})
        assert isinstance(truth, int)
        value = int(given) if given.lstrip("-").isdigit() else truth
        held = self._counted(self.hand)
        played = self._counted([card for trick in self.tricks for card in trick.cards()])
        if held and value == truth + held:
            return Message("count_l_forgot_hand", {"given": value, "held": held})
        if played and value == truth + played:
            return Message("count_l_forgot_played", {"given": value, "played": played})
        code = "count_l_too_many" if value > truth else "count_l_too_few"
        return Message(code, {"given": value, "diff": abs(value - truth)})


def _read_trick(raw: object, number: int) -> ShownTrick:
    field = f"tricks.{number}"
    if not isinstance(raw, Mapping):
        raise FieldError(field, "must be a table with leader and plays")
    plays = require(raw, "plays", field)
    if not isinstance(plays, list) or len(plays) != 4:
        raise FieldError(f"{field}.plays", "must list the four plays, from the leader on")
    cards = tuple(read_cards(play, f"{field}.plays.{k}") for k, play in enumerate(plays))
    if len({len(play) for play in cards}) != 1:
        raise FieldError(f"{field}.plays", "every seat plays as many cards as the leader")
    return ShownTrick(read_seat(require(raw, "leader", field), f"{field}.leader"), cards)


def parse(raw: Raw, table: PositionTable) -> CardMemory:
    """Read a card-memory item: one hand, the shown tricks, what is asked and the stated answer."""
    table.need("hands")
    if len(table.hands) != 1:
        raise FieldError("position.hands", "give exactly one hand: the learner's")
    seat, hand = next(iter(table.hands.items()))
    ask = read_str(require(raw, "ask"), "ask")
    if ask not in ASKS:
        raise FieldError("ask", f"must be one of {', '.join(ASKS)}")
    tricks_raw = require(raw, "tricks")
    if not isinstance(tricks_raw, list) or not tricks_raw:
        raise FieldError("tricks", "must list the tricks shown")
    tricks = tuple(_read_trick(item, n) for n, item in enumerate(tricks_raw))
    seen = Counter(c.index for c in [*hand, *(c for t in tricks for c in t.cards()), *(table.kitty or ())])
    over = [CARDS[index].code for index, count in seen.items() if count > 2]
    if over:
        raise FieldError("tricks", f"shows more than two copies of {', '.join(over)}")
    card = read_cards(require(raw, "card"), "card")[0] if ask == "copies_out" else None
    suit = read_str(require(raw, "suit"), "suit") if ask == "void" else None
    if suit is not None and suit not in (*SUITS, TRUMP):
        raise FieldError("suit", "must be S, H, C, D or T (the trumps)")
    stated = require(raw, "answer")
    stated = stated if ask == "void" else _int(stated)
    return CardMemory(table, seat, hand, tricks, ask, card, suit, str(stated) if ask == "void" else stated)


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise FieldError("answer", f"must be a whole number, not {value!r}")
    return value


def generate(rng: random.Random) -> dict[str, Any]:
    """A fresh item: a random deal, 3–6 tricks of seeded random legal play, one question about them."""
    level, suit = rng.choice("23456789"), rng.choice(("S", "H", "C", "D"))
    trump = Trump(level, suit)
    deck = full_deck()
    rng.shuffle(deck)
    hands = [deck[k * 25:(k + 1) * 25] for k in range(4)]
    dealer = rng.choice((1, 2, 3))
    rules = Rules.preset(rng.choice(("super_tycoon", "classic")))
    playout = Playout(index_tables(trump), rules, dealer, [face_counts(h) for h in hands], dealer, (), 0,
                      [card.index for card in deck[100:]])
    tricks: list[dict[str, Any]] = []
    for _ in range(rng.randint(3, 6)):
        leader, plays = playout.to_act, []
        assert leader is not None
        for _ in range(4):
            options = playout.legal()
            faces = options[rng.randrange(len(options))]
            plays.append(codes(cards_of(faces)))
            playout.play(faces)
        tricks.append({"leader": leader, "plays": plays})
    ask = rng.choice(ASKS)
    held = cards_of(face for face, count in enumerate(playout.counts[0]) for _ in range(count))
    item: dict[str, Any] = {
        "id": f"memory-{rng.randrange(10**9)}", "kind": KIND, "difficulty": 3, "ask": ask, "tricks": tricks,
        "title": {"en": "Card memory", "zh": "记牌"},
        "hint": {"en": "Count what you saw, then what you hold.", "zh": "先数出过的牌，再数自己手里的。"},
        "explanation": {"en": "Every answer comes from the tricks and your hand.",
                        "zh": "答案都能从出过的牌和你的手牌算出来。"},
        "position": {"rules": rules.name, "level": level, "trump": suit, "dealer": dealer,
                     "hands": {"0": codes(trump.sorted(held))}},
    }
    if ask == "copies_out":
        item["card"] = rng.choice([code for trick in tricks for play in trick["plays"] for code in play.split()])
    if ask == "void":
        item["suit"] = rng.choice((*SUITS, TRUMP))
    item["answer"] = 0
    question = parse(item, read_position_table(item["position"]))
    truth = question.truth()
    item["answer"] = str(truth) if ask == "void" else truth
    return item
