"""A seat's view as the class server sends it (``seat_wire.view_to_json``), read back into a ``SeatView``.

The view is turned so that the learner's own seat is seat 0 (South), as the play app draws it: seat
``s`` of the server is seat ``(s - mine) % 4`` here, and the teams' levels swap for an odd seat. The
same ``build_scene`` and ``table_html`` as the play app then draw it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine.cards import Card, parse_cards
from ...engine.scoring import level_outcome
from ...engine.trump import Trump
from ...game.declaring import Bid
from ...game.result import RoundResult
from ...game.trickplay import Trick
from ...game.views import SeatView

JSONObject = dict[str, Any]


def turned(seat: int | None, mine: int) -> int | None:
    """The server's ``seat`` as the page draws it (the learner's seat is 0)."""
    return None if seat is None else (int(seat) - mine) % 4


def server_seat(seat: int, mine: int) -> int:
    """A seat as drawn, back to the server's number."""
    return (seat + mine) % 4


def _seat(seat: int, mine: int) -> int:
    return (int(seat) - mine) % 4


def _cards(codes: Sequence[str] | None) -> tuple[Card, ...]:
    return tuple(parse_cards(list(codes or [])))


def _pair(values: Sequence[Any], mine: int) -> tuple[Any, Any]:
    """Team values (team 0 = seats 0 and 2) with the learner's team first."""
    return (values[mine % 2], values[1 - mine % 2])


def _trick(number: int, data: JSONObject, mine: int) -> Trick:
    return Trick(
        number=number, leader=_seat(data["leader"], mine), plays=tuple(_cards(play) for play in data["plays"]),
        winner=_seat(data["winner"], mine), points=int(data["points"]),
        attempt=None if data.get("attempt") is None else _cards(data["attempt"]),
    )


def _result(data: JSONObject, rules: str, mine: int) -> RoundResult:
    total = int(data["total"])
    return RoundResult(
        attackers_points=int(data["attackers_points"]), kitty_points=int(data["kitty_points"]),
        kitty_multiplier=int(data["kitty_multiplier"]), total=total, outcome=level_outcome(total, rules),
        dealer=_seat(data["dealer"], mine), next_dealer=_seat(data["next_dealer"], mine),
        levels_before=_pair(data["levels_before"], mine), levels_after=_pair(data["levels_after"], mine),
        laps=(0, 0), match_points=0, failed_throws=tuple(_seat(s, mine) for s in data.get("failed_throws") or ()),
        throw_penalty=0.0,
    )


def seat_view(data: JSONObject) -> SeatView:
    """The server's view of one seat, turned so that seat is South (0)."""
    mine = int(data["seat"])
    rules = str(data["rules"])
    trump = data.get("trump")
    sizes = data["hand_sizes"]
    return SeatView(
        seat=0, phase=str(data["phase"]), to_act=turned(data.get("to_act"), mine), rules=rules,
        round_number=int(data["round_number"]), race=bool(data["race"]), levels=_pair(data["levels"], mine),
        dealer=turned(data.get("dealer"), mine), level=data.get("level"),
        trump=None if trump is None else Trump(trump["level"], trump["suit"]),
        bids=tuple(Bid(bid["kind"], turned(bid["seat"], mine), _cards(bid["cards"]), bid["suit"], bid["level"], 0)
                   for bid in data["bids"]),
        hand=_cards(data["hand"]),
        hand_sizes=(sizes[mine], sizes[(mine + 1) % 4], sizes[(mine + 2) % 4], sizes[(mine + 3) % 4]),
        cards_dealt=int(data["cards_dealt"]),
        kitty=None if data.get("kitty") is None else _cards(data["kitty"]),
        trick=tuple((_seat(seat, mine), _cards(cards)) for seat, cards in data["trick"]),
        attempt=None if data.get("attempt") is None else _cards(data["attempt"]),
        tricks=tuple(_trick(number, trick, mine) for number, trick in enumerate(data["tricks"], start=1)),
        attackers_points=int(data["attackers_points"]),
        result=None if data.get("result") is None else _result(data["result"], rules, mine),
        kitty_size=int(data.get("kitty_size") or 8),
    )
