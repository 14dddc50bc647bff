"""The 25 tricks of a round (RULES.md §4–§6): leads, throw checks, follows, trick winners, points.

``TrickPlay`` starts from four hands and a trump and knows nothing of the deal, so both a
live round and a record replay drive the same code. ``check`` never changes state; ``apply``
takes the result of ``check``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.cards import CARDS, Card, codes
from ..engine.errors import RuleError
from ..engine.follow import check_follow, legal_leads, legal_plays, missing_cards
from ..engine.rules import Rules
from ..engine.shapes import THROW, shape
from ..engine.throws import ThrowCheck, check_throw
from ..engine.tricks import trick_winner
from ..engine.trump import Trump
from .actions import Event

CARD_POINTS: tuple[int, ...] = tuple(card.points for card in CARDS)


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: ``plays`` in play order from ``leader``; ``attempt`` is a failed throw."""

    number: int
    leader: int
    plays: tuple[tuple[Card, ...], ...]
    winner: int
    points: int
    attempt: tuple[Card, ...] | None = None
    blocker: int | None = None

    def seat_of(self, index: int) -> int:
        """The seat that made ``plays[index]``."""
        return (self.leader + index) % 4

    def play_of(self, seat: int) -> tuple[Card, ...]:
        return self.plays[(seat - self.leader) % 4]

    def to_json(self) -> dict[str, object]:
        return {
            "leader": self.leader,
            "attempt": None if self.attempt is None else codes(self.attempt).split(),
            "plays": [codes(play).split() for play in self.plays],
            "winner": self.winner,
            "points": self.points,
        }


@dataclass(frozen=True, slots=True)
class Checked:
    """An accepted play: the cards that go on the table, and the throw check of a throw lead."""

    cards: tuple[Card, ...]
    throw: ThrowCheck | None = None


class TrickPlay:
    """Trick-by-trick play from the first lead to the last card."""

    def __init__(self, hands: Sequence[Sequence[Card]], trump: Trump, rules: Rules, dealer: int) -> None:
        self.trump = trump
        self.rules = rules
        self.dealer = dealer
        self.hands: list[list[Card]] = [trump.sorted(hand) for hand in hands]
        self.first_hands: tuple[tuple[Card, ...], ...] = tuple(tuple(h) for h in self.hands)
        self.leader = dealer
        self.plays: list[tuple[Card, ...]] = []
        self.attempt: tuple[Card, ...] | None = None
        self.blocker: int | None = None
        self.tricks: list[Trick] = []
        self.attackers_points = 0
        self.failed_throws: list[tuple[int, ThrowCheck]] = []

    @property
    def done(self) -> bool:
        """Every card has been played (25 tricks when all leads are singles, fewer otherwise)."""
        return not self.plays and not any(self.hands)

    @property
    def to_act(self) -> int | None:
        return None if self.done else (self.leader + len(self.plays)) % 4

    def is_attacker(self, seat: int) -> bool:
        return seat % 2 != self.dealer % 2

    def legal(self, seat: int, limit: int | None) -> list[tuple[Card, ...]]:
        """Listed plays: every single, pair and tractor to lead; up to ``limit`` follows."""
        hand = self.hands[seat]
        if not self.plays:
            return [tuple(p) for p in legal_leads(hand, self.trump)]
        lead = self.plays[0]
        if len(lead) == 1:
            # A single lead: any card of the led suit, or any card when void (RULES.md §5).
            suit_of = self.trump.tables.suit_of
            suit = suit_of[lead[0].index]
            pool = [card for card in hand if suit_of[card.index] == suit] or hand
            singles: list[tuple[Card, ...]] = [(card,) for card in dict.fromkeys(pool)]
            return singles[:limit]
        return [tuple(p) for p in legal_plays(lead, hand, self.trump, limit=limit)]

    def check(self, seat: int, cards: Sequence[Card]) -> Checked:
        """Is ``cards`` a legal lead or follow for ``seat``? Raises ``RuleError`` if not."""
        hand = self.hands[seat]
        if not cards:
            raise RuleError("empty_play")
        if self.plays:
            verdict = check_follow(self.plays[0], hand, cards, self.trump)
            if verdict.code is not None:
                raise RuleError(verdict.code, verdict.params)
            return Checked(tuple(self.trump.sorted(cards)))
        missing = missing_cards(hand, cards)
        if missing:
            raise RuleError("not_in_hand", {"cards": tuple(missing)})
        lead = shape(cards, self.trump)
        if lead.kind != THROW:
            return Checked(tuple(self.trump.sorted(cards)))
        others = [self.hands[(seat + k) % 4] for k in (1, 2, 3)]
        result = check_throw(cards, others, self.trump, self.rules)
        return Checked(tuple(self.trump.sorted(result.forced)), result)

    def apply(self, seat: int, checked: Checked) -> tuple[Event, list[Event]]:
        """Play accepted cards; returns the play's event and what followed (a finished trick)."""
        hand = self.hands[seat]
        for card in checked.cards:
            hand.remove(card)
        self.plays.append(checked.cards)
        event = self._play_event(seat, checked)
        then: list[Event] = []
        if len(self.plays) == 4:
            then.append(self._finish_trick())
        return event, then

    def _play_event(self, seat: int, checked: Checked) -> Event:
        params: dict[str, object] = {"seat": seat, "cards": checked.cards}
        throw = checked.throw
        if throw is None:
            return Event("play", seat, checked.cards, params)
        if throw.ok:
            return Event("throw_ok", seat, checked.cards, params, throw)
        blocker = (seat + 1 + (throw.blocker or 0)) % 4
        self.attempt = tuple(self.trump.sorted(throw.throw))
        self.blocker = blocker
        self.failed_throws.append((seat, throw))
        params.update(
            blocker=blocker,
            team=seat % 2,
            attempt=self.attempt,
            beater=throw.beater,
            component=throw.beaten.cards if throw.beaten else (),
            penalty=f"{self.rules.throw_penalty:g}",
        )
        kind = "throw_failed" if self.rules.throw_penalty else "throw_failed_free"
        return Event(kind, seat, checked.cards, params, throw)

    def _finish_trick(self) -> Event:
        winner = (self.leader + trick_winner(self.plays, self.trump)) % 4
        won = sum(CARD_POINTS[card.index] for play in self.plays for card in play)
        trick = Trick(
            len(self.tricks) + 1, self.leader, tuple(self.plays), winner, won, self.attempt, self.blocker
        )
        self.tricks.append(trick)
        if self.is_attacker(winner):
            self.attackers_points += won
        self.leader = winner
        self.plays = []
        self.attempt = None
        self.blocker = None
        params = {"seat": winner, "number": trick.number, "points": won}
        return Event("trick", winner, params=params)

    def current(self) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """The current trick's plays so far, as (seat, cards)."""
        return tuple(((self.leader + i) % 4, play) for i, play in enumerate(self.plays))
