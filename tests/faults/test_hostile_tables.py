"""A hostile or unlucky learner at the class's shared tables, over raw HTTP on a real ``serve --classroom``.

One server (with a class list that gives Ann a PIN) serves every check. A learner tries to take a
seat by its holder's name (as given, padded, in other cases), to skip a PIN, to look at a bot's hand
mid-round, to act for another seat or out of turn, and sends names and requests no page would send;
every try is refused with a JSON reason in both languages that names the right seat and the real
cause. A page that goes away has a bot play for it, and gets its seat back; a table opened for
learners waits for them. Each test was written to fail on the tables as they were before (issue 36).
"""

from __future__ import annotations

import http.client
import json
import socket
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

import pytest

from benchmarks.tables import CODE, TEACHER, class_server
from shengji_kit.classroom.class_list import load_class_list, pass_token, set_pin

pytestmark = pytest.mark.slow  # a class server per test: make test runs it, make check does not

ANN_PIN = "2468"
JSON = dict[str, Any]


class Raw:
    """A hostile client: HTTP by hand, with the class code (as a learner's browser has it) and nothing else."""

    def __init__(self, base_url: str, teacher_code: str | None = None) -> None:
        parts = urlsplit(base_url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.teacher_code = teacher_code

    def call(self, method: str, route: str, body: Any = None, raw: bytes | None = None) -> tuple[int, JSON]:
        headers = {"Authorization": f"token {CODE}", "Content-Type": "application/json"}
        if self.teacher_code is not None:
            headers["X-Shengji-Teacher"] = self.teacher_code
        data = raw if raw is not None else None if body is None else json.dumps(body).encode("utf-8")
        connection = http.client.HTTPConnection(self.host, self.port, timeout=60)
        try:
            connection.request(method, f"/tables/api/{route}", body=data, headers=headers)
            response = connection.getresponse()
            payload = response.read()
        finally:
            connection.close()
        assert response.getheader("Content-Type", "").startswith("application/json"), payload[:200]
        return response.status, json.loads(payload.decode("utf-8"))

    def post(self, route: str, body: Any) -> tuple[int, JSON]:
        return self.call("POST", route, body)

    def get(self, route: str, **query: Any) -> tuple[int, JSON]:
        return self.call("GET", f"{route}?{urlencode(query)}")


def refused(reply: tuple[int, JSON], status: int, code: str) -> JSON:
    """The refusal, checked: its status, its code, and a text in each language with no exception's name."""
    got_status, body = reply
    assert (got_status, body.get("code")) == (status, code), body
    assert set(body["message"]) == {"en", "zh"} and all(body["message"].values())
    for text in body["message"].values():
        assert "Error" not in text and "Traceback" not in text
    return body


@pytest.fixture(scope="module")
def class_list(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The class list: Ann has the PIN 2468; nobody else is on it."""
    path = tmp_path_factory.mktemp("class") / "class-list.toml"
    set_pin(path, "Ann", ANN_PIN)
    return path


@pytest.fixture(scope="module")
def server(class_list: Path) -> Iterator[str]:
    """``serve --classroom --class-list`` on 127.0.0.1."""
    with tempfile.TemporaryDirectory(prefix="hostile-tables-") as folder, \
            class_server(Path(folder), extra=["--class-list", str(class_list)]) as (url, _):
        yield url


@pytest.fixture(scope="module")
def teacher(server: str) -> Raw:
    return Raw(server, TEACHER)


@pytest.fixture(scope="module")
def learner(server: str) -> Raw:
    return Raw(server)


def open_table(teacher: Raw, **settings: Any) -> str:
    status, body = teacher.post("teacher/open", {"name": "T", "seed": 7, **settings})
    assert status == 200, body
    return str(body["table"])


def sit(learner: Raw, table: str, seat: int, name: str, **proof: str) -> JSON:
    status, body = learner.post("sit", {"table": table, "seat": seat, "learner": name, **proof})
    assert status == 200, body
    return body


def seats(learner: Raw, table: str) -> list[JSON]:
    status, body = learner.get("list")
    assert status == 200
    return next(summary for summary in body["tables"] if summary["table"] == table)["seats"]


def test_1_a_seat_is_never_taken_by_its_holders_name(teacher: Raw, learner: Raw) -> None:
    table = open_table(teacher, learners=["Bob", "Cy"])
    bob = sit(learner, table, 0, "Bob")
    for name in ("Bob", " Bob  ", "bob", "BOB", "Bob\u200b"):
        reply = learner.post("sit", {"table": table, "seat": 0, "learner": name})
        code = "learner_name_bad_character" if "\u200b" in name else "tables_seat_claimed"
        body = refused(reply, 400 if "\u200b" in name else 409, code)
        assert "token" not in body and "hand" not in json.dumps(body)
    claimed = refused(learner.post("sit", {"table": table, "seat": 0, "learner": "bob"}), 409, "tables_seat_claimed")
    assert "South" in claimed["message"]["en"] and "南" in claimed["message"]["zh"]
    refused(learner.post("sit", {"table": table, "seat": 2, "learner": "bob"}), 409, "tables_already_seated")
    forged = f"{table}.0.{'A' * 24}"
    refused(learner.get("view", token=forged), 403, "tables_bad_token")
    refused(learner.post("leave", {"token": forged}), 403, "tables_bad_token")
    refused(learner.post("act", {"token": forged, "action": ["pass", ""]}), 403, "tables_bad_token")
    again = sit(learner, table, 0, "Bob", token=bob["token"])  # Bob's own page, reloaded, keeps its seat
    assert again["token"] == bob["token"]
    assert seats(learner, table)[0]["learner"] == "Bob"


def test_2_a_pin_guards_the_seat_as_it_guards_the_learner_bar(teacher: Raw, learner: Raw, class_list: Path) -> None:
    table = open_table(teacher, learners=["Ann", None, "Dee"])
    refused(learner.post("sit", {"table": table, "seat": 0, "learner": "Ann"}), 403, "serving_pin_needed")
    refused(learner.post("sit", {"table": table, "seat": 1, "learner": "ann"}), 403, "serving_pin_needed")
    refused(learner.post("sit", {"table": table, "seat": 0, "learner": "Ann", "pin": "1357"}), 403,
            "serving_pin_wrong")
    assert seats(learner, table)[0]["claimed"] is False  # nothing was given away
    ann = sit(learner, table, 0, "ann", pin=ANN_PIN)
    assert ann["message"]["seats"][0]["learner"] == "Ann"  # the class list's spelling
    refused(learner.post("sit", {"table": table, "seat": 0, "learner": "Ann", "token": "x.0.y"}), 403,
            "serving_pin_needed")
    reloaded = sit(learner, table, 0, "Ann", token=ann["token"])  # her own page, reloaded: its token is proof
    assert reloaded["token"] == ann["token"]
    member = load_class_list(class_list)["Ann"]  # the learner bar keeps this pass token after the PIN
    tablet = sit(learner, table, 0, "Ann", **{"pass": pass_token(member)})  # Ann on her tablet, no PIN typed
    assert tablet["token"] != ann["token"]
    refused(learner.get("view", token=ann["token"]), 403, "tables_bad_token")  # the old page's seat has moved


def test_3_a_bots_hand_stays_hidden_in_the_middle_of_a_round(teacher: Raw, learner: Raw) -> None:
    table = open_table(teacher, learners=["Lu"])
    lu = sit(learner, table, 0, "Lu")  # the only named learner: the table starts
    message = lu["message"]
    deadline = time.monotonic() + 30
    while not message["legal"] and time.monotonic() < deadline:
        status, message = learner.get("view", token=lu["token"], after=message["version"], wait=2)
    assert message["legal"], "South never came to act"
    status, message = learner.post("act", {"token": lu["token"], "action": message["legal"][0]})
    assert status == 200
    status, _ = teacher.post("teacher/pause", {"table": table})  # the round stays where it is (bots are quick)
    assert status == 200
    for name in ("Eve", "Lu2"):
        body = refused(learner.post("sit", {"table": table, "seat": 1, "learner": name}), 409,
                       "tables_round_under_way")
        assert "hand" not in json.dumps(body) and "token" not in body
        assert "East" in body["message"]["en"]
    status, _ = learner.post("leave", {"token": lu["token"]})
    assert status == 200
    refused(learner.post("sit", {"table": table, "seat": 0, "learner": "Eve"}), 409, "tables_round_under_way")
    assert seats(learner, table)[0] == {"seat": 0, "learner": None, "bot": "steady", "away": False, "claimed": False}
    status, _ = teacher.post("teacher/seating", {"table": table, "takeover": True})  # the teacher decides
    assert status == 200
    eve = sit(learner, table, 1, "Eve")
    assert eve["message"]["view"]["hand"]  # handed over by the teacher, so it shows
    refused(learner.post("sit", {"table": table, "seat": 0, "learner": "Fay"}), 409, "tables_round_under_way")


def wait_for_seat(learner: Raw, table: str, seat: int, check: Any, seconds: float) -> JSON:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = seats(learner, table)[seat]
        if check(found):
            return found
        time.sleep(0.1)
    raise AssertionError(f"seat {seat} never became what was waited for: {seats(learner, table)[seat]}")


def test_4_a_closed_page_never_stalls_the_table_and_gets_its_seat_back(teacher: Raw, learner: Raw) -> None:
    table = open_table(teacher, learners=["Cy"], grace=1.0, tier="gentle")
    cy = sit(learner, table, 0, "Cy")
    # a page waiting on its long poll is there, however long the table stays still
    started = time.monotonic()
    status, _ = learner.get("view", token=cy["token"], after=10**6, wait=2.5)
    assert status == 200 and time.monotonic() - started >= 2.4
    assert seats(learner, table)[0]["away"] is False
    # the tab closes in the middle of a long poll: the connection drops, the grace runs from then
    status, listed = learner.get("list")
    version = next(summary for summary in listed["tables"] if summary["table"] == table)["version"]
    parts = urlsplit(learner_url(learner))
    dropped = socket.create_connection((parts.hostname, parts.port))
    query = urlencode({"token": cy["token"], "after": 10**6, "wait": 20})
    dropped.sendall(f"GET /tables/api/view?{query} HTTP/1.1\r\nHost: x\r\nAuthorization: token {CODE}\r\n\r\n"
                    .encode())
    time.sleep(0.5)
    dropped.close()
    closed_at = time.monotonic()
    away = wait_for_seat(learner, table, 0, lambda seat: seat["away"], 10)
    assert time.monotonic() - closed_at < 10
    assert away == {"seat": 0, "learner": "Cy", "bot": "gentle", "away": True, "claimed": True}
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # the bot plays South's turns: the table moves on without Cy
        status, now = learner.get("list")
        summary = next(summary for summary in now["tables"] if summary["table"] == table)
        if summary["version"] > version + 8:
            break
        time.sleep(0.2)
    assert summary["version"] > version + 8, "the table stalled on the absent learner's seat"
    status, back = learner.get("view", token=cy["token"])  # Cy's page comes back
    assert status == 200 and back["seats"][0]["away"] is False and back["seats"][0]["bot"] is None
    assert back["view"]["phase"] == "done" or back["view"]["hand_sizes"][0] < 25  # the bot played South's cards
    assert back["view"]["phase"] == "done" or back["view"]["to_act"] != 0 or back["legal"]  # hers to play again


def learner_url(raw: Raw) -> str:
    return f"http://{raw.host}:{raw.port}/"


def test_5_a_table_for_learners_waits_for_them(teacher: Raw, learner: Raw) -> None:
    table = open_table(teacher)  # nobody named
    first = next(s for s in learner.get("list")[1]["tables"] if s["table"] == table)
    time.sleep(3)
    later = next(s for s in learner.get("list")[1]["tables"] if s["table"] == table)
    assert later["version"] == first["version"] and later["started"] is False and later["to_act"] is None
    mo = sit(learner, table, 2, "Mo")
    assert mo["message"]["view"] is None and mo["message"]["legal"] == []  # no card shown before the start
    refused(learner.post("act", {"token": mo["token"], "action": ["pass", ""]}), 409, "tables_not_started")
    status, _ = teacher.post("teacher/start", {"table": table})
    assert status == 200
    deadline = time.monotonic() + 30
    message = mo["message"]
    while not (message["view"] or {}).get("hand") and time.monotonic() < deadline:
        status, message = learner.get("view", token=mo["token"], after=message["version"], wait=2)
    assert message["started"] is True and message["view"]["hand"]
    bots = open_table(teacher, start=True)  # four bots: an explicit choice
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        summary = next(s for s in learner.get("list")[1]["tables"] if s["table"] == bots)
        if summary["tricks_played"] > 0:
            break
        time.sleep(0.2)
    assert summary["tricks_played"] > 0


@pytest.mark.parametrize(("name", "code"), [
    ("N" * 15_000, "learner_name_too_long"),
    ("Bob\u202e", "learner_name_bad_character"),  # a right-to-left override would show "Bob" reversed
    ("Bo\x07b", "learner_name_bad_character"),
    ("\u2067Al\u2069", "learner_name_bad_character"),
    ("   ", "learner_name_empty"),
])
def test_7_names_are_checked_at_the_tables(teacher: Raw, learner: Raw, name: str, code: str) -> None:
    table = open_table(teacher)
    body = refused(learner.post("sit", {"table": table, "seat": 1, "learner": name}), 400, code)
    assert len(json.dumps(body)) < 2000
    assert [seat["learner"] for seat in seats(learner, table)] == [None] * 4  # nothing taken, nothing shown
    refused(teacher.post("teacher/open", {"name": "T", "learners": [name]}), 400, code)
    refused(teacher.post("teacher/open", {"name": "Room\u202eA"}), 400, "tables_bad_table_name")


def test_8_every_refusal_names_the_right_seat_and_the_real_cause(teacher: Raw, learner: Raw, server: str) -> None:
    table = open_table(teacher, learners=[f"p{seat}" for seat in range(4)])
    tokens = [sit(learner, table, seat, f"p{seat}")["token"] for seat in range(4)]
    message = learner.get("view", token=tokens[0])[1]
    to_act = message["view"]["to_act"]
    other = (to_act + 2) % 4
    body = refused(learner.post("act", {"token": tokens[other], "action": ["pass", ""]}), 409,
                   "tables_not_your_turn")
    names = ["South", "East", "North", "West"]
    assert body["params"] == {"seat": other, "to_act": to_act}
    assert names[to_act] in body["message"]["en"] and names[other] in body["message"]["en"]
    assert "(you)" not in body["message"]["en"]
    refused(Raw(server, "not-the-code").post("teacher/open", {"name": "X"}), 403, "tables_bad_teacher_code")
    seat_text = refused(learner.post("sit", {"table": table, "seat": "0", "learner": "Q"}), 400, "tables_bad_seat")
    assert '"0"' in seat_text["message"]["en"]
    refused(learner.post("sit", {"table": table, "seat": True, "learner": "Q"}), 400, "tables_bad_seat")
    for action in ("play SA", ["play"], {"kind": "play"}, [1, 2], None):
        refused(learner.post("act", {"token": tokens[to_act], "action": action}), 400, "tables_bad_action")
    refused(learner.post("act", {"token": tokens[to_act]}), 400, "tables_missing_field")
    refused(learner.post("sit", {"table": table, "seat": 1}), 400, "tables_missing_field")
    refused(learner.call("POST", "act", raw=b"{not json"), 400, "tables_bad_json")
    refused(learner.call("POST", "act", raw=b"[1, 2]"), 400, "tables_bad_json")
    refused(learner.call("POST", "act", raw=b"x" * 40_000), 413, "tables_too_long")
    refused(learner.get("view", token=tokens[0], after="soon"), 400, "tables_bad_field")
    refused(learner.get("view"), 400, "tables_missing_field")
    refused(learner.get("nowhere"), 404, "tables_unknown_route")
    refused(learner.post("sit", {"table": "nope", "seat": 0, "learner": "Q"}), 404, "tables_no_table")
