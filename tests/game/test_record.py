"""Round records: save atomically, load with clear errors, replay and rebuild."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from shengji_kit.engine.errors import RuleError
from shengji_kit.game import Round
from shengji_kit.game.bots import RandomBot, RuleBot, play_round
from shengji_kit.game.record import REQUIRED, load, loads, rebuild, replay, save


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    rnd = Round.new(7)
    play_round(rnd, [RuleBot(1), RandomBot(2, throw_rate=0.3), RuleBot(3), RandomBot(4, throw_rate=0.3)])
    return rnd.record()


def test_record_has_the_required_fields(record: dict[str, Any]) -> None:
    assert set(REQUIRED) <= set(record)
    assert record["format"] == "shengji-kit/round" and record["version"] == 1 and record["seed"] == 7
    assert [len(hand) for hand in record["hands"]] == [25, 25, 25, 25] and len(record["buried"]) == 8
    assert record["trump"] in ("S", "H", "C", "D", None)
    trick = record["tricks"][0]
    assert set(trick) == {"leader", "attempt", "plays", "winner", "points"} and len(trick["plays"]) == 4
    assert record["total"] == record["attackers_points"] + record["kitty_points"] * record["kitty_multiplier"]
    json.dumps(record)


def test_save_load_replay_and_rebuild(record: dict[str, Any], tmp_path: Path) -> None:
    path = save(record, tmp_path / "sub" / "round.json")
    assert load(path) == record
    save(record, path)
    assert [p.name for p in path.parent.iterdir()] == ["round.json"], "no temporary file is left behind"
    replayed = replay(load(path))
    assert len(replayed.tricks) == len(record["tricks"]) and replayed.result.total == record["total"]
    assert rebuild(record).record() == record


def broken(record: dict[str, Any], change: Any) -> dict[str, Any]:
    copied = copy.deepcopy(record)
    change(copied)
    return copied


@pytest.mark.parametrize(
    ("text", "code", "named"),
    [
        ("{not json", "record_bad_json", ""),
        ("[1, 2]", "record_not_object", ""),
    ],
)
def test_unreadable_text(text: str, code: str, named: str) -> None:
    with pytest.raises(RuleError) as error:
        loads(text)
    assert error.value.code == code


def test_loading_names_the_bad_field(record: dict[str, Any], tmp_path: Path) -> None:
    cases = [
        (lambda r: r.update(format="pbn"), "record_format", "format"),
        (lambda r: r.update(version=2), "record_version", "version"),
        (lambda r: r.pop("hands"), "record_missing", "hands"),
        (lambda r: r["hands"][2].__setitem__(0, "ZZ"), "record_bad_card", "hands[2]"),
        (lambda r: r.update(dealer="north"), "record_bad_field", "dealer"),
        (lambda r: r["tricks"][1].pop("winner"), "record_missing", "tricks[1].winner"),
        (lambda r: r.update(buried=r["buried"][:7]), "record_bad_field", "buried"),
        (lambda r: r["hands"][0].__setitem__(0, r["hands"][1][0]), "record_bad_field", "hands"),
        (lambda r: (r.update(rules="bridge"), r.pop("rules_switches")), "record_bad_field", "rules"),
        (lambda r: r["rules_switches"].update(throw_penalty="half"), "record_bad_field", "rules_switches"),
        (lambda r: r["rules_switches"].update(throw_penalti=0.5), "record_bad_field", "rules_switches"),
    ]
    for change, code, field in cases:
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(broken(record, change)), encoding="utf-8")
        with pytest.raises(RuleError) as error:
            load(path)
        assert error.value.code == code, field
        assert field in error.value.message("en") and field in error.value.message("zh")
    with pytest.raises(RuleError) as error:
        load(tmp_path / "missing.json")
    assert error.value.code == "record_io"


def test_a_record_that_does_not_replay_names_trick_and_seat(record: dict[str, Any]) -> None:
    def wrong_winner(r: dict[str, Any]) -> None:
        trick = r["tricks"][3]
        trick["winner"] = (trick["winner"] + 1) % 4

    with pytest.raises(RuleError) as error:
        replay(broken(record, wrong_winner))
    assert error.value.code == "record_broken" and error.value.params["trick"] == 4
    assert "trick 4" in error.value.message("en") and "第4墩" in error.value.message("zh")

    def swap_plays(r: dict[str, Any]) -> None:
        trick = r["tricks"][0]
        trick["plays"][1], trick["plays"][2] = trick["plays"][2], trick["plays"][1]

    with pytest.raises(RuleError) as error:
        replay(broken(record, swap_plays))
    assert error.value.code == "record_broken" and error.value.params["trick"] == 1
    leader = record["tricks"][0]["leader"]
    assert error.value.params["seat"] in ((leader + 1) % 4, (leader + 2) % 4)

    with pytest.raises(RuleError) as error:
        replay(broken(record, lambda r: r.update(total=r["total"] + 5)))
    assert error.value.code == "record_mismatch" and "total" in error.value.message("en")

    with pytest.raises(RuleError) as error:
        replay(broken(record, lambda r: r["tricks"].pop()))
    assert error.value.code == "record_broken"


def test_an_unfinished_round_has_no_record() -> None:
    with pytest.raises(RuleError) as error:
        Round.new(3).record()
    assert error.value.code == "record_unfinished"


def test_file_errors_stay_os_errors_and_bad_content_stays_a_value_error(record: dict[str, Any], tmp_path: Path) -> None:
    import errno

    with pytest.raises(OSError) as missing:
        load(tmp_path / "missing.json")
    assert missing.value.errno == errno.ENOENT and isinstance(missing.value, RuleError)
    assert str(tmp_path / "missing.json") in missing.value.message("zh")
    (tmp_path / "folder").mkdir()
    with pytest.raises(OSError):
        save(record, tmp_path / "folder")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(RuleError) as content:
        load(binary)
    assert not isinstance(content.value, OSError) and content.value.code == "record_bad_json"


def _swap_first_winner(record: dict[str, Any]) -> None:
    trick = record["tricks"][0]
    trick["winner"] = (trick["winner"] + 1) % 4


def _move_points(record: dict[str, Any]) -> None:
    record["tricks"][1]["points"] += 5


def _swap_plays(record: dict[str, Any]) -> None:
    trick = record["tricks"][2]
    trick["plays"][1], trick["plays"][2] = trick["plays"][2], trick["plays"][1]


def _raise_total(record: dict[str, Any]) -> None:
    record["total"] += 10


def _swap_hand_cards(record: dict[str, Any]) -> None:
    hands = record["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (_swap_first_winner, "tricks[0].winner"),
        (_move_points, "tricks[1].points"),
        (_swap_plays, "tricks[2].plays"),
        (_raise_total, "total"),
        (_swap_hand_cards, "hands[0]"),
    ],
)
def test_rebuild_refuses_a_tampered_record(record: dict[str, Any], change: Any, named: str) -> None:
    """The actions rebuild the real round; tricks, winners or totals edited afterwards are caught."""
    with pytest.raises(RuleError) as error:
        rebuild(broken(record, change))
    assert error.value.code == "record_mismatch"
    assert named in error.value.message("en") and named in error.value.message("zh")
