"""The Tables page without a server: a fake client stands in, so the throw question, the long poll's
reconnecting after a lost server and the seat lost to another tab are checked exactly and at once."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from shengji_kit.apps.tables.seat_keeper import SeatKeeper
from shengji_kit.apps.tables.tables_app import TablesApp, TablesSurface
from shengji_kit.classroom.identity import reset_current_learner, set_current_learner
from shengji_kit.classroom.tables.client import TableClient, TableRefused, TableUnreachable
from shengji_kit.widgets import learner_bar
from shengji_kit.widgets.language import SESSION

URL = "http://tables.test/"
SEATS = [{"seat": 0, "learner": "Ann", "bot": None, "away": False, "claimed": True},
         {"seat": 1, "learner": "Bo", "bot": None, "away": False, "claimed": True},
         {"seat": 2, "learner": None, "bot": "steady", "away": False, "claimed": False},
         {"seat": 3, "learner": "Cy", "bot": "steady", "away": True, "claimed": True}]


def message(version: int, to_act: int = 0, hand: tuple[str, ...] = ("SA", "SK", "C3")) -> dict[str, Any]:
    view = {"seat": 0, "phase": "play", "to_act": to_act, "rules": "super_tycoon", "round_number": 1, "race": False,
            "levels": ["2", "2"], "dealer": 0, "level": "2", "trump": {"level": "2", "suit": "H"}, "bids": [],
            "hand": list(hand), "hand_sizes": [len(hand)] * 4, "cards_dealt": 100, "kitty": None, "kitty_size": 8,
            "trick": [], "attempt": None, "tricks": [], "attackers_points": 0, "result": None}
    return {"table": "t1", "name": "Room F", "seat": 0, "version": version, "seats": SEATS, "view": view,
            "legal": [["play", "SA"]] if to_act == 0 else [], "started": True}


class FakeClient(TableClient):
    """Answers from a script: each ``view`` takes the next reply (an exception is raised)."""

    def __init__(self, replies: list[Any]) -> None:
        super().__init__(URL)
        self.replies = replies
        self.acted: list[tuple[str, str]] = []

    def tables(self) -> list[dict[str, Any]]:
        return [{"table": "t1", "name": "Room F", "seats": SEATS, "match": {"round_number": 1, "levels": ["2", "2"]},
                 "started": True, "tricks_played": 0}]

    def sit(self, table: str, seat: int, learner: str, *, pin: str = "", learner_pass: str = "") -> dict[str, Any]:
        self.token = f"{table}.{seat}.secret"
        return message(1)

    def view(self, after: int = -1, wait: float = 0) -> dict[str, Any]:
        reply = self.replies.pop(0)
        if isinstance(reply, Exception):
            raise reply
        return dict(reply)

    def act(self, kind: str, cards: str = "") -> dict[str, Any]:
        self.acted.append((kind, cards))
        return message(2, to_act=1, hand=tuple(code for code in ("SA", "SK", "C3") if code not in cards.split()))


@pytest.fixture(autouse=True)
def ann() -> Iterator[None]:
    reset_current_learner()
    set_current_learner("Ann")
    learner_bar._BROWSER["id"] = "c" * 32  # Ann's browser, as the learner bar's first message brings it
    SESSION.lang = "en"
    yield
    reset_current_learner()
    SESSION.lang = "en"


def seated(tmp_path: Path, replies: list[Any]) -> tuple[TablesSurface, TablesApp, FakeClient]:
    client = FakeClient(replies)
    app = TablesApp(URL, SeatKeeper(tmp_path), make_client=lambda _url: client, live=False, follow=False)
    surface = TablesSurface(app)
    surface.handle({"type": "action", "action": "sit", "value": "t1:0"})
    assert app.seated
    return surface, app, client


def test_the_lobby_names_bots_away_seats_and_offers_free_ones(tmp_path: Path) -> None:
    app = TablesApp(URL, SeatKeeper(tmp_path), make_client=lambda _url: FakeClient([]), live=False, follow=False)
    html = TablesSurface(app).html
    assert "a Steady bot" in html and "bot playing for Cy" in html
    assert 'data-value="t1:0"' in html and 'data-value="t1:2"' in html  # Ann's own seat and the bot's
    assert 'data-value="t1:1"' not in html and 'data-value="t1:3"' not in html  # Bo's and Cy's


def test_a_throw_is_asked_about_before_it_is_sent(tmp_path: Path) -> None:
    surface, app, client = seated(tmp_path, [])
    for index, card in enumerate(app.selection.cards):
        if card.code in ("SA", "SK"):
            surface.handle({"type": "click", "card": card.code, "index": index})
    surface.handle({"type": "action", "action": "play", "value": ""})
    assert client.acted == [] and app.pending_throw is not None
    assert 'data-action="throw"' in surface.html
    surface.handle({"type": "action", "action": "throw", "value": "throw"})
    assert client.acted == [("play", "SA SK")] or client.acted == [("play", "SK SA")]
    assert "Waiting for Bo" in surface.html  # the reply: Bo (East) is to play


def test_the_long_poll_says_a_lost_server_and_takes_the_table_up_again(tmp_path: Path) -> None:
    refused = TableRefused(403, {"code": "tables_bad_token", "message": {"en": "gone", "zh": "没了"}})
    surface, app, client = seated(tmp_path, [TableUnreachable("down"), message(3, to_act=3), refused])
    seen: list[bool] = []
    app.subscribe(lambda: seen.append(app.lost))
    app.retry_seconds = 0
    watcher = threading.Thread(target=app._watch, args=(client, app._generation))
    watcher.start()
    watcher.join(10)
    assert seen[0] is True  # lost the table, reconnecting…
    assert False in seen  # then the table again
    assert not app.seated and "no longer holds your seat" in surface.html  # and the token went elsewhere
    assert SeatKeeper(tmp_path).token("Ann", URL, learner_bar.browser_id()) is None


def test_the_page_says_lost_in_chinese(tmp_path: Path) -> None:
    surface, app, _ = seated(tmp_path, [TableUnreachable("down")])
    SESSION.lang = "zh"
    app.poll()
    surface.redraw()
    assert "正在重新连接" in surface.html and "机器人替 Cy 出牌" not in surface.html
