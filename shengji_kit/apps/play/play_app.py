"""The "play a round" app: the learner (South) against three bots, round after round of a match.

The bots are of one tier (``coach/bot_tiers.py``: gentle, steady, strong), chosen by ``?bots=`` or
on the table: until the first trick of a round the learner may change it. Every tier declares and
buries as RuleBot does, so a change before the tricks leaves what the bots already did as the new
bots would have done it; the tier is saved with the match and a resumed round keeps its bots.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...classroom.identity import current_learner, on_learner_change
from ...classroom.tables.client import local_server_url
from ...coach.bot_tiers import DEFAULT_TIER, TIER_NAMES, bot_factory, tier_named
from ...engine.rules import Rules
from ...game.bots import Bot, RuleBot
from ...game.deal import derived_seed
from ...game.match import Match
from ...game.round import Round
from ...game.saved_round import RoundActions
from ...widgets.class_store import class_name
from ...widgets.surface import CardSurface, Observable
from ...words import Message
from ..page_options import checked_bots, checked_delay, checked_house_rules, checked_seed, query_options
from ._first_deal import learner_friendly_seed
from ._play_banner import banner_html
from ._round_keeper import DECLINE, RESUME, RoundKeeper, learner_moved
from ._tier_choice import ACTION_PREFIX, tier_choice_html
from .controller import Note, TableController, TablePreferences

BotFactory = Callable[[int], Mapping[int, Bot]]
KeeperFactory = Callable[[str], RoundKeeper]


def rule_bots(seed: int) -> dict[int, Bot]:
    """RuleBots at East, North and West, each seeded from the round's seed (the steady tier's bots)."""
    return {seat: RuleBot(derived_seed(seed, seat)) for seat in (1, 2, 3)}


BEFORE_TRICKS = frozenset({"deal", "declare", "redeal", "bury"})
"""Phases in which the opponents' tier may still be changed (every tier bids and buries alike)."""


