"""Fast play-outs for search bots: a trick-play position over faces, cheap to copy and run to the end.

``Playout.from_view(view, hidden, kitty)`` starts from what one seat sees plus a guess of the
hidden cards; ``clone()`` copies it; ``play(faces)`` makes one listed play; ``run(policy)``
plays to the last card and returns the attackers' final total (trick points plus the kitty's
points times its multiplier when they win the last trick). Plays are listed leads (singles,
pairs, tractors: no throws) and follows, exactly as ``Round.legal_actions`` lists them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from ..engine.card_index import FACE_POINTS, IndexTables, cards_of, face_counts, index_tables
from ..engine.cards import Card
from ..engine.rules import Rules
from ..engine.scoring import kitty_multiplier
from .fastrules import Faces, follow_faces, lead_faces, winner_index
from .views import SeatView, rules_of

Policy = Callable[["Playout", list[Faces]], Faces]
"""Chooses one of the listed plays (given as faces) for ``playout.to_act``."""


class Playout:
    """Trick play from some position to the last card, over count arrays (no ``Card`` objects)."""

    __slots__ = (
        "attackers_points", "counts", "dealer", "kitty", "last_lead", "last_winner", "leader", "rules", "sizes",
        "tables", "to_act", "trick",
    )

    def __init__(
        self,
        trump_tables: IndexTables,
        rules: Rules,
        dealer: int,
        hands: Sequence[Sequence[int]],
        leader: int,
        trick: Sequence[Faces] = (),
        attackers_points: int = 0,
        kitty: Sequence[int] = (),
    ) -> None:
        """Start from four count arrays (``hands[seat][face]``) and the current trick's plays."""
        self.tables = trump_tables
        self.rules = rules
        self.dealer = dealer
        self.counts = [list(counts) for counts in hands]
        self.sizes = [sum(counts) for counts in self.counts]
        self.leader = leader
        self.trick: list[Faces] = list(trick)
        self.attackers_points = attackers_points
        self.kitty: tuple[int, ...] = tuple(kitty)
        """The buried cards as faces (their points count only if the attackers win the last trick)."""
        self.last_lead: Faces = ()
        self.last_winner = -1
        self.to_act: int | None = (leader + len(self.trick)) % 4 if any(self.sizes) else None

    @classmethod
    def from_view(
        cls,
        view: SeatView,
        hidden: Mapping[int, Sequence[Card]],
        kitty: Sequence[Card] | None = None,
    ) -> Playout:
        """The position ``view`` shows, with ``hidden``: the other seats' hands (a guess or the truth).

        ``kitty`` is needed when the view does not show it (the seat did not bury it).
        """
        if view.trump is None or view.dealer is None or view.phase != "play":
            raise ValueError("a play-out starts during the play of the tricks")
        buried = view.kitty if view.kitty is not None else kitty
        if buried is None:
            raise ValueError("the kitty is hidden from this seat: pass a guess of it")
        hands: list[list[int]] = []
        for seat in range(4):
            cards = view.hand if seat == view.seat else hidden[seat]
            if len(cards) != view.hand_sizes[seat]:
                raise ValueError(f"seat {seat} holds {view.hand_sizes[seat]} cards, not {len(cards)}")
            hands.append(face_counts(cards))
        seen = [0] * 54
        for counts in (*hands, face_counts(buried)):
            for face, count in enumerate(counts):
                seen[face] += count
        for finished in view.tricks:
            for play in finished.plays:
                for card in play:
                    seen[card.index] += 1
        for _, play in view.trick:
            for card in play:
                seen[card.index] += 1
        if seen != [2] * 54:
            raise ValueError("hands, kitty and played cards must hold every card exactly twice")
        leader = view.trick[0][0] if view.trick else view.to_act
        assert leader is not None
        trick = [tuple(card.index for card in play) for _, play in view.trick]
        rules = rules_of(view)
        playout = cls(
            index_tables(view.trump.under(rules)), rules, view.dealer, hands, leader, trick,
            view.attackers_points, [card.index for card in buried],
        )
        if view.tricks:
            last = view.tricks[-1]
            playout.last_lead = tuple(card.index for card in last.plays[0])
            playout.last_winner = last.winner
        return playout

    def clone(self) -> Playout:
        """An independent copy (the count arrays are copied; tables and rules are shared)."""
        other = Playout.__new__(Playout)
        other.tables = self.tables
        other.rules = self.rules
        other.dealer = self.dealer
        other.counts = [counts[:] for counts in self.counts]
        other.sizes = self.sizes[:]
        other.leader = self.leader
        other.trick = self.trick[:]
        other.attackers_points = self.attackers_points
        other.kitty = self.kitty
        other.last_lead = self.last_lead
        other.last_winner = self.last_winner
        other.to_act = self.to_act
        return other

    def legal(self) -> list[Faces]:
        """The listed plays of the seat to act, as ``Round.legal_actions(seat, limit=None)`` lists them."""
        seat = self.to_act
        if seat is None:
            return []
        if not self.trick:
            return lead_faces(self.counts[seat], self.tables)
        return follow_faces(self.trick[0], self.counts[seat], self.tables)

    def play(self, faces: Faces) -> None:
        """Make one listed play for the seat to act (not checked: take it from ``legal``)."""
        seat = self.to_act
        assert seat is not None, "the play-out is over"
        counts = self.counts[seat]
        for face in faces:
            counts[face] -= 1
        self.sizes[seat] -= len(faces)
        trick = self.trick
        trick.append(faces)
        if len(trick) < 4:
            self.to_act = (seat + 1) % 4
            return
        winner = (self.leader + winner_index(trick, self.tables)) % 4
        if winner % 2 != self.dealer % 2:
            points = FACE_POINTS
            self.attackers_points += sum([points[face] for play in trick for face in play])
        self.last_lead = trick[0]
        self.last_winner = winner
        self.leader = winner
        self.trick = []
        self.to_act = winner if self.sizes[winner] else None

    def run(self, policy: Policy | Sequence[Policy]) -> int:
        """Play to the last card (one policy for all seats, or one per seat); the attackers' total."""
        policies = [policy] * 4 if callable(policy) else list(policy)
        while self.to_act is not None:
            self.play(policies[self.to_act](self, self.legal()))
        return self.final_total()

    def final_total(self) -> int:
        """Attackers' points, plus the kitty's points times the multiplier if they won the last trick."""
        if self.to_act is not None:
            raise ValueError("the play-out is not over")
        if self.last_winner % 2 == self.dealer % 2 or not self.last_lead:
            return self.attackers_points
        kitty_points = sum(FACE_POINTS[face] for face in self.kitty)
        return self.attackers_points + kitty_points * kitty_multiplier(
            cards_of(self.last_lead), self.tables.trump, self.rules
        )


