"""Test players of a shared table: four in-process clients, each choosing from its own messages only."""

from __future__ import annotations

import contextlib
import time
from collections import Counter
from typing import Any

from shengji_kit.classroom.tables.hall import TableHall
from shengji_kit.coach.bot_tiers import tier_named
from shengji_kit.engine.cards import parse_cards
from shengji_kit.game.actions import Action
from shengji_kit.game.bots.base import Bot

JSON = dict[str, Any]


def tier_bot(tier: str, seed: int) -> Bot:
    """The coach's bot of ``tier`` (what the class server hands the hall)."""
    return tier_named(tier).make(seed)


def choose(message: JSON) -> Action:
    """A choice from the message alone: the first listed action (a declaration when there is one), never a redeal."""
    legal = [Action.from_json(entry) for entry in message["legal"]]
    return next((action for action in legal if action.kind not in ("overturn", "redeal")), legal[0])


def play_round(hall: TableHall, tokens: list[str], inbox: dict[int, list[JSON]], timeout: float = 60) -> None:
    """Each learner acts on its own message when it is to act, until the round is scored."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        messages = [hall.message(token) for token in tokens]
        for seat, message in enumerate(messages):
            inbox.setdefault(seat, []).append(message)
        view = messages[0]["view"]
        if view["phase"] == "done":
            return
        for token, message in zip(tokens, messages, strict=True):
            if message["legal"]:
                reply = hall.act(token, choose(message))
                inbox.setdefault(message["seat"], []).append(reply)
                break
        else:
            time.sleep(0.01)  # a bot is thinking
    raise AssertionError("the round did not finish in time")


def cards_in(message: Any) -> Counter[str]:
    """Every card code anywhere in a message (any string that reads as cards counts)."""
    found: Counter[str] = Counter()
    if isinstance(message, dict):
        for value in message.values():
            found += cards_in(value)
    elif isinstance(message, list):
        for value in message:
            found += cards_in(value)
    elif isinstance(message, str):
        with contextlib.suppress(ValueError):
            found.update(card.code for card in parse_cards(message))
    return found
