"""The tables' authority: four learners play a whole round through it; no seat ever sees a foreign hidden card."""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from shengji_kit.classroom.tables.hall import TableError, TableHall
from shengji_kit.engine.errors import RuleError
from shengji_kit.engine.rules import Rules
from shengji_kit.game.actions import Action
from shengji_kit.game.record import SWITCHES_FIELD, replay
from shengji_kit.words import Message

from .players import cards_in, choose, play_round, tier_bot


@pytest.fixture
def hall() -> Iterator[TableHall]:
    made = TableHall(make_bot=tier_bot)
    yield made
    made.shutdown()


def test_four_learners_play_a_round_and_the_match_goes_on(hall: TableHall) -> None:
    table = hall.open_table("Table 1", seed=11, learners=[f"learner{seat}" for seat in range(4)])
    tokens = [hall.sit(table, seat, f"learner{seat}") for seat in range(4)]
    inbox: dict[int, list[dict[str, Any]]] = {}
    play_round(hall, tokens, inbox)
    final = hall.message(tokens[2])
    assert final["view"]["phase"] == "done"
    assert sum(len(trick["plays"][0]) for trick in final["view"]["tricks"]) == 25  # every card played
    result = final["view"]["result"]
    assert final["match"]["rounds_played"] == 1
    assert final["match"]["levels"] == result["levels_after"]  # a finished round shows the levels it made
    with pytest.raises(TableError) as refused:
        hall.act(tokens[0], Action.passes())
    assert refused.value.code == "tables_round_over"
    second = hall.next_round(tokens[0])
    assert second["view"]["round_number"] == 2
    assert second["view"]["levels"] == result["levels_after"]
    assert second["view"]["dealer"] == result["next_dealer"] or second["view"]["phase"] == "deal"


def test_the_engine_refuses_an_illegal_play_with_its_reason_and_only_the_seat_may_act(hall: TableHall) -> None:
    table = hall.open_table("Table 2", seed=5, learners=[f"p{seat}" for seat in range(4)])
    tokens = [hall.sit(table, seat, f"p{seat}") for seat in range(4)]
    message = hall.message(tokens[0])
    waiting = next(token for token, m in zip(tokens, map(hall.message, tokens), strict=True) if not m["legal"])
    with pytest.raises(RuleError) as refused:
        hall.act(waiting, Action.passes())
    assert refused.value.code == "tables_not_your_turn"
    assert refused.value.params == {"seat": waiting_seat(waiting), "to_act": message["view"]["to_act"]}
    with pytest.raises(TableError) as forged:
        hall.act(f"{table}.{message['view']['to_act']}.forged", Action.passes())
    assert forged.value.code == "tables_bad_token"
    with pytest.raises(TableError) as taken:
        hall.sit(table, 1, "somebody else")
    assert taken.value.code == "tables_seat_taken"
    assert hall.sit(table, 1, "p1", token=tokens[1]) == tokens[1]  # the page that sat gets the seat back


def waiting_seat(token: str) -> int:
    return int(token.split(".")[1])


def test_a_learner_who_leaves_is_replaced_by_a_bot_that_plays_on(hall: TableHall) -> None:
    table = hall.open_table("Bots", seed=3, tier="gentle", learners=["solo"])
    token = hall.sit(table, 0, "solo")
    hall.leave(token)
    with pytest.raises(TableError):
        hall.message(token)
    deadline = time.monotonic() + 60
    while hall.tables()[0]["phase"] != "done" and time.monotonic() < deadline:
        time.sleep(0.05)
    summary = hall.tables()[0]
    assert summary["phase"] == "done"
    assert all(seat["bot"] == "gentle" for seat in summary["seats"])


def test_a_paused_table_refuses_actions_and_its_bots_wait(hall: TableHall) -> None:
    table = hall.open_table("Paused", seed=8, learners=["me"])
    token = hall.sit(table, 0, "me")
    hall.set_paused(table, True)
    version = hall.version(table)
    time.sleep(0.3)
    assert hall.version(table) == version  # no bot moved
    with pytest.raises(TableError) as refused:
        hall.act(token, Action.passes())
    assert refused.value.code == "tables_paused"
    assert hall.message(token)["legal"] == []
    hall.close_table(table)
    assert hall.tables() == []