class PlayApp(Observable):
    """A match seen from seat 0: each round gets a ``TableController``; next round on request.

    With a ``keeper`` the open match is saved after every move, and a saved open round is offered
    for resuming (``_round_keeper.py``). With ``keeper_for`` instead, the app keeps the rounds of the
    kernel's current learner and follows the learner bar: when the learner changes, the new learner's
    keeper takes over (their saved round becomes the offer) and the old learner's file is left alone.
    """

    def __init__(
        self,
        seed: int = 1,
        rules: Rules | str = "super_tycoon",
        delay: float = 0.7,
        make_bots: BotFactory | None = None,
        allow_undo: bool = False,
        keeper: RoundKeeper | None = None,
        notes: Sequence[Message] = (),
        keeper_for: KeeperFactory | None = None,
        bots: str = DEFAULT_TIER,
    ) -> None:
        super().__init__()
        self.bots_tier = tier_named(bots).name
        """The opponents' tier (``?bots=``); ``make_bots``, when given, seats other bots under its name."""
        self.match_seed = learner_friendly_seed(seed, rules, make_bots or rule_bots)
        self.match = Match(self.match_seed, rules)
        self.preferences = TablePreferences()
        self.delay = delay
        self.make_bots = make_bots or bot_factory(self.bots_tier)
        self.allow_undo = allow_undo
        self.keeper_for = keeper_for
        self.learner = current_learner()
        if keeper is None and keeper_for is not None:
            keeper = keeper_for(self.learner)
        self.keeper = keeper
        self.notes = tuple(notes)
        self.finished_rounds: list[RoundActions] = []
        self.class_tables = local_server_url() is not None
        """On ``serve --classroom``: the banner links the class's shared tables."""
        self.controller = self._control(self.match.new_round())
        self._keep()
        if keeper_for is not None:  # held weakly: the listener goes with the app
            self._stop_following = on_learner_change(self.follow_learner)

    def follow_learner(self, learner: str) -> None:
        """The kernel's learner changed (the learner bar): keep that learner's rounds from now on.

        Their saved round becomes the offer. A round the previous learner had begun stays theirs:
        the table is dealt afresh (the visit's deal again) rather than continued as the new learner's.
        """
        if self.keeper_for is None or learner == self.learner:
            return
        before = self.keeper
        self.learner = learner
        self.keeper = self.keeper_for(learner)
        if learner_moved(self.finished_rounds, self.controller.round) or (before is not None and before.resumed):
            self.match = Match(self.match_seed, self.match.rules)
            self.finished_rounds = []
            self._replace(self.match.new_round())
        self.changed()

    def _control(self, rnd: Round) -> TableController:
        controller = TableController(
            rnd, self.make_bots(rnd.seed), self.delay, self.allow_undo, self.next_round, self.preferences
        )
        controller.subscribe(self.changed)
        return controller

    def changed(self) -> None:
        self._keep()
        super().changed()

    def _keep(self) -> None:
        if self.keeper is not None:
            self.keeper.keep(self.match, self.finished_rounds, self.controller.round, self.bots_tier)

    def next_round(self) -> bool:
        """Book the finished round in the match and deal the next one (False if not possible)."""
        if self.controller.round.result is None:
            return False
        if not self.match.over:
            self.match.finish(self.controller.round)
            self.finished_rounds.append(tuple(self.controller.round.actions))
        if self.match.over:
            code = "ui_match_won" if self.match.winner == 0 else "ui_match_lost"
            self.controller.note = Note(Message(code), "ok")
            self._keep()
            return False
        self._replace(self.match.new_round())
        return True

    def _replace(self, rnd: Round) -> None:
        self.controller.pacer.cancel()
        self.controller.unsubscribe(self.changed)
        self.controller = self._control(rnd)

    def resume(self) -> bool:
        """Take up the saved round offered by the keeper, at the move it was left."""
        offer = self.keeper.offer if self.keeper is not None else None
        taken = self.keeper.take_offer() if self.keeper is not None else None
        if taken is None or offer is None:
            return False
        self.match, rnd, self.finished_rounds = taken
        unknown = offer.bots not in TIER_NAMES
        self._seat_tier(DEFAULT_TIER if unknown else offer.bots)
        self._replace(rnd)
        if unknown:  # a file from a later version, say: steady opponents play on, and the page says so
            self.controller.note = Note(Message("tier_unknown_saved", {"given": offer.bots}), "error")
        return True

    @property
    def can_choose_tier(self) -> bool:
        """Whether the opponents' tier may change now: before the first trick of the round."""
        return self.controller.round.phase in BEFORE_TRICKS

    def _seat_tier(self, name: str) -> None:
        self.bots_tier = tier_named(name).name
        self.make_bots = bot_factory(self.bots_tier)

    def choose_tier(self, name: str) -> bool:
        """Seat opponents of tier ``name`` now (before the first trick of the round), for this and later rounds."""
        if name not in TIER_NAMES:
            self.controller.note = Note(Message("tier_unknown", {"given": name[:24], "known": Message("tier_known")}),
                                        "error")
            return False
        if not self.can_choose_tier:
            self.controller.note = Note(Message("tier_too_late"), "error")
            return False
        self._seat_tier(name)
        self.controller.bots = dict(self.make_bots(self.controller.round.seed))
        self.controller.note = Note(Message("tier_chosen", {"tier": Message(f"tier_{name}")}), "ok")
        return True

    def handle(self, message: Mapping[str, Any]) -> None:
        action = message.get("action") if message.get("type") == "action" else None
        if action == RESUME:
            self.resume()
        elif isinstance(action, str) and action.startswith(ACTION_PREFIX):
            self.choose_tier(action[len(ACTION_PREFIX):])
        elif action == DECLINE and self.keeper is not None:
            self.keeper.decline()
        else:
            if self.keeper is not None and self.keeper.offer is not None:
                self.keeper.decline()  # playing on the new deal answers the offer
            self.controller.handle(message)
        self._keep()

    def render(self, lang: str) -> str:
        banner = banner_html(self.match.rules, self.notes, self.keeper, lang, tables=self.class_tables)
        tiers = tier_choice_html(self.bots_tier, self.can_choose_tier and self.match.winner is None, lang)
        return banner + tiers + self.controller.render(lang)


def play_app(
    seed: int | None = None, delay: float | None = None, rules: Rules | str | None = None,
    learner: str | None = None, bots: str | None = None,
) -> CardSurface:
    """The card table: play a match against three bots of one tier (the learner sits South).

    Arguments left out come from the page address (``?seed=7&delay=0.3&rules=classic&bots=gentle``);
    without them every visit deals a fresh match, bots pause 0.7 s, the rules are ``super_tycoon``
    and the opponents are steady (RuleBots).
    An address option that cannot be used is named above the table with what was used instead.
    The open round is saved for ``learner`` in this kernel's class so a reload can resume it; left
    out, the learner is the kernel's current one, followed as the learner bar changes it.
    """
    options = query_options()
    notes: list[Message] = []
    chosen_seed, seed_note = (seed, None) if seed is not None else checked_seed(options)
    chosen_delay, delay_note = (delay, None) if delay is not None else checked_delay(options, 0.7)
    chosen_rules, rules_note = (rules, None) if rules is not None else checked_house_rules(options, "super_tycoon")
    chosen_bots, bots_note = (bots, None) if bots is not None else checked_bots(options)
    notes = [note for note in (seed_note, delay_note, rules_note, bots_note) if note is not None]
    klass = class_name()

    def keeper_for(name: str) -> RoundKeeper:
        return RoundKeeper.for_learner(name, class_name=klass)

    if learner is not None:
        app = PlayApp(
            chosen_seed, chosen_rules, chosen_delay, keeper=keeper_for(learner), notes=notes, bots=chosen_bots
        )
    else:
        app = PlayApp(chosen_seed, chosen_rules, chosen_delay, notes=notes, keeper_for=keeper_for, bots=chosen_bots)
    return CardSurface(app)
