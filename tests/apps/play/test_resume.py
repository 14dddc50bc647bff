"""Saved rounds: every move is kept, a reload (a new app for the same learner) offers to resume."""

from __future__ import annotations

import json
from pathlib import Path

from widgets.helpers import take_turn

from shengji_kit.apps.play.play_app import PlayApp, play_app
from shengji_kit.game.bots import RuleBot
from shengji_kit.game.saved_round import SavedMatch, saved_match_path
from shengji_kit.widgets.language import SESSION


def play_until_trick(app: PlayApp, trick: int, seed: int = 5) -> None:
    chooser = RuleBot(seed)
    while app.controller.round.tricks_played < trick:
        take_turn(app.controller, chooser, app.handle)


def test_a_reload_offers_the_open_round_and_resumes_it_at_the_same_trick(data_folder: Path) -> None:
    first = play_app(seed=4, delay=0)
    app: PlayApp = first.scene  # type: ignore[assignment]
    play_until_trick(app, 3)
    left = app.controller.round
    assert saved_match_path(data_folder, "default").exists()

    again = play_app(seed=4, delay=0)  # the page reloaded: a new kernel, a new app
    reloaded: PlayApp = again.scene  # type: ignore[assignment]
    assert 'data-role="resume-offer"' in again.html and "trick 4 is next" in again.html
    assert 'data-action="resume"' in again.html and 'data-action="resume-new"' in again.html
    SESSION.lang = "zh"
    assert "第 4 墩" in again.html and "继续我的这一局" in again.html
    SESSION.lang = "en"
    again.handle({"type": "action", "action": "resume", "value": ""})
    now = reloaded.controller.round
    assert now.tricks_played == left.tricks_played and now.actions == left.actions
    assert now.view(0).hand == left.view(0).hand
    assert 'data-role="resume-offer"' not in again.html and 'data-role="resumed"' in again.html
    take_turn(reloaded.controller, RuleBot(1), reloaded.handle)
    saved = SavedMatch.from_json(json.loads(saved_match_path(data_folder, "default").read_text()))
    assert len(saved.open_round) > len(left.actions), "the resumed round goes on being saved"


def test_choosing_a_new_round_replaces_the_saved_one(data_folder: Path) -> None:
    app: PlayApp = play_app(seed=4, delay=0).scene  # type: ignore[assignment]
    play_until_trick(app, 2)
    widget = play_app(seed=9, delay=0)
    fresh: PlayApp = widget.scene  # type: ignore[assignment]
    widget.handle({"type": "action", "action": "resume-new", "value": ""})
    assert 'data-role="resume-offer"' not in widget.html
    assert fresh.controller.round.tricks_played == 0
    take_turn(fresh.controller, RuleBot(2), fresh.handle)
    saved = SavedMatch.from_json(json.loads(saved_match_path(data_folder, "default").read_text()))
    assert saved.seed == fresh.match.seed  # the match seed the visit seed 9 chose (first_deal.py)


def test_a_damaged_saved_round_is_reported_and_a_new_round_starts(data_folder: Path) -> None:
    path = saved_match_path(data_folder, "default")
    path.parent.mkdir(parents=True)
    path.write_text("{broken")
    widget = play_app(seed=4, delay=0)
    assert 'data-role="resume-problem"' in widget.html and 'data-role="resume-offer"' not in widget.html
    app: PlayApp = widget.scene  # type: ignore[assignment]
    take_turn(app.controller, RuleBot(3), app.handle)
    assert SavedMatch.from_json(json.loads(path.read_text())).seed == app.match.seed


def test_a_saved_match_rebuilds_finished_rounds_and_the_open_one() -> None:
    app = PlayApp(seed=6, delay=0)
    chooser = RuleBot(6)
    while app.controller.round.result is None:
        take_turn(app.controller, chooser, app.handle)
    app.handle({"type": "action", "action": "next-round", "value": ""})
    take_turn(app.controller, chooser, app.handle)
    saved = SavedMatch.of(app.match, app.finished_rounds, app.controller.round)
    again = SavedMatch.from_json(json.loads(json.dumps(saved.to_json())))
    match, rnd = again.rebuild()
    assert match.round_number == 2 and match.levels == app.match.levels
    assert rnd.actions == app.controller.round.actions