def hidden_from(hall: TableHall, table_id: str, seat: int) -> tuple[Counter[str], Counter[str]]:
    """The seat's own hand and the public cards, read from the authority's round (the truth)."""
    rnd = hall._table(table_id).round
    assert rnd is not None
    view = rnd.view(seat)
    public: Counter[str] = Counter()
    for trick in view.tricks:
        for play in trick.plays:
            public.update(card.code for card in play)
        public.update(card.code for card in trick.attempt or ())
    for _, cards in view.trick:
        public.update(card.code for card in cards)
    public.update(card.code for card in view.attempt or ())
    for bid in view.bids:
        public.update(card.code for card in bid.cards)
    public.update(card.code for card in view.kitty or ())
    return Counter(card.code for card in view.hand), public


def test_no_seat_ever_receives_another_seats_hidden_cards(hall: TableHall) -> None:
    table = hall.open_table("Fair", seed=21, learners=[f"f{seat}" for seat in range(4)])
    tokens = [hall.sit(table, seat, f"f{seat}") for seat in range(4)]
    checked = 0
    kitty_seen_by: set[int] = set()
    for _ in range(3000):
        messages = [hall.message(token) for token in tokens]
        with hall._table(table).lock:
            for seat, message in enumerate(hall.message(token) for token in tokens):
                own, public = hidden_from(hall, table, seat)
                assert Counter(message["view"]["hand"]) == own
                extra = cards_in({**message, "legal": []}) - own - public
                for action in message["legal"]:
                    assert not cards_in(action) - own, f"seat {seat} was offered cards it does not hold"
                assert not extra, f"seat {seat} received foreign cards {extra}"
                if message["view"]["kitty"] is not None and message["view"]["phase"] != "done":
                    kitty_seen_by.add(seat)
                checked += 1
        if messages[0]["view"]["phase"] == "done":
            break
        for token, message in zip(tokens, messages, strict=True):
            if message["legal"]:
                hall.act(token, choose(message))  # only learners sit here: nothing moves between
                break
    assert messages[0]["view"]["phase"] == "done"
    rnd = hall._table(table).round
    assert rnd is not None and rnd.buries
    assert kitty_seen_by == {seat for seat, _ in rnd.buries}  # only the burier saw the kitty in play
    assert checked >= 4 * 26  # every seat, at every decision of the round (a bury and 25 cards at least)


def test_an_earlier_records_uncaptured_kitty_is_for_its_burier_only(hall: TableHall, tmp_path: Path) -> None:
    """Under rules that leave an uncaptured kitty face down (``kitty_shown_at_end = false``), a finished round's record
    holds the buried cards: only the seat that buried them gets it; with the kitty turned up, every seat does."""
    hall.records_dir = tmp_path
    table = hall.open_table("Review", seed=11, learners=[f"r{seat}" for seat in range(4)])
    tokens = [hall.sit(table, seat, f"r{seat}") for seat in range(4)]
    play_round(hall, tokens, {})
    hall.next_round(tokens[0])  # round 1 now comes from its record file
    path = tmp_path / f"table-{table}-round-001.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    burier = record["buries"][-1]["seat"]
    assert not replay(record).result.kitty_captured  # seed 11: the defenders keep the kitty
    for token in tokens:  # the presets turn the kitty up: every seat reviews the round
        assert hall.finished_record(token, table, 1)["buried"] == record["buried"]

    switches = {**Rules.preset(record["rules"]).switches(), "kitty_shown_at_end": False}
    path.write_text(json.dumps({**record, SWITCHES_FIELD: switches}), encoding="utf-8")
    assert hall.finished_record(tokens[burier], table, 1)["buried"] == record["buried"]
    for seat in {0, 1, 2, 3} - {burier}:
        with pytest.raises(TableError) as hidden:
            hall.finished_record(tokens[seat], table, 1)
        assert (hidden.value.code, hidden.value.params) == ("tables_record_kitty_hidden", {"round": 1})
        assert not cards_in(hidden.value.params)
        assert Message(hidden.value.code, hidden.value.params).render("en") != Message(
            hidden.value.code, hidden.value.params).render("zh")
