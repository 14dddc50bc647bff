"""Throws 甩牌 (docs/rules.md §4): does a throw stand, and if not, what is led instead and who stopped it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..words.catalogue import text
from .cards import Card, CardGroup
from .errors import RuleError
from .rules import Rules, resolve_rules
from .shapes import (
    PAIR,
    SINGLE,
    Component,
    Shape,
    has_tractor_above,
    pair_counts,
    shape,
)
from .trump import Trump


@dataclass(frozen=True)
class ThrowCheck:
    """The result of a throw: ``ok``; ``forced`` (the cards led in the end); ``blocker``.

    ``blocker`` indexes the ``others`` passed in (None when the throw stands); ``beaten`` is the
    forced component and ``beater`` the blocker's cards that beat it.
    """

    ok: bool
    forced: tuple[Card, ...]
    blocker: int | None = None
    beaten: Component | None = None
    beater: tuple[Card, ...] = ()
    throw: tuple[Card, ...] = field(default=())

    @property
    def code(self) -> str | None:
        return None if self.ok else "throw_failed"

    def message(self, lang: str = "en", blocker_seat: int | None = None) -> str:
        """Explain the result; pass ``blocker_seat`` to name the blocker's seat."""
        if self.ok:
            return text("throw_ok", lang, cards=self.throw)
        beaten = self.beaten.cards if self.beaten else ()
        if blocker_seat is None:
            return text(
                "throw_failed_other", lang, cards=self.throw, number=(self.blocker or 0) + 1,
                beater=self.beater, component=beaten, forced=self.forced,
            )
        return text(
            "throw_failed", lang, cards=self.throw, blocker=blocker_seat,
            beater=self.beater, component=beaten, forced=self.forced,
        )


def beating_cards(component: Component, hand_suit: Sequence[Card], trump: Trump) -> tuple[Card, ...] | None:
    """Cards of ``hand_suit`` forming the same shape as ``component`` and higher, or None."""
    step = trump.tables.step
    if component.kind == SINGLE:
        higher = [card for card in hand_suit if step[card.index] > component.top]
        if not higher:
            return None
        best = max(higher, key=lambda card: step[card.index])
        return (best,)
    per_step = pair_counts(hand_suit, trump)
    if component.kind == PAIR:
        tops = [s for s, count in enumerate(per_step) if count and s > component.top]
        if not tops:
            return None
        return _pair_at(hand_suit, max(tops), trump)
    top = has_tractor_above(per_step, component.pairs, component.top)
    if top is None:
        return None
    cards: tuple[Card, ...] = ()
    for s in range(top, top - component.pairs, -1):
        cards += _pair_at(hand_suit, s, trump)
    return cards


def _pair_at(cards: Sequence[Card], at_step: int, trump: Trump) -> tuple[Card, ...]:
    step = trump.tables.step
    seen: set[int] = set()
    for card in trump.sorted(cards):
        if step[card.index] == at_step:
            if card.index in seen:
                return (card, card)
            seen.add(card.index)
    raise AssertionError("no pair at that step")


def highest_part(lead: Shape) -> Component:
    """The part that ranks a throw: of its most important shape (longest tractor, else pair, else single,
    the shape a ruff must match to win), the highest one (the first listed of equals)."""
    main = lead.components[0].shape_key
    return max((c for c in lead.components if c.shape_key == main), key=lambda c: c.top)


def check_throw(
    throw: Sequence[Card],
    others: Sequence[Sequence[Card]],
    trump: Trump,
    rules: Rules | str | None = None,
) -> ThrowCheck:
    """Check a lead against the other three hands, given in turn order after the thrower.

    ``super_tycoon``: any of the three may stop it; ``classic``: only the opponents
    (``others[0]`` and ``others[2]``). A lead of one combination always stands. ``throw_compare``
    ``highest_part`` compares only ``highest_part(lead)``; with ``throws_allowed`` off a throw is
    refused (``RuleError`` ``hthrow_throws_off``).
    Unchecked (trusted callers pass valid cards); ``shengji_kit.check_throw`` checks its input.
    """
    preset = resolve_rules(rules)
    lead = shape(throw, trump)
    thrown = CardGroup(trump.sorted(throw))
    if lead.kind != "throw":
        return ThrowCheck(True, thrown, throw=thrown)
    if not preset.throws_allowed:
        raise RuleError("hthrow_throws_off", {"cards": thrown})
    checked = [0, 2] if preset.throw_check_opponents_only else [0, 1, 2]
    suit_of = trump.tables.suit_of
    hands = {
        i: [card for card in others[i] if suit_of[card.index] == lead.suit]
        for i in checked
        if i < len(others)
    }
    sort_key = trump.tables.sort_key
    by_shape: dict[tuple[str, int], list[Component]] = {}
    for component in lead.components:
        by_shape.setdefault(component.shape_key, []).append(component)
    failing: list[Component] = []
    if preset.throw_compare == "highest_part":
        top = highest_part(lead)
        by_shape = {top.shape_key: [top]}
    for components in by_shape.values():
        lowest = min(components, key=lambda c: (c.top, [-k for k in sort_key[c.cards[0].index]]))
        if any(beating_cards(lowest, hand, trump) for hand in hands.values()):
            failing.append(lowest)
    if not failing:
        return ThrowCheck(True, thrown, throw=thrown)
    forced = min(failing, key=lambda c: (c.size, c.top))
    for i in sorted(hands):
        beater = beating_cards(forced, hands[i], trump)
        if beater:
            return ThrowCheck(False, CardGroup(forced.cards), i, forced, CardGroup(beater), thrown)
    raise AssertionError("a failing shape has a blocker")
