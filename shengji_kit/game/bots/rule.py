"""``RuleBot``: plays like a sensible club player, from its seat's view only.

It declares a suit it is long and strong in, overturns when that gains it several trumps (or
steals the deal), asks for a redeal with a weak hand, buries low non-point cards and voids
short suits, and plays tricks by the rules of thumb in ``tactics.py``. Deterministic for a seed.
"""

from __future__ import annotations

import random as _random
from collections import Counter

from ...engine.card_index import EFFECTIVE_SUITS, cards_of
from ...engine.cards import Card
from ...engine.trump import TRUMP, Trump
from ..actions import DECLARE, OVERTURN, PASS, Action
from ..views import SeatView
from ._turn import PlayTurn
from .face_tactics import FaceDecision
from .memory import Memory
from .tactics import Table, choose_follow, choose_lead

DEAL_SHARE = ((12, 0.42), (20, 0.36), (26, 0.32))
"""During the deal: (cards held below, trump share needed) — the fewer cards, the surer it must look; a hand
past the last size (26 cards and more, with a kitty under 8 cards) needs the last share."""
ATTACKER_SHARE = 0.30
"""After the deal an attacker declares (and so takes the deal) only with this share of trumps."""


def shown_level(cards: tuple[Card, ...], fallback: str | None) -> str | None:
    """The level a declaration or overturn is made at: the rank of its level card."""
    for card in cards:
        if not card.is_joker:
            return card.rank
    return fallback


def shown_suit(cards: tuple[Card, ...]) -> str | None:
    for card in cards:
        if not card.is_joker:
            return card.suit
    return None


def trump_strength(hand: tuple[Card, ...], trump: Trump) -> float:
    """Trumps held, with a bonus for jokers and level cards; in no-trump also for aces."""
    total = 0.0
    for card in hand:
        if trump.is_trump(card):
            total += 1.0 + (0.5 if card.is_joker or card.rank == trump.level else 0.0)
        elif trump.suit is None and card.rank == "A":
            total += 0.75
    return total


