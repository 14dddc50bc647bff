"""Demonstrations of the kitty, level and declaring switches: each verdict is computed by the engine or a round."""

from __future__ import annotations

from collections.abc import Callable

from ...engine.cards import parse_cards
from ...engine.rules import Rules, hand_size
from ...engine.scoring import climb, kitty_multiplier, level_outcome, points
from ...engine.trump import Trump
from ...words.message import Message
from ..auction import may_ask_redeal
from ..deal import arrange_deck
from ..declaring import classify, declarations, overturns
from ..result import kitty_revealed_at_end
from ..round import Round
from .switch_demo import SwitchDemo

_TRUMP = Trump("2", "S")
_LAST_LEAD = tuple(parse_cards("C3 C3 C4 C4 C9"))
_KITTY = tuple(parse_cards("S5 S10 SK H3 H4 H6 H7 H9"))
_LOCK_HAND = tuple(parse_cards("S2 S2 LJ"))
_REDEAL_HAND = tuple(parse_cards("S5 H5 S3 S4 S6 S7 S8 S9 SJ SQ H3 H4 H6 H7 H8 H9 HJ HQ C3 C4 C6 C7 C8 C9 CJ"))
_REDEAL_POINTS = points(_REDEAL_HAND)


def _kitty_scheme(rules: Rules) -> Message:
    multiplier = kitty_multiplier(_LAST_LEAD, _TRUMP, rules)
    return Message("house_demo_kitty_verdict", {"multiplier": multiplier, "total": points(_KITTY) * multiplier})


def _kitty_size(rules: Rules) -> Message:
    return Message("house_demo_kitty_size_verdict", {"hand": hand_size(rules), "kitty": rules.kitty_size})


def _kitty_shown(rules: Rules) -> Message:
    shown = kitty_revealed_at_end(rules, captured=False)
    return Message("house_demo_kitty_shown" if shown else "house_demo_kitty_hidden")


def _outcome(total: int) -> Callable[[Rules], Message]:
    def verdict(rules: Rules) -> Message:
        return Message("house_demo_outcome", {"outcome": level_outcome(total, rules)})
    return verdict


def _must_play(rules: Rules) -> Message:
    return Message("house_demo_climb_verdict", {"level": climb("8", 3, rules)})


def _overturn_order(rules: Rules) -> Message:
    found = classify(parse_cards("LJ LJ"), "2", rules, overturn=True)
    assert found is not None
    counts = [0] * 54
    counts[parse_cards("BJ")[0].index] = 2
    allowed = bool(overturns(counts, "2", rules, found[1]))
    return Message("house_demo_overturn_yes" if allowed else "house_demo_overturn_no")


def _lock(rules: Rules) -> Message:
    counts = [0] * 54
    for card in _LOCK_HAND:
        counts[card.index] += 1
    shown = declarations(counts, "2", rules)
    locks = [cards for cards in shown if len(cards) >= 2 and cards[0] == cards[1]]
    return Message("house_demo_lock_yes" if locks else "house_demo_lock_no", {"cards": _LOCK_HAND})


def _redeal(rules: Rules) -> Message:
    allowed = may_ask_redeal(_REDEAL_HAND, rules)
    return Message("house_demo_redeal_yes" if allowed else "house_demo_redeal_no", {"points": _REDEAL_POINTS})


def _no_declaration(rules: Rules) -> Message:
    deck = arrange_deck({1: "S3 S3"}, "BJ BJ HK HK LJ LJ", first=0, kitty_size=8)
    rnd = Round.new(0, rules, 2, 0, ("3", "K"), decks=[deck])
    while rnd.phase in ("deal", "declare") and rnd.deal_number == 0 and rnd.to_act is not None:
        seat = rnd.to_act
        listed = [a for a in rnd.legal_actions(seat) if a.kind in ("deal_on", "pass")]
        if not listed:  # the dealer must name the trump: he picks the first suit offered
            rnd.act(seat, rnd.legal_actions(seat)[0])
            return Message("house_demo_dealer_named", {"trump": rnd.trump})
        rnd.act(seat, listed[0])
    if rnd.deal_number > 0:
        return Message("house_demo_dealt_again")
    return Message("house_demo_trump_from_kitty", {"trump": rnd.trump})


DEMOS: tuple[SwitchDemo, ...] = (
    SwitchDemo(
        "kitty_scheme", Message("house_demo_kitty_setup", {"lead": _LAST_LEAD, "points": points(_KITTY)}), _kitty_scheme
    ),
    SwitchDemo("kitty_size", Message("house_demo_kitty_size_setup"), _kitty_size),
    SwitchDemo("kitty_shown_at_end", Message("house_demo_kitty_shown_setup"), _kitty_shown),
    SwitchDemo("level_step", Message("house_demo_total_setup", {"total": 100}), _outcome(100)),
    SwitchDemo("attacker_levels_capped", Message("house_demo_total_setup", {"total": 400}), _outcome(400)),
    SwitchDemo("mandatory_levels", Message("house_demo_climb_setup"), _must_play),
    SwitchDemo("overturn_order", Message("house_demo_overturn_order_setup"), _overturn_order),
    SwitchDemo("lock_allowed", Message("house_demo_lock_setup", {"cards": _LOCK_HAND}), _lock),
    SwitchDemo("redeal_below", Message("house_demo_redeal_below_setup", {"points": _REDEAL_POINTS}), _redeal),
    SwitchDemo("no_declaration", Message("house_demo_no_declaration_setup"), _no_declaration),
)
