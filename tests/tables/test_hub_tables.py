"""The tables inside the hub's class service, without a hub: who sits, who acts, who runs the tables.

The service's handler (apps/classroom/hub_tables.py) is served over real HTTP in a thread, the hub's
word about the caller stood in by a test token that names the user (``token alice``), the teachers group
by a fixed set. The real hub is tests/hub/test_hub_tables.py.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from tornado import web

from benchmarks.tables import choose
from shengji_kit.apps.classroom import hub_tables
from shengji_kit.apps.serving.tables_api import TablesService
from shengji_kit.classroom.hub_service import ClassService
from shengji_kit.classroom.tables.client import (
    TableClient,
    TableRefused,
    hub_tables_url,
    hub_token_for,
    local_server_url,
)
from shengji_kit.classroom.tables.hall import TableHall

PREFIX = "/services/shengji-class/"
TEACHERS = frozenset({"ms-li"})


class FakeHubService(ClassService):
    """The class service with no hub behind it: the teachers group is fixed."""

    def __init__(self) -> None:  # no store, no hub API
        pass

    async def teachers(self) -> frozenset[str]:
        return TEACHERS


def signed_in(handler: web.RequestHandler) -> dict[str, Any] | None:
    """The hub's answer stood in: ``Authorization: token <name>`` is that user (``nobody``: unknown)."""
    given = handler.request.headers.get("Authorization", "").removeprefix("token ").strip()
    return None if given in ("", "nobody") else {"name": given, "admin": False}


@pytest.fixture
def service_url(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setattr(hub_tables.HubTablesHandler, "get_current_user", signed_in)
    hall = TableHall(None, restore=False)
    tables = TablesService(hall)
    ready = threading.Event()
    box: dict[str, Any] = {}

    def run() -> None:
        async def main() -> None:
            app = web.Application(hub_tables.tables_routes(PREFIX, FakeHubService(), tables))
            server = app.listen(0, "127.0.0.1")
            box["port"] = next(iter(server._sockets.values())).getsockname()[1]
            box["stop"] = asyncio.Event()
            box["loop"] = asyncio.get_running_loop()
            ready.set()
            await box["stop"].wait()
            server.stop()

        asyncio.run(main())

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(10)
    try:
        yield f"http://127.0.0.1:{box['port']}{PREFIX}"
    finally:
        box["loop"].call_soon_threadsafe(box["stop"].set)
        thread.join(10)
        hall.shutdown()


def refused(call: Any, code: str) -> TableRefused:
    with pytest.raises(TableRefused) as caught:
        call()
    assert (caught.value.status, caught.value.code) == (403, code), caught.value.texts
    assert caught.value.texts["en"] != caught.value.texts["zh"]
    return caught.value


def test_a_learner_sits_as_their_hub_user_and_acts_only_for_their_seat(service_url: str) -> None:
    alice, bob = TableClient(service_url, class_code="alice"), TableClient(service_url, class_code="bob")
    teacher = TableClient(service_url, class_code="ms-li")
    refused(lambda: alice.open_table("t"), "tables_hub_teachers_only")
    refused(TableClient(service_url, class_code="nobody").tables, "hub_not_signed_in")
    table = teacher.open_table("t", learners=["alice", "bob"], grace=600, seed=3)
    refused(lambda: alice.sit(table, 1, "bob"), "tables_hub_not_you")
    refused(lambda: alice.sit(table, 1, "Bob "), "tables_hub_not_you")
    alice.sit(table, 0, " Alice")  # her own name, however written
    message = bob.sit(table, 1)
    assert [seat["learner"] for seat in message["seats"]] == ["alice", "bob", None, None]
    thief = TableClient(service_url, class_code="alice")
    thief.token = bob.token
    refused(thief.view, "tables_hub_not_your_seat")
    refused(lambda: thief.act("pass"), "tables_hub_not_your_seat")
    refused(thief.next_round, "tables_hub_not_your_seat")
    refused(thief.leave, "tables_hub_not_your_seat")
    assert bob.view()["seat"] == 1
    assert teacher.watch(table)["table"] == table


def test_a_hub_kernel_finds_the_tables_and_sends_its_token_there_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SHENGJI_KIT_JOIN_URL", raising=False)
    monkeypatch.setenv("SHENGJI_KIT_CLASS_SERVICE_URL", "http://127.0.0.1:10101/services/shengji-class")
    monkeypatch.delenv("JUPYTERHUB_API_TOKEN", raising=False)
    assert hub_tables_url() is None and local_server_url() is None  # no token: not a hub server
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "secret")
    assert local_server_url() == "http://127.0.0.1:10101/services/shengji-class/"
    assert TableClient("http://127.0.0.1:10101/services/shengji-class/").class_code == "secret"
    assert hub_token_for("http://elsewhere:8888/") is None
    assert TableClient("http://elsewhere:8888/").class_code is None
    monkeypatch.setenv("SHENGJI_KIT_JOIN_URL", "http://10.0.0.5:8866/?token=abc")
    assert local_server_url() == "http://10.0.0.5:8866/"  # the class server first


def test_on_the_hub_only_the_seats_own_user_opens_its_finished_round(service_url: str) -> None:
    """The hub's ``record`` route: the seat's token is not enough, the caller must be the hub user who holds the
    seat; a round still being played is refused; the finished round's record is the one alice played."""
    alice, teacher = TableClient(service_url, class_code="alice"), TableClient(service_url, class_code="ms-li")
    table = teacher.open_table("r", learners=["alice"], grace=600, seed=9)
    message = alice.sit(table, 0)
    thief = TableClient(service_url, class_code="bob")
    thief.token = alice.token
    refused(lambda: thief.record(table, 1), "tables_hub_not_your_seat")
    with pytest.raises(TableRefused) as unfinished:
        alice.record(table, 1)
    assert (unfinished.value.status, unfinished.value.code) == (409, "tables_record_unfinished")
    deadline = time.monotonic() + 120
    while message["view"]["phase"] != "done" and time.monotonic() < deadline:
        message = alice.act(*choose(message)) if message["legal"] else alice.view(after=message["version"], wait=5)
    assert message["view"]["phase"] == "done", "the round did not end"
    refused(lambda: thief.record(table, 1), "tables_hub_not_your_seat")
    reply = alice.record(table, 1)
    assert reply["seat"] == 0 and reply["record"]["players"] == ["alice", None, None, None]
    assert reply["record"]["total"] == message["view"]["result"]["total"]
