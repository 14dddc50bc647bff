"""The 25 tricks of a round (docs/rules.md §4–§6): leads, throw checks, follows, trick winners, points.

``TrickPlay`` starts from four hands and a trump and knows nothing of the deal, so both a
live round and a record replay drive the same code. ``check`` never changes state; ``apply``
takes the result of ``check``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.card_index import EFFECTIVE_SUITS, cards_of, face_counts, faces_in_order, index_tables
from ..engine.cards import CARDS, Card, codes
from ..engine.errors import RuleError
from ..engine.follow import check_follow, missing_cards
from ..engine.rules import Rules
from ..engine.shapes import THROW, shape
from ..engine.throws import ThrowCheck, check_throw
from ..engine.trump import Trump
from .actions import PLAY, Action, Event
from .fastrules import (
    SINGLE_FACES,
    Faces,
    follow_faces,
    held_by_suit,
    lead_faces,
    lead_listing,
    winner_index,
)

CARD_POINTS: tuple[int, ...] = tuple(card.points for card in CARDS)
_SHORT_ACTIONS: dict[Faces, Action] = {}


def play_action(faces: Faces) -> Action:
    """The play action of these faces; singles and pairs are made once and shared."""
    if len(faces) > 2:
        return Action(PLAY, cards_of(faces))
    action = _SHORT_ACTIONS.get(faces)
    if action is None:
        action = _SHORT_ACTIONS[faces] = Action(PLAY, cards_of(faces))
    return action


SINGLE_ACTIONS: tuple[Action, ...] = tuple(play_action((face,)) for face in range(54))
PAIR_ACTIONS: tuple[Action, ...] = tuple(play_action((face, face)) for face in range(54))


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
    """Trick-by-trick play from the first lead to the last card.

    Hands are kept as count arrays over faces (``counts[seat][face]``) and listed plays come from
    ``fastrules``; ``Card`` tuples are built only for what leaves the class (hands, plays, events).
    """

    def __init__(self, hands: Sequence[Sequence[Card]], trump: Trump, rules: Rules, dealer: int) -> None:
        self.trump = trump.under(rules)
        self.rules = rules
        self.dealer = dealer
        self.tables = index_tables(self.trump)
        self.counts: list[list[int]] = [face_counts(hand) for hand in hands]
        self.held: list[dict[str, list[int]]] = [held_by_suit(counts, self.tables) for counts in self.counts]
        """Per seat, each effective suit's held faces strongest first (kept with ``counts``)."""
        self.sizes: list[int] = [len(hand) for hand in hands]
        self._hands: list[tuple[Card, ...] | None] = [None] * 4
        self.first_hands: tuple[tuple[Card, ...], ...] = tuple(self.hand(seat) for seat in range(4))
        self.leader = dealer
        self.next_seat: int | None = dealer if any(self.sizes) else None
        """The seat to play (None once every card is played)."""
        self.trick: tuple[tuple[int, tuple[Card, ...]], ...] = ()
        """The current trick's plays so far, as (seat, cards)."""
        self.finished: tuple[Trick, ...] = ()
        """``tricks`` as a tuple (views share it)."""
        self.plays: list[tuple[Card, ...]] = []
        self.faces: list[Faces] = []
        """The current trick's plays as faces (``plays`` as ints)."""
        self.attempt: tuple[Card, ...] | None = None
        self.blocker: int | None = None
        self.tricks: list[Trick] = []
        self.attackers_points = 0
        self.failed_throws: list[tuple[int, ThrowCheck]] = []

    def resume(
        self,
        leader: int,
        tricks: Sequence[Trick],
        trick: Sequence[tuple[int, tuple[Card, ...]]],
        attackers_points: int,
        attempt: tuple[Card, ...] | None = None,
    ) -> None:
        """Continue a round from its middle: ``tricks`` are finished and ``trick`` (seat, cards) is on
        the table, its cards already gone from the hands this play was made with; ``leader`` leads
        when the table is empty. Search bots play sampled deals on from a seat's view with this."""
        self.tricks = list(tricks)
        self.finished = tuple(tricks)
        self.attackers_points = attackers_points
        self.trick = tuple(trick)
        self.plays = [cards for _, cards in trick]
        self.faces = [tuple(card.index for card in cards) for _, cards in trick]
        self.attempt = attempt
        self.leader = trick[0][0] if trick else leader
        if trick:
            self.next_seat = (trick[-1][0] + 1) % 4
        else:
            self.next_seat = leader if any(self.sizes) else None

    @property
    def hands(self) -> list[list[Card]]:
        """The four hands, each sorted (a fresh list of lists)."""
        return [list(self.hand(seat)) for seat in range(4)]

    def hand(self, seat: int) -> tuple[Card, ...]:
        """One seat's hand, sorted (cached until the seat plays)."""
        cached = self._hands[seat]
        if cached is None:
            cached = self._hands[seat] = tuple(map(CARDS.__getitem__, faces_in_order(self.counts[seat], self.tables)))
        return cached

    @property
    def done(self) -> bool:
        """Every card has been played (25 tricks when all leads are singles, fewer otherwise)."""
        return self.next_seat is None

    @property
    def to_act(self) -> int | None:
        return self.next_seat

    def is_attacker(self, seat: int) -> bool:
        return seat % 2 != self.dealer % 2

    def legal_faces(self, seat: int, limit: int | None) -> list[Faces]:
        """Listed plays as faces: every single, pair and tractor to lead; up to ``limit`` follows."""
        faces = self.faces
        if not faces:
            found = lead_faces(self.counts[seat], self.tables, self.held[seat])
            return found if limit is None else found[:limit]
        lead = faces[0]
        if len(lead) == 1:
            single = SINGLE_FACES
            found = [single[face] for face in self._single_follows(seat, lead[0])]
            return found if limit is None else found[:limit]
        return follow_faces(lead, self.counts[seat], self.tables, limit)

    def _single_follows(self, seat: int, lead: int) -> list[int]:
        """``fastrules.single_follows`` from the held faces kept per suit."""
        held = self.held[seat]
        pool = held[self.tables.suit_of[lead]]
        return pool or [face for suit in EFFECTIVE_SUITS for face in held[suit]]

    def legal(self, seat: int, limit: int | None) -> list[tuple[Card, ...]]:
        """Listed plays: every single, pair and tractor to lead; up to ``limit`` follows."""
        return [cards_of(faces) for faces in self.legal_faces(seat, limit)]

    def legal_actions(self, seat: int, limit: int | None) -> list[Action]:
        """``legal`` as play actions (short ones shared between rounds: actions are immutable)."""
        singles = SINGLE_ACTIONS
        if not self.faces:
            found = lead_listing(self.counts[seat], self.tables, singles, PAIR_ACTIONS, play_action, self.held[seat])
            return found if limit is None else found[:limit]
        if len(self.faces[0]) == 1:
            found = [singles[face] for face in self._single_follows(seat, self.faces[0][0])]
            return found if limit is None else found[:limit]
        return [
            singles[faces[0]] if len(faces) == 1 else play_action(faces)
            for faces in self.legal_faces(seat, limit)
        ]

    def listed(self, cards: Sequence[Card]) -> Checked:
        """Accept a play taken from ``legal`` (no check needed)."""
        return Checked(self.listed_cards(cards))

    def listed_cards(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        """A play taken from ``legal``, sorted as it goes on the table (``apply_listed`` takes it)."""
        if len(cards) < 2:
            return cards if isinstance(cards, tuple) else tuple(cards)
        position = self.tables.position
        return tuple(sorted(cards, key=lambda card: position[card.index]))

    def check(self, seat: int, cards: Sequence[Card]) -> Checked:
        """Is ``cards`` a legal lead or follow for ``seat``? Raises ``RuleError`` if not."""
        hand = self.hand(seat)
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
        others = [self.hand((seat + k) % 4) for k in (1, 2, 3)]
        result = check_throw(cards, others, self.trump, self.rules)
        return Checked(tuple(self.trump.sorted(result.forced)), result)

    def apply(self, seat: int, checked: Checked) -> tuple[Event, list[Event]]:
        """Play accepted cards; returns the play's event and what followed (a finished trick)."""
        if checked.throw is None:
            return self.apply_listed(seat, checked.cards)
        cards = checked.cards
        self._remove(seat, cards)
        event = self._play_event(seat, checked)
        return event, self._next(seat)

    def apply_listed(self, seat: int, cards: tuple[Card, ...]) -> tuple[Event, list[Event]]:
        """``apply`` for a play that needs no throw check (sorted as ``listed`` sorts it)."""
        counts = self.counts[seat]  # _remove and _next written in, for the hot path
        if len(cards) == 1:
            face = cards[0].index
            faces: Faces = SINGLE_FACES[face]
            counts[face] -= 1
            if not counts[face]:
                self.held[seat][self.tables.suit_of[face]].remove(face)
        else:
            faces = tuple([card.index for card in cards])
            held, suit_of = self.held[seat], self.tables.suit_of
            for face in faces:
                counts[face] -= 1
                if not counts[face]:
                    held[suit_of[face]].remove(face)
        self.sizes[seat] -= len(faces)
        self._hands[seat] = None
        plays = self.plays
        plays.append(cards)
        self.faces.append(faces)
        self.trick = (*self.trick, (seat, cards))
        event = Event("play", seat, cards, {"seat": seat, "cards": cards})
        if len(plays) == 4:
            return event, [self._finish_trick()]
        self.next_seat = (seat + 1) % 4
        return event, []

    def _remove(self, seat: int, cards: tuple[Card, ...]) -> None:
        """Take the played cards from the hand and put them on the table."""
        counts, held, suit_of = self.counts[seat], self.held[seat], self.tables.suit_of
        faces: Faces = tuple([card.index for card in cards])
        for face in faces:
            counts[face] -= 1
            if not counts[face]:
                held[suit_of[face]].remove(face)
        self.sizes[seat] -= len(faces)
        self._hands[seat] = None
        self.plays.append(cards)
        self.faces.append(faces)
        self.trick = (*self.trick, (seat, cards))

    def _next(self, seat: int) -> list[Event]:
        if len(self.plays) == 4:
            return [self._finish_trick()]
        self.next_seat = (seat + 1) % 4
        return []

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
        winner = (self.leader + winner_index(self.faces, self.tables)) % 4
        points = CARD_POINTS
        won = sum([points[face] for play in self.faces for face in play])
        trick = Trick(
            len(self.tricks) + 1, self.leader, tuple(self.plays), winner, won, self.attempt, self.blocker
        )
        self.tricks.append(trick)
        self.finished = (*self.finished, trick)
        if winner % 2 != self.dealer % 2:  # the attackers won it
            self.attackers_points += won
        self.leader = winner
        self.next_seat = winner if any(self.sizes) else None
        self.plays = []
        self.faces = []
        self.trick = ()
        self.attempt = None
        self.blocker = None
        params = {"seat": winner, "number": trick.number, "points": won}
        return Event("trick", winner, params=params)

    def current(self) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """The current trick's plays so far, as (seat, cards)."""
        return self.trick
