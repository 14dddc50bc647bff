"""The end-of-round summary hides a kept kitty's points when the house rules keep it face down."""

from __future__ import annotations

import dataclasses

from shengji_kit.apps.play._table_builder import summary
from shengji_kit.engine.rules import Rules
from shengji_kit.game import Round
from shengji_kit.game.bots import RandomBot, play_round


def kept_round(rules: Rules) -> Round:
    """The first seeded round in which the defenders keep the kitty and seat 0 did not bury it."""
    for seed in range(60):
        rnd = Round.new(seed, rules)
        play_round(rnd, [RandomBot(seed + seat) for seat in range(4)])
        if rnd.result is not None and not rnd.result.kitty_captured and rnd.buries[-1][0] != 0:
            return rnd
    raise AssertionError("no such round in 60 seeds")


def test_a_kept_kitty_is_face_down_in_the_summary_only_under_the_switch() -> None:
    hidden = dataclasses.replace(Rules.preset("super_tycoon"), name="house", kitty_shown_at_end=False)
    rnd = kept_round(hidden)
    view = rnd.view(0)
    assert view.result is not None and view.kitty is None
    for lang, words in (("en", "face down"), ("zh", "不亮底")):
        shown = summary(view.result, view.kitty, lang)
        kitty_line = next(line for line in shown.lines if line.role == "kitty")
        assert words in kitty_line.value and str(view.result.kitty_points) not in kitty_line.value
        assert shown.kitty == ()
    open_rules = Round.new(rnd.seed, "super_tycoon")
    play_round(open_rules, [RandomBot(rnd.seed + seat) for seat in range(4)])
    open_view = open_rules.view(0)
    assert open_view.result is not None and open_view.kitty is not None
    opened = summary(open_view.result, open_view.kitty, "en")
    assert len(opened.kitty) == 8
    assert "face down" not in next(line for line in opened.lines if line.role == "kitty").value
