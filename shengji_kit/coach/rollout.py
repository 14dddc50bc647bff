"""RuleBot play-outs for search bots, on ``game.playout.Playout``.

``RuleRollout`` plays every seat of a play-out as RuleBot would (``bots/face_tactics.py``: the
same lead and follow scores over count arrays, each seat judging from the cards it has not seen
and the voids shown), with no ``SeatView``, ``Card`` or ``Action`` built per decision. Like
RuleBot it leads a safe throw (no part of it can be beaten by cards the seat has not seen) when
that scores best; a throw safe from the seat's view cannot fail in the play-out, so it is not checked.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.card_index import EFFECTIVE_SUITS, IndexTables
from ..game.bots.face_tactics import FaceDecision
from ..game.fastrules import Faces, follow_faces, lead_faces
from ..game.playout import Playout
from ..game.round import FOLLOW_LIMIT


class RuleRollout:
    """Chooses each seat's play in a ``Playout`` by RuleBot's rules of thumb.

    Per seat it keeps what that seat has not seen (``unseen``, kept up to date play by play, with
    per-suit totals; the ``burier`` has seen the kitty) and its cards per suit; ``voids`` holds
    the suits each seat has shown it is out of. ``play`` notes a play and makes it; ``run``
    chooses and plays to the last card.
    """

    __slots__ = ("held_suits", "tables", "throws", "unseen", "unseen_suits", "voids")

    def __init__(
        self, playout: Playout, burier: int, voids: Sequence[frozenset[str] | set[str]], throws: bool = True
    ) -> None:
        tables = playout.tables
        self.throws = throws and playout.rules.throws_allowed
        """Lead safe throws as RuleBot does (else only listed leads; never when the rules allow no throws)."""
        self.tables = tables
        kitty = [0] * 54
        for face in playout.kitty:
            kitty[face] += 1
        left = kitty[:]
        for counts in playout.counts:
            for face in range(54):
                left[face] += counts[face]
        self.unseen: list[list[int]] = []
        """Per seat, copies of each face it has not seen (in other hands, or the kitty unless it buried it)."""
        for seat, hand in enumerate(playout.counts):
            hidden = kitty if seat == burier else [0] * 54
            self.unseen.append([left[face] - hand[face] - hidden[face] for face in range(54)])
        suit_faces = tables.suit_faces
        self.unseen_suits = [
            {suit: sum([unseen[face] for face in suit_faces[suit]]) for suit in EFFECTIVE_SUITS}
            for unseen in self.unseen
        ]
        self.held_suits = [
            {suit: sum([hand[face] for face in suit_faces[suit]]) for suit in EFFECTIVE_SUITS}
            for hand in playout.counts
        ]
        self.voids = [set(seat_voids) for seat_voids in voids]

    def clone(self) -> RuleRollout:
        other = RuleRollout.__new__(RuleRollout)
        other.tables = self.tables
        other.throws = self.throws
        other.unseen = [unseen[:] for unseen in self.unseen]
        other.unseen_suits = [dict(suits) for suits in self.unseen_suits]
        other.held_suits = [dict(suits) for suits in self.held_suits]
        other.voids = [set(seat_voids) for seat_voids in self.voids]
        return other

    def note(self, playout: Playout, faces: Faces) -> None:
        """Record ``faces`` played by ``playout.to_act`` (before ``playout.play``): cards and voids."""
        seat = playout.to_act
        assert seat is not None
        suit_of = self.tables.suit_of
        held = self.held_suits[seat]
        for face in faces:
            held[suit_of[face]] -= 1
        for other in range(4):
            if other != seat:
                unseen = self.unseen[other]
                suits = self.unseen_suits[other]
                for face in faces:
                    unseen[face] -= 1
                    suits[suit_of[face]] -= 1
        if playout.trick:
            lead = playout.trick[0]
            suit = suit_of[lead[0]]
            if sum([1 for face in faces if suit_of[face] == suit]) < len(lead):
                self.voids[seat].add(suit)

    def play(self, playout: Playout, faces: Faces) -> None:
        """Make ``faces`` the next play (noted here, then played)."""
        self.note(playout, faces)
        playout.play(faces)

    def run(self, playout: Playout, stop_after: int | None = None) -> None:
        """Play on to the last card, or until ``stop_after`` more tricks are complete."""
        tricks = 0
        while playout.to_act is not None:
            leading = not playout.trick
            if leading and stop_after is not None and tricks >= stop_after:
                return
            options = listed(playout)
            faces = options[0] if len(options) == 1 else self.choose(playout, options)
            self.play(playout, faces)
            if not playout.trick:
                tricks += 1

    def choose(self, playout: Playout, options: list[Faces]) -> Faces:
        """RuleBot's choice for the seat to act among the listed plays."""
        seat = playout.to_act
        assert seat is not None
        decision = FaceDecision(
            self.tables, seat, playout.counts[seat], self.held_suits[seat], self.unseen[seat], self.unseen_suits[seat],
            self.voids, playout.trick, playout.leader,
        )
        if not playout.trick:
            index = decision.lead(options, self.throws)
            return options[index] if index < len(options) else decision.throws[index - len(options)]
        return options[decision.follow(options)]


def listed(playout: Playout) -> list[Faces]:
    """The plays listed for the seat to act, as ``Round.legal_actions`` lists them (follows up to its limit)."""
    seat = playout.to_act
    assert seat is not None
    if not playout.trick:
        return lead_faces(playout.counts[seat], playout.tables)
    return follow_faces(playout.trick[0], playout.counts[seat], playout.tables, FOLLOW_LIMIT)


def shown_voids(tables: IndexTables, tricks: Sequence[tuple[int, Sequence[Faces]]]) -> list[set[str]]:
    """The suits each seat showed it is out of in ``tricks`` ((leader, plays) pairs, plays as faces)."""
    suit_of = tables.suit_of
    voids: list[set[str]] = [set(), set(), set(), set()]
    for leader, plays in tricks:
        lead = plays[0]
        suit = suit_of[lead[0]]
        for index, play in enumerate(plays):
            if index and sum(1 for face in play if suit_of[face] == suit) < len(lead):
                voids[(leader + index) % 4].add(suit)
    return voids
