"""Everything before the first lead (docs/rules.md §8): the incremental deal, declaring, overturns,
redeal requests, taking and burying the kitty.

The deal runs by itself and stops only when a seat that just received a card has a
declaration or overturn it has not yet passed on; windows after the deal skip seats that have
nothing to do. Every ``act_*`` method is called only after ``check`` accepted the action, so a
refused action never changes the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ..engine.card_index import FACE_POINTS
from ..engine.cards import LITTLE_JOKER_INDEX, RANKS, Card
from ..engine.errors import RuleError
from ..engine.follow import missing_cards
from ..engine.rules import Rules
from ..engine.scoring import points
from ..engine.trump import TRUMP, Trump
from ..words import Message
from .actions import BURY, DEAL_ON, DECLARE, OVERTURN, PASS, REDEAL, Action, Event
from .deal import kitty_of, shuffled_deck
from .declaring import (
    KIND_DECLARE,
    KIND_OVERTURN,
    LEVEL_PAIR,
    LITTLE_PAIR,
    PLAIN,
    Bid,
    classify,
    declarations,
    overturns,
    ranked,
    revealed_bid,
)

DEAL = "deal"
DECLARE_PHASE = "declare"
OVERTURN_PHASE = "overturn"
REDEAL_PHASE = "redeal"
BURY_PHASE = "bury"
PLAY_PHASE = "play"


def may_ask_redeal(hand: Sequence[Card], rules: Rules) -> bool:
    """Whether an attacker with ``hand`` (as dealt) may ask for a redeal: fewer points than ``redeal_below``."""
    return rules.redeal_allowed and sum([FACE_POINTS[card.index] for card in hand]) < rules.redeal_below


PHASE_KINDS: dict[str, tuple[str, ...]] = {
    DECLARE_PHASE: (DECLARE, PASS),
    OVERTURN_PHASE: (OVERTURN, PASS),
    REDEAL_PHASE: (REDEAL, PASS),
    BURY_PHASE: (BURY,),
}

# window stages
RACE = "race"
DEALER_TEAM = "dealer_team"
ATTACKERS = "attackers"
BEFORE_KITTY = "before_kitty"
EXCHANGE = "exchange"
DEALER_CHOICE = "dealer_choice"
"""Rounds 2+ under ``no_declaration = "dealer_choice"``: the dealer must name the trump."""


_NOTHING: frozenset[tuple[str, tuple[int, ...]]] = frozenset()


@cache
def _showable_faces(levels: tuple[str, str]) -> frozenset[int]:
    """Faces whose arrival may let a seat show something new: the jokers and the teams' level cards."""
    return frozenset(face for face in range(54) if face >= LITTLE_JOKER_INDEX or RANKS[face % 13] in levels)


