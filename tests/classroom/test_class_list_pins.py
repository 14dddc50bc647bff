"""The class list's PINs (issue 19): a teacher gives a learner of a one-machine class a PIN; it is kept
hashed, read again when the file changes, and a PIN-only entry is no JupyterHub login."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from shengji_kit.classroom.class_list import (
    ClassListError,
    PinRefused,
    add_member,
    check_pin,
    learner_pins,
    load_class_list,
    pass_ok,
    pin_member,
    set_pin,
)
from shengji_kit.words import text


def test_a_pin_is_kept_hashed_and_checked(tmp_path: Path) -> None:
    path = tmp_path / "class-list.toml"
    set_pin(path, "Lin Wei", "4821")
    written = path.read_text(encoding="utf-8")
    assert "4821" not in written and '"Lin Wei" = { pin = "scrypt$' in written
    member = load_class_list(path)["Lin Wei"]
    assert member.password_hash == "" and not member.teacher
    assert pass_ok(member, check_pin(member, "4821"))
    for wrong, code in (("1234", "serving_pin_wrong"), ("", "serving_pin_needed"), ("48 21x", "serving_pin_bad")):
        with pytest.raises(PinRefused) as refused:
            check_pin(member, wrong)
        assert refused.value.message.code == code
        assert refused.value.message.render("zh") == text(code, "zh", name="Lin Wei")


def test_names_with_pins_are_found_however_they_are_typed_and_the_file_is_read_again(tmp_path: Path) -> None:
    path = tmp_path / "class-list.toml"
    set_pin(path, "小明", "1357")
    assert pin_member("小明", path) is not None and pin_member("Lin Wei", path) is None
    set_pin(path, "Lin Wei", "2468")
    os.utime(path, (1, 1))  # a changed file, even within the same second
    assert pin_member("lin WEI", path) is not None
    assert set(learner_pins(path)) == {"小明", "lin wei"}


def test_a_pin_and_a_hub_password_live_side_by_side(tmp_path: Path) -> None:
    path = tmp_path / "class-list.toml"
    set_pin(path, "alice", "9090")
    add_member(path, "alice", "secret-pw")
    add_member(path, "ms_li", "teacher-pw", teacher=True)
    members = load_class_list(path)
    assert members["alice"].pin_hash and members["alice"].password_hash
    assert members["ms_li"].teacher and not members["ms_li"].pin_hash
    assert set(learner_pins(path)) == {"alice"}


def test_a_pin_must_be_digits_and_an_entry_needs_a_password_or_a_pin(tmp_path: Path) -> None:
    path = tmp_path / "class-list.toml"
    with pytest.raises(ClassListError, match="4 to 12 digits"):
        set_pin(path, "ada", "12")
    path.write_text('[users]\n"ada" = { teacher = true }\n', encoding="utf-8")
    with pytest.raises(ClassListError, match="password"):
        load_class_list(path)
    path.write_text('[users]\n"  ada  " = { pin = "scrypt$x" }\n', encoding="utf-8")
    with pytest.raises(ClassListError, match="learner bar"):
        load_class_list(path)


def test_no_class_list_means_no_pins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SHENGJI_KIT_CLASS_LIST", raising=False)
    assert learner_pins() == {} and pin_member("anyone") is None


def test_a_pin_only_learner_cannot_log_in_to_the_hub(tmp_path: Path) -> None:
    from shengji_kit.classroom.class_list_auth import ClassListAuthenticator

    path = tmp_path / "class-list.toml"
    set_pin(path, "bo", "4444")
    add_member(path, "alice", "secret-pw")
    auth = ClassListAuthenticator(class_list=str(path))
    assert auth.check_allowed("alice") and not auth.check_allowed("bo")
    assert asyncio.run(auth.authenticate(None, {"username": "bo", "password": "4444"})) is None
    assert asyncio.run(auth.authenticate(None, {"username": "alice", "password": "secret-pw"})) == "alice"


def test_the_pin_command_sets_a_pin_from_standard_input(tmp_path: Path) -> None:
    path = tmp_path / "class-list.toml"
    result = subprocess.run(
        [sys.executable, "-m", "shengji_kit.classroom.class_list", "pin", str(path), "Lin Wei", "--password-stdin"],
        input="4821\n", capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0, result.stderr
    member = pin_member("Lin Wei", path)
    assert member is not None and pass_ok(member, check_pin(member, "4821"))
