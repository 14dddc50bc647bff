"""House-rules files as a teacher writes them: read into Rules, refused with the file, line and field
named in both languages, and accepted where a preset name is (rounds, records, positions)."""

from __future__ import annotations

from pathlib import Path

import pytest

from shengji_kit.engine.rules import Rules
from shengji_kit.game import Round
from shengji_kit.game.bots import RuleBot, play_round
from shengji_kit.game.house_file import HouseRulesError, load_rules, read_rules_file
from shengji_kit.game.position_table import PositionError, read_position_table
from shengji_kit.game.record import load, replay, save
from shengji_kit.words.catalogue import LANGUAGES

GRAN = """\
# Gran's rules: classic, but a failed throw costs the whole stake.
[rules]
based_on = "classic"
title = { en = "Gran's rules", zh = "外婆家的规矩" }
throw_penalty = 1.0
max_attacker_levels = 4
"""


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_house_file_reads_into_rules_named_after_it(tmp_path: Path) -> None:
    rules = read_rules_file(write(tmp_path, "gran.toml", GRAN))
    assert rules.name == "gran" and not rules.is_preset
    assert set(rules.differences(Rules.preset("classic"))) == {"throw_penalty", "max_attacker_levels"}
    assert load_rules("gran.toml", tmp_path) == rules
    assert load_rules("classic") is Rules.preset("classic")


@pytest.mark.parametrize(
    ("line", "where", "code"),
    [
        ("throw_penalti = 1.0", "line 5", "throw_penalty"),
        ("wrap_after_ace = 1", "line 5", "wrap_after_ace"),
        ("throw_penalty = 2", "line 5", "throw_penalty"),
    ],
)
def test_a_typo_names_the_file_the_line_and_the_field(tmp_path: Path, line: str, where: str, code: str) -> None:
    text = GRAN.replace("throw_penalty = 1.0", line)
    with pytest.raises(HouseRulesError) as error:
        read_rules_file(write(tmp_path, "gran.toml", text))
    for lang in LANGUAGES:
        message = error.value.message(lang)
        assert "gran.toml" in message and code in message and "Traceback" not in message
    assert where in error.value.message("en") and "第 5 行" in error.value.message("zh")


def test_a_file_that_is_no_rules_file_is_refused_in_both_languages(tmp_path: Path) -> None:
    cases = {
        "missing.toml": None,
        "broken.toml": "[rules\nbased_on = 1",
        "empty_table.toml": "[position]\nlevel = 2",
        "latin1.toml": b"[rules]\ntitle = '\xe9'",
    }
    for name, content in cases.items():
        if isinstance(content, str):
            write(tmp_path, name, content)
        elif isinstance(content, bytes):
            (tmp_path / name).write_bytes(content)
        with pytest.raises(HouseRulesError) as error:
            read_rules_file(tmp_path / name)
        assert all(name in error.value.message(lang) for lang in LANGUAGES), name


def test_a_round_under_house_rules_records_them_and_replays_under_them(tmp_path: Path) -> None:
    rules = read_rules_file(write(tmp_path, "gran.toml", GRAN))
    rnd = Round.new(5, rules)
    assert rnd.view(0).rules == rules
    play_round(rnd, [RuleBot(seat) for seat in range(4)])
    record = rnd.record()
    assert record["rules"] == "gran" and record["rules_switches"]["throw_penalty"] == 1.0
    loaded = load(save(record, tmp_path / "round.json"))
    assert replay(loaded).result == rnd.result


def test_an_old_record_naming_a_preset_still_loads(tmp_path: Path) -> None:
    rnd = Round.new(5, "classic")
    play_round(rnd, [RuleBot(seat) for seat in range(4)])
    record = rnd.record()
    record.pop("rules_switches")
    assert replay(record).result == rnd.result


def test_a_position_names_a_house_file_beside_it_or_an_inline_table(tmp_path: Path) -> None:
    write(tmp_path, "gran.toml", GRAN)
    table = read_position_table({"rules": "gran.toml", "level": "2", "trump": "S"}, base=tmp_path)
    assert table.rules.name == "gran" and table.rules.throw_penalty == 1.0
    inline = read_position_table({"rules": {"based_on": "classic", "throw_penalty": 1}, "level": "2", "trump": "S"})
    assert inline.rules.throw_penalty == 1.0 and inline.to_dict()["rules"]["throw_penalty"] == 1.0
    with pytest.raises(PositionError) as error:
        read_position_table({"rules": {"based_on": "classic", "throw": 1}, "level": "2", "trump": "S"})
    assert "position.rules" in error.value.message("zh") and "throw_penalty" in error.value.message("en")
