"""A round record (JSON) nested thousands deep or holding a 5000-digit number is one clear ``RuleError``
in both languages, never a RecursionError or Python's int-limit ValueError; a UTF-8 BOM is fine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from shengji_kit.engine.errors import RuleError
from shengji_kit.game import Round
from shengji_kit.game.bots import RuleBot, play_round
from shengji_kit.game.input_checks import MAX_DEPTH, InputError
from shengji_kit.game.record import load, loads


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    rnd = Round.new(3)
    play_round(rnd, [RuleBot(1), RuleBot(2), RuleBot(3), RuleBot(4)])
    return rnd.record()


def hostile(record: dict[str, Any], name: str) -> str:
    text = json.dumps(record)
    if name == "deep":
        return text[:-1] + ', "extra": ' + "[" * 100_000 + "]" * 100_000 + "}"
    if name == "fairly-deep":
        return text[:-1] + ', "extra": ' + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "}"
    if name == "deep-objects":
        return text[:-1] + ', "extra": ' + '{"a": ' * 50_000 + "1" + "}" * 50_000 + "}"
    return text.replace(f'"seed": {record["seed"]}', '"seed": ' + "7" * 5000)


@pytest.mark.parametrize(
    ("name", "code", "zh"),
    [("deep", "input_too_deep", "嵌套"), ("fairly-deep", "input_too_deep", "嵌套"),
     ("deep-objects", "input_too_deep", "嵌套"), ("huge", "input_number_too_long", "位")],
)
def test_a_hostile_record_is_one_clear_error(
    record: dict[str, Any], tmp_path: Path, name: str, code: str, zh: str
) -> None:
    text = hostile(record, name)
    with pytest.raises(InputError) as caught:
        loads(text)
    assert isinstance(caught.value, RuleError) and isinstance(caught.value, ValueError)
    assert caught.value.code == code and zh in caught.value.message("zh") and len(str(caught.value)) < 120
    path = tmp_path / "round.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RuleError) as from_file:
        load(path)
    assert from_file.value.code == code


def test_a_record_saved_with_a_byte_order_mark_loads(record: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "round.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(record).encode("utf-8"))
    assert load(path) == record


def test_a_record_saved_as_utf16_says_so(record: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "round.json"
    path.write_bytes(json.dumps(record).encode("utf-16"))
    with pytest.raises(RuleError) as caught:
        load(path)
    assert caught.value.code == "record_bad_json" and "UTF-16" in caught.value.message("en")
    assert "UTF-16 编码" in caught.value.message("zh")
