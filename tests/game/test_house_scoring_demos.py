"""Each kitty, level and declaring switch's demonstration gives a different verdict under two of its values."""

from __future__ import annotations

import dataclasses

import pytest

from shengji_kit.engine.rules import Rules
from shengji_kit.game.house_demos import SwitchDemo, all_demos
from shengji_kit.game.house_demos.scoring import DEMOS
from shengji_kit.words.catalogue import text

SUPER = Rules.preset("super_tycoon")
PAIRS_OF_VALUES: dict[str, tuple[object, object]] = {
    "kitty_scheme": ("by_shape", "doubling"),
    "kitty_size": (8, 12),
    "kitty_shown_at_end": (True, False),
    "level_step": (40, 20),
    "attacker_levels_capped": (True, False),
    "mandatory_levels": ("none", "10_K"),
    "overturn_order": ("jokers_ranked", "jokers_equal"),
    "lock_allowed": (True, False),
    "redeal_below": (15, 10),
    "no_declaration": ("kitty_card", "redeal"),
}


def test_every_new_switch_has_one_demo_and_all_demos_lists_them() -> None:
    assert sorted(demo.switch for demo in DEMOS) == sorted(PAIRS_OF_VALUES)
    assert all(demo in all_demos() for demo in DEMOS)


@pytest.mark.parametrize("demo", DEMOS, ids=lambda demo: demo.switch)
def test_demo_verdict_differs_between_two_values_in_both_languages(demo: SwitchDemo) -> None:
    first, second = PAIRS_OF_VALUES[demo.switch]
    one = demo.verdict(dataclasses.replace(SUPER, name="house", **{demo.switch: first}))
    other = demo.verdict(dataclasses.replace(SUPER, name="house", **{demo.switch: second}))
    for lang in ("en", "zh"):
        assert text(one.code, lang, **one.params) != text(other.code, lang, **other.params)
        setup = demo.setup
        assert text(setup.code, lang, **setup.params)
