"""The tables over HTTP on a real ``serve --classroom``: two learners and two bots play a round to the score,
a reloaded page gets its seat back, a learner who leaves is replaced, and no message carries foreign cards."""

from __future__ import annotations

import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from benchmarks.tables import CODE, TEACHER, choose, class_server
from shengji_kit.classroom.tables.client import TableClient, TableRefused
from shengji_kit.game.record import replay

from .players import cards_in

MESSAGE_KEYS = {"table", "name", "rules", "tier", "hints", "paused", "closed", "started", "grace", "takeover",
                "version", "seats", "phase", "to_act", "tricks_played", "match", "seat", "view", "legal"}
VIEW_KEYS = {"seat", "phase", "to_act", "rules", "round_number", "race", "levels", "dealer", "level", "trump",
             "bids", "hand", "hand_sizes", "cards_dealt", "kitty", "kitty_size", "trick", "attempt", "tricks",
             "attackers_points", "result"}


@pytest.fixture(scope="module")
def server_url() -> Iterator[str]:
    with tempfile.TemporaryDirectory(prefix="tables-api-") as folder, class_server(Path(folder)) as (url, _):
        yield url


def public_cards(view: dict[str, Any]) -> Counter[str]:
    """The cards every seat sees: tricks, the current trick, failed throws, declarations (and the kitty shown)."""
    found: Counter[str] = cards_in(view["tricks"]) + cards_in(view["trick"]) + cards_in(view["bids"])
    return found + cards_in(view["attempt"] or [])


def check_fair(message: dict[str, Any], buriers: set[int]) -> None:
    """Only the seat's own fields: its hand, the public cards, the kitty only for its burier (or once over)."""
    assert set(message) == MESSAGE_KEYS
    view = message["view"]
    assert set(view) == VIEW_KEYS
    assert len(view["hand"]) == view["hand_sizes"][message["seat"]]
    kitty = Counter(view["kitty"] or [])
    if view["kitty"] is not None and view["phase"] != "done":
        assert message["seat"] in buriers or view["phase"] == "bury"
        buriers.add(message["seat"])
    extra = cards_in({**message, "legal": []}) - Counter(view["hand"]) - public_cards(view) - kitty
    assert not extra
    for action in message["legal"]:
        assert not cards_in(action) - Counter(view["hand"])


def test_two_learners_and_two_bots_play_a_round_over_http(server_url: str) -> None:
    teacher = TableClient(server_url, class_code=CODE, teacher_code=TEACHER)
    with pytest.raises(TableRefused) as not_teacher:
        TableClient(server_url, class_code=CODE, teacher_code="wrong-code").open_table("No")
    assert not_teacher.value.status == 403
    table = teacher.open_table("HTTP", seed=31, tier="steady", learners=["ada", None, "bo", None])
    listed = {summary["table"]: summary for summary in TableClient(server_url).tables()}
    assert [seat["learner"] for seat in listed[table]["seats"]] == ["ada", None, "bo", None]

    ada, bo = TableClient(server_url, class_code=CODE), TableClient(server_url, class_code=CODE)
    clients = {0: ada, 2: bo}
    assert ada.sit(table, 0, "ada")["view"] is None  # the table waits for bo: no card is shown yet
    bo.sit(table, 2, "bo")  # every named learner is here: the table starts
    messages = {0: ada.view(), 2: bo.view()}
    with pytest.raises(TableRefused) as taken:
        TableClient(server_url).sit(table, 0, "cy")
    assert taken.value.code == "tables_seat_taken"
    forged = TableClient(server_url)
    forged.token = f"{table}.0.not-the-token"
    with pytest.raises(TableRefused) as refused:
        forged.act("pass")
    assert refused.value.status == 403 and refused.value.code == "tables_bad_token"

    buriers: set[int] = set()
    reloaded = False
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        for message in messages.values():
            check_fair(message, buriers)
        if all(message["view"]["phase"] == "done" for message in messages.values()):
            break
        acting = next((seat for seat, message in messages.items() if message["legal"]), None)
        if acting is None:
            seat = next(iter(messages))
            messages[seat] = clients[seat].view(after=messages[seat]["version"], wait=5)
            for other in messages:
                messages[other] = clients[other].view()
            continue
        if acting == 0 and not reloaded and messages[0]["view"]["tricks"]:
            before = messages[0]["view"]
            kept = clients[0].token  # the page reloads: a new kernel, a new client, the seat's token kept
            clients[0] = TableClient(server_url, class_code=CODE)
            clients[0].token = kept
            messages[0] = clients[0].sit(table, 0, "ada")
            assert clients[0].token == kept
            assert messages[0]["view"] == before
            reloaded = True
            continue
        if acting == 0 and len(messages[0]["view"]["tricks"]) >= 3 and 2 in messages:
            illegal = "LJ" if "LJ" not in messages[0]["view"]["hand"] else "BJ"
            with pytest.raises(TableRefused) as wrong:
                clients[0].act("play", illegal)
            assert wrong.value.status == 409 and not wrong.value.code.startswith("tables_")  # the engine's reason
            assert set(wrong.value.texts) == {"en", "zh"}
            clients[2].leave()  # bo leaves: a bot plays on in seat 2
            del messages[2]
            seats = {summary["table"]: summary for summary in TableClient(server_url).tables()}[table]["seats"]
            assert seats[2] == {"seat": 2, "learner": None, "bot": "steady", "away": False, "claimed": False}
        messages[acting] = clients[acting].act(*choose(messages[acting]))
    watched = teacher.watch(table)
    assert watched["phase"] == "done" and reloaded
    assert 2 not in messages and watched["seats"][2]["learner"] is None
    assert messages[0]["view"]["result"]["total"] == watched["views"][0]["result"]["total"]


