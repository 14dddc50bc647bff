"""The seat keeper keys a kept seat by learner and browser: the same browser's reload finds it, another
browser typing the same name does not, and a page without a browser id keeps nothing."""

from __future__ import annotations

from pathlib import Path

from shengji_kit.apps.tables.seat_keeper import SeatKeeper

SERVER = "http://127.0.0.1:9/"
ANN, OTHER = "a" * 32, "b" * 32


def test_only_the_browser_that_sat_finds_the_seat(tmp_path: Path) -> None:
    keeper = SeatKeeper(tmp_path)
    keeper.keep("Ann", SERVER, ANN, "token-1")
    assert keeper.token("Ann", SERVER, ANN) == "token-1"
    assert keeper.token("ann", SERVER, ANN) == "token-1"  # names are matched as the bar matches them
    assert keeper.token("Ann", SERVER, OTHER) is None
    assert keeper.token("Ann", "http://127.0.0.1:10/", ANN) is None
    keeper.forget("Ann", SERVER, OTHER)
    assert keeper.token("Ann", SERVER, ANN) == "token-1"
    keeper.forget("Ann", SERVER, ANN)
    assert keeper.token("Ann", SERVER, ANN) is None


def test_a_page_without_a_browser_id_keeps_nothing(tmp_path: Path) -> None:
    keeper = SeatKeeper(tmp_path)
    keeper.keep("Ann", SERVER, "", "token-1")
    assert list(tmp_path.iterdir()) == []
    assert keeper.token("Ann", SERVER, "") is None