class Auction:
    """The state of a round from the first card dealt until the dealer leads."""

    def __init__(
        self,
        seed: int,
        rules: Rules,
        round_number: int,
        dealer: int,
        levels: tuple[str, str],
        decks: Sequence[Sequence[Card]] = (),
    ) -> None:
        self.seed = seed
        self.decks = [list(deck) for deck in decks]
        """Set-up decks for the first deals (then seeded shuffles): lessons and tests use them."""
        self.rules = rules
        self.kitty_size = rules.kitty_size
        self.dealt_cards = 108 - rules.kitty_size
        """Cards dealt to the hands (100 with the usual 8-card kitty); switches are read once per round."""
        self.levels = levels
        self.scheduled_dealer = dealer
        self.race = round_number == 1
        """Round-1 rules: the first declarer becomes dealer, overturners take the deal."""
        self.deal_number = 0
        self.pending: list[Event] = []
        """Events that happened by themselves; the round hands them out with the next action."""
        self._start_deal()

    # --- state ---------------------------------------------------------------------

    def _start_deal(self) -> None:
        self.first = self.scheduled_dealer
        if self.deal_number < len(self.decks):
            self.deck = list(self.decks[self.deal_number])
        else:
            self.deck = shuffled_deck(self.seed, self.deal_number)
        self.kitty: list[Card] = kitty_of(self.deck, self.kitty_size)
        self.dealt = 0
        self.hands: list[list[Card]] = [[], [], [], []]
        self.counts: list[list[int]] = [[0] * 54 for _ in range(4)]
        self.dealt_hands: list[tuple[Card, ...]] = []
        self.bid: Bid | None = None
        self.bids: list[Bid] = []
        self.trump: Trump | None = None
        self.dealer: int | None = None if self.race else self.scheduled_dealer
        self.phase = DEAL
        self.to_act: int | None = None
        self.kitty_holder: int | None = None
        self.burier: int | None = None
        self.buries: list[tuple[int, tuple[Card, ...]]] = []
        self._passed: list[frozenset[tuple[str, tuple[int, ...]]]] = [frozenset()] * 4
        """Per seat, what it could show when it last passed (``_showable``)."""
        self._waiting = [False] * 4
        self._dirty = [True] * 4
        self._queue: list[int] = []
        self._stage = ""
        self._next = 0
        self._passes = 0

    @property
    def level(self) -> str | None:
        """The round's level: the dealing team's (None while nobody is dealer yet)."""
        return None if self.dealer is None else self.levels[self.dealer % 2]

    def start(self) -> None:
        """Deal until the first decision."""
        self._deal_on()

    # --- what a seat may do ------------------------------------------------------------

    def options(self, seat: int) -> list[Action]:
        """The declarations or overturns ``seat`` may show now (no pass, no bury)."""
        if self.phase == DEAL:
            if self.bid is None:
                if self.race or (self.dealer is not None and seat % 2 == self.dealer % 2):
                    return self._declarations(seat)
                return []
            if self._overturns_before_kitty():
                return self._overturns(seat)
            return []
        if self.phase == DECLARE_PHASE:
            if self._choosing:
                return self._dealer_choices(seat)
            return self._declarations(seat)
        if self.phase == OVERTURN_PHASE:
            return self._overturns(seat)
        if self.phase == REDEAL_PHASE:
            return [Action.redeal()]
        return []

    def _showable(self, seat: int) -> frozenset[tuple[str, tuple[int, ...]]]:
        """``options(seat)`` during the deal as (kind, faces) pairs: cheaper to build and compare than actions."""
        if self.bid is None:
            if self.race or (self.dealer is not None and seat % 2 == self.dealer % 2):
                shown = declarations(self.counts[seat], self.levels[seat % 2], self.rules)
                kind = DECLARE
            else:
                return _NOTHING
        elif self._overturns_before_kitty() and self.bid.seat != seat:
            shown = overturns(self.counts[seat], self._overturn_level(seat), self.rules, self.bid.strength)
            kind = OVERTURN
        else:
            return _NOTHING
        if not shown:
            return _NOTHING
        return frozenset((kind, tuple([card.index for card in cards])) for cards in shown)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != self.to_act:
            return []
        if self.phase == BURY_PHASE:
            return [Action.bury(self.suggested_bury(seat))]
        if self.phase == DEAL:
            return [*self.options(seat), Action.passes(), Action.deal_on()]
        if self._choosing:
            return self.options(seat)
        return [*self.options(seat), Action.passes()]

    def allowed_kinds(self) -> tuple[str, ...]:
        if self.phase == DEAL:
            return (DECLARE if self.bid is None else OVERTURN, PASS, DEAL_ON)
        if self._choosing:
            return (DECLARE,)
        return PHASE_KINDS.get(self.phase, ())

    def suggested_bury(self, seat: int) -> tuple[Card, ...]:
        """The kitty-size (8) weakest cards: plain before trump, no points if possible, low first."""
        trump = self.trump
        assert trump is not None
        step = trump.tables.step
        suit_of = trump.tables.suit_of

        def weight(card: Card) -> tuple[int, int, int]:
            index = card.index
            return (int(suit_of[index] == TRUMP), FACE_POINTS[index], step[index])

        return tuple(sorted(self.hands[seat], key=weight)[:self.kitty_size])

    @property
    def _choosing(self) -> bool:
        """The dealer must name the trump now (``no_declaration = "dealer_choice"``)."""
        return self.phase == DECLARE_PHASE and self._stage == DEALER_CHOICE

    def _dealer_choices(self, seat: int) -> list[Action]:
        """The dealer's choice of trump: one card of each plain suit he holds (no level card), a joker for no-trump."""
        if seat != self.dealer:
            return []
        level = self.levels[seat % 2]
        shown: dict[str | None, Card] = {}
        for card in sorted(self.hands[seat], key=lambda c: c.index):
            key = None if card.is_joker else card.suit
            if card.rank != level and key not in shown:
                shown[key] = card
        return [Action.declare((card,)) for card in shown.values()]

    def _overturns_before_kitty(self) -> bool:
        """Round 1 (and every `classic` round) overturns during the deal and before the kitty."""
        return self.race or not self.rules.kitty_exchange

    def _declarations(self, seat: int) -> list[Action]:
        return [Action.declare(c) for c in declarations(self.counts[seat], self.levels[seat % 2], self.rules)]

    def _overturn_level(self, seat: int) -> str:
        if self.race or self.dealer is None:
            return self.levels[seat % 2]
        return self.levels[self.dealer % 2]

    def _overturns(self, seat: int) -> list[Action]:
        bid = self.bid
        if bid is None or bid.seat == seat:
            return []
        found = overturns(self.counts[seat], self._overturn_level(seat), self.rules, bid.strength)
        return [Action.overturn(c) for c in found]

    # --- checking --------------------------------------------------------------------

    def check(self, seat: int, action: Action) -> None:
        """Raise ``RuleError`` unless ``seat`` may take ``action`` now; never changes state."""
        if action.kind == BURY:
            if len(action.cards) != self.kitty_size:
                raise RuleError("bury_count", {"count": len(action.cards), "size": self.kitty_size})
            self._check_held(seat, action.cards)
            return
        if action.kind in (DECLARE, OVERTURN):
            self._check_bid(seat, action)

    def _check_held(self, seat: int, cards: tuple[Card, ...]) -> None:
        missing = missing_cards(self.hands[seat], cards)
        if missing:
            raise RuleError("not_in_hand", {"cards": tuple(missing)})

    def _check_bid(self, seat: int, action: Action) -> None:
        self._check_held(seat, action.cards)
        wanted = sorted(card.index for card in action.cards)
        if any(sorted(c.index for c in o.cards) == wanted for o in self.options(seat)):
            return
        if self._choosing and action.kind == DECLARE:
            raise RuleError("house_scoring_name_trump", {"cards": action.cards})
        overturn = action.kind == OVERTURN
        level = self._overturn_level(seat) if overturn else self.levels[seat % 2]
        if overturn:
            how = "how_overturn_joker" if self.rules.overturn_needs_joker else "how_overturn_plain"
        else:
            how = "how_declare_joker" if self.rules.declare_needs_joker else "how_declare_plain"
        params: dict[str, object] = {"cards": action.cards, "how": Message(how, {"level": level})}
        found = classify(action.cards, level, self.rules, overturn)
        bid = self.bid
        if overturn and found is not None and bid is not None:
            params["current"] = bid.cards
            if found[1] <= bid.strength:
                joker_pair = ranked(LITTLE_PAIR, self.rules)
                if bid.strength == LEVEL_PAIR and bid.kind == KIND_DECLARE and found[1] < joker_pair:
                    raise RuleError("locked", params)
                raise RuleError("overturn_too_weak", params)
        raise RuleError("not_an_overturn" if overturn else "not_a_declaration", params)

    # --- acting ----------------------------------------------------------------------

    def act(self, seat: int, action: Action) -> Event:
        """Apply a checked action and run on to the next decision."""
        self.to_act = None
        if action.kind in (DECLARE, OVERTURN):
            event = self._place_bid(seat, action)
        elif action.kind == BURY:
            event = self._bury(seat, action.cards)
        elif action.kind == REDEAL:
            event = self._redeal(seat)
        else:
            event = Event(action.kind, seat, params={"seat": seat})
            self._pass(seat, wait=action.kind == PASS)
        return event

    def _place_bid(self, seat: int, action: Action) -> Event:
        overturn = action.kind == OVERTURN
        level = self._overturn_level(seat) if overturn else self.levels[seat % 2]
        if self._choosing and not overturn:
            named = action.cards[0]
            found: tuple[str | None, int] | None = (None if named.is_joker else named.suit, PLAIN)
        else:
            found = classify(action.cards, level, self.rules, overturn)
        assert found is not None
        suit, strength = found
        kind = KIND_OVERTURN if overturn else KIND_DECLARE
        bid = Bid(kind, seat, tuple(action.cards), suit, level, strength)
        self.bid = bid
        self.bids.append(bid)
        self.trump = bid.trump.under(self.rules)
        self._dirty = [True] * 4
        if self.race or (self.phase == DECLARE_PHASE and self._stage == ATTACKERS):
            self.dealer = seat
        event = Event(kind, seat, bid.cards, {"seat": seat, "cards": bid.cards, "trump": self.trump})
        if self.phase == DEAL:
            self._deal_on()
        elif self.phase == DECLARE_PHASE:
            self._after_declaring()
        else:
            self._passes = 0
            self._next = (seat + 1) % 4
            if self._stage == EXCHANGE:
                self._take_kitty(seat)
            else:
                self._run_overturn_window()
        return event

    def _pass(self, seat: int, wait: bool) -> None:
        if self.phase == DEAL:
            self._passed[seat] = self._showable(seat)
            self._waiting[seat] = wait
            self._deal_on()
        elif self.phase == DECLARE_PHASE:
            self._queue.pop(0)
            self._run_declare_window()
        elif self.phase == OVERTURN_PHASE:
            self._passes += 1
            self._next = (seat + 1) % 4
            self._run_overturn_window()
        elif self.phase == REDEAL_PHASE:
            self._queue.pop(0)
            self._run_redeal_window()

    def _redeal(self, seat: int) -> Event:
        assert self.dealer is not None
        dealer = self.dealer
        event = Event(
            REDEAL, seat,
            params={"seat": seat, "dealer": dealer, "points": points(self.hands[seat])},
        )
        self.race = False
        self.scheduled_dealer = dealer
        self.deal_number += 1
        self._start_deal()
        self._deal_on()
        return event

    def _bury(self, seat: int, cards: tuple[Card, ...]) -> Event:
        hand = self.hands[seat]
        counts = self.counts[seat]
        buried = [0] * 54
        for card in cards:
            buried[card.index] += 1
            counts[card.index] -= 1
        kept: list[Card] = []
        for card in hand:  # list.remove of each, without comparing Card objects
            if buried[card.index]:
                buried[card.index] -= 1
            else:
                kept.append(card)
        hand[:] = kept
        self.kitty = list(cards)
        self.burier = seat
        self.kitty_holder = None
        self.buries.append((seat, tuple(cards)))
        event = Event("bury", seat, params={"seat": seat})
        if self.rules.kitty_exchange and not self.race:
            if self._stage != EXCHANGE:
                self._stage = EXCHANGE
                self._next = (seat + 1) % 4
                self._passes = 0
            self._run_overturn_window()
        else:
            self._start_play()
        return event

    # --- the machine between decisions -----------------------------------------------

    def _deal_on(self) -> None:
        """Deal card by card until a seat has something to decide, or the deal ends.

        A seat is asked when it can show something it has not passed on yet, or, after a plain
        pass ("not now"), again with each card it receives while it can still show something.
        """
        self.phase = DEAL
        relevant = _showable_faces(self.levels)
        deck, hands, counts = self.deck, self.hands, self.counts
        dirty, waiting, passed = self._dirty, self._waiting, self._passed
        first = self.first
        dealt = self.dealt
        dealt_cards = self.dealt_cards
        while dealt < dealt_cards:
            seat = (first + dealt) % 4  # receiver(first, dealt)
            card = deck[dealt]
            hands[seat].append(card)
            index = card.index
            counts[seat][index] += 1
            dealt += 1
            if index in relevant:
                dirty[seat] = True
            if dirty[seat] or waiting[seat]:
                dirty[seat] = False
                found = self._showable(seat)
                if found and (waiting[seat] or found - passed[seat]):
                    self.dealt = dealt
                    self.to_act = seat
                    return
        self.dealt = dealt
        self.dealt_hands = [tuple(hand) for hand in self.hands]
        self._end_of_deal()

    def _end_of_deal(self) -> None:
        self.phase = DECLARE_PHASE
        if self.bid is not None:
            self._after_declaring()
            return
        if self.race:
            self._stage = RACE
            self._queue = [(self.first + k) % 4 for k in range(4)]
        else:
            assert self.dealer is not None
            team = [self.dealer, (self.dealer + 2) % 4]
            if any(self._declarations(s) for s in team):
                self._stage, self._queue = DEALER_TEAM, team
            else:
                self._stage, self._queue = ATTACKERS, [(self.dealer + 1) % 4, (self.dealer + 3) % 4]
        self._run_declare_window()

    def _run_declare_window(self) -> None:
        while self._queue:
            if self._declarations(self._queue[0]):
                self.to_act = self._queue[0]
                return
            self._queue.pop(0)
        if self._stage != RACE and self.rules.no_declaration == "dealer_choice":
            self._stage = DEALER_CHOICE
            self.to_act = self.dealer
        elif self._stage == RACE or self.rules.no_declaration == "redeal":
            self.pending.append(Event("no_declaration"))
            self.deal_number += 1
            self._start_deal()
            self._deal_on()
        else:
            self._reveal()

    def _reveal(self) -> None:
        card = self.kitty[2]
        holder = next((s for s in range(4) if self.counts[s][card.index]), None)
        if holder is not None:
            self.dealer = holder
        assert self.dealer is not None
        bid = revealed_bid(card, self.levels[self.dealer % 2])
        self.bid = bid
        self.bids.append(bid)
        self.trump = bid.trump.under(self.rules)
        self.pending.append(Event(
            "reveal", holder, (card,),
            {"cards": (card,), "dealer": self.dealer, "trump": self.trump},
        ))
        self._after_declaring()

    def _after_declaring(self) -> None:
        assert self.dealer is not None
        if self._overturns_before_kitty():
            self.phase = OVERTURN_PHASE
            self._stage = BEFORE_KITTY
            self._next = (self.dealer + 1) % 4
            self._passes = 0
            self._run_overturn_window()
        else:
            self._open_redeal()

    def _run_overturn_window(self) -> None:
        self.phase = OVERTURN_PHASE
        while self._passes < 3:
            if self._overturns(self._next):
                self.to_act = self._next
                return
            self._passes += 1
            self._next = (self._next + 1) % 4
        if self._stage == EXCHANGE:
            self._start_play()
        else:
            self._open_redeal()

    def _open_redeal(self) -> None:
        assert self.dealer is not None
        if self.rules.redeal_allowed:
            attackers = [(self.dealer + 1) % 4, (self.dealer + 3) % 4]
            self._queue = [s for s in attackers if may_ask_redeal(self.hands[s], self.rules)]
            self.phase = REDEAL_PHASE
            self._run_redeal_window()
        else:
            self._take_kitty(self.dealer)

    def _run_redeal_window(self) -> None:
        if self._queue:
            self.to_act = self._queue[0]
            return
        assert self.dealer is not None
        self._take_kitty(self.dealer)

    def _take_kitty(self, seat: int) -> None:
        self.hands[seat].extend(self.kitty)
        for card in self.kitty:
            self.counts[seat][card.index] += 1
        self.kitty = []
        self.kitty_holder = seat
        self.phase = BURY_PHASE
        self.to_act = seat
        self.pending.append(Event("take_kitty", seat, params={"seat": seat}))

    def _start_play(self) -> None:
        self.phase = PLAY_PHASE
        self.to_act = self.dealer
