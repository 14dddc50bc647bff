"""Options from the page address: seed, bot delay and rules, with fallbacks named in a visible note."""

from __future__ import annotations

import re

import pytest

from shengji_kit.apps.page_options import (
    checked_delay,
    checked_rules,
    checked_seed,
    delay_option,
    query_options,
    rules_option,
    seed_option,
)
from shengji_kit.apps.play.play_app import PlayApp, play_app
from shengji_kit.widgets.language import SESSION


def test_query_string_is_read() -> None:
    assert query_options("seed=7&delay=0&rules=classic") == {"seed": "7", "delay": "0", "rules": "classic"}


def test_bad_values_fall_back() -> None:
    options = query_options("seed=abc&delay=fast&rules=bridge")
    assert seed_option(options, default=5) == 5
    assert delay_option(options, 0.7) == 0.7
    assert rules_option(options, "super_tycoon") == "super_tycoon"
    assert delay_option(query_options("delay=99"), 0.7) == 5.0


def test_without_a_seed_each_visit_deals_afresh() -> None:
    seeds = {seed_option({}) for _ in range(20)}
    assert len(seeds) > 1


def test_good_options_give_no_note() -> None:
    options = query_options("seed=-12&delay=0.3&rules=classic")
    assert checked_seed(options) == (-12, None)
    assert checked_delay(options, 0.7) == (0.3, None)
    assert checked_rules(options, "super_tycoon") == ("classic", None)
    assert checked_seed({}, 4) == (4, None) and checked_rules({}, "super_tycoon") == ("super_tycoon", None)


@pytest.mark.parametrize("seed", ["--5", "²", "9" * 5000, "abc", "1e5", "", " "])
def test_a_bad_seed_falls_back_with_a_note(seed: str) -> None:
    used, note = checked_seed({"seed": seed}, default=5)
    assert used == 5 and note is not None and note.params["name"] == "seed" and note.params["used"] == "5"
    english, chinese = note.render("en"), note.render("zh")
    assert "seed=" in english and "5" in english and "not understood" in english
    assert "seed=" in chinese and "改用 5" in chinese
    assert len(english) < 200, "a 5000-digit seed is shown cut short"


@pytest.mark.parametrize(
    ("delay", "used", "code"),
    [("-5", 0.0, "page_option_clamped"), ("99", 5.0, "page_option_clamped"), ("inf", 0.7, "page_option_ignored"),
     ("nan", 0.7, "page_option_ignored"), ("fast", 0.7, "page_option_ignored")],
)
def test_a_bad_delay_falls_back_with_a_note(delay: str, used: float, code: str) -> None:
    value, note = checked_delay({"delay": delay}, 0.7)
    assert value == used and note is not None and note.code == code
    assert f"delay={delay}" in note.render("en") and f"delay={delay}" in note.render("zh")


@pytest.mark.parametrize(("rules", "used"), [("bogus", "super_tycoon"), ("CLASSIC", "classic"), ("", "super_tycoon")])
def test_a_bad_rules_name_falls_back_with_a_note(rules: str, used: str) -> None:
    value, note = checked_rules({"rules": rules}, "super_tycoon")
    assert value == used and note is not None
    assert f"rules={rules}" in note.render("en") and used in note.render("en") and "classic" in note.render("en")
    assert "规则" in note.render("zh")


def test_play_app_takes_options_from_the_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "seed=11&delay=0&rules=classic")
    app = play_app()
    model = app.scene
    assert model.match.rules.name == "classic" and model.delay == 0.0
    assert model.controller.round.seed == play_app(seed=11, delay=0, rules="classic").scene.controller.round.seed
    assert 'data-role="page-note"' not in app.html


def notes_shown(html: str) -> list[str]:
    return re.findall(r'data-role="page-note" data-option="(\w+)">([^<]*)<', html)


@pytest.mark.parametrize(
    ("query", "options"),
    [("seed=--5", ["seed"]), ("seed=%C2%B2", ["seed"]), ("seed=" + "7" * 5000, ["seed"]),
     ("rules=bogus&delay=-5", ["delay", "rules"]), ("rules=CLASSIC&delay=inf&seed=abc", ["seed", "delay", "rules"])],
)
def test_the_table_names_each_bad_option_in_both_languages(
    monkeypatch: pytest.MonkeyPatch, query: str, options: list[str]
) -> None:
    monkeypatch.setenv("QUERY_STRING", query)
    widget = play_app()
    app: PlayApp = widget.scene  # type: ignore[assignment]
    shown = notes_shown(widget.html)
    assert [name for name, _ in shown] == options
    assert all(f"{name}=" in line for name, line in shown)
    assert "Traceback" not in widget.html
    SESSION.lang = "zh"
    assert all("改用" in line for _, line in notes_shown(widget.html))
    assert app.controller.round is not None


@pytest.mark.parametrize(
    ("query", "label_en", "label_zh"), [("", "Super Tycoon", "超级大亨"), ("rules=classic", "Classic", "经典")]
)
def test_the_rules_in_force_are_shown_on_the_table(
    monkeypatch: pytest.MonkeyPatch, query: str, label_en: str, label_zh: str
) -> None:
    monkeypatch.setenv("QUERY_STRING", query)
    widget = play_app(seed=3, delay=0)
    assert re.search(rf'data-role="rules"[^>]*>Rules: {label_en}', widget.html)
    SESSION.lang = "zh"
    assert re.search(rf'data-role="rules"[^>]*>规则：{label_zh}', widget.html)
