"""The record page shows a round's penalty points (``throw_penalty_points``) beside its total, and only then."""

from __future__ import annotations

import re

from shengji_kit.engine.rules import Rules, rules_from_table
from shengji_kit.game import Round
from shengji_kit.game.bots import RandomBot, play_round
from shengji_kit.render.records import record_html


def _finished(rules: Rules | str, seed: int) -> Round:
    rnd = Round.new(seed, rules)
    play_round(rnd, [RandomBot(seed + seat, throw_rate=0.5) for seat in range(4)])
    return rnd


def test_the_penalty_points_row_appears_with_its_signed_value() -> None:
    rules = rules_from_table({"based_on": "classic", "throw_penalty_points": 10})
    rnd = next(r for r in (_finished(rules, seed) for seed in range(40)) if r.result and r.result.penalty_points)
    record = rnd.record()
    assert rnd.result is not None
    shown = f"{rnd.result.penalty_points:+d}"
    for lang, label in (("en", "Failed throws (penalty points)"), ("zh", "甩牌失败罚分")):
        page = re.sub(r"(<[^>]+>)+", "|", str(record_html(record, lang)))
        assert f"|{label}|{shown}|" in page
    plain = _finished("classic", 0).record()
    assert "penalty_points" not in plain and "甩牌失败罚分" not in str(record_html(plain, "zh"))
