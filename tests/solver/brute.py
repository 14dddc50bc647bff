"""A plain minimax over every legal play, straight from the engine: the solver's reference.

No pruning, no merging, no table: every lead (throws included, checked with ``check_throw``)
and every legal follow is tried. Only for tiny positions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from shengji_kit.engine import (
    Card,
    check_throw,
    codes,
    kitty_multiplier,
    legal_plays,
    points,
    trick_winner,
)
from shengji_kit.solver import Position

SUITS = ("S", "H", "C", "D")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def _without(hand: Sequence[Card], play: Sequence[Card]) -> list[Card]:
    rest = list(hand)
    for card in play:
        rest.remove(card)
    return rest


class BruteForce:
    """Exhaustive minimax for one position's trump, rules, teams and kitty."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self.trump = position.trump_context
        self.rules = position.rules
        self.kitty = points(position.kitty)

    def led_cards(self, hands: list[list[Card]], leader: int) -> list[list[Card]]:
        """What can end up led: every lead, a failed throw replaced by its forced cards."""
        others = [hands[(leader + k) % 4] for k in (1, 2, 3)]
        leads = legal_plays(None, hands[leader], self.trump, limit=None, include_throws=True)
        return [list(check_throw(lead, others, self.trump, self.rules).forced) for lead in leads]

    def trick(self, hands: list[list[Card]], leader: int, plays: list[list[Card]]) -> int:
        """The attackers' points still to come, with ``plays`` of the current trick made."""
        if len(plays) == 4:
            winner = (leader + trick_winner(plays, self.trump)) % 4
            gained = 0
            if self.position.is_attacker(winner):
                gained = points(card for play in plays for card in play)
                if not hands[0]:
                    gained += self.kitty * kitty_multiplier(plays[0], self.trump, self.rules)
            return gained + (self.trick(hands, winner, []) if hands[0] else 0)
        seat = (leader + len(plays)) % 4
        if plays:
            choices = list(legal_plays(plays[0], hands[seat], self.trump, limit=None))
        else:
            choices = self.led_cards(hands, leader)
        values = []
        for play in choices:
            after = [_without(hand, play) if s == seat else hand for s, hand in enumerate(hands)]
            values.append(self.trick(after, leader, [*plays, play]))
        return max(values) if self.position.is_attacker(seat) else min(values)

    def total(self) -> int:
        """The attackers' final total with perfect play."""
        hands = [list(hand) for hand in self.position.hands]
        return self.position.points + self.trick(hands, self.position.leader, [])

    def lead_totals(self) -> dict[str, int]:
        """The final total after each possible first lead (keys: codes in ``trump.sorted`` order)."""
        hands = [list(hand) for hand in self.position.hands]
        leader = self.position.leader
        found: dict[str, int] = {}
        for lead in self.led_cards(hands, leader):
            after = [_without(hand, lead) if s == leader else hand for s, hand in enumerate(hands)]
            value = self.position.points + self.trick(after, leader, [lead])
            found[codes(self.trump.sorted(lead))] = value
        return found


def random_small_position(rng: random.Random, size: int, rules: str) -> Position:
    """A tiny random endgame rich in pairs, tractors, trumps and throws.

    The cards come from two suits and a few consecutive ranks (both copies), plus jokers, so
    hands often hold pairs and runs; the level and trump are picked to make some of them trumps.
    """
    suits = rng.sample(SUITS, 2)
    start = rng.randrange(len(RANKS) - 4 - max(0, size - 3))
    ranks = RANKS[start : start + rng.choice((3, 4, 5)) + max(0, size - 3)]
    pool = [suit + rank for suit in suits for rank in ranks for _ in range(2)]
    pool += ["LJ", "LJ", "BJ", "BJ"][: rng.randrange(5)]
    rng.shuffle(pool)
    dealt = pool[: 4 * size]
    hands = {str(seat): dealt[seat * size : (seat + 1) * size] for seat in range(4)}
    rest = pool[4 * size :]
    kitty = rest[: rng.randrange(min(8, len(rest)) + 1)]
    return Position.from_dict(
        {
            "rules": rules,
            "level": rng.choice((*ranks, "2", "A")),
            "trump": rng.choice((*suits, "none", rng.choice(SUITS))),
            "dealer": rng.randrange(4),
            "leader": rng.randrange(4),
            "hands": hands,
            "kitty": kitty,
            "points": 5 * rng.randrange(10),
        }
    )


def random_pair_position(rng: random.Random, rules: str) -> Position:
    """Four cards a hand dealt as pairs of a few consecutive ranks, so tractors are common."""
    suits = rng.sample(SUITS, 2)
    start = rng.randrange(len(RANKS) - 4)
    faces = [suit + rank for suit in suits for rank in RANKS[start : start + 4]]
    rng.shuffle(faces)
    hands = {str(seat): [face for face in faces[2 * seat : 2 * seat + 2] for _ in range(2)] for seat in range(4)}
    return Position.from_dict(
        {
            "rules": rules,
            "level": rng.choice(("2", "A", RANKS[start])),
            "trump": rng.choice((*suits, "none")),
            "dealer": rng.randrange(4),
            "leader": rng.randrange(4),
            "hands": hands,
            "kitty": [suit + "K" for suit in SUITS if suit not in suits][: rng.randrange(3)],
            "points": 0,
        }
    )
