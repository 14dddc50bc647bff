"""A plain minimax over every legal play, straight from the engine: the solver's reference."""

from __future__ import annotations

from collections.abc import Sequence

from shengji_kit.engine import (
    Card,
    check_throw,
    kitty_multiplier,
    legal_plays,
    points,
    trick_winner,
)
from shengji_kit.solver import Position


def brute_force(position: Position) -> int:
    """The attackers' final total with perfect play, by exhaustive minimax (no pruning, no merging)."""
    trump = position.trump_context
    rules = position.rules_preset
    kitty = points(position.kitty)

    def without(hand: Sequence[Card], play: Sequence[Card]) -> list[Card]:
        rest = list(hand)
        for card in play:
            rest.remove(card)
        return rest

    def trick(hands: list[list[Card]], leader: int, plays: list[list[Card]]) -> int:
        if len(plays) == 4:
            winner = (leader + trick_winner(plays, trump)) % 4
            if not position.is_attacker(winner):
                gained = 0
            else:
                gained = points(card for play in plays for card in play)
                if not hands[0]:
                    gained += kitty * kitty_multiplier(plays[0], trump, rules)
            return gained + (boundary(hands, winner) if hands[0] else 0)
        seat = (leader + len(plays)) % 4
        values = []
        if not plays:
            others = [hands[(leader + k) % 4] for k in (1, 2, 3)]
            choices = []
            for lead in legal_plays(None, hands[seat], trump, limit=None, include_throws=True):
                checked = check_throw(lead, others, trump, rules)
                choices.append(list(checked.forced))
        else:
            choices = list(legal_plays(plays[0], hands[seat], trump, limit=None))
        for play in choices:
            after = [without(h, play) if s == seat else h for s, h in enumerate(hands)]
            values.append(trick(after, leader, [*plays, play]))
        return max(values) if position.is_attacker(seat) else min(values)

    def boundary(hands: list[list[Card]], leader: int) -> int:
        return trick(hands, leader, [])

    return position.points + boundary([list(h) for h in position.hands], position.leader)
