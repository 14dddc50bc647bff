"""RuleBot's trick play over faces and count arrays: the same choices as ``tactics.py``, much cheaper.

``FaceDecision`` scores leads (``tactics.lead_score``, safe throws included) and follows
(``tactics.choose_follow``) exactly as RuleBot does, from count arrays instead of a ``SeatView``,
``Card`` tuples and ``Action`` lists. RuleBot's fast path (``RuleBot.choose_play``) and the
search bot's play-outs (``coach/rollout.py``) both decide here; tests/game/test_face_tactics.py
checks on seeded rounds that it chooses what ``RuleBot.choose`` chooses.
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence

from ...engine.card_index import EFFECTIVE_SUITS, FACE_POINTS, IndexTables, cards_of
from ...engine.shapes import THROW, has_tractor_above, shape, shape_of_faces
from ...engine.tricks import play_key
from ...engine.trump import TRUMP
from ..fastrules import Faces, short_play_key, winner_index
from .tactics import face_costs, follow_score

Key = tuple[int, int]


class FaceDecision:
    """One seat's play decision over faces: what it holds, what it has not seen, the voids shown.

    ``hand`` and ``unseen`` are count arrays, ``held`` and ``unseen_suits`` their totals per
    effective suit, ``voids`` the suits each seat has shown it is out of, ``trick`` the current
    trick's plays as faces from ``leader``. ``lead(options)`` / ``follow(options)`` give the index
    of RuleBot's choice (``tactics.choose_lead`` / ``choose_follow``); a lead index past the
    listed options is a safe throw, ``throws[index - len(options)]``.
    """

    __slots__ = (
        "_cache", "_tops", "costs", "hand", "held", "leader", "seat", "tables", "throws", "trick", "unseen",
        "unseen_suits", "voids",
    )

    def __init__(
        self,
        tables: IndexTables,
        seat: int,
        hand: Sequence[int],
        held: Mapping[str, int],
        unseen: Sequence[int],
        unseen_suits: Mapping[str, int],
        voids: Sequence[Container[str]],
        trick: Sequence[Faces],
        leader: int,
    ) -> None:
        self.tables = tables
        self.costs = face_costs(tables.trump)
        self.seat = seat
        self.hand = hand
        self.held = held
        self.unseen = unseen
        self.unseen_suits = unseen_suits
        self.voids = voids
        self.trick = trick
        self.leader = leader
        self.throws: list[Faces] = []
        self._cache: dict[tuple[object, ...], bool] = {}
        self._tops: dict[tuple[str, int], int] = {}

    def void(self, seat: int, suit: str) -> bool:
        return suit in self.voids[seat] or self.unseen_suits[suit] == 0

    def beatable(self, kind: str, pairs: int, top: int, suit: str) -> bool:
        """Could unseen cards of ``suit`` form a single / pair / ``pairs``-tractor above step ``top``?"""
        if kind == "single":
            return self.top_step(suit, 1) > top
        if kind == "pair":
            return self.top_step(suit, 2) > top
        key = (kind, pairs, top, suit)
        found = self._cache.get(key)
        if found is None:
            unseen = self.unseen
            step = self.tables.step
            per_step = [0] * self.tables.trump.tables.slots
            for face in self.tables.suit_faces[suit]:
                if unseen[face] >= 2:
                    per_step[step[face]] += 1
            found = self._cache[key] = has_tractor_above(per_step, pairs, top) is not None
        return found

    def top_step(self, suit: str, copies: int) -> int:
        """The highest step of an unseen face of ``suit`` with ``copies`` copies unseen (-1 for none)."""
        key = (suit, copies)
        found = self._tops.get(key)
        if found is None:
            found = -1
            unseen = self.unseen
            for face in self.tables.suit_faces[suit]:  # strongest first
                if unseen[face] >= copies:
                    found = self.tables.step[face]
                    break
            self._tops[key] = found
        return found

    # --- leading (tactics.lead_score) ---------------------------------------------------

    def safe_throws(self) -> list[Faces]:
        """``tactics.safe_throws``: throws whose every part no unseen cards can beat, one per suit at most."""
        tables = self.tables
        trump = tables.trump
        hand = self.hand
        held = self.held
        found: list[Faces] = []
        step = tables.step
        for suit in EFFECTIVE_SUITS:
            if held[suit] < 2:
                continue
            owned = [face for face in tables.suit_faces[suit] if hand[face]]
            pairs = [face for face in owned if hand[face] >= 2]
            if len(pairs) < 2:
                # no tractor: the parts are the pairs and the singles; fewer than two sure ones, no throw
                top_single, top_pair = self.top_step(suit, 1), self.top_step(suit, 2)
                sure_parts = sum(1 for face in owned if hand[face] == 1 and step[face] >= top_single)
                sure_parts += sum(1 for face in pairs if step[face] >= top_pair)
                if sure_parts < 2:
                    continue
            faces = [face for face in owned for _ in range(hand[face])]
            components = shape_of_faces(faces, trump, suit).components
            sure = [c for c in components if not self.beatable(c.kind, c.pairs, c.top, suit)]
            if len(sure) < 2:
                continue
            throw = tuple(card.index for c in sure for card in c.cards)
            thrown = shape_of_faces(throw, trump, suit)
            if thrown.kind == THROW and all(not self.beatable(c.kind, c.pairs, c.top, suit) for c in thrown.components):
                found.append(throw)
        return found

    def lead(self, options: Sequence[Faces], throws: bool = True) -> int:
        """The index of RuleBot's lead among ``options`` and then the safe throws (if ``throws``)."""
        tables = self.tables
        suit_of = tables.suit_of
        step = tables.step
        costs = self.costs
        seat = self.seat
        opponents = ((seat + 1) % 4, (seat + 3) % 4)
        partner = (seat + 2) % 4
        trumps_out = self.unseen_suits[TRUMP]
        held = self.held
        best_score = -1e18
        best = 0
        found = self.throws = self.safe_throws() if throws else []
        listed = len(options)
        for index, faces in enumerate([*options, *found] if found else options):
            suit = suit_of[faces[0]]
            n = len(faces)
            if index >= listed:
                kind, pairs = THROW, 0
            elif n == 1:
                kind, pairs = "single", 0
            elif n == 2:
                kind, pairs = "pair", 1
            else:
                kind, pairs = "tractor", n // 2
            if kind == THROW:
                boss = True  # a safe throw: no part of it can be beaten
            else:
                top = max([step[face] for face in faces])
                boss = not self.beatable(kind, pairs, top, suit)
            ruff_risk = (
                suit != TRUMP and trumps_out > 0 and (self.void(opponents[0], suit) or self.void(opponents[1], suit))
            )
            points = sum([FACE_POINTS[face] for face in faces])
            if boss and not ruff_risk:
                score = 40.0 + 8 * n + 2 * points
                if suit == TRUMP and trumps_out == 0:
                    score -= 30
            else:
                cost = sum([costs[face] for face in faces])
                score = -0.8 * cost - 3 * points
                if kind == "tractor":
                    score += 15
                elif kind == "pair":
                    score += 4
                if suit == TRUMP:
                    score += 6 if held[TRUMP] >= max(8, trumps_out) else -6
                else:
                    score += 2 * max(0, 6 - held[suit])
                    if self.void(partner, suit) and not ruff_risk and trumps_out:
                        score += 12
            if score > best_score:
                best_score, best = score, index
        return best

    # --- following (tactics.choose_follow) -----------------------------------------------

    def follow(self, options: Sequence[Faces]) -> int:
        """The index of RuleBot's follow among ``options``."""
        tables = self.tables
        suit_of = tables.suit_of
        costs = self.costs
        plays = self.trick
        seat = self.seat
        leader = self.leader
        lead = plays[0]
        suit = suit_of[lead[0]]
        n = len(lead)
        short = n == 1 or (n == 2 and lead[0] == lead[1])
        if short:
            main_kind, main_pairs = ("single", 0) if n == 1 else ("pair", 1)
            throw = False
            lead_shape = None
        else:
            lead_shape = shape(cards_of(lead), tables.trump)
            main_kind, main_pairs = lead_shape.main_shape
            throw = lead_shape.kind == "throw"

        def key_of(faces: Faces) -> Key | None:
            if short:
                return short_play_key(faces, suit, tables)
            assert lead_shape is not None
            return play_key(cards_of(faces), lead_shape, tables.trump)

        win = winner_index(plays, tables)
        winner_seat = (leader + win) % 4
        best_key = key_of(plays[win])
        assert best_key is not None
        partner = (seat + 2) % 4
        later_opponents = [s for s in ((seat + k) % 4 for k in range(1, 4 - len(plays))) if s % 2 != seat % 2]
        on_table = sum([FACE_POINTS[face] for play in plays for face in play])
        trumps_out = self.unseen_suits[TRUMP]

        def can_beat(other: int, key: Key) -> bool:
            void = self.void(other, suit)
            if key[0] == 1:
                return void and self.beatable(main_kind, main_pairs, key[1], TRUMP)
            if suit != TRUMP and void and trumps_out >= n:
                return True
            if throw or void:
                return False
            return self.beatable(main_kind, main_pairs, key[1], suit)

        partner_wins = winner_seat == partner
        partner_sure = partner_wins and not any(can_beat(s, best_key) for s in later_opponents)
        best_score = -1e18
        best = 0
        if n == 1:
            return self._follow_single(options, suit, best_key, partner_wins, partner_sure, later_opponents, on_table)
        for index, faces in enumerate(options):
            ruff = suit != TRUMP and all(suit_of[face] == TRUMP for face in faces)
            key = key_of(faces) if ruff or not throw else None
            beats = key is not None and key > best_key and not (throw and key[0] == 0)
            points = sum([FACE_POINTS[face] for face in faces])
            cost = sum([costs[face] for face in faces])
            sure = None
            if beats and key is not None:
                sure = not any(can_beat(s, key) for s in later_opponents)
            score = follow_score(sure, partner_wins, partner_sure, on_table, points, cost)
            if score > best_score:
                best_score, best = score, index
        return best

    def _follow_single(
        self, options: Sequence[Faces], suit: str, best_key: Key, partner_wins: bool, partner_sure: bool,
        later_opponents: list[int], on_table: int,
    ) -> int:
        """``follow`` of a single lead: every option is one card."""
        tables = self.tables
        suit_of = tables.suit_of
        step = tables.step
        costs = self.costs
        points_of = FACE_POINTS
        trumps_out = self.unseen_suits[TRUMP]
        plain = suit != TRUMP
        # can_beat(other, key) for a single: depends on the other's voids and the key only
        voids = [self.void(other, suit) for other in later_opponents]
        top_trump = self.top_step(TRUMP, 1) if any(voids) else -1
        top_suit = self.top_step(suit, 1)
        best_score = -1e18
        best = 0
        for index, faces in enumerate(options):
            face = faces[0]
            face_suit = suit_of[face]
            if face_suit == suit:
                key: Key | None = (0, step[face])
            elif face_suit == TRUMP:
                key = (1, step[face])
            else:
                key = None
            points = points_of[face]
            cost = costs[face]
            sure: bool | None = None
            if key is not None and key > best_key:
                sure = True
                for void in voids:
                    if key[0] == 1:
                        beaten = void and top_trump > key[1]
                    elif plain and void and trumps_out >= 1:
                        beaten = True
                    else:
                        beaten = not void and top_suit > key[1]
                    if beaten:
                        sure = False
                        break
            score = follow_score(sure, partner_wins, partner_sure, on_table, points, cost)
            if score > best_score:
                best_score, best = score, index
        return best
