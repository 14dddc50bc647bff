"""A seat's view as JSON: exactly the fields of ``SeatView``, so a page gets nothing the seat may not see.

Cards travel as their codes (``"SA"``, ``"LJ"``); a refusal as its catalogue code, params and both
languages' text. ``view_to_json`` reads only a ``SeatView``, never the round, which keeps another
seat's hidden cards out of every message by construction (the fairness test checks it too).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine.cards import Card
from ...engine.errors import RuleError
from ...game.actions import Action
from ...game.result import RoundResult
from ...game.views import SeatView
from ...words.catalogue import LANGUAGES

JSONObject = dict[str, Any]


def card_codes(cards: Sequence[Card]) -> list[str]:
    """Cards as a list of codes."""
    return [card.code for card in cards]


def result_to_json(result: RoundResult) -> JSONObject:
    """A finished round's score (public once the round is over)."""
    return {
        "attackers_points": result.attackers_points,
        "kitty_points": result.kitty_points,
        "kitty_multiplier": result.kitty_multiplier,
        "total": result.total,
        "side": result.outcome.side,
        "levels": result.outcome.levels,
        "dealer": result.dealer,
        "next_dealer": result.next_dealer,
        "levels_before": list(result.levels_before),
        "levels_after": list(result.levels_after),
        "failed_throws": list(result.failed_throws),
    }


def view_to_json(view: SeatView) -> JSONObject:
    """``view`` as JSON, field for field."""
    trump = view.trump
    rules = view.rules if isinstance(view.rules, str) else view.rules.name
    return {
        "seat": view.seat,
        "phase": view.phase,
        "to_act": view.to_act,
        "rules": rules,
        "round_number": view.round_number,
        "race": view.race,
        "levels": list(view.levels),
        "dealer": view.dealer,
        "level": view.level,
        "trump": None if trump is None else {"level": trump.level, "suit": trump.suit},
        "bids": [
            {"kind": bid.kind, "seat": bid.seat, "cards": card_codes(bid.cards), "suit": bid.suit, "level": bid.level}
            for bid in view.bids
        ],
        "hand": card_codes(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "cards_dealt": view.cards_dealt,
        "kitty": None if view.kitty is None else card_codes(view.kitty),
        "kitty_size": view.kitty_size,
        "trick": [[seat, card_codes(cards)] for seat, cards in view.trick],
        "attempt": None if view.attempt is None else card_codes(view.attempt),
        "tricks": [trick.to_json() for trick in view.tricks],
        "attackers_points": view.attackers_points,
        "result": None if view.result is None else result_to_json(view.result),
    }


def actions_to_json(actions: Sequence[Action]) -> list[list[str]]:
    """Legal actions as ``[kind, "codes"]`` (the records' form, read back by ``Action.from_json``)."""
    return [action.to_json() for action in actions]


def refusal_to_json(error: RuleError) -> JSONObject:
    """A refused request: its catalogue code, its params and its text in every language."""
    return {
        "code": error.code,
        "params": {name: value if isinstance(value, int | float | str) else str(value)
                   for name, value in error.params.items()},
        "message": {lang: error.message(lang) for lang in LANGUAGES},
    }
