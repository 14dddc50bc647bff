"""Deal the cards a seat cannot see, consistently with everything it has seen (for search bots).

``Knowledge.of(view)`` collects what a seat knows during the play: the cards it has not seen,
how many each other seat holds, the voids others showed by failing to follow, the cards others
are known to hold (a declaration or overturn they showed, the cards of a failed throw that went
back to the hand; minus what they played since), and whether the kitty is known (it buried it).
``Knowledge.sample(rng)`` deals those cards to the other three hands and the kitty so that every
fact holds: one draw of the hidden world.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ...engine.cards import CARDS, Card
from ...engine.trump import Trump
from ..declaring import KIND_DECLARE, KIND_OVERTURN
from ..views import SeatView

KITTY = 4
"""The slot number of the kitty in a sample (seats are 0..3)."""
KITTY_SIZE = 8
TRIES = 200


@dataclass(frozen=True)
class Sample:
    """One possible hidden world: every hand (the viewer's own included) and the kitty."""

    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]


@dataclass(frozen=True)
class Knowledge:
    """What ``seat`` knows about where the unseen cards are."""

    seat: int
    trump: Trump
    hand: tuple[Card, ...]
    unseen: tuple[int, ...]
    """Card face indices not seen by the seat (copies repeated): in other hands or the kitty."""
    sizes: tuple[int, int, int, int, int]
    """How many unseen cards each slot holds: seats 0..3 (0 for the viewer) and the kitty."""
    voids: tuple[frozenset[str], ...]
    """Per seat, the effective suits it has shown it holds no more of."""
    held: tuple[tuple[int, ...], ...]
    """Per seat, face indices it is known to hold (copies repeated)."""
    may_bury: tuple[bool, ...]
    """Per seat: may it have buried its shown cards (then they may be in the kitty instead)?"""
    kitty: tuple[Card, ...] | None
    """The kitty when the viewer buried it (known), else None."""

    @staticmethod
    def of(view: SeatView) -> Knowledge:
        """Everything ``view`` shows about the hidden cards (the play phase only)."""
        trump = view.trump
        if trump is None:
            raise ValueError("sampling needs a trump: call it during the play")
        suit_of = trump.tables.suit_of
        seen: Counter[int] = Counter(card.index for card in view.hand)
        seen.update(card.index for card in view.kitty or ())
        played: list[Counter[int]] = [Counter(), Counter(), Counter(), Counter()]
        voids: list[set[str]] = [set(), set(), set(), set()]
        held: list[Counter[int]] = [Counter(), Counter(), Counter(), Counter()]
        for bid in view.bids:
            if bid.seat is not None and bid.kind in (KIND_DECLARE, KIND_OVERTURN):
                shown = Counter(card.index for card in bid.cards)
                held[bid.seat] = held[bid.seat] | shown
        tricks: list[tuple[int, Sequence[Sequence[Card]], Sequence[Card] | None]] = [
            (trick.leader, trick.plays, trick.attempt) for trick in view.tricks
        ]
        if view.trick:
            tricks.append((view.trick[0][0], [cards for _, cards in view.trick], view.attempt))
        for leader, plays, attempt in tricks:
            lead = plays[0]
            suit = suit_of[lead[0].index]
            if attempt is not None:
                back = Counter(card.index for card in attempt) - Counter(card.index for card in lead)
                held[leader] = held[leader] | back
            for offset, cards in enumerate(plays):
                seat = (leader + offset) % 4
                gone = Counter(card.index for card in cards)
                played[seat].update(gone)
                held[seat] = held[seat] - gone
                if offset and sum(1 for card in cards if suit_of[card.index] == suit) < len(lead):
                    voids[seat].add(suit)
        for seat in range(4):
            seen.update(played[seat])
        unseen = Counter({index: 2 for index in range(54)})
        unseen.subtract(seen)
        own = view.seat
        known = tuple(
            () if seat == own else tuple(sorted(held[seat].elements())) for seat in range(4)
        )
        sizes = [0 if seat == own else view.hand_sizes[seat] for seat in range(4)]
        kitty_known = view.kitty is not None
        may_bury = tuple(
            seat == view.dealer or (not view.race and any(b.seat == seat and b.kind == KIND_OVERTURN for b in view.bids))
            for seat in range(4)
        )
        return Knowledge(
            seat=own,
            trump=trump,
            hand=tuple(view.hand),
            unseen=tuple(sorted(unseen.elements())),
            sizes=(sizes[0], sizes[1], sizes[2], sizes[3], 0 if kitty_known else KITTY_SIZE),
            voids=tuple(frozenset(v) for v in voids),
            held=known,
            may_bury=may_bury,
            kitty=None if view.kitty is None else tuple(view.kitty),
        )

    def eligible(self, index: int) -> list[int]:
        """The slots (seats 0..3, ``KITTY``) that may hold a card of face ``index``."""
        suit = self.trump.tables.suit_of[index]
        slots = [seat for seat in range(4) if self.sizes[seat] and suit not in self.voids[seat]]
        if self.sizes[KITTY]:
            slots.append(KITTY)
        return slots

    def sample(self, rng: random.Random) -> Sample:
        """Deal the unseen cards so that sizes, voids and known holdings all hold."""
        for _ in range(TRIES):
            slots = self._try_deal(rng)
            if slots is not None:
                return self._to_sample(slots)
        raise ValueError("no deal fits what this seat has seen")

    def _try_deal(self, rng: random.Random) -> list[list[int]] | None:
        room = list(self.sizes)
        slots: list[list[int]] = [[], [], [], [], []]
        pool = Counter(self.unseen)
        suit_of = self.trump.tables.suit_of
        for seat in range(4):
            for index in self.held[seat]:
                if not pool[index]:
                    continue  # inconsistent memory (e.g. a shown card buried): do not insist
                fits = room[seat] > 0 and suit_of[index] not in self.voids[seat]
                buried = self.may_bury[seat] and room[KITTY] > 0 and (not fits or rng.random() < 0.2)
                if not fits and not buried:
                    continue  # the shown card must have been buried by somebody else's account
                target = KITTY if buried else seat
                pool[index] -= 1
                room[target] -= 1
                slots[target].append(index)
        cards = list(pool.elements())
        rng.shuffle(cards)
        options = {index: self.eligible(index) for index in set(cards)}
        cards.sort(key=lambda index: len(options[index]))
        for index in cards:
            open_slots = [slot for slot in options[index] if room[slot]]
            if not open_slots:
                return None
            weights = [room[slot] for slot in open_slots]
            slot = rng.choices(open_slots, weights)[0]
            room[slot] -= 1
            slots[slot].append(index)
        return slots

    def _to_sample(self, slots: list[list[int]]) -> Sample:
        hands = tuple(
            self.hand if seat == self.seat else tuple(CARDS[index] for index in sorted(slots[seat]))
            for seat in range(4)
        )
        kitty = self.kitty if self.kitty is not None else tuple(CARDS[index] for index in sorted(slots[KITTY]))
        return Sample(hands, kitty)