def random_policy(seed: int | None = None) -> Policy:
    """Uniformly random among the listed plays (a seeded ``random.Random``)."""
    rng = random.Random(seed)

    def choose(playout: Playout, options: list[Faces]) -> Faces:
        return options[rng.randrange(len(options))]

    return choose


def unseen_cards(view: SeatView) -> list[Card]:
    """The cards ``view``'s seat has not seen: the other hands, and the kitty when it is hidden."""
    counts = [2] * 54
    shown = [*view.hand, *(view.kitty or ())]
    shown += [card for trick in view.tricks for play in trick.plays for card in play]
    shown += [card for _, play in view.trick for card in play]
    for card in shown:
        counts[card.index] -= 1
    return list(cards_of(face for face, count in enumerate(counts) for _ in range(count)))


def deal_hidden(view: SeatView, rng: random.Random) -> tuple[dict[int, list[Card]], list[Card] | None]:
    """A uniformly random guess of the hidden cards: the other seats' hands, and the kitty if hidden.

    Only the hand sizes are respected (not the voids the play has shown): a search bot that
    wants a sharper guess deals its own and passes it to ``Playout.from_view``.
    """
    cards = unseen_cards(view)
    rng.shuffle(cards)
    hidden: dict[int, list[Card]] = {}
    for seat in range(4):
        if seat != view.seat:
            size = view.hand_sizes[seat]
            hidden[seat], cards = cards[:size], cards[size:]
    return hidden, (cards if view.kitty is None else None)
