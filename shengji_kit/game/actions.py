"""Actions a seat can take in a round, and the events a round reports back.

An ``Action`` is what a player (person or bot) hands to ``Round.act``; an ``Event`` is what
happened, with a bilingual message, so a front end can show a log without knowing the rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ..engine.cards import Card, codes, parse_cards, symbols
from ..engine.throws import ThrowCheck
from ..words.catalogue import text

DECLARE = "declare"
OVERTURN = "overturn"
PASS = "pass"
DEAL_ON = "deal_on"
REDEAL = "redeal"
BURY = "bury"
PLAY = "play"
ACTION_KINDS = (DECLARE, OVERTURN, PASS, DEAL_ON, REDEAL, BURY, PLAY)

CardsLike = Iterable[Card] | str


def to_cards(cards: CardsLike) -> tuple[Card, ...]:
    """Cards from a sequence of ``Card`` or from text such as ``"SA SA"``."""
    return tuple(parse_cards(cards)) if isinstance(cards, str) else tuple(cards)


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: ``kind`` (declare, overturn, pass, deal_on, redeal, bury, play) and its ``cards``."""

    kind: str
    cards: tuple[Card, ...] = ()

    @staticmethod
    def play(cards: CardsLike) -> Action:
        """Lead or follow with these cards (a lead of several combinations is a throw)."""
        return Action(PLAY, to_cards(cards))

    @staticmethod
    def bury(cards: CardsLike) -> Action:
        """Bury these 8 cards as the kitty."""
        return Action(BURY, to_cards(cards))

    @staticmethod
    def declare(cards: CardsLike) -> Action:
        """Declare trumps by showing these cards (e.g. a level card and a joker)."""
        return Action(DECLARE, to_cards(cards))

    @staticmethod
    def overturn(cards: CardsLike) -> Action:
        """Overturn the standing declaration by showing these cards."""
        return Action(OVERTURN, to_cards(cards))

    @staticmethod
    def passes() -> Action:
        """Do nothing now; during the deal: ask me again when my next card comes."""
        return Action(PASS)

    @staticmethod
    def deal_on() -> Action:
        """During the deal: deal on, and ask me again only when I can show something new."""
        return Action(DEAL_ON)

    @staticmethod
    def redeal() -> Action:
        """Ask for a redeal (暴动): an attacker holding fewer than 15 points."""
        return Action(REDEAL)

    def to_json(self) -> list[str]:
        """``["play", "SA SA"]``: the form used in round records."""
        return [self.kind, codes(self.cards)]

    @staticmethod
    def from_json(data: object) -> Action:
        """The inverse of ``to_json``; raises ``ValueError`` on anything else."""
        if not (isinstance(data, list) and len(data) == 2 and all(isinstance(x, str) for x in data)):
            raise ValueError(f"an action is [kind, cards], not {data!r}")
        kind, text = data
        if kind not in ACTION_KINDS:
            raise ValueError(f"unknown action kind {kind!r}")
        return Action(kind, tuple(parse_cards(text)))

    def __str__(self) -> str:
        return f"{self.kind} {symbols(self.cards)}".strip()


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened: ``kind``, the ``seat`` concerned, the ``cards`` shown or played.

    ``throw`` holds the ``ThrowCheck`` of a throw; ``then`` lists what followed automatically
    (a trick completed, the kitty taken, the round scored …). ``message(lang)`` explains it.
    """

    kind: str
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    params: Mapping[str, object] = field(default_factory=dict)
    throw: ThrowCheck | None = None
    then: tuple[Event, ...] = ()

    def message(self, lang: str = "en") -> str:
        return text(f"event_{self.kind}", lang, **self.params)

    def all(self) -> list[Event]:
        """This event followed by everything in ``then``, flattened in order."""
        found = [self]
        for event in self.then:
            found.extend(event.all())
        return found

    def __str__(self) -> str:
        return self.message("en")
