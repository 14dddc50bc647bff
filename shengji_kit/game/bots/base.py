"""What a bot is, and helpers that let bots take their turns in a round.

A bot sees only its seat's ``SeatView`` and the listed actions, and returns one action.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from ..actions import Action, Event
from ..auction import PLAY_PHASE
from ..round import Round
from ..views import SeatView
from ._turn import PlayTurn, Turn


class Bot(Protocol):
    """Anything with ``choose(view, actions) -> Action``.

    A bot may also have ``choose_play(turn: PlayTurn) -> Action``, the same choice during the
    tricks from a turn that builds the view and the listed plays only when asked (fast path), and
    ``choose_turn(turn: Turn) -> Action``, the same outside the tricks.
    """

    def choose(self, view: SeatView, actions: list[Action]) -> Action: ...


BotSeats = Sequence[Bot] | Mapping[int, Bot]


def bot_at(bots: BotSeats, seat: int) -> Bot | None:
    """The bot playing ``seat``, or None for a seat a person plays."""
    if isinstance(bots, Mapping):
        return bots.get(seat)
    return bots[seat] if seat < len(bots) else None


def advance_bots(rnd: Round, bots: BotSeats) -> list[Event]:
    """Let bots act until the round is over or a seat without a bot must decide."""
    events: list[Event] = []
    seated = [bot_at(bots, seat) for seat in range(4)]
    fast = [getattr(bot, "choose_play", None) for bot in seated]
    lazy = [getattr(bot, "choose_turn", None) for bot in seated]
    while True:
        play = rnd.trick_play
        if play is not None and rnd.result is None:
            # the tricks: the seat to act comes from the trick play itself, while bots with a fast path play
            act = rnd.act
            while True:
                seat = play.next_seat
                if seat is None:
                    return events
                choose_play = fast[seat]
                if choose_play is None:
                    break
                events.append(act(seat, choose_play(PlayTurn(rnd, seat, play))))
        seat = rnd.to_act
        if seat is None:
            return events
        bot = seated[seat]
        if bot is None:
            return events
        choose_play = fast[seat]
        choose_turn = lazy[seat]
        if choose_play is not None and rnd.phase == PLAY_PHASE:
            action = choose_play(PlayTurn(rnd, seat))
        elif choose_turn is not None:
            action = choose_turn(Turn(rnd, seat))
        else:
            action = bot.choose(rnd.view(seat), rnd.legal_actions(seat))
        events.append(rnd.act(seat, action))


def play_round(rnd: Round, bots: BotSeats) -> Round:
    """Play ``rnd`` to the end with a bot at every seat; returns the same round."""
    advance_bots(rnd, bots)
    if rnd.to_act is not None:
        raise ValueError(f"seat {rnd.to_act} has no bot")
    return rnd