class RuleBot:
    """A heuristic player; ``choose(view, actions)`` like every bot."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = _random.Random(seed)
        self._memories: dict[int, Memory] = {}

    def choose(self, view: SeatView, actions: list[Action]) -> Action:
        if not actions:
            raise ValueError("no action to choose from")
        if view.phase == "play":
            return self._play(view, actions)
        if view.phase == "bury":
            return Action.bury(choose_bury(view))
        if view.phase == "redeal":
            return self._redeal(view, actions)
        bids = [a for a in actions if a.kind in (DECLARE, OVERTURN)]
        if not bids:
            return _pass(actions)
        if bids[0].kind == DECLARE and not any(a.kind == PASS for a in actions):
            return self._name_trump(view, bids)
        if bids[0].kind == OVERTURN:
            return self._overturn(view, bids, actions)
        return self._declare(view, bids, actions)

    # --- before the play ------------------------------------------------------------

    def _declare(self, view: SeatView, bids: list[Action], actions: list[Action]) -> Action:
        held = len(view.hand)
        fallback = view.levels[view.seat % 2]

        def share(action: Action) -> tuple[float, int]:
            trump = Trump(shown_level(action.cards, fallback) or fallback, shown_suit(action.cards))
            return trump_strength(view.hand, trump) / max(held, 1), len(action.cards)

        best = max(bids, key=share)
        value = share(best)[0]
        if view.phase == "deal":
            needed = next((s for below, s in DEAL_SHARE if held < below), DEAL_SHARE[-1][1])
            return best if held >= 5 and value >= needed else _pass(actions)
        attacker = view.dealer is not None and view.seat % 2 != view.dealer % 2
        if attacker and not view.race and value < ATTACKER_SHARE:
            return _pass(actions)
        return best

    def _name_trump(self, view: SeatView, bids: list[Action]) -> Action:
        """The dealer must name the trump (house rule ``dealer_choice``): the suit that makes his hand strongest."""
        level = view.level or view.levels[view.seat % 2]
        return max(bids, key=lambda action: trump_strength(view.hand, Trump(level, shown_suit(action.cards))))

    def _overturn(self, view: SeatView, bids: list[Action], actions: list[Action]) -> Action:
        current = view.trump
        fallback = view.levels[view.seat % 2] if view.race else (view.level or view.levels[view.seat % 2])
        now = trump_strength(view.hand, current) if current is not None else 0.0

        def gain(action: Action) -> float:
            level = shown_level(action.cards, fallback) or fallback
            return trump_strength(view.hand, Trump(level, shown_suit(action.cards))) - now

        best = max(bids, key=gain)
        bid = view.bid
        holder = bid.seat if bid is not None else None
        partner_holds = holder is not None and holder % 2 == view.seat % 2
        if partner_holds:
            needed = 5.0
        elif view.race:
            needed = 0.5  # overturning also takes the deal from the other team
        else:
            needed = 2.0
        return best if gain(best) >= needed else _pass(actions)

    def _redeal(self, view: SeatView, actions: list[Action]) -> Action:
        trump = view.trump
        weak = trump is not None and trump_strength(view.hand, trump) < 8
        wanted = [a for a in actions if a.kind != PASS]
        return wanted[0] if weak and wanted else _pass(actions)

    # --- the play ------------------------------------------------------------------

    def choose_play(self, turn: PlayTurn) -> Action:
        """``choose`` during the tricks, decided over count arrays (``face_tactics``): the same choice."""
        options = turn.faces
        if len(options) == 1 and turn.trick:
            return turn.action(0)
        play = turn.round.trick_play
        assert play is not None
        seat = turn.seat
        memory = self._memories.get(seat)
        if memory is None or not memory.fits_tricks(play.trump, seat, play.finished):
            memory = Memory(turn.view)
            self._memories[seat] = memory
        memory.update_tricks(play.finished)
        hand = play.counts[seat]
        unseen = [left - held for left, held in zip(memory.left, hand, strict=True)]
        tables = play.tables
        suit_of = tables.suit_of
        in_hand = hand.__getitem__
        held_faces = play.held[seat]
        held = {suit: sum(map(in_hand, held_faces[suit])) for suit in EFFECTIVE_SUITS}
        unseen_suits = {suit: memory.left_suits[suit] - held[suit] for suit in EFFECTIVE_SUITS}
        for faces in play.faces:
            for face in faces:
                unseen[face] -= 1
                unseen_suits[suit_of[face]] -= 1
        decision = FaceDecision(tables, seat, hand, held, unseen, unseen_suits, memory.voids, play.faces, play.leader)
        if play.faces:
            return turn.action(decision.follow(options))
        index = decision.lead(options, play.rules.throws_allowed)
        if index < len(options):
            return turn.action(index)
        return Action.play(cards_of(decision.throws[index - len(options)]))

    def _play(self, view: SeatView, actions: list[Action]) -> Action:
        assert view.trump is not None
        memory = self._memories.get(view.seat)
        if memory is None or not memory.fits(view):
            memory = Memory(view)
            self._memories[view.seat] = memory
        memory.update(view)
        table = Table(view, view.trump, memory, memory.unseen(view))
        if not view.trick:
            return choose_lead(view, actions, table)
        return choose_follow(view, actions, table)


def _pass(actions: list[Action]) -> Action:
    return next(a for a in actions if a.kind == PASS)


def choose_bury(view: SeatView) -> tuple[Card, ...]:
    """Void short plain suits without aces, pairs or many points; then the cheapest cards."""
    trump = view.trump
    assert trump is not None
    hand = list(view.hand)
    counts = Counter(card.index for card in hand)
    by_suit: dict[str, list[Card]] = {}
    for card in hand:
        by_suit.setdefault(trump.suit_of(card), []).append(card)
    buried: list[Card] = []
    plain = sorted((s for s in by_suit if s != TRUMP), key=lambda s: (len(by_suit[s]), s))
    for suit in plain:
        cards = by_suit[suit]
        room = view.kitty_size - len(buried)
        has_ace = any(card.rank == "A" for card in cards)
        has_pair = any(counts[card.index] >= 2 for card in cards)
        if len(cards) <= min(room, 4) and not has_ace and not has_pair and sum(c.points for c in cards) <= 10:
            buried.extend(cards)
    rest = [card for card in hand]
    for card in buried:
        rest.remove(card)
    step = trump.tables.step

    def keep(card: Card) -> tuple[int, int, int, int, int]:
        return (
            int(trump.is_trump(card)),
            int(counts[card.index] >= 2),
            card.points,
            int(card.rank == "A"),
            step[card.index],
        )

    buried.extend(sorted(rest, key=keep)[: view.kitty_size - len(buried)])
    return tuple(buried)