def test_the_teacher_pauses_a_table_and_decides_on_hints(server_url: str) -> None:
    teacher = TableClient(server_url, class_code=CODE, teacher_code=TEACHER)
    table = teacher.open_table("Paused", seed=5, learners=["cy"])
    cy = TableClient(server_url, class_code=CODE)
    cy.sit(table, 0, "cy")
    teacher.set_hints(table, False)
    teacher.set_paused(table, True)
    message = cy.view()
    assert message["hints"] is False and message["paused"] is True and message["legal"] == []
    with pytest.raises(TableRefused) as paused:
        cy.act("pass")
    assert paused.value.status == 409 and paused.value.code == "tables_paused"
    waited = cy.view(after=message["version"], wait=1)  # nothing moves at a paused table: the poll times out
    assert waited["version"] == message["version"]
    teacher.set_paused(table, False)
    assert cy.view()["paused"] is False
    teacher.close_table(table)
    assert table not in {summary["table"] for summary in TableClient(server_url).tables()}
    with pytest.raises(TableRefused) as closed:
        cy.act("pass")
    assert closed.value.code == "tables_closed"


def test_a_seat_gets_the_record_of_its_tables_finished_rounds_only(server_url: str) -> None:
    """A learner's seat token opens the record of a finished round at their own table, for the coach's review: not a
    round still being played (its record would show hidden hands), not another table's, not with a forged or missing
    token; an earlier round stays open after the next deal (from the data folder's record file)."""
    teacher = TableClient(server_url, class_code=CODE, teacher_code=TEACHER)
    table = teacher.open_table("Review", seed=41, tier="steady", learners=[None, None, "gil"])
    other = teacher.open_table("Elsewhere", seed=42, learners=["hal"])
    gil, hal = TableClient(server_url, class_code=CODE), TableClient(server_url, class_code=CODE)
    message = gil.sit(table, 2, "gil")  # the only learner named: the table starts
    hal.sit(other, 0, "hal")

    def refusal(call: Any, status: int, code: str) -> TableRefused:
        with pytest.raises(TableRefused) as caught:
            call()
        assert (caught.value.status, caught.value.code) == (status, code), caught.value.texts
        texts = caught.value.texts
        assert texts["en"] and texts["zh"] and texts["en"] != texts["zh"]
        return caught.value

    # mid-round (gil has not played a card, so the round cannot be over): refused, and no card comes back
    assert message["view"]["phase"] != "done"
    unfinished = refusal(lambda: gil.record(table, 1), 409, "tables_record_unfinished")
    assert "still being played" in unfinished.texts["en"] and not cards_in(unfinished.params)
    forged = TableClient(server_url, class_code=CODE)
    forged.token = f"{table}.2.not-the-token"
    refusal(lambda: forged.record(table, 1), 403, "tables_bad_token")
    refusal(lambda: gil._call("GET", f"record?table={table}&round=1"), 400, "tables_missing_field")  # no token
    refusal(lambda: gil._call("GET", f"record?token={gil.token}&table={table}&round=first"), 400, "tables_bad_field")
    refusal(lambda: hal.record(table, 1), 403, "tables_record_other_table")  # hal's seat is at another table
    refusal(lambda: gil.record(other, 1), 403, "tables_record_other_table")

    played: list[list[str]] = []
    deadline = time.monotonic() + 120
    while message["view"]["phase"] != "done" and time.monotonic() < deadline:
        if not message["legal"]:
            message = gil.view(after=message["version"], wait=5)
            continue
        kind, cards = choose(message)
        if kind == "play":
            played.append(sorted(cards.split()))
        message = gil.act(kind, cards)
    assert message["view"]["phase"] == "done", "the round did not end"
    refusal(lambda: gil.record(table, 2), 404, "tables_record_none")  # not dealt yet

    reply = gil.record(table, 1)
    record = reply["record"]
    assert (reply["table"], reply["round"], reply["seat"]) == (table, 1, 2)
    assert record["players"] == [None, None, "gil", None] and record["table"] == "Review"
    assert replay(record).result.total == message["view"]["result"]["total"] == record["total"]
    gil_plays = [sorted((trick["leader"] == 2 and trick.get("attempt")) or trick["plays"][(2 - trick["leader"]) % 4])
                 for trick in record["tricks"]]
    assert played and gil_plays == played  # the record is the round gil played

    gil.next_round()  # round 2 is dealt: round 1 is still there (the record file), round 2 is refused mid-round
    assert gil.record(table, 1)["record"] == record
    refusal(lambda: gil.record(table, 2), 409, "tables_record_unfinished")
