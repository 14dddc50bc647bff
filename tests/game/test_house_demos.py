"""The switch demonstrations: one per switch where the presets differ, and the engine's verdict differs too."""

from __future__ import annotations

from shengji_kit.engine.rules import Rules, rules_from_table
from shengji_kit.game.house_demos import all_demos
from shengji_kit.words.catalogue import LANGUAGES


def test_every_switch_the_presets_disagree_on_is_demonstrated_with_two_verdicts() -> None:
    tycoon, classic = Rules.preset("super_tycoon"), Rules.preset("classic")
    demos = {demo.switch: demo for demo in all_demos()}
    assert set(tycoon.differences(classic)) <= set(demos)
    for switch in tycoon.differences(classic):
        demo = demos[switch]
        for lang in LANGUAGES:
            assert demo.setup.render(lang)
            assert demo.verdict(tycoon).render(lang) != demo.verdict(classic).render(lang), (switch, lang)


def test_a_house_rule_set_gets_its_own_verdict() -> None:
    demos = {demo.switch: demo for demo in all_demos()}
    title = {"en": "Gran's", "zh": "外婆家"}
    gran = rules_from_table({"based_on": "classic", "max_attacker_levels": 5, "title": title})
    assert demos["max_attacker_levels"].verdict(gran).render("en") == "Under Gran's they go up 5 levels."
    assert demos["max_attacker_levels"].verdict(gran).render("zh") == "按外婆家规则，他们升 5 级。"
