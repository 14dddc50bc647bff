"""What one seat may see: its own hand, the public table, and the kitty only if it buried it.

Bots and widgets get a ``SeatView`` and nothing else, so none of them can peek at another hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import Card
from ..engine.rules import Rules, resolve_rules
from ..engine.scoring import points
from ..engine.tricks import trick_winner
from ..engine.trump import Trump
from .declaring import Bid
from .result import RoundResult
from .trickplay import Trick


@dataclass(frozen=True, slots=True)
class SeatView:
    """The round as ``seat`` sees it (everything here is public or the seat's own)."""

    seat: int
    phase: str
    to_act: int | None
    rules: Rules | str
    """The rules the round is played by (a ``Rules``; hand-built views may name a preset)."""
    round_number: int
    race: bool
    """Round-1 rules apply: the first declarer becomes dealer, overturners take the deal."""
    levels: tuple[str, str]
    """Team 0 (seats 0, 2) and team 1 (seats 1, 3)."""
    dealer: int | None
    """None during the round-1 race until somebody declares."""
    level: str | None
    trump: Trump | None
    bids: tuple[Bid, ...]
    """Declarations, overturns and a revealed kitty card, in order; the last one stands."""
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, int, int, int]
    cards_dealt: int
    kitty: tuple[Card, ...] | None
    """The buried cards, only for the seat that buried them (and for all once the round is over)."""
    trick: tuple[tuple[int, tuple[Card, ...]], ...]
    """The current trick so far: (seat, cards) in play order."""
    attempt: tuple[Card, ...] | None
    """The failed throw of the current trick, if any (its forced cards are the lead)."""
    tricks: tuple[Trick, ...]
    """Every finished trick, oldest first."""
    attackers_points: int
    result: RoundResult | None
    kitty_size: int = 8
    """Cards the dealer buries (the house rules' ``kitty_size``)."""

    @property
    def leader(self) -> int | None:
        return self.trick[0][0] if self.trick else None

    @property
    def lead(self) -> tuple[Card, ...] | None:
        """The cards led to the current trick (None when the seat to act leads)."""
        return self.trick[0][1] if self.trick else None

    @property
    def winning(self) -> int | None:
        """The seat winning the current trick so far."""
        if not self.trick or self.trump is None:
            return None
        return self.trick[trick_winner([cards for _, cards in self.trick], self.trump)][0]

    @property
    def trick_points(self) -> int:
        """Points on the table in the current trick."""
        return sum(points(cards) for _, cards in self.trick)

    @property
    def previous_trick(self) -> Trick | None:
        return self.tricks[-1] if self.tricks else None

    @property
    def tricks_played(self) -> int:
        return len(self.tricks)

    @property
    def partner(self) -> int:
        return (self.seat + 2) % 4

    @property
    def is_attacker(self) -> bool | None:
        """Whether this seat's team attacks (None while there is no dealer yet)."""
        return None if self.dealer is None else self.seat % 2 != self.dealer % 2

    @property
    def bid(self) -> Bid | None:
        """The standing declaration or overturn."""
        return self.bids[-1] if self.bids else None


def rules_of(view: SeatView) -> Rules:
    """The rules ``view``'s round is played by: its full switch set, or the preset a hand-built view names."""
    return resolve_rules(view.rules)
