"""The opponents' tier in the play app: chosen on the table before the first trick or by ``?bots=``,
shown as "Opponents: …", played by the right bots, and kept by a saved round."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from widgets.helpers import take_turn

from shengji_kit.apps.page_options import checked_bots
from shengji_kit.apps.play.play_app import PlayApp, play_app
from shengji_kit.coach.gentle_bot import GentleBot
from shengji_kit.coach.search_bot import SearchBot
from shengji_kit.game.bots import RuleBot
from shengji_kit.game.saved_round import SavedMatch, saved_match_path
from shengji_kit.widgets.language import SESSION
from shengji_kit.widgets.surface import CardSurface

BOT_TYPES = {"gentle": GentleBot, "steady": RuleBot, "strong": SearchBot}
OPPONENTS = re.compile(r'data-role="opponents" data-tier="(\w+)">([^<]*)<')


def opponents_line(html: str) -> tuple[str, str]:
    found = OPPONENTS.search(html)
    assert found is not None, "the table names the opponents"
    return found.group(1), found.group(2)


def play_until(widget: CardSurface, trick: int | None, seed: int = 5) -> None:
    """The learner plays by RuleBot's choices (clicked in) until ``trick`` tricks are done (None: the round ends)."""
    app: PlayApp = widget.scene  # type: ignore[assignment]
    chooser = RuleBot(seed)
    while app.controller.round.result is None and (trick is None or app.controller.round.tricks_played < trick):
        take_turn(app.controller, chooser, widget.handle)


@pytest.mark.parametrize("tier", ["gentle", "steady"])
def test_a_whole_round_against_each_tier(data_folder: Path, tier: str) -> None:
    widget = play_app(seed=6, delay=0, bots=tier)
    app: PlayApp = widget.scene  # type: ignore[assignment]
    assert all(type(bot) is BOT_TYPES[tier] for bot in app.controller.bots.values())
    assert opponents_line(widget.html) == (tier, f"Opponents: {tier.title()}")
    play_until(widget, None)
    assert app.controller.round.result is not None
    assert 'data-action="next-round"' in widget.html
    assert opponents_line(widget.html)[0] == tier


def test_strong_opponents_play_the_first_tricks(data_folder: Path) -> None:
    widget = play_app(seed=6, delay=0, bots="strong")
    app: PlayApp = widget.scene  # type: ignore[assignment]
    assert all(isinstance(bot, SearchBot) for bot in app.controller.bots.values())
    play_until(widget, 3)
    assert app.controller.round.tricks_played >= 3
    assert opponents_line(widget.html) == ("strong", "Opponents: Strong")


def test_the_tier_is_chosen_on_the_table_until_the_first_trick(data_folder: Path) -> None:
    widget = play_app(seed=6, delay=0)
    app: PlayApp = widget.scene  # type: ignore[assignment]
    html = widget.html
    assert opponents_line(html)[0] == "steady", "the default stays steady"
    assert 'data-role="tier-choice"' in html
    assert re.search(r'data-action="bots-steady"[^>]*aria-pressed="true"', html)
    assert all(f'data-action="bots-{name}"' in html for name in BOT_TYPES)
    widget.handle({"type": "action", "action": "bots-gentle", "value": ""})
    assert app.bots_tier == "gentle" and all(isinstance(bot, GentleBot) for bot in app.controller.bots.values())
    assert opponents_line(widget.html) == ("gentle", "Opponents: Gentle")
    assert "Your opponents now play Gentle." in widget.html
    SESSION.lang = "zh"
    assert opponents_line(widget.html)[1] == "对手：温和" and "对手强度" in widget.html
    SESSION.lang = "en"
    play_until(widget, 1)
    assert 'data-role="tier-choice"' not in widget.html, "once the tricks begin the choice is gone"
    widget.handle({"type": "action", "action": "bots-strong", "value": ""})
    assert app.bots_tier == "gentle" and "only before the first trick" in widget.html
    widget.handle({"type": "action", "action": "bots-nonsense", "value": ""})
    assert app.bots_tier == "gentle" and "gentle, steady, strong" in widget.html


def test_the_address_chooses_the_tier(monkeypatch: pytest.MonkeyPatch, data_folder: Path) -> None:
    monkeypatch.setenv("QUERY_STRING", "seed=11&delay=0&bots=strong")
    widget = play_app()
    app: PlayApp = widget.scene  # type: ignore[assignment]
    assert app.bots_tier == "strong" and 'data-role="page-note"' not in widget.html
    assert opponents_line(widget.html)[0] == "strong"


