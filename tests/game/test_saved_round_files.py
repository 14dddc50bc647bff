"""Saved-round files: one per learner and class (names whose slugs collide keep their own file), and a
damaged file is named as such (``SavedRoundError.reason``) and set aside, never deleted nor overwritten."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shengji_kit.game.match import Match
from shengji_kit.game.saved_round import (
    REASONS,
    SavedMatch,
    SavedRoundError,
    file_stem,
    load_saved,
    saved_match_path,
    set_aside,
    store_saved,
)


def a_saved_match() -> SavedMatch:
    match = Match(11, "classic")
    return SavedMatch.of(match, [], match.new_round())


def test_the_default_learner_keeps_the_first_versions_file(tmp_path: Path) -> None:
    assert saved_match_path(tmp_path, "default") == tmp_path / "rounds" / "default.json"
    assert saved_match_path(tmp_path, "default", "default") == tmp_path / "rounds" / "default.json"


@pytest.mark.parametrize(("one", "other"), [
    ("a b", "a_b"), ("Ann", "ann"), ("a/b", "a_b"), ("!!!", "default"), ("x.", "x"), ("李 雷", "李_雷"),
])
def test_names_whose_slugs_collide_get_files_of_their_own(tmp_path: Path, one: str, other: str) -> None:
    assert file_stem(one) != file_stem(other)
    assert saved_match_path(tmp_path, one) != saved_match_path(tmp_path, other)
    assert saved_match_path(tmp_path, one).parent == tmp_path / "rounds"
    for name in (one, other):
        stem = file_stem(name)
        assert "/" not in stem and stem not in (".", "..") and len(stem) <= 80


def test_a_plain_name_is_its_own_file_name_and_a_class_has_its_own_folder(tmp_path: Path) -> None:
    assert file_stem("ada") == "ada" and file_stem("小明") == "小明"
    assert saved_match_path(tmp_path, "ada", "7b") == tmp_path / "rounds" / "7b" / "ada.json"
    assert saved_match_path(tmp_path, "ada", "7b") != saved_match_path(tmp_path, "ada", "7c")
    assert saved_match_path(tmp_path, "ada", "Class 7") != saved_match_path(tmp_path, "ada", "class_7")


def test_a_stored_match_reads_back(tmp_path: Path) -> None:
    saved = a_saved_match()
    path = saved_match_path(tmp_path, "a b", "7b")
    store_saved(saved, path)
    assert load_saved(path) == saved
    assert load_saved(tmp_path / "rounds" / "nobody.json") is None


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def good_json() -> dict[str, object]:
    return a_saved_match().to_json()


DAMAGED: list[tuple[str, str]] = [
    ("{broken", "json"),
    ("", "json"),
    (nested(100_000), "deep"),
    ('{"seed": ' + nested(100_000) + "}", "deep"),
    ("1" * 5000, "number"),
    (json.dumps({**good_json(), "seed": 0}).replace('"seed": 0', '"seed": ' + "7" * 5000), "number"),
    ("[]", "shape"),
    ("null", "shape"),
    (json.dumps({**good_json(), "seed": "7"}), "shape"),
    (json.dumps({**good_json(), "seed": 10**30}), "shape"),
    (json.dumps({**good_json(), "rules": "poker"}), "shape"),
    (json.dumps({**good_json(), "rounds": []}), "shape"),
    (json.dumps({**good_json(), "rounds": {"0": []}}), "shape"),
    (json.dumps({**good_json(), "rounds": [[[9, "pass", ""]]]}), "shape"),
    (json.dumps({**good_json(), "rounds": [[[True, "pass", ""]]]}), "shape"),
    (json.dumps({**good_json(), "rounds": [[["0", "pass", ""]]]}), "shape"),
    (json.dumps({**good_json(), "rounds": [[0]]}), "shape"),
    (json.dumps({**good_json(), "rounds": [[[0, "fly", ""]]]}), "shape"),
    (json.dumps({**good_json(), "rounds": [[[0, "play", "ZZ"]]]}), "shape"),
    (json.dumps({**good_json(), "rounds": [[[0, json.loads(nested(900)), ""]]]}), "shape"),
    (json.dumps({**good_json(), "rounds": [[]] * 501}), "shape"),
    (json.dumps(good_json()).replace('"rounds": [[]]', '"rounds": [[[1e400, "pass", ""]]]'), "shape"),
]


@pytest.mark.parametrize(("content", "reason"), DAMAGED, ids=[f"{r}-{i}" for i, (_, r) in enumerate(DAMAGED)])
def test_a_damaged_file_is_named_as_such(tmp_path: Path, content: str, reason: str) -> None:
    path = tmp_path / "saved.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(SavedRoundError) as raised:
        load_saved(path)
    assert raised.value.reason == reason and reason in REASONS
    assert len(str(raised.value)) <= 300


def test_bytes_that_are_not_text_and_a_huge_file_are_damaged(tmp_path: Path) -> None:
    path = tmp_path / "saved.json"
    path.write_bytes(b"\xff\xfe{")
    with pytest.raises(SavedRoundError) as raised:
        load_saved(path)
    assert raised.value.reason == "encoding"
    path.write_bytes(b" " * 5_000_000)
    with pytest.raises(SavedRoundError) as raised:
        load_saved(path)
    assert raised.value.reason == "size"


def test_moves_that_do_not_replay_are_damaged(tmp_path: Path) -> None:
    path = tmp_path / "saved.json"
    path.write_text(json.dumps({**good_json(), "rounds": [[[0, "bury", "SA SK"]]]}), encoding="utf-8")
    saved = load_saved(path)
    assert saved is not None
    with pytest.raises(SavedRoundError) as raised:
        saved.rebuild()
    assert raised.value.reason == "replay"


def test_a_file_set_aside_keeps_its_content_and_never_overwrites(tmp_path: Path) -> None:
    first, second = tmp_path / "ada.json", tmp_path / "ada.json"
    first.write_text("one")
    moved_one = set_aside(first)
    second.write_text("two")
    moved_two = set_aside(second)  # the same second: a name of its own
    assert moved_one != moved_two and not first.exists()
    assert moved_one.read_text() == "one" and moved_two.read_text() == "two"
    assert moved_one.name.startswith("ada.damaged-") and moved_one.suffix == ".json"
    with pytest.raises(FileNotFoundError):
        set_aside(first)
