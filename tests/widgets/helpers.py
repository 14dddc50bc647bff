"""A bot-like helper that plays the learner's seat through the widget messages, as the JS would."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from shengji_kit.apps.play.controller import TableController
from shengji_kit.engine.cards import Card, codes
from shengji_kit.game import Action, Round
from shengji_kit.game.bots import RandomBot

Send = Callable[[Mapping[str, Any]], None]


def bots(seed: int = 0) -> dict[int, RandomBot]:
    return {seat: RandomBot(seed * 10 + seat) for seat in (1, 2, 3)}


def controller(seed: int = 3, **options: Any) -> TableController:
    return TableController(Round.new(seed), bots(seed), delay=0, **options)


def select(ctrl: TableController, cards: tuple[Card, ...], send: Send) -> None:
    """Click each card once, picking positions not yet selected."""
    for card in cards:
        index = next(
            i for i, held in enumerate(ctrl.selection.cards)
            if held == card and i not in ctrl.selection.selected
        )
        send({"type": "click", "card": card.code, "index": index})


def take_turn(ctrl: TableController, chooser: RandomBot, send: Send) -> Action:
    """Choose the learner's action like a bot would, then click it in."""
    rnd: Round = ctrl.round
    action = chooser.choose(rnd.view(0), rnd.legal_actions(0))
    if action.kind == "play":
        select(ctrl, action.cards, send)
        send({"type": "action", "action": "play"})
        if ctrl.pending_throw is not None:  # the table asks before a throw
            send({"type": "action", "action": "throw", "value": "throw"})
    elif action.kind == "bury":
        select(ctrl, action.cards, send)
        send({"type": "action", "action": "bury"})
    elif action.kind in ("declare", "overturn"):
        send({"type": "action", "action": "declare", "value": codes(action.cards)})
    else:
        send({"type": "action", "action": action.kind})
    return action
