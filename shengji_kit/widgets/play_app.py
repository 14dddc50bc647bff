"""The "play a round" app: the learner (South) against three bots, round after round of a match."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..game.bots import Bot, RuleBot
from ..game.deal import derived_seed
from ..game.match import Match
from .controller import Note, Say, TableController, TablePreferences
from .first_deal import learner_friendly_seed
from .page_options import delay_option, query_options, rules_option, seed_option
from .surface import CardSurface, Observable

BotFactory = Callable[[int], Mapping[int, Bot]]


def rule_bots(seed: int) -> dict[int, Bot]:
    """RuleBots at East, North and West, each seeded from the round's seed."""
    return {seat: RuleBot(derived_seed(seed, seat)) for seat in (1, 2, 3)}


class PlayApp(Observable):
    """A match seen from seat 0: each round gets a ``TableController``; next round on request."""

    def __init__(
        self,
        seed: int = 1,
        rules: str = "super_tycoon",
        delay: float = 0.7,
        make_bots: BotFactory = rule_bots,
        allow_undo: bool = False,
    ) -> None:
        super().__init__()
        self.match = Match(learner_friendly_seed(seed, rules, make_bots), rules)
        self.preferences = TablePreferences()
        self.delay = delay
        self.make_bots = make_bots
        self.allow_undo = allow_undo
        self.controller = self._start()

    def _start(self) -> TableController:
        rnd = self.match.new_round()
        controller = TableController(
            rnd, self.make_bots(rnd.seed), self.delay, self.allow_undo, self.next_round, self.preferences
        )
        controller.subscribe(self.changed)
        return controller

    def next_round(self) -> bool:
        """Book the finished round in the match and deal the next one (False if not possible)."""
        if self.controller.round.result is None:
            return False
        if not self.match.over:
            self.match.finish(self.controller.round)
        if self.match.over:
            code = "ui_match_won" if self.match.winner == 0 else "ui_match_lost"
            self.controller.note = Note(Say(code, {}), "ok")
            return False
        self.controller.pacer.cancel()
        self.controller.unsubscribe(self.changed)
        self.controller = self._start()
        return True

    def handle(self, message: Mapping[str, Any]) -> None:
        self.controller.handle(message)

    def render(self, lang: str) -> str:
        return self.controller.render(lang)


def play_app(
    seed: int | None = None, delay: float | None = None, rules: str | None = None
) -> CardSurface:
    """The card table: play a match against three RuleBots (the learner sits South).

    Arguments left out come from the page address (``?seed=7&delay=0.3&rules=classic``); without
    them every visit deals a fresh match, bots pause 0.7 s, and the rules are ``super_tycoon``.
    """
    options = query_options()
    chosen_seed = seed if seed is not None else seed_option(options)
    chosen_delay = delay if delay is not None else delay_option(options, 0.7)
    chosen_rules = rules if rules is not None else rules_option(options, "super_tycoon")
    return CardSurface(PlayApp(chosen_seed, chosen_rules, chosen_delay))
