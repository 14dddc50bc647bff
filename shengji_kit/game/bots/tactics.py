"""How ``RuleBot`` leads and follows: score every listed play with a club player's rules of thumb.

Leading: sure winners and tractors first, safe throws (no unseen card can beat any part),
low cards from short suits otherwise, a suit the partner can ruff, trumps when long in them.
Following: feed points to a partner who is winning for sure, win cheaply when points are on
the table (ruffing if need be), otherwise play the cheapest cards and keep points back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from ...engine.card_index import IndexTables, index_tables
from ...engine.cards import CARDS, Card
from ...engine.shapes import PAIR, SINGLE, THROW, Shape, has_tractor_above, shape
from ...engine.tricks import play_key, trick_winner
from ...engine.trump import TRUMP, Trump
from ..actions import Action
from ..fastrules import short_play_key
from ..trickplay import CARD_POINTS
from ..views import SeatView, rules_of
from .memory import Memory, count_in_suit


def card_cost(card: Card, trump: Trump) -> int:
    """How much a card is worth keeping: plain cards by rank, trumps above every plain card."""
    step = trump.tables.step[card.index]
    return 12 + step if trump.tables.suit_of[card.index] == TRUMP else step


def play_points(cards: Sequence[Card]) -> int:
    return sum([CARD_POINTS[card.index] for card in cards])


@dataclass
class Table:
    """One decision's context: the view, what is unseen, and who sits where.

    Answers about unseen cards are cached for the decision (every listed play asks the same).
    """

    view: SeatView
    trump: Trump
    memory: Memory
    unseen: list[int]
    _cache: dict[tuple[object, ...], bool] = field(default_factory=dict)
    _trumps_out: int | None = None
    _held: dict[str, int] = field(default_factory=dict)
    costs: tuple[int, ...] = field(init=False)
    """``card_cost`` of every face."""
    tables: IndexTables = field(init=False)

    def __post_init__(self) -> None:
        self.costs = face_costs(self.trump)
        self.tables = index_tables(self.trump)

    @property
    def opponents(self) -> tuple[int, int]:
        seat = self.view.seat
        return (seat + 1) % 4, (seat + 3) % 4

    def unseen_trumps(self) -> int:
        if self._trumps_out is None:
            self._trumps_out = count_in_suit(self.unseen, TRUMP, self.trump)
        return self._trumps_out

    def cost(self, cards: Sequence[Card]) -> int:
        costs = self.costs
        return sum([costs[card.index] for card in cards])

    def held(self, suit: str) -> int:
        """Cards of ``suit`` in the hand."""
        found = self._held.get(suit)
        if found is None:
            suit_of = self.tables.suit_of
            found = self._held[suit] = sum(1 for card in self.view.hand if suit_of[card.index] == suit)
        return found

    def key(self, cards: Sequence[Card], lead: Shape) -> tuple[int, int] | None:
        """``engine.play_key`` of a play against the lead (over faces for a single or pair lead)."""
        if lead.kind == SINGLE or lead.kind == PAIR:
            return short_play_key([card.index for card in cards], lead.suit, self.tables)
        return play_key(cards, lead, self.trump)

    def beatable(self, kind: str, pairs: int, top: int, suit: str) -> bool:
        """Could unseen cards of ``suit`` form a ``kind`` above step ``top``?"""
        key = (kind, pairs, top, suit)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = unseen_can_beat(kind, pairs, top, suit, self.unseen, self.trump)
        return found

    def void(self, seat: int, suit: str) -> bool:
        key = ("void", seat, suit)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self.memory.void(seat, suit, self.unseen)
        return found


@cache
def face_costs(trump: Trump) -> tuple[int, ...]:
    """``card_cost`` of every face."""
    return tuple(card_cost(card, trump) for card in CARDS)


def unseen_can_beat(kind: str, pairs: int, top: int, suit: str, unseen: Sequence[int], trump: Trump) -> bool:
    """``can_be_beaten`` over the unseen count array, for cards of one effective suit."""
    tables = index_tables(trump)
    step = tables.step
    faces = tables.suit_faces[suit]
    if kind == SINGLE:
        return any(unseen[face] and step[face] > top for face in faces)
    if kind == PAIR:
        return any(unseen[face] >= 2 and step[face] > top for face in faces)
    per_step = [0] * 16
    for face in faces:
        if unseen[face] >= 2:
            per_step[step[face]] += 1
    return has_tractor_above(per_step, pairs, top) is not None


def safe_throws(table: Table) -> list[tuple[Card, ...]]:
    """Throws whose every component no unseen combination can beat, one per suit at most."""
    trump = table.trump
    by_suit: dict[str, list[Card]] = {}
    for card in table.view.hand:
        by_suit.setdefault(trump.suit_of(card), []).append(card)
    found: list[tuple[Card, ...]] = []
    for suit, cards in by_suit.items():
        if len(cards) < 2:
            continue
        sure = [c for c in shape(cards, trump).components if not table.beatable(c.kind, c.pairs, c.top, suit)]
        throw = tuple(card for c in sure for card in c.cards)
        if len(sure) < 2 or shape(throw, trump).kind != THROW:
            continue
        if all(not table.beatable(c.kind, c.pairs, c.top, suit) for c in shape(throw, trump).components):
            found.append(throw)
    return found


def lead_score(cards: Sequence[Card], table: Table) -> float:
    """How good a lead is: sure winners high, point cards that can be beaten low."""
    trump = table.trump
    view = table.view
    lead = shape(cards, trump)
    suit = lead.suit
    boss = all(not table.beatable(c.kind, c.pairs, c.top, suit) for c in lead.components)
    trumps_out = table.unseen_trumps()
    ruff_risk = suit != TRUMP and trumps_out > 0 and any(table.void(o, suit) for o in table.opponents)
    points = play_points(cards)
    cost = table.cost(cards)
    held = table.held(suit)
    if boss and not ruff_risk:
        score = 40.0 + 8 * len(cards) + 2 * points
        if suit == TRUMP and trumps_out == 0:
            score -= 30  # nobody else has trumps: keep ours for ruffing
        return score
    score = -0.8 * cost - 3 * points
    if lead.kind == "tractor":
        score += 15
    elif lead.kind == "pair":
        score += 4
    if suit == TRUMP:
        my_trumps = held
        score += 6 if my_trumps >= max(8, trumps_out) else -6
    else:
        score += 2 * max(0, 6 - held)
        partner = view.partner
        if table.void(partner, suit) and not ruff_risk and trumps_out:
            score += 12
    return score


def choose_lead(view: SeatView, actions: list[Action], table: Table) -> Action:
    """The best-scoring lead among the listed ones and any safe throw."""
    options = [action.cards for action in actions]
    if rules_of(view).throws_allowed:
        options += safe_throws(table)
    best = max(range(len(options)), key=lambda i: (lead_score(options[i], table), -i))
    return Action.play(options[best])


def _can_beat(seat: int, key: tuple[int, int], lead: Shape, table: Table) -> bool:
    """Could ``seat`` (still to play) beat a play whose key against the lead is ``key``?"""
    suit = lead.suit
    main_kind, main_pairs = lead.main_shape
    void = table.void(seat, suit)
    if key[0] == 1:
        if not void:
            return False
        return table.beatable(main_kind, main_pairs, key[1], TRUMP)
    if suit != TRUMP and void and table.unseen_trumps() >= len(lead.cards):
        return True
    if lead.kind == THROW or void:
        return False
    return table.beatable(main_kind, main_pairs, key[1], suit)


def follow_score(sure: bool | None, partner_wins: bool, partner_sure: bool, on_table: int, points: int,
                 cost: float) -> float:
    """RuleBot's value of following with one option; ``sure`` is None when the option does not beat the
    trick so far, else whether no later opponent can beat it. One formula for every kind of lead."""
    if sure is not None:
        if partner_wins and (partner_sure or not sure):
            return -cost - 5.0
        gain = on_table + points
        return 5 + 3 * gain - 0.7 * cost if sure else 1 + gain - 0.7 * cost - 1.5 * points
    if partner_sure:
        return 3 * points - 0.6 * cost
    if partner_wins:
        return -cost
    return -3 * points - cost


def choose_follow(view: SeatView, actions: list[Action], table: Table) -> Action:
    """The best-scoring follow: feed a sure partner, win cheaply, or lose cheaply."""
    trump = table.trump
    plays = [cards for _, cards in view.trick]
    lead = shape(plays[0], trump)
    winner_index = trick_winner(plays, trump)
    winner_seat = view.trick[winner_index][0]
    best_key = table.key(plays[winner_index], lead)
    assert best_key is not None
    later = [(view.seat + k) % 4 for k in range(1, 4 - len(plays))]
    later_opponents = [s for s in later if s % 2 != view.seat % 2]
    on_table = view.trick_points
    partner_wins = winner_seat == view.partner
    partner_sure = partner_wins and not any(_can_beat(s, best_key, lead, table) for s in later_opponents)

    suit_of = table.tables.suit_of
    only_ruffs = lead.kind == THROW  # against a throw only a trump ruff can take the trick

    def score(cards: tuple[Card, ...]) -> float:
        ruff = lead.suit != TRUMP and all(suit_of[card.index] == TRUMP for card in cards)
        key = table.key(cards, lead) if ruff or not only_ruffs else None
        beats = key is not None and key > best_key and not (lead.kind == THROW and key[0] == 0)
        points = play_points(cards)
        cost = table.cost(cards)
        sure = None
        if beats and key is not None:
            sure = not any(_can_beat(s, key, lead, table) for s in later_opponents)
        return follow_score(sure, partner_wins, partner_sure, on_table, points, cost)

    options = [action.cards for action in actions]
    best = max(range(len(options)), key=lambda i: (score(options[i]), -i))
    return actions[best]
