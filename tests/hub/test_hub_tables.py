"""The shared tables on the real JupyterHub: two learners (two hub users) and two bots play a whole round
through the class service's tables API, each with their own hub token, as their kernels would.

The hub is deploy/jupyterhub/jupyterhub_config.py as a school runs it (the class store on PostgreSQL,
SQLite when it is not installed). Each person's token is the one their server's kernel holds: it may
reach the class service, and the service asks the hub who it is. A learner sits only as their hub user,
acts only for their own seat (another learner's seat token is refused to them), and only the teachers
group runs the tables.
"""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from shengji_kit.classroom.hub_service import SERVICE_NAME
from shengji_kit.classroom.tables.client import TableClient, TableRefused, local_server_url
from shengji_kit.words.catalogue import text

from .browser import ARTIFACTS
from .hub_server import Person, RunningHub, running_hub
from .postgres import class_database

pytestmark = pytest.mark.hub

ALICE, BOB = Person("alice", "alice-pass-1"), Person("bob", "bob-pass-22")
TEACHER = Person("ms-li", "teacher-pass-3", teacher=True)
ROUND_SECONDS = 240
JSON = dict[str, Any]


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningHub]:
    folder = tmp_path_factory.mktemp("hub-tables")
    with class_database(folder) as url, running_hub(
        folder, [ALICE, BOB, TEACHER], url, ARTIFACTS / "jupyterhub-tables.log"
    ) as running:
        yield running


def hub_token(hub: RunningHub, person: Person) -> str:
    """A token of ``person`` scoped as their server's token is for the class service (the kernel's token)."""
    body = {"auth": {"username": person.name, "password": person.password}, "note": "tables test",
            "scopes": [f"access:services!service={SERVICE_NAME}"]}
    request = urllib.request.Request(
        hub.url(f"/hub/api/users/{person.name}/tokens"), data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return str(json.loads(response.read())["token"])


def first_legal(message: JSON) -> list[str]:
    """The first legal action in the seat's own message (a redeal or overturn only when nothing else is legal)."""
    legal = message["legal"]
    return next((entry for entry in legal if entry[0] not in ("overturn", "redeal")), legal[0])


def refused(call: Any, code: str) -> TableRefused:
    with pytest.raises(TableRefused) as caught:
        call()
    assert caught.value.code == code, caught.value.texts
    assert caught.value.status == 403
    english, chinese = caught.value.texts["en"], caught.value.texts["zh"]
    assert english and chinese and english != chinese
    return caught.value


def test_two_learners_and_two_bots_play_a_round_on_the_hub(hub: RunningHub, monkeypatch: pytest.MonkeyPatch) -> None:
    tokens = {person.name: hub_token(hub, person) for person in (ALICE, BOB, TEACHER)}
    # alice's kernel: the Tables page finds the tables and her token from her server's environment
    monkeypatch.delenv("SHENGJI_KIT_JOIN_URL", raising=False)
    monkeypatch.setenv("SHENGJI_KIT_CLASS_SERVICE_URL", hub.service_url)
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", tokens[ALICE.name])
    found = local_server_url()
    assert found == hub.service_url
    alice = TableClient(found)
    assert alice.class_code == tokens[ALICE.name]
    bob = TableClient(hub.service_url, class_code=tokens[BOB.name])
    teacher = TableClient(hub.service_url, class_code=tokens[TEACHER.name])
    nobody = TableClient(hub.service_url, class_code="not-a-token")

    # the teacher's controls need the hub's teacher role; a learner and a stranger are refused
    refused(lambda: alice.open_table("hub table"), "tables_hub_teachers_only")
    refused(nobody.tables, "hub_not_signed_in")
    table = teacher.open_table("hub table", learners=[ALICE.name, BOB.name, None, None], grace=600, seed=7)
    assert [entry["table"] for entry in alice.tables()] == [table]

    # a learner sits only as their hub user: the body naming bob is refused, in both languages
    sitting_as_bob = refused(lambda: alice.sit(table, 1, BOB.name), "tables_hub_not_you")
    assert sitting_as_bob.texts["en"] == text("tables_hub_not_you", "en", user=ALICE.name, learner=BOB.name)
    alice.sit(table, 0, ALICE.name)
    bob.sit(table, 1)  # the hub user is the learner: the name may be left out
    assert alice.token and bob.token

    # alice holding bob's seat token still cannot act for bob's seat, nor see it
    thief = TableClient(hub.service_url, class_code=tokens[ALICE.name])
    thief.token = bob.token
    refused(thief.view, "tables_hub_not_your_seat")
    refused(lambda: thief.act("pass"), "tables_hub_not_your_seat")
    refused(thief.leave, "tables_hub_not_your_seat")

    # the round: each learner acts only on its own turn, choosing the first legal action from its own view
    acted = {ALICE.name: 0, BOB.name: 0}
    deadline = time.monotonic() + ROUND_SECONDS
    finished = False
    while time.monotonic() < deadline and not finished:
        waiting = True
        for name, client in ((ALICE.name, alice), (BOB.name, bob)):
            message = client.view()
            assert "hands" not in message  # a seat sees its own view only
            if message["started"] and message["phase"] == "done":
                finished = True
                break
            if message["legal"]:
                kind, *cards = first_legal(message)
                client.act(kind, cards[0] if cards else "")
                acted[name] += 1
                waiting = False
        if waiting and not finished:
            time.sleep(0.05)  # a bot is thinking
    assert finished, f"the round did not finish in {ROUND_SECONDS} s (actions: {acted})"
    assert acted[ALICE.name] > 0 and acted[BOB.name] > 0
    for client in (alice, bob):
        final = client.view()
        assert final["phase"] == "done"
        seats = final["seats"]
        assert [seat["learner"] for seat in seats] == [ALICE.name, BOB.name, None, None], seats
        assert [seat["bot"] for seat in seats][2:] == ["steady", "steady"], seats
    watched = teacher.watch(table)
    assert watched["phase"] == "done" and len(watched["hands"]) == 4
