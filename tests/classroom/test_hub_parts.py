"""The hub's parts that need no running hub: the JSON codec, the class list and its login, and the
service client when the service is down (its error in both languages, no event lost).

The whole class on a real JupyterHub is tests/hub/test_real_hub.py.
"""

from __future__ import annotations

import asyncio
import socket
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shengji_kit.classroom._wire import (
    WireError,
    event_from_json,
    event_to_json,
    poll_from_json,
    poll_to_json,
    stored_from_json,
    stored_to_json,
)
from shengji_kit.classroom.class_list import (
    ClassListError,
    add_member,
    hash_password,
    load_class_list,
    teachers,
    verify_password,
)
from shengji_kit.classroom.class_list_auth import ClassListAuthenticator
from shengji_kit.classroom.service_client import ServiceClassStore, ServiceError
from shengji_kit.classroom.store_protocol import (
    EVENT_KINDS,
    POLL_OPEN,
    ClassEvent,
    Poll,
    StoredEvent,
)
from shengji_kit.words.catalogue import text

texts = st.text(max_size=30)
times = st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1),
                     timezones=st.sampled_from([UTC, timezone(timedelta(hours=8))]))
events = st.builds(
    ClassEvent, learner=texts, item=texts, group=texts, kind=st.sampled_from(EVENT_KINDS), at=times,
    answer=texts, correct=st.none() | st.booleans(),
    seconds=st.none() | st.floats(min_value=0, max_value=1e6, allow_nan=False), class_name=texts,
)


@given(events, st.integers(min_value=1, max_value=2**62))
def test_events_cross_the_wire_unchanged(event: ClassEvent, event_id: int) -> None:
    assert event_from_json(event_to_json(event)) == event
    assert stored_from_json(stored_to_json(StoredEvent(event_id, event))) == StoredEvent(event_id, event)


def test_polls_cross_the_wire_unchanged() -> None:
    poll = Poll(7, "4b", "puzzle", "01-who-wins-003", "Who wins?", "谁赢？", ("North", "East"), "East",
                POLL_OPEN, datetime(2026, 11, 30, 9, 0, tzinfo=UTC), {"alice": "East"})
    assert poll_from_json(poll_to_json(poll)) == poll


@pytest.mark.parametrize("change", [
    {"kind": "cheat"}, {"at": "2026-11-30T09:00:00"}, {"at": "yesterday"}, {"correct": "yes"},
    {"seconds": "3"}, {"seconds": True}, {"learner": 5}, {"answer": None},
])
def test_a_malformed_event_is_refused_naming_the_field(change: dict[str, object]) -> None:
    good = event_to_json(ClassEvent("alice", "p1", "g", "attempt", datetime.now(UTC), "2", True, 1.5))
    with pytest.raises(WireError):
        event_from_json({**good, **change})


def test_passwords_are_kept_as_salted_hashes(tmp_path: Path) -> None:
    hashed = hash_password("open sesame")
    assert "open sesame" not in hashed and hashed != hash_password("open sesame")
    assert verify_password("open sesame", hashed)
    assert not verify_password("open sesame!", hashed)
    assert not verify_password("open sesame", "md5$whatever") and not verify_password("x", "scrypt$1$2")


def test_the_class_list_names_learners_and_teachers(tmp_path: Path) -> None:
    path = tmp_path / "class-list.toml"
    add_member(path, "Alice", "alice-pass")
    add_member(path, "ms-li", "teacher-pass", teacher=True)
    add_member(path, "alice", "new-pass")  # replaces, never duplicates
    members = load_class_list(path)
    assert sorted(members) == ["alice", "ms-li"] and teachers(path) == ["ms-li"]
    assert verify_password("new-pass", members["alice"].password_hash)
    assert "pass" not in path.read_text(encoding="utf-8").replace("password", "")


@pytest.mark.parametrize("name, password", [("al ice", "long-enough"), ("", "long-enough"), ("bob", "short")])
def test_the_class_list_refuses_bad_names_and_short_passwords(tmp_path: Path, name: str, password: str) -> None:
    with pytest.raises(ClassListError) as refused:
        add_member(tmp_path / "class-list.toml", name, password)
    assert " · " in str(refused.value)  # English and Chinese


def test_a_broken_class_list_is_reported_in_both_languages(tmp_path: Path) -> None:
    path = tmp_path / "class-list.toml"
    path.write_text('[users]\nalice = "no table"\n', encoding="utf-8")
    with pytest.raises(ClassListError, match="alice"):
        load_class_list(path)


def test_only_the_class_list_logs_in_with_the_right_password(tmp_path: Path) -> None:
    path = tmp_path / "class-list.toml"
    add_member(path, "alice", "alice-pass")
    login = ClassListAuthenticator(class_list=str(path))

    def attempt(name: str, password: str) -> str | None:
        return asyncio.run(login.authenticate(None, {"username": name, "password": password}))

    assert attempt("alice", "alice-pass") == "alice"
    assert attempt("alice", "wrong-pass") is None
    assert attempt("mallory", "alice-pass") is None
    assert login.check_allowed("alice") and not login.check_allowed("mallory")
    add_member(path, "bob", "bob-pass-1")  # the list is read again when it changes
    assert attempt("bob", "bob-pass-1") == "bob"


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_service_that_is_down_loses_no_event_and_says_so_in_both_languages() -> None:
    client = ServiceClassStore(f"http://127.0.0.1:{closed_port()}/services/shengji-class/", "token", timeout=2)
    first = ClassEvent("alice", "p1", "g", "attempt", datetime.now(UTC), "2", False, 4.0)
    second = ClassEvent("alice", "p1", "g", "solve", datetime.now(UTC))
    with pytest.raises(ServiceError) as down:
        client.record([first])
    assert down.value.code == "hub_service_down" and down.value.http_status is None
    english, chinese = str(down.value).split(" · ")
    assert english.startswith(text("hub_service_down", "en", url=client.url, reason="", count=1).split(":")[0])
    assert "(1 unsent)" in english and "（1 条未发送）" in chinese
    with pytest.raises(ServiceError):
        client.record([first, second])  # a page handing its unsent events in again: each kept once
    assert client.unsent == (first, second)
    with pytest.raises(ServiceError):
        client.learners()  # every call tries the waiting events first
    assert client.unsent == (first, second)


@pytest.mark.parametrize("variable, code", [
    ("SHENGJI_KIT_CLASS_SERVICE_URL", "hub_service_no_url"), ("JUPYTERHUB_API_TOKEN", "hub_service_no_token"),
])
def test_the_client_says_what_is_missing(monkeypatch: pytest.MonkeyPatch, variable: str, code: str) -> None:
    monkeypatch.setenv("SHENGJI_KIT_CLASS_SERVICE_URL", "http://127.0.0.1:1/services/shengji-class/")
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "token")
    monkeypatch.delenv(variable)
    with pytest.raises(ServiceError) as missing:
        ServiceClassStore()
    assert missing.value.code == code
