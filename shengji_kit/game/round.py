"""A round of Shengji as a state machine, for any mix of people and bots.

Public interface (stable; front ends and bots rely on it)::

    rnd = Round.new(seed=7, rules="super_tycoon", round_number=1, dealer=0, levels=("2", "2"))
    rnd.phase          # "deal", "declare", "overturn", "redeal", "bury", "play", "done"
    rnd.to_act         # the seat whose decision it is, or None once the round is over
    rnd.legal_actions(seat)   # list[Action]; [] for a seat that is not to act
    rnd.act(seat, action)     # -> Event (with .then: what followed); RuleError leaves state unchanged
    rnd.check(seat, action)   # -> Verdict: would act() accept it? (never changes state)
    rnd.view(seat)     # SeatView: only what that seat may see
    rnd.result         # RoundResult once phase == "done", else None
    rnd.record()       # the JSON record dict of a finished round (see record.py)
    rnd.log            # every Event so far, in order
    rnd.actions        # every accepted (seat, Action): replaying them rebuilds the round
    rnd.rewind(n)      # a new Round as it was n actions ago (same deal, set-up decks included)
    Round.replay(..., actions)  # a round dealt like Round.new, then driven through actions
    rnd.buries         # every (seat, cards) buried so far, in order
    rnd.dealer, rnd.trump, rnd.level, rnd.deal_number, rnd.tricks_played

Teams: team 0 = seats 0 and 2, team 1 = seats 1 and 3. Round 1 is the declaring race
(``dealer`` is who deals first). The deal runs by itself and stops only when the seat that just
received a card can show a declaration or overturn: ``pass`` means "not now, ask me again with my
next card", ``deal_on`` means "deal on, ask me only when I can show something new" (the
fast-forward a UI needs). ``legal_actions`` lists every action except two open-ended ones that
``act`` also accepts: ``bury`` (any 8 cards of the hand; the list holds one suggestion, the 8
weakest cards) and throws (any lead of several combinations of one suit; the list holds the
singles, pairs and tractors). Follows are listed up to ``limit`` (default 200).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..engine.cards import Card, codes
from ..engine.errors import RuleError
from ..engine.explain import Verdict
from ..engine.rules import Rules, resolve_rules
from ..engine.trump import Trump, normalise_level
from .actions import PLAY, Action, Event
from .auction import PLAY_PHASE, Auction
from .deal import check_deck
from .fastrules import Faces
from .result import RoundResult, event_done, kitty_revealed_at_end, score_round
from .trickplay import Checked, TrickPlay, play_action
from .views import SeatView

DONE = "done"
FOLLOW_LIMIT = 200
RECORD_FORMAT = "shengji-kit/round"
RECORD_VERSION = 1


class ReplayRefused(RuleError):
    """An action of a replayed list that the round refused: ``index``, ``seat`` and ``trick`` say where."""

    def __init__(self, error: RuleError, index: int, seat: int, trick: int) -> None:
        self.refusal = error
        self.index = index
        self.seat = seat
        self.trick = trick
        super().__init__(error.code, error.params)


class Round:
    """One round from the first card dealt to the score. Create it with ``Round.new``."""

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
        self.rules = rules
        self.round_number = round_number
        self.first_dealer = dealer
        self.levels = levels
        self.decks = tuple(tuple(check_deck(deck)) for deck in decks)
        self._auction = Auction(seed, rules, round_number, dealer, levels, self.decks)
        self._play: TrickPlay | None = None
        self.result: RoundResult | None = None
        self.log: list[Event] = []
        self.actions: list[tuple[int, Action]] = []
        """Every accepted action in order, as (seat, action): replaying them rebuilds the round."""
        self._version = 0
        """Bumped by every state change: the listed-plays and view caches are keyed by it."""
        self._cache_key: tuple[int, int] = (-1, -1)
        self._cache: list[Action] = []
        self._cache_ids: set[int] = set()
        self._faces_key: tuple[int, int] = (-1, -1)
        self._faces: list[Faces] = []
        self._chosen_key: tuple[int, int] = (-1, -1)
        self._chosen: Action | None = None
        """The last ``listed_action``: ``act`` takes it unchecked at the same state."""
        self._views: dict[int, SeatView] = {}
        self._views_version = 0
        self._auction.start()
        self._drain_pending()

    @classmethod
    def new(
        cls,
        seed: int,
        rules: Rules | str = "super_tycoon",
        round_number: int = 1,
        dealer: int = 0,
        levels: tuple[str, str] = ("2", "2"),
        decks: Sequence[Sequence[Card]] = (),
    ) -> Round:
        """Deal a round; it runs on until the first decision.

        ``decks`` (for set-up deals, see ``deal.arrange_deck``) replaces the seeded shuffle of the
        first deals, in dealing order; later redeals shuffle with the seed.
        """
        preset = resolve_rules(rules)
        if type(dealer) is not int or not 0 <= dealer <= 3:
            raise RuleError("bad_seat", {"seat": dealer})
        if not isinstance(round_number, int) or round_number < 1:
            raise ValueError(f"round_number must be 1 or more, not {round_number!r}")
        team_levels = (normalise_level(levels[0]), normalise_level(levels[1]))
        return cls(int(seed), preset, round_number, dealer, team_levels, decks)

    @classmethod
    def replay(
        cls,
        seed: int,
        rules: Rules | str,
        round_number: int,
        dealer: int,
        levels: tuple[str, str],
        decks: Sequence[Sequence[Card]],
        actions: Sequence[tuple[int, Action]],
    ) -> Round:
        """A round dealt like ``Round.new`` and then driven through ``actions`` in order.

        The one way a round is rebuilt (undo, records). A refused action raises ``ReplayRefused``
        (a ``RuleError`` with the refusal's code and message) naming its index, seat and trick.
        """
        rnd = cls.new(seed, rules, round_number, dealer, levels, decks)
        for index, (seat, action) in enumerate(actions):
            try:
                rnd.act(seat, action)
            except RuleError as error:
                raise ReplayRefused(error, index, seat, rnd.tricks_played + 1) from error
        return rnd

    def rewind(self, n: int = 1) -> Round:
        """A new round as this one was ``n`` actions ago: the same deal (seed and set-up decks)
        with all but the last ``n`` actions replayed. ``rewind(0)`` is a fresh copy."""
        if type(n) is not int or not 0 <= n <= len(self.actions):
            raise RuleError("bad_rewind", {"value": repr(n), "count": len(self.actions)})
        kept = self.actions[: len(self.actions) - n]
        return Round.replay(
            self.seed, self.rules, self.round_number, self.first_dealer, self.levels, self.decks, kept
        )

    # --- the state ---------------------------------------------------------------------

    @property
    def buries(self) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """Every (seat, cards) buried so far, in order (a kitty exchange buries twice)."""
        return tuple(self._auction.buries)

    @property
    def phase(self) -> str:
        if self.result is not None:
            return DONE
        return self._auction.phase

    @property
    def to_act(self) -> int | None:
        if self._play is not None:
            return self._play.next_seat
        if self.result is not None:
            return None
        return self._auction.to_act

    @property
    def dealer(self) -> int | None:
        return self._auction.dealer

    @property
    def trump(self) -> Trump | None:
        return self._auction.trump

    @property
    def level(self) -> str | None:
        return self._auction.level

    @property
    def deal_number(self) -> int:
        """How many times the cards were dealt again (nobody declared, or a redeal)."""
        return self._auction.deal_number

    @property
    def current_trick(self) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """The current trick's plays so far as (seat, cards): what every view shows as ``trick``."""
        return () if self._play is None else self._play.trick

    @property
    def trick_play(self) -> TrickPlay | None:
        """The trick play under way (None before the first lead), for bots' fast paths to read only."""
        return self._play

    @property
    def tricks_played(self) -> int:
        return 0 if self._play is None else len(self._play.tricks)

    def legal_actions(self, seat: int, limit: int | None = FOLLOW_LIMIT) -> list[Action]:
        """The actions ``seat`` may take now (see the module docstring for bury and throws)."""
        play = self._play
        if play is None:
            actions = self._auction.legal_actions(seat) if seat == self.to_act else []
        elif seat != play.next_seat:
            return []
        else:
            actions = play.legal_actions(seat, limit)
        self._cache_key = (self._version, seat)
        self._cache = actions
        self._cache_ids = set(map(id, actions))
        return actions

    def listed_faces(self, seat: int) -> list[Faces]:
        """``legal_actions(seat)`` during the tricks as faces, without building actions (bots' fast path)."""
        play = self._play
        if play is None or seat != play.next_seat:
            return []
        faces = play.legal_faces(seat, FOLLOW_LIMIT)
        self._faces_key = (self._version, seat)
        self._faces = faces
        return faces

    def listed_action(self, seat: int, index: int) -> Action:
        """The action of ``listed_faces(seat)[index]`` (just listed), which ``act`` takes without a check."""
        key = (self._version, seat)
        if self._faces_key != key:
            raise ValueError("listed_action needs listed_faces for this seat and state first")
        action = play_action(self._faces[index])
        self._chosen_key = key
        self._chosen = action
        return action

    def check(self, seat: int, action: Action) -> Verdict:
        """Would ``act`` accept this action? The refusal's code and message, or ok."""
        try:
            self._validate(seat, action)
        except RuleError as error:
            return Verdict(False, error.code, error.params)
        return Verdict(True)

    def act(self, seat: int, action: Action) -> Event:
        """Take an action for ``seat``; raises ``RuleError`` (state unchanged) if it is not allowed."""
        play = self._play
        listed = self._cache_key == (self._version, seat) and id(action) in self._cache_ids
        if play is not None and (listed or (action is self._chosen and self._chosen_key == (self._version, seat))):
            # a play just listed for this seat at this version: no check needed
            event, then = play.apply_listed(seat, play.listed_cards(action.cards))
            if play.next_seat is None:
                then.append(self._finish())
        else:
            # an action from the list ``legal_actions`` just returned needs no check
            checked = None if play is None and listed else self._validate(seat, action)
            if play is None:
                event = self._auction.act(seat, action)
                then = self._auction.pending
                self._auction.pending = []
                if self._auction.phase == PLAY_PHASE:
                    self._start_play()
            else:
                assert checked is not None
                event, then = play.apply(seat, checked)
                if play.done:
                    then.append(self._finish())
        self._version += 1
        self.actions.append((seat, action))
        if then:
            event = Event(event.kind, event.seat, event.cards, event.params, event.throw, tuple(then))
            self.log.extend(event.all())
        else:
            self.log.append(event)
        return event

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see now (built once per seat and state: views are immutable)."""
        if self._views_version != self._version:
            self._views = {}
            self._views_version = self._version
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self._build_view(seat)
        return view

    def _build_view(self, seat: int) -> SeatView:
        self._check_seat(seat)
        auction = self._auction
        play = self._play
        if play is not None:
            hand = play.hand(seat)
            sizes = (play.sizes[0], play.sizes[1], play.sizes[2], play.sizes[3])
        else:
            sort_trump = auction.trump or Trump(self.levels[seat % 2], None)
            hand = tuple(sort_trump.sorted(auction.hands[seat]))
            h = auction.hands
            sizes = (len(h[0]), len(h[1]), len(h[2]), len(h[3]))
        kitty = None
        result = self.result
        burier_sees = seat == auction.burier and auction.kitty_holder is None
        if burier_sees or (result is not None and kitty_revealed_at_end(self.rules, result.kitty_captured)):
            kitty = tuple(auction.kitty)
        return SeatView(
            seat=seat,
            phase=self.phase,
            to_act=self.to_act,
            rules=self.rules,
            round_number=self.round_number,
            race=auction.race,
            levels=self.levels,
            dealer=auction.dealer,
            level=auction.level,
            trump=auction.trump,
            bids=tuple(auction.bids),
            hand=hand,
            hand_sizes=sizes,
            cards_dealt=auction.dealt,
            kitty=kitty,
            trick=play.trick if play is not None else (),
            attempt=play.attempt if play is not None else None,
            tricks=play.finished if play is not None else (),
            attackers_points=play.attackers_points if play is not None else 0,
            result=self.result,
            kitty_size=auction.kitty_size,
        )

    def all_cards(self) -> Counter[int]:
        """Every one of the 108 cards by face index, wherever it is now (a consistency check)."""
        auction = self._auction
        found: Counter[int] = Counter(card.index for card in auction.deck[auction.dealt : auction.dealt_cards])
        found.update(card.index for card in auction.kitty)
        hands = [self._play.hand(seat) for seat in range(4)] if self._play is not None else auction.hands
        for hand in hands:
            found.update(card.index for card in hand)
        if self._play is not None:
            for trick in self._play.tricks:
                for cards in trick.plays:
                    found.update(card.index for card in cards)
            for cards in self._play.plays:
                found.update(card.index for card in cards)
        return found

    def hands_at_first_lead(self) -> tuple[tuple[Card, ...], ...] | None:
        """The four hands when the dealer leads the first trick (None before that)."""
        return None if self._play is None else self._play.first_hands

    def record(self) -> dict[str, Any]:
        """The JSON record of this finished round (``record.save`` writes it to a file)."""
        result = self.result
        hands = self.hands_at_first_lead()
        view = self.view(0)
        if result is None or hands is None or view.trump is None:
            raise RuleError("record_unfinished")
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "rules": self.rules.name,
            "rules_switches": self.rules.switches(),
            **({"rules_title": dict(self.rules.title)} if self.rules.title else {}),
            "seed": self.seed,
            "round_number": self.round_number,
            "first_dealer": self.first_dealer,
            "deal_number": self.deal_number,
            "levels": list(self.levels),
            "dealer": result.dealer,
            "level": view.trump.level,
            "trump": view.trump.suit,
            "declarations": [
                {"kind": b.kind, "seat": b.seat, "cards": _codes(b.cards), "suit": b.suit, "level": b.level}
                for b in view.bids
            ],
            "hands": [_codes(hand) for hand in hands],
            "buried": _codes(self.buries[-1][1] if self.buries else ()),  # the true kitty, even if hidden
            "buries": [{"seat": seat, "cards": _codes(cards)} for seat, cards in self.buries],
            "tricks": [trick.to_json() for trick in view.tricks],
            "attackers_points": result.attackers_points,
            "kitty_points": result.kitty_points,
            "kitty_multiplier": result.kitty_multiplier,
            "total": result.total,
            **({"penalty_points": result.penalty_points} if self.rules.throw_penalty_points else {}),
            "outcome": {
                "side": result.outcome.side,
                "levels": result.outcome.levels,
                "deal_passes": result.outcome.deal_passes,
            },
            "next_dealer": result.next_dealer,
            "levels_after": list(result.levels_after),
            "failed_throws": list(result.failed_throws),
            "stakes": list(result.stakes()),
            "actions": [[seat, *action.to_json()] for seat, action in self.actions],
            **({"decks": [_codes(list(deck)) for deck in self.decks]} if self.decks else {}),
        }

    # --- internals -------------------------------------------------------------------

    def _check_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or not 0 <= seat <= 3:
            raise RuleError("bad_seat", {"seat": seat})

    def _validate(self, seat: int, action: Action) -> Checked | None:
        self._check_seat(seat)
        if self.result is not None:
            raise RuleError("round_over")
        if seat != self.to_act:
            raise RuleError("not_your_turn", {"seat": seat, "to_act": self.to_act})
        allowed = self._auction.allowed_kinds() if self._play is None else (PLAY,)
        if action.kind not in allowed:
            params = {"kind": action.kind, "allowed": ", ".join(allowed), "phase": self.phase}
            raise RuleError("wrong_action", params)
        if self._play is None:
            self._auction.check(seat, action)
            return None
        if self._cache_key == (self._version, seat) and id(action) in self._cache_ids:
            return self._play.listed(action.cards)
        return self._play.check(seat, action.cards)

    def _start_play(self) -> None:
        auction = self._auction
        trump = auction.trump
        assert trump is not None and auction.dealer is not None
        self._play = TrickPlay(auction.hands, trump, self.rules, auction.dealer)

    def _finish(self) -> Event:
        play = self._play
        auction = self._auction
        assert play is not None and auction.dealer is not None
        last = play.tricks[-1]
        self.result = score_round(
            play.attackers_points,
            auction.kitty,
            last.plays[0],
            last.winner,
            play.trump,
            self.rules,
            auction.dealer,
            self.levels,
            [seat for seat, _ in play.failed_throws],
        )
        return event_done(self.result)

    def _drain_pending(self) -> None:
        self.log.extend(self._auction.pending)
        self._auction.pending = []
        if self._auction.phase == PLAY_PHASE and self._play is None:
            self._start_play()

    def __repr__(self) -> str:
        trump = self.trump
        return (
            f"Round(seed={self.seed}, rules={self.rules.name!r}, round_number={self.round_number}, "
            f"phase={self.phase!r}, to_act={self.to_act}, trump={trump!r}, "
            f"tricks_played={self.tricks_played})"
        )


def _codes(cards: tuple[Card, ...] | list[Card]) -> list[str]:
    return codes(cards).split()
