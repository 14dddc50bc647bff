"""The house-rules contract: every switch is labelled in every language, the preset files list every
switch, and a ``[rules]`` table with a bad field is refused naming it (tests/game has the files)."""

from __future__ import annotations

import dataclasses

import pytest

from shengji_kit.engine.errors import RuleError
from shengji_kit.engine.rules import (
    PRESET_NAMES,
    Rules,
    preset_file_table,
    rules_from_table,
    sample_values,
    switch_fields,
    value_label,
)
from shengji_kit.words.catalogue import LANGUAGES, templates, text

SWITCHES = [switch.name for switch in switch_fields()]


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_each_preset_file_lists_every_switch(name: str) -> None:
    """A preset file is a complete rule set: a switch added to Rules is added to both files at merge."""
    table = preset_file_table(name)
    missing = [switch for switch in SWITCHES if switch not in table]
    assert not missing, f"engine/presets/{name}.toml lacks {missing}"
    assert dataclasses.replace(rules_from_table(table, name), title=()) == Rules.preset(name)


def test_the_presets_read_from_their_files_keep_their_behaviour() -> None:
    tycoon, classic = Rules.preset("super_tycoon"), Rules.preset("classic")
    assert (tycoon.throw_penalty, tycoon.max_attacker_levels, tycoon.wrap_after_ace) == (0.5, 6, True)
    assert (classic.throw_penalty, classic.max_attacker_levels, classic.match_points) == (0.0, 3, True)
    assert tycoon.is_preset and classic.is_preset and Rules.preset() is tycoon


def test_every_switch_and_value_has_a_label_in_every_language() -> None:
    for lang in LANGUAGES:
        known = templates(lang)
        for switch in switch_fields():
            assert f"house_switch_{switch.name}" in known, (lang, switch.name)
            for value in sample_values(switch):
                label = value_label(switch.name, value)
                assert label is None or label in known, (lang, label)


def test_a_house_table_starts_from_its_preset_and_changes_only_what_it_names() -> None:
    rules = rules_from_table({"based_on": "classic", "throw_penalty": 1, "title": {"en": "Gran's", "zh": "外婆家"}})
    assert rules.differences(Rules.preset("classic")) == ("throw_penalty",)
    assert rules.throw_penalty == 1.0 and isinstance(rules.throw_penalty, float)
    assert text("pos_rules", "zh", rules=rules) == "规则：外婆家。"
    assert text("pos_rules", "en", rules=rules) == "Rules: Gran's."
    assert text("pos_rules", "en", rules=Rules.preset("classic")) == "Rules: Classic."


@pytest.mark.parametrize(
    ("table", "code", "said"),
    [
        ({"based_on": "classic", "throw_penalti": 1}, "house_unknown_switch", "throw_penalty"),
        ({"based_on": "classic", "wrap_after_ace": "yes"}, "house_wrong_type", "true"),
        ({"based_on": "classic", "max_attacker_levels": 2.5}, "house_wrong_type", "max_attacker_levels"),
        ({"based_on": "classic", "max_attacker_levels": 40}, "house_out_of_range", "12"),
        ({"based_on": "bridge"}, "house_bad_based_on", "super_tycoon"),
        ({"throw_penalty": 0.5}, "house_missing_switch", "based_on"),
        ({"based_on": "classic", "title": 7}, "house_bad_title", "title"),
    ],
)
def test_a_bad_field_is_refused_by_name_in_both_languages(table: dict[str, object], code: str, said: str) -> None:
    with pytest.raises(RuleError) as error:
        rules_from_table(table)
    assert error.value.code == code
    for lang in LANGUAGES:
        assert said in error.value.message(lang)


def test_rules_built_in_python_are_checked_too() -> None:
    with pytest.raises(RuleError) as error:
        dataclasses.replace(Rules.preset("classic"), throw_penalty=3.0)
    assert error.value.code == "house_out_of_range"
