"""Helpers for the game tests: set-up deals and driving a round to a chosen moment."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from shengji_kit.engine.cards import Card, parse_cards
from shengji_kit.game import Action, Round
from shengji_kit.game.deal import arrange_deck


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def setup(
    hands: Mapping[int, str],
    kitty: str = "",
    *,
    rules: str = "super_tycoon",
    round_number: int = 1,
    dealer: int = 0,
    levels: tuple[str, str] = ("2", "2"),
    seed: int = 0,
) -> Round:
    """A round whose first deal gives each seat the named cards first (the rest seeded)."""
    deck = arrange_deck(hands, kitty, first=dealer, seed=seed)
    return Round.new(seed, rules, round_number, dealer, levels, decks=[deck])


def default_action(rnd: Round) -> Action:
    """Pass where passing is possible; bury the suggested 8; play the first listed play."""
    seat = rnd.to_act
    assert seat is not None
    actions = rnd.legal_actions(seat)
    for action in actions:
        if action.kind == "pass":
            return action
    return actions[0]


def advance(rnd: Round, until: Callable[[Round], bool], limit: int = 2000) -> None:
    """Take default actions until ``until(rnd)`` holds."""
    for _ in range(limit):
        if until(rnd):
            return
        assert rnd.to_act is not None, "the round ended before the expected moment"
        rnd.act(rnd.to_act, default_action(rnd))
    raise AssertionError("the expected moment never came")


def options(rnd: Round, seat: int) -> set[str]:
    """The non-pass actions listed for ``seat``, as 'kind CODES' strings."""
    return {
        f"{a.kind} {' '.join(c.code for c in a.cards)}".strip()
        for a in rnd.legal_actions(seat)
        if a.kind != "pass"
    }