@pytest.mark.parametrize("given", ["nonsense", "%3Cb%3E", "1"])
def test_an_unknown_tier_in_the_address_is_named_and_steady_plays(
    monkeypatch: pytest.MonkeyPatch, data_folder: Path, given: str
) -> None:
    monkeypatch.setenv("QUERY_STRING", f"seed=11&delay=0&bots={given}")
    widget = play_app()
    app: PlayApp = widget.scene  # type: ignore[assignment]
    assert app.bots_tier == "steady"
    note = re.search(r'data-option="bots">([^<]*)<', widget.html)
    assert note is not None and "gentle, steady, strong" in note.group(1) and "steady is used" in note.group(1)
    assert "bots=<b>" not in widget.html, "the given value is escaped"
    SESSION.lang = "zh"
    note = re.search(r'data-option="bots">([^<]*)<', widget.html)
    assert note is not None and "对手强度" in note.group(1) and "改用 steady" in note.group(1)


def test_a_name_in_another_case_is_taken_with_a_note(monkeypatch: pytest.MonkeyPatch, data_folder: Path) -> None:
    monkeypatch.setenv("QUERY_STRING", "seed=11&delay=0&bots=Gentle")
    widget = play_app()
    assert widget.scene.bots_tier == "gentle"  # type: ignore[attr-defined]
    assert 'data-option="bots"' in widget.html


def test_a_resumed_round_keeps_its_opponents(data_folder: Path) -> None:
    first = play_app(seed=4, delay=0, bots="gentle")
    app: PlayApp = first.scene  # type: ignore[assignment]
    play_until(first, 2)
    saved = json.loads(saved_match_path(data_folder, "default").read_text())
    assert saved["bots"] == "gentle"
    again = play_app(seed=4, delay=0)  # a reload: the address names no tier
    reloaded: PlayApp = again.scene  # type: ignore[assignment]
    again.handle({"type": "action", "action": "resume", "value": ""})
    assert reloaded.bots_tier == "gentle"
    assert all(isinstance(bot, GentleBot) for bot in reloaded.controller.bots.values())
    assert opponents_line(again.html)[0] == "gentle"
    assert reloaded.controller.round.actions == app.controller.round.actions


def test_a_save_from_before_tiers_loads_with_steady_opponents(data_folder: Path) -> None:
    first = play_app(seed=4, delay=0, bots="strong")
    app: PlayApp = first.scene  # type: ignore[assignment]
    play_until(first, 1)
    path = saved_match_path(data_folder, "default")
    old = json.loads(path.read_text())
    del old["bots"]
    path.write_text(json.dumps(old))
    assert SavedMatch.from_json(old).bots == "steady"
    again = play_app(seed=4, delay=0)
    again.handle({"type": "action", "action": "resume", "value": ""})
    reloaded: PlayApp = again.scene  # type: ignore[assignment]
    assert reloaded.bots_tier == "steady" and all(type(bot) is RuleBot for bot in reloaded.controller.bots.values())
    assert reloaded.controller.round.actions == app.controller.round.actions


def test_a_save_naming_opponents_this_version_lacks_plays_on_with_steady_and_says_so(data_folder: Path) -> None:
    play_until(play_app(seed=4, delay=0), 1)
    path = saved_match_path(data_folder, "default")
    later = json.loads(path.read_text())
    later["bots"] = "grandmaster"
    path.write_text(json.dumps(later))
    again = play_app(seed=4, delay=0)
    again.handle({"type": "action", "action": "resume", "value": ""})
    assert again.scene.bots_tier == "steady"  # type: ignore[attr-defined]
    assert "grandmaster" in again.html and "steady opponents play on" in again.html


def test_a_save_whose_tier_is_not_a_name_is_set_aside(data_folder: Path) -> None:
    play_until(play_app(seed=4, delay=0), 1)
    path = saved_match_path(data_folder, "default")
    bad = json.loads(path.read_text())
    bad["bots"] = ["strong"]
    path.write_text(json.dumps(bad))
    again = play_app(seed=4, delay=0)
    assert 'data-role="resume-problem"' in again.html and 'data-role="resume-offer"' not in again.html
    assert not path.exists() and list(path.parent.glob("*.damaged-*"))


def test_the_bots_option_reader_keeps_steady_as_the_default() -> None:
    assert checked_bots({}) == ("steady", None)
    assert checked_bots({"bots": "gentle"}) == ("gentle", None)
    used, note = checked_bots({"bots": "x" * 200})
    assert used == "steady" and note is not None and len(note.params["given"]) < 30
