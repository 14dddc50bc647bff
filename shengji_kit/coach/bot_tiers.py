"""The opponents' strengths a learner picks from: gentle, steady and strong, each a bot factory.

One registry, named for learners rather than for algorithms: **gentle** (``GentleBot``: RuleBot
that takes a weaker play on purpose at ``MISS_RATE``), **steady** (``RuleBot``) and **strong**
(``SearchBot`` at ``STRONG_BUDGET``, a bot's turn well under a second). Each tier has a label and
a one-line description in the catalogue (``tier_<name>``, ``tier_<name>_about``); an unknown name
is refused with ``UnknownTierError``, whose message lists the tiers in both languages.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..game.bots.base import Bot
from ..game.bots.rule import RuleBot
from ..game.deal import derived_seed
from ..words import Message
from ._sample_playout import Budget
from .gentle_bot import MISS_RATE, GentleBot

STRONG_BUDGET = Budget(samples=10, seconds=0.9)
"""SearchBot's budget as the strong tier: ten sampled deals per play, as measured by
``benchmarks/strength.py`` (turn times in docs/coach.md); ``seconds`` cuts a search short on a busy
machine so that a turn stays under a second (then its choice depends on the machine's speed)."""
DEFAULT_TIER = "steady"
OPPONENT_SEATS = (1, 2, 3)
"""The seats the bots take in the play app (the learner sits South, seat 0)."""


class UnknownTierError(ValueError):
    """A tier name that is none of the registry's; ``message`` names the tiers in any language."""

    def __init__(self, given: str) -> None:
        self.message = Message("tier_unknown", {"given": str(given)[:24], "known": Message("tier_known")}, "error")
        super().__init__(self.message.render("en"))


@dataclass(frozen=True)
class Tier:
    """One strength: its ``name`` (as in ``?bots=``) and ``make(seed)``, a fresh bot for one seat."""

    name: str
    make: Callable[[int], Bot]

    def label(self, lang: str) -> str:
        """The learner's word for the tier: ``Gentle`` / ``温和``."""
        return Message(f"tier_{self.name}").render(lang)

    def description(self, lang: str) -> str:
        """One line saying how the tier plays."""
        return Message(f"tier_{self.name}_about", {"rate": round(MISS_RATE * 100)}).render(lang)


def _gentle(seed: int) -> Bot:
    return GentleBot(seed)


def _steady(seed: int) -> Bot:
    return RuleBot(seed)


def _strong(seed: int) -> Bot:
    from .search_bot import SearchBot

    return SearchBot(seed, STRONG_BUDGET)


TIERS: tuple[Tier, ...] = (Tier("gentle", _gentle), Tier("steady", _steady), Tier("strong", _strong))
"""From the weakest to the strongest."""
TIER_NAMES: tuple[str, ...] = tuple(tier.name for tier in TIERS)


def tier_named(name: str) -> Tier:
    """The tier called ``name`` exactly; ``UnknownTierError`` otherwise."""
    for tier in TIERS:
        if tier.name == name:
            return tier
    raise UnknownTierError(name)


def tier_bots(name: str, seed: int, seats: Iterable[int] = OPPONENT_SEATS) -> dict[int, Bot]:
    """Bots of tier ``name`` at ``seats``, each seeded from the round's ``seed`` and its seat.

    Steady gives exactly the RuleBots the play app seated before tiers existed.
    """
    tier = tier_named(name)
    return {seat: tier.make(derived_seed(seed, seat)) for seat in seats}


def bot_factory(name: str) -> Callable[[int], dict[int, Bot]]:
    """``seed -> bots at East, North and West`` for tier ``name`` (checked now, not at the deal)."""
    tier_named(name)

    def make(seed: int) -> dict[int, Bot]:
        return tier_bots(name, seed)

    return make
