"""Points, the kitty multiplier, level outcomes, the next dealer and climbing (docs/rules.md §7)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..words.catalogue import text
from .cards import RANKS, Card
from .errors import RuleError
from .rules import MANDATORY_LEVELS, Rules, resolve_rules
from .shapes import PAIR, SINGLE, TRACTOR, Component, shape
from .trump import Trump, normalise_level

PIVOT = 80
"""From this total up the attackers take the deal (the score table's centre)."""

DEFENDERS = "defenders"
ATTACKERS = "attackers"


def points(cards: Iterable[Card]) -> int:
    """Point total: 5s count 5, 10s and Ks count 10 (unchecked; ``shengji_kit.points`` checks)."""
    return sum(card.points for card in cards)


def component_multiplier(component: Component, rules: Rules) -> int:
    """One component's kitty multiplier under ``rules.kitty_scheme`` (``by_shape``: 2, 4, 4·k or a flat 4)."""
    if rules.kitty_scheme == "doubling":
        return int(2 ** len(component.cards))
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
    if preset.kitty_scheme == "per_card":
        return 2 * len(last_lead)
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
    """The §7 table: thresholds are inclusive lower bounds (0, 5, 40, 80, 120, 160, …).

    With ``level_step`` 20 the bands are 20 points wide around the same pivot of 80: the defenders
    gain one level per 20 points short of 80 (at most 3), the attackers one per 20 points above it.
    """
    preset = resolve_rules(rules)
    check_total(attackers_total)
    step = preset.level_step
    if attackers_total < PIVOT:
        if attackers_total < 5:
            return Outcome(DEFENDERS, 3, False)
        return Outcome(DEFENDERS, min(1 + (PIVOT - 1 - attackers_total) // step, 3), False)
    levels = (attackers_total - PIVOT) // step
    if preset.attacker_levels_capped:
        levels = min(levels, preset.max_attacker_levels)
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

    ``wrap_after_ace`` wraps after A back to 2, otherwise a team never passes A; a climb that would
    pass over one of ``mandatory_levels`` (``classic``: 10 and K) stops there (a team already on
    one climbs on normally).
    """
    preset = resolve_rules(rules)
    start = RANKS.index(normalise_level(level))
    if type(steps) is not int or steps < 0:
        raise RuleError("bad_steps", {"steps": repr(steps)})
    stops = MANDATORY_LEVELS[preset.mandatory_levels]
    if preset.wrap_after_ace and not stops:
        return RANKS[(start + steps) % len(RANKS)]
    position = start
    for _ in range(steps):
        if position == len(RANKS) - 1 and not preset.wrap_after_ace:
            break
        position = (position + 1) % len(RANKS)
        if RANKS[position] in stops:
            break
    return RANKS[position]


def laps_completed(level: str | int, steps: int, rules: Rules | str | None = None) -> int:
    """How many times a wrapping climb of ``steps`` from ``level`` passes A (``super_tycoon``).

    With mandatory levels (必打) the climb stops before a second lap, so it wrapped once if it ended lower.
    """
    start = RANKS.index(normalise_level(level))
    preset = resolve_rules(rules)
    if MANDATORY_LEVELS[preset.mandatory_levels]:
        return int(RANKS.index(climb(level, steps, preset)) < start)
    return (start + steps) // len(RANKS)
