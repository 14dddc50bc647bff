"""Lesson 0's recorded round as a story: the deal card by card with the declaration, the kitty
taken and buried, the tricks and the count — everything read from one seeded RuleBot round.

The round is lesson 6's (``scoreboard.recorded_round``); the deal order comes from the seed
(``game.deal``) and the moment of each declaration from replaying the round's own actions, so
what the story says is what the engine did.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...engine.cards import Card
from ...game.actions import DECLARE, OVERTURN, Action
from ...game.deal import DEALT_CARDS, kitty_of, receiver, shuffled_deck
from ...game.record import ParsedRecord, parse
from ...game.round import Round
from .scoreboard import recorded_round
from .trick_stepper import RecordedTrick

STORY_SEED = 43
"""East declares at the 35th card and deals; South and North attack, score 140 and climb a level."""


@dataclass(frozen=True)
class Showing:
    """A declaration or overturn: who showed which cards, after how many cards of the deal."""

    seat: int
    kind: str
    cards: tuple[Card, ...]
    cards_dealt: int


@dataclass(frozen=True)
class RoundStory:
    """One recorded round with what its record leaves out: the deal order and when trumps were shown."""

    record: ParsedRecord
    deck: tuple[Card, ...]
    first: int
    showings: tuple[Showing, ...]

    @property
    def dealer(self) -> int:
        return self.record.dealer

    @property
    def kitty(self) -> tuple[Card, ...]:
        """The 8 cards left after the deal, which the dealer picks up."""
        return tuple(kitty_of(list(self.deck)))

    def dealt(self, count: int) -> list[tuple[int, Card]]:
        """The first ``count`` cards of the deal, each with the seat it went to."""
        return [(receiver(self.first, number), self.deck[number]) for number in range(min(count, DEALT_CARDS))]

    def hand_after(self, seat: int, count: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds once ``count`` cards are dealt."""
        return tuple(card for to, card in self.dealt(count) if to == seat)

    def shown_by(self, count: int) -> tuple[Showing, ...]:
        """The declarations and overturns made by the time ``count`` cards are out."""
        return tuple(showing for showing in self.showings if showing.cards_dealt <= count)

    def tricks(self) -> list[RecordedTrick]:
        """The tricks as lesson 4's stepper shows them."""
        return [RecordedTrick(self.record.trump, trick.leader, trick.plays) for trick in self.record.tricks]


def story_of(record: Mapping[str, Any]) -> RoundStory:
    """The story of a round record that holds its ``actions`` (a round dealt from its seed, no redeal)."""
    parsed = parse(record)
    if record.get("deal_number", 0) != 0:
        raise ValueError("the story follows one deal: pick a round without a redeal")
    first = int(record.get("first_dealer", parsed.dealer))
    rnd = Round.new(record["seed"], parsed.rules, int(record.get("round_number", 1)), first, parsed.levels)
    showings: list[Showing] = []
    for seat, kind, cards in record["actions"]:
        action = Action.from_json([kind, cards])
        if action.kind in (DECLARE, OVERTURN):
            showings.append(Showing(int(seat), action.kind, tuple(action.cards), rnd.view(seat).cards_dealt))
        rnd.act(int(seat), action)
    return RoundStory(parsed, tuple(shuffled_deck(record["seed"])), first, tuple(showings))


def recorded_story(seed: int = STORY_SEED, rules: str = "super_tycoon") -> RoundStory:
    """The story of lesson 6's RuleBot round from ``seed``."""
    return story_of(recorded_round(seed, rules))
