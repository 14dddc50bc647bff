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
    """Deal on or pass where possible; bury the suggested 8; play the first listed play."""
    seat = rnd.to_act
    assert seat is not None
    actions = rnd.legal_actions(seat)
    for kind in ("deal_on", "pass"):
        for action in actions:
            if action.kind == kind:
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
        if a.kind not in ("pass", "deal_on")
    }


def ready_to_play(
    hands: Mapping[int, str], kitty: str, declaration: str, rules: str = "super_tycoon"
) -> Round:
    """Seat 0 declares ``declaration``, buries exactly the 8 ``kitty`` cards; the first lead is next."""
    rnd = setup(hands, kitty, rules=rules)
    assert rnd.to_act == 0, "seat 0 must be the first who can declare"
    rnd.act(0, Action.declare(declaration))
    advance(rnd, lambda r: r.phase == "bury")
    rnd.act(0, Action.bury(kitty))
    advance(rnd, lambda r: r.phase == "play")
    assert rnd.to_act == 0
    return rnd


def snapshot(rnd: Round) -> tuple[object, ...]:
    """Everything observable about a round, to show that a refused action changed nothing."""
    return (
        tuple(rnd.view(seat) for seat in range(4)), len(rnd.log), len(rnd.actions),
        rnd.all_cards(), rnd.phase, rnd.to_act,
    )
