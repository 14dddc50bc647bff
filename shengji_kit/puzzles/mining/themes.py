"""Themes of a mined puzzle, read from what its solution does (never from what the bots did).

Each theme is a test on the kept verdict: the decision, the best play and the solution line (the
current trick finished by perfect play, then every trick to the end). A theme's name is also its
catalogue word: ``mine_theme_<name>`` in both languages (``words/texts/*/mining.toml``).

- ``ruff``: a plain suit was led, no opponent had ruffed it, and the mover takes the trick with trumps.
- ``over_ruff``: a plain suit was led, an opponent ruffed, and the mover takes the trick with higher trumps.
- ``duck``: an opponent is winning the trick, the mover could take it, and the best play lets the
  opponents have it.
- ``give_points``: the partner takes the trick and the best play puts point cards on it.
- ``lead_to_partner``: the mover leads and the partner takes the trick.
- ``throw``: the best play is a throw that stands.
- ``draw_trumps``: the mover leads trumps while an opponent still holds some.
- ``kitty_multiple``: attackers; the attackers take the last trick with a pair or tractor led, and
  the kitty's points count more than once.
- ``guard_last``: defenders; the kitty holds points and the defenders take the last trick.
- ``count``: the best play and the next best end on the two sides of the attackers' 80.
"""

from __future__ import annotations

from ...engine.shapes import THROW, shape
from ...engine.tricks import trick_winner
from ...engine.trump import TRUMP
from .keeping import BAR, Verdict

THEMES = (
    "ruff", "over_ruff", "duck", "give_points", "lead_to_partner", "throw", "draw_trumps",
    "kitty_multiple", "guard_last", "count",
)


def themes_of(verdict: Verdict) -> tuple[str, ...]:
    """Every theme the solution shows, in ``THEMES`` order."""
    decision = verdict.decision
    position = decision.position
    trump = position.trump_context
    mover = decision.mover
    partner = (mover + 2) % 4
    best = verdict.best.cards
    first = verdict.line[0]
    last = verdict.line[-1]
    trick = [cards for _, cards in decision.trick]
    found: set[str] = set()
    all_trump = all(trump.suit_of(card) == TRUMP for card in best)
    if trick:
        plain_lead = trump.suit_of(trick[0][0]) != TRUMP
        ruffed_before = any(
            position.is_attacker(seat) != position.is_attacker(mover) and any(trump.suit_of(c) == TRUMP for c in cards)
            for seat, cards in decision.trick[1:]
        )
        if plain_lead and all_trump and first.winner == mover:
            found.add("over_ruff" if ruffed_before else "ruff")
        winning = decision.trick[trick_winner(trick, trump)][0]
        opponent_wins = position.is_attacker(first.winner) != position.is_attacker(mover)
        if position.is_attacker(winning) != position.is_attacker(mover) and opponent_wins:
            could = any(
                trick_winner([*trick, other.cards], trump) == len(trick) for other in verdict.plays[1:]
            )
            if could:
                found.add("duck")
        if first.winner == partner and any(card.points for card in best):
            found.add("give_points")
    else:
        if first.winner == partner:
            found.add("lead_to_partner")
        if len(best) > 1 and shape(list(best), trump).kind == THROW:
            found.add("throw")
        opponents = ((mover + 1) % 4, (mover + 3) % 4)
        if all_trump and any(trump.suit_of(card) == TRUMP for seat in opponents for card in position.hands[seat]):
            found.add("draw_trumps")
    attackers_last = position.is_attacker(last.winner)
    if position.kitty_points:
        if position.is_attacker(mover) and attackers_last and len(last.plays[0]) > 1 and last.kitty_bonus:
            found.add("kitty_multiple")
        if not position.is_attacker(mover) and not attackers_last:
            found.add("guard_last")
    if len(verdict.plays) > 1 and (verdict.best.total >= BAR) != (verdict.plays[1].total >= BAR):
        found.add("count")
    return tuple(theme for theme in THEMES if theme in found)


def difficulty_of(verdict: Verdict) -> int:
    """1–5: longer solutions and more plays within 20 points of the best are harder.

    One point for a start, one for each of: three or more tricks in the solution, five or more,
    one play within 20 points of the best, two or more such plays.
    """
    tricks = len(verdict.line)
    close = sum(1 for other in verdict.plays[1:] if verdict.cost(other) <= 20)
    return min(5, 1 + (tricks >= 3) + (tricks >= 5) + (close >= 1) + (close >= 2))
