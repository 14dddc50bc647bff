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

from ..engine.cards import CARDS, Card
from ..engine.trump import Trump
from ..game.declaring import KIND_DECLARE, KIND_OVERTURN
from ..game.views import SeatView

KITTY = 4
"""The slot number of the kitty in a sample (seats are 0..3)."""
QUICK_TRIES = 3
CAREFUL_TRIES = 5


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
            seat == view.dealer
            or (not view.race and any(b.seat == seat and b.kind == KIND_OVERTURN for b in view.bids))
            for seat in range(4)
        )
        return Knowledge(
            seat=own,
            trump=trump,
            hand=tuple(view.hand),
            unseen=tuple(sorted(unseen.elements())),
            sizes=(sizes[0], sizes[1], sizes[2], sizes[3], 0 if kitty_known else view.kitty_size),
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
        """Deal the unseen cards so that sizes, voids and known holdings all hold.

        A quick random deal is tried first; if it runs into a dead end, each card is placed only
        where the rest can still be dealt (Hall's condition over the suits). Should the facts
        contradict each other (they never do in a real round), known holdings and then voids are
        dropped rather than failing.
        """
        for _ in range(QUICK_TRIES):
            slots = self._try_deal(rng, careful=False)
            if slots is not None:
                return self._to_sample(slots)
        for held, voids in ((True, True), (False, True), (False, False)):
            for _ in range(CAREFUL_TRIES):
                slots = self._try_deal(rng, careful=True, held=held, voids=voids)
                if slots is not None:
                    return self._to_sample(slots)
        raise ValueError("no deal fits what this seat has seen")

    def _try_deal(
        self, rng: random.Random, careful: bool, held: bool = True, voids: bool = True
    ) -> list[list[int]] | None:
        room = list(self.sizes)
        slots: list[list[int]] = [[], [], [], [], []]
        pool = Counter(self.unseen)
        suit_of = self.trump.tables.suit_of
        for seat in range(4) if held else ():
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
        allowed = {
            suit: [
                slot for slot in range(5)
                if self.sizes[slot] and (not voids or slot == KITTY or suit not in self.voids[slot])
            ]
            for suit in {suit_of[index] for index in cards}
        }
        if not careful:
            cards.sort(key=lambda index: len(allowed[suit_of[index]]))
        need = Counter(suit_of[index] for index in cards)
        if careful and not _dealable(need, room, allowed):
            return None
        for index in cards:
            suit = suit_of[index]
            need[suit] -= 1
            open_slots = [slot for slot in allowed[suit] if room[slot]]
            if not open_slots:
                return None
            order = sorted(open_slots, key=lambda slot: rng.random() ** (1.0 / room[slot]), reverse=True)
            for slot in order if careful else order[:1]:
                room[slot] -= 1
                if not careful or _dealable(need, room, allowed):
                    slots[slot].append(index)
                    break
                room[slot] += 1
            else:
                return None
        return slots

    def _to_sample(self, slots: list[list[int]]) -> Sample:
        hands = tuple(
            self.hand if seat == self.seat else tuple(CARDS[index] for index in sorted(slots[seat]))
            for seat in range(4)
        )
        kitty = self.kitty if self.kitty is not None else tuple(CARDS[index] for index in sorted(slots[KITTY]))
        return Sample(hands, kitty)


def _dealable(need: Counter[str], room: list[int], allowed: dict[str, list[int]]) -> bool:
    """Hall's condition: every set of suits fits in the room of the slots that may take them."""
    suits = [suit for suit, count in need.items() if count > 0]
    for mask in range(1, 1 << len(suits)):
        chosen = [suits[i] for i in range(len(suits)) if mask >> i & 1]
        slots = {slot for suit in chosen for slot in allowed[suit]}
        if sum(need[suit] for suit in chosen) > sum(room[slot] for slot in slots):
            return False
    return True
