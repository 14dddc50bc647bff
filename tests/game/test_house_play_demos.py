"""The follow and tractor switches' demonstrations: each value gets its own verdict, and the rules page shows them."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from shengji_kit.apps.house_rules_section import HouseComparison
from shengji_kit.engine.rules import Rules, sample_values, switch_fields
from shengji_kit.game.house_demos import all_demos
from shengji_kit.words.catalogue import LANGUAGES

PLAY_SWITCHES = ("follow_duty", "follow_keep_longer", "tractor_skip_level", "tractor_level_pairs", "tractor_jokers")


def test_each_play_switch_value_gets_its_own_verdict() -> None:
    demos = {demo.switch: demo for demo in all_demos()}
    fields = {switch.name: switch for switch in switch_fields()}
    base = Rules.preset("classic")
    for name in PLAY_SWITCHES:
        demo = demos[name]
        for lang in LANGUAGES:
            assert demo.setup.render(lang)
            verdicts = [demo.verdict(dataclasses.replace(base, **{name: value})).render(lang)
                        for value in sample_values(fields[name])]
            assert len(set(verdicts)) == len(verdicts), (name, lang, verdicts)


def test_the_rules_page_shows_a_play_switch_a_pasted_file_changes() -> None:
    scene = HouseComparison(Path("/nonexistent"))
    pasted = '[rules]\nbased_on = "classic"\ntractor_skip_level = false\nfollow_duty = "suit"\n'
    scene.handle({"type": "action", "action": "paste", "value": "", "typed": pasted})
    html = scene.render("en")
    assert '<div class="sk-house-demo" data-switch="tractor_skip_level">' in html
    assert "It is no tractor: 2 separate pairs" in html and "It is a tractor: one combination of 2 pairs" in html
    assert '<div class="sk-house-demo" data-switch="follow_duty">' in html
    assert "The follow is allowed." in html and "you must play a tractor" in html
    assert "这不是拖拉机" in scene.render("zh")
