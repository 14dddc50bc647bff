"""Points, the kitty multiplier, level outcomes, the next dealer and climbing (docs/rules.md §7)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..words.catalogue import text
from .cards import RANKS, Card
from .errors import RuleError
from .rules import Rules, resolve_rules
from .shapes import PAIR, SINGLE, TRACTOR, Component, shape
from .trump import Trump, normalise_level

DEFENDERS = "defenders"
ATTACKERS = "attackers"


def points(cards: Iterable[Card]) -> int:
    """Point total: 5s count 5, 10s and Ks count 10 (unchecked; ``shengji_kit.points`` checks)."""
    return sum(card.points for card in cards)


def component_multiplier(component: Component, rules: Rules) -> int:
    if component.kind == SINGLE:
        return 2
    if component.kind == PAIR or not rules.tractor_kitty_scales:
        return 4
    assert component.kind == TRACTOR
    return 4 * component.pairs


def kitty_multiplier(last_lead: Sequence[Card], trump: Trump, rules: Rules | str | None = None) -> int:
    """The multiplier of the kitty's points for the cards actually led to the last trick.

    Unchecked (trusted callers pass valid cards); ``shengji_kit.kitty_multiplier`` checks its input.
    """
    preset = resolve_rules(rules)
    lead = shape(last_lead, trump)
    return max(component_multiplier(c, preset) for c in lead.components)


@dataclass(frozen=True)
class Outcome:
    """A round's level result: who climbs, by how many levels, and whether the deal passes."""

    side: str
    levels: int
    deal_passes: bool

    def describe(self, lang: str = "en") -> str:
        """``defenders go up 1`` / ``主打方升1级``, from the message catalogue."""
        return text("outcome_of", lang, outcome=self)

    def words(self, kind: str, lang: str) -> str | None:
        """How the catalogue writes an ``{name:outcome}`` placeholder (``words.catalogue.Worded``)."""
        if kind != "outcome":
            return None
        if self.side == DEFENDERS:
            return text("outcome_defenders", lang, levels=self.levels)
        if self.levels:
            return text("outcome_attackers", lang, levels=self.levels)
        return text("outcome_deal_passes", lang)


def check_total(attackers_total: object) -> int:
    """``attackers_total`` if it is a possible total (a whole number ≥ 0, a multiple of 5; not a bool)."""
    if type(attackers_total) is not int or attackers_total < 0 or attackers_total % 5:
        raise RuleError("bad_total", {"total": repr(attackers_total)})
    return attackers_total


def level_outcome(attackers_total: int, rules: Rules | str | None = None) -> Outcome:
    """The §7 table: thresholds are inclusive lower bounds (0, 5, 40, 80, 120, 160, …)."""
    preset = resolve_rules(rules)
    check_total(attackers_total)
    if attackers_total < 5:
        return Outcome(DEFENDERS, 3, False)
    if attackers_total < 40:
        return Outcome(DEFENDERS, 2, False)
    if attackers_total < 80:
        return Outcome(DEFENDERS, 1, False)
    if attackers_total < 120:
        return Outcome(ATTACKERS, 0, True)
    levels = min(1 + (attackers_total - 120) // 40, preset.max_attacker_levels)
    return Outcome(ATTACKERS, levels, True)


def match_points(attackers_total: int) -> int:
    """``classic`` match points for the attackers (times the base stake); defenders get the negative."""
    check_total(attackers_total)
    if attackers_total < 5:
        return -3
    if attackers_total < 40:
        return -2
    if attackers_total < 80:
        return -1
    if attackers_total < 120:
        return 1
    return min(2 + (attackers_total - 120) // 40, 4)


def next_dealer(dealer: int, outcome: Outcome) -> int:
    """Defenders climbed: the dealer's partner deals; otherwise the dealer's next player."""
    if type(dealer) is not int or not 0 <= dealer <= 3:
        raise RuleError("bad_dealer", {"dealer": repr(dealer)})
    if not isinstance(outcome, Outcome):
        raise RuleError("bad_outcome", {"value": repr(outcome)})
    if outcome.side == DEFENDERS and outcome.levels > 0:
        return (dealer + 2) % 4
    return (dealer + 1) % 4


def climb(level: str | int, steps: int, rules: Rules | str | None = None) -> str:
    """The level after climbing ``steps`` levels.

    ``super_tycoon`` wraps after A back to 2; ``classic`` stops on 10 and K when a climb would pass
    over them (a team already there climbs on normally) and never passes A.
    """
    preset = resolve_rules(rules)
    start = RANKS.index(normalise_level(level))
    if type(steps) is not int or steps < 0:
        raise RuleError("bad_steps", {"steps": repr(steps)})
    if preset.wrap_after_ace:
        return RANKS[(start + steps) % len(RANKS)]
    position = start
    for _ in range(steps):
        if position == len(RANKS) - 1:
            break
        position += 1
        if RANKS[position] in ("10", "K"):
            break
    return RANKS[position]


def laps_completed(level: str | int, steps: int) -> int:
    """How many times a ``super_tycoon`` climb of ``steps`` from ``level`` wraps past A."""
    return (RANKS.index(normalise_level(level)) + steps) // len(RANKS)
