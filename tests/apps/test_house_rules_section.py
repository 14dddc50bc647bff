"""The rules page's house-rules section: a rule set beside both presets, each difference with the engine's
verdicts on one position, and a bad file shown with its error in the learner's language."""

from __future__ import annotations

import re
from pathlib import Path

from shengji_kit.apps.house_rules_section import HouseComparison
from shengji_kit.engine.rules import switch_fields

GRAN = '[rules]\nbased_on = "classic"\ntitle = { en = "Gran\'s rules", zh = "外婆家的规矩" }\nthrow_penalty = 1.0\n'


def differing(html: str) -> list[str]:
    return re.findall(r'<tr data-switch="(\w+)" data-differs="true"', html)


def test_the_presets_side_by_side_show_every_switch_and_each_difference_demonstrated() -> None:
    scene = HouseComparison(Path("/nonexistent"))
    html = scene.render("en")
    assert len(re.findall(r"<tr data-switch=", html)) == len(switch_fields())
    shown = re.findall(r'<div class="sk-house-demo" data-switch="(\w+)"', html)
    assert shown and set(shown) == set(scene.chosen.differences(scene.chosen.preset("super_tycoon")))  # type: ignore[union-attr]
    assert "Under Classic the throw stands" in html and "Under Super Tycoon the throw fails" in html
    assert "按经典规则，甩牌成立" in scene.render("zh")


def test_a_class_file_is_compared_with_both_presets(tmp_path: Path) -> None:
    (tmp_path / "gran.toml").write_text(GRAN, encoding="utf-8")
    scene = HouseComparison(tmp_path)
    assert 'data-value="class:gran"' in scene.render("en")
    scene.handle({"type": "action", "action": "pick", "value": "class:gran"})
    html = scene.render("en")
    assert "throw_penalty" in differing(html)
    assert "Under Gran&#39;s rules the thrower&#39;s team pays 1 base stakes" in html
    assert "按外婆家的规矩规则" in scene.render("zh")


def test_a_pasted_file_with_a_typo_shows_its_error_in_the_learners_language() -> None:
    scene = HouseComparison(Path("/nonexistent"))
    typo = GRAN.replace("throw_penalty", "throw_penalti")
    scene.handle({"type": "action", "action": "paste", "value": "", "typed": typo})
    assert scene.chosen is None
    assert "Did you mean throw_penalty" in scene.render("en") and "line 4" in scene.render("en")
    assert "你是不是想写 throw_penalty" in scene.render("zh")
    scene.handle({"type": "action", "action": "paste", "value": "", "typed": GRAN})
    assert scene.chosen is not None and scene.chosen.throw_penalty == 1.0
    scene.handle({"type": "action", "action": "pick", "value": "class:../../etc/passwd"})
    assert scene.chosen is not None, "a name that is no class file changes nothing"
