"""Options from the page address: seed, bot delay and rules, with safe fallbacks."""

from __future__ import annotations

import pytest

from shengji_kit.widgets.page_options import delay_option, query_options, rules_option, seed_option
from shengji_kit.widgets.play_app import play_app


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


def test_play_app_takes_options_from_the_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "seed=11&delay=0&rules=classic")
    app = play_app()
    model = app.scene
    assert model.match.rules.name == "classic" and model.delay == 0.0
    assert model.controller.round.seed == play_app(seed=11, delay=0, rules="classic").scene.controller.round.seed
