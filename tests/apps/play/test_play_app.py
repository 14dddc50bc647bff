"""The play app: RuleBots at the other seats, a round to its summary, then the next round."""

from __future__ import annotations

from html_tree import parse
from widgets.helpers import take_turn

from shengji_kit.apps.play.play_app import PlayApp, play_app
from shengji_kit.game.bots import RuleBot


def finish_round(app: PlayApp, seed: int) -> None:
    chooser = RuleBot(seed)
    for _ in range(200):
        if app.controller.round.result is not None:
            return
        take_turn(app.controller, chooser, app.handle)
    raise AssertionError("the round did not end")


def test_the_app_is_a_widget_waiting_for_the_learner() -> None:
    widget = play_app(seed=2, delay=0)
    app: PlayApp = widget.scene  # type: ignore[assignment]
    assert app.controller.my_turn
    html = parse(widget.html)
    assert html.find(cls="sk-hand").attrs["data-seat"] == "0" and html.has("button", data_action="lang")
    assert html.has("button", data_action="declare") and html.has("button", data_action="pass")


def test_a_round_ends_in_a_summary_and_the_next_round_follows_the_result() -> None:
    widget = play_app(seed=2, delay=0)
    app: PlayApp = widget.scene  # type: ignore[assignment]
    finish_round(app, seed=7)
    widget.redraw()
    result = app.controller.round.result
    assert result is not None and parse(widget.html).has(data_role="summary")
    first_round = app.controller.round
    widget.handle({"type": "action", "action": "next-round", "value": ""})
    second = app.controller.round
    assert second is not first_round and second.round_number == 2
    assert second.first_dealer == result.next_dealer and second.levels == result.levels_after
    assert app.match.results == [result]
    assert not parse(widget.html).has(data_role="summary")


def test_next_round_does_nothing_before_the_round_is_over() -> None:
    app = PlayApp(seed=2, delay=0)
    rnd = app.controller.round
    assert not app.next_round() and app.controller.round is rnd
