"""The teacher's dashboard driven from Python against the real class store: the gate, the live grid,
stuck learners, the most-missed items, the CSV, the projector and polls, in both languages."""

from __future__ import annotations

import asyncio
import base64
from datetime import datetime

import pytest
from html_tree import parse
from widgets.class_env import NOW, TEACHER_CODE, class_store, event, solved  # noqa: F401  (fixture)

from shengji_kit.apps.classroom import ClassroomDashboard, DashboardScene
from shengji_kit.apps.classroom.dashboard import REFRESH_SECONDS
from shengji_kit.classroom.store_protocol import ATTEMPT, POLL_REVEALED, ClassStoreAPI
from shengji_kit.widgets.language import SESSION
from shengji_kit.words.catalogue import text

TEACHER = {"SHENGJI_KIT_TEACHER_CODE": TEACHER_CODE}


def dashboard(
    store: ClassStoreAPI, query: dict[str, str] | None = None, env: dict[str, str] | None = None
) -> DashboardScene:
    return DashboardScene(lambda: store, query={"teacher": TEACHER_CODE} if query is None else query,
                          environ=TEACHER if env is None else env, clock=lambda: NOW)


@pytest.mark.parametrize(("env", "query", "code"), [
    ({}, {"teacher": "anything"}, "cls_gate_not_set"),
    (TEACHER, {}, "cls_gate_needed"),
    (TEACHER, {"teacher": "chalk-43"}, "cls_gate_wrong"),
])
def test_without_the_teacher_code_nothing_of_the_class_is_read_or_shown(
    class_store: ClassStoreAPI, env: dict[str, str], query: dict[str, str], code: str  # noqa: F811
) -> None:
    class_store.record(solved("ann", "ww-001"))
    asked: list[str] = []

    def store() -> ClassStoreAPI:
        asked.append("store")
        return class_store

    scene = DashboardScene(store, query=query, environ=env, clock=lambda: NOW)
    scene.handle({"type": "action", "action": "poll-open"})
    tree = parse(scene.render("en"))
    assert tree.find(data_role="classroom-dashboard").attrs["data-refused"] == code
    assert text(code, "en") in tree.text and text(code, "zh") in tree.text  # both languages at once
    assert "ann" not in tree.text and not tree.has(data_role="grid") and asked == []


def test_the_grid_shows_each_learner_and_group_and_follows_new_events(class_store: ClassStoreAPI) -> None:  # noqa: F811
    class_store.record([*solved("ann", "ww-001"), event("bo", "ww-002", ATTEMPT, 1, "North", False)])
    scene = dashboard(class_store)
    tree = parse(scene.render("en"))
    assert tree.find(data_role="classroom-dashboard").attrs["data-class"] == "default"
    cell = tree.find("tr", data_learner="ann").find("td", data_group="01-who-wins")
    assert (cell.attrs["data-done"], cell.attrs["data-stars"], cell.attrs["data-attempts"]) == ("1", "1", "1")
    assert tree.find("tr", data_learner="bo").find("td", data_group="01-who-wins").attrs["data-attempts"] == "1"
    assert tree.find(data_role="last-event").attrs["data-event-id"] == "4"
    assert tree.find("th", data_group="01_trump_ranking").text == "Trumps and their ranking"
    class_store.record([event("cy", "ww-003", ATTEMPT, 0, "East", True)])
    assert scene.refresh() and not scene.refresh()  # new events redraw; nothing new, nothing to do
    tree = parse(scene.render("zh"))
    assert tree.has("tr", data_learner="cy") and tree.find(data_role="last-event").attrs["data-event-id"] == "5"
    assert tree.find("th", data_group="01_trump_ranking").text == "主牌和大小"


def test_stuck_learners_and_the_most_missed_answers_are_listed_and_markup_stays_text(
    class_store: ClassStoreAPI,  # noqa: F811
) -> None:
    class_store.record([
        event("<b>x</b>", "ww-002", ATTEMPT, 15, "<i>West</i>", False),
        event("<b>x</b>", "ww-002", ATTEMPT, 12, "<i>West</i>", False),
        event("ann", "ww-002", ATTEMPT, 3, "North", False),
    ])
    scene = dashboard(class_store)
    for lang in ("en", "zh"):
        tree = parse(scene.render(lang))
        assert not tree.has("b") and not tree.has("i")
        row = tree.find("tr", data_learner="<b>x</b>")
        assert row.attrs["data-stuck"] == "15" and "<b>x</b>" in row.text
        assert tree.find(data_role="stuck-list").find("li").attrs["data-learner"] == "<b>x</b>"
        missed = tree.find(data_role="most-missed").find("li", data_item="ww-002")
        assert missed.attrs["data-wrong"] == "3"
        assert missed.find(data_answer="<i>West</i>").attrs["data-count"] == "2"
        assert missed.find(data_answer="North").attrs["data-count"] == "1"
        assert text("cls_missed_title", lang) in tree.text


def test_the_csv_link_holds_the_class_results(class_store: ClassStoreAPI) -> None:  # noqa: F811
    class_store.record(solved("ann", "ww-001"))
    link = parse(dashboard(class_store).render("en")).find("a", data_role="csv-export")
    assert link.attrs["download"] == "default-20261130-1200.csv"
    data = base64.b64decode(link.attrs["href"].split("base64,", 1)[1]).decode("utf-8").lstrip("\ufeff")
    lines = data.splitlines()
    assert lines[0] == "learner,group,done,total,stars,attempts,hints,last_event_utc"
    assert "ann,01-who-wins,1," in data and len(lines) > 10


def test_a_projected_puzzle_is_polled_tallied_live_and_revealed_with_the_engines_reasons(
    class_store: ClassStoreAPI,  # noqa: F811
) -> None:
    scene = dashboard(class_store)
    key = next(e.key for e in scene.catalogue.entries() if e.key == "puzzle:win-small-trump-ruffs")
    scene.handle({"type": "action", "action": "pick", "value": key})
    scene.handle({"type": "action", "action": "project"})
    tree = parse(scene.render("en"))
    stage = tree.find(data_role="projector-stage")
    assert (stage.attrs["data-width"], stage.attrs["data-height"]) == ("1920", "1080")
    assert tree.find(data_role="projector").attrs["data-key"] == key
    assert tree.find("option", value=key).attrs.get("selected") == ""
    scene.handle({"type": "action", "action": "poll-open"})
    poll = class_store.current_poll("default")
    assert poll is not None and poll.ref == key.partition(":")[2] and poll.answer in poll.options
    assert not parse(scene.render("en")).has(data_role="projector-why")  # the answer stays hidden while asking
    wrong = next(option for option in poll.options if option != poll.answer)
    class_store.answer_poll(poll.id, "ann", poll.answer)
    class_store.answer_poll(poll.id, "bo", wrong)
    class_store.answer_poll(poll.id, "cy", wrong)
    assert scene.refresh()
    tally = parse(scene.render("en")).find(data_role="poll-tally")
    assert tally.attrs["data-answers"] == "3"
    assert tally.find("g", data_option=wrong).attrs["data-count"] == "2"
    assert not tally.has(data_correct="true")
    scene.handle({"type": "action", "action": "poll-reveal"})
    tree = parse(scene.render("zh"))
    assert tree.find(data_role="poll-tally").attrs["data-state"] == POLL_REVEALED
    assert tree.find("g", data_option=poll.answer).attrs["data-correct"] == "true"
    assert tree.find(data_role="projector-why").text.strip()
    scene.handle({"type": "action", "action": "poll-close"})
    assert class_store.current_poll("default") is None and not parse(scene.render("en")).has(data_role="poll-tally")


def test_a_lesson_exercise_can_be_projected(class_store: ClassStoreAPI) -> None:  # noqa: F811
    scene = dashboard(class_store)
    key = next(e.key for e in scene.catalogue.entries() if e.key.startswith("exercise:"))
    assert scene.project(key)
    tree = parse(scene.render("en"))
    assert tree.find(data_role="projector").attrs["data-key"] == key
    assert tree.find(data_role="projector-prompt").text


def test_a_round_record_is_stepped_trick_by_trick_with_the_reason_and_polled(class_store: ClassStoreAPI) -> None:  # noqa: F811
    scene = dashboard(class_store)
    assert scene.project("record:sample")
    first = parse(scene.render("en"))
    assert first.find(data_role="trick-stepper").find(data_role="message").text.strip()
    scene.handle({"type": "action", "action": "next"})
    second = parse(scene.render("en"))
    assert second.find(data_role="trick-number").text != first.find(data_role="trick-number").text
    scene.handle({"type": "action", "action": "poll-open"})
    poll = class_store.current_poll("default")
    assert poll is not None and poll.source == "record" and poll.ref == "sample#2" and len(poll.options) == 4
    asking = parse(scene.render("en"))
    assert not asking.has(data_role="trick-stepper")  # the winner is not shown while the class answers
    scene.handle({"type": "action", "action": "poll-reveal"})
    assert parse(scene.render("en")).has(data_role="trick-stepper")


def test_a_bad_record_file_is_reported_not_raised(class_store: ClassStoreAPI, tmp_path: object) -> None:  # noqa: F811
    from pathlib import Path

    folder = Path(str(tmp_path)) / "records"
    folder.mkdir()
    (folder / "broken.json").write_text("{not json", encoding="utf-8")
    scene = DashboardScene(lambda: class_store, query={"teacher": TEACHER_CODE}, environ=TEACHER, records_dir=folder)
    scene.handle({"type": "action", "action": "project", "value": "record:broken.json"})
    note = parse(scene.render("en")).find(data_role="dashboard-note")
    assert "broken.json" in note.text and scene.projection is None


def test_the_widget_refreshes_itself_on_the_kernels_loop(class_store: ClassStoreAPI) -> None:  # noqa: F811
    SESSION.lang = "en"

    async def watch() -> str:
        widget = ClassroomDashboard(dashboard(class_store))
        assert widget.ticker.running
        class_store.record([event("dee", "ww-001", ATTEMPT, 0, "East", True)])
        await asyncio.sleep(REFRESH_SECONDS * 2)
        html = widget.html
        widget.close()
        assert not widget.ticker.running
        return html

    html = asyncio.run(watch())
    assert parse(html).has("tr", data_learner="dee")
    assert isinstance(NOW, datetime)


def test_the_notebooks_dashboard_without_a_teacher_code_says_so_in_both_languages(
    class_store: ClassStoreAPI, monkeypatch: pytest.MonkeyPatch  # noqa: F811
) -> None:
    from shengji_kit.apps.classroom import classroom_dashboard

    monkeypatch.setenv("QUERY_STRING", "teacher=guess")
    widget = classroom_dashboard()
    tree = parse(widget.html)
    assert tree.find(data_role="classroom-dashboard").attrs["data-refused"] == "cls_gate_not_set"
    assert text("cls_gate_not_set", "en") in tree.text and text("cls_gate_not_set", "zh") in tree.text
    assert not widget.ticker.running
    monkeypatch.setenv("SHENGJI_KIT_TEACHER_CODE", TEACHER_CODE)
    monkeypatch.setenv("QUERY_STRING", f"teacher={TEACHER_CODE}")
    assert parse(classroom_dashboard().html).has(data_role="grid-empty")


def test_the_join_address_and_its_qr_code_are_shown_when_serving_a_class(
    class_store: ClassStoreAPI, monkeypatch: pytest.MonkeyPatch  # noqa: F811
) -> None:
    pytest.importorskip("shengji_kit.classroom.join", reason="serve --classroom (the serving branch) draws the QR code")
    assert not parse(dashboard(class_store).render("en")).has(data_role="join")
    monkeypatch.setenv("SHENGJI_KIT_JOIN_URL", "http://192.0.2.7:8866/?token=<abc>")
    tree = parse(dashboard(class_store).render("zh"))
    assert tree.find(data_role="join-url").text == "http://192.0.2.7:8866/?token=<abc>"
    assert tree.find(data_role="join").has("svg", data_role="join-qr")
    assert text("cls_join_title", "zh") in tree.text


def test_the_address_sets_when_a_learner_counts_as_stuck() -> None:
    from shengji_kit.apps.classroom.dashboard import stuck_option

    assert stuck_option({"stuck": "15"}, 10) == 15
    for bad in ("0", "-3", "abc", "999", ""):
        assert stuck_option({"stuck": bad}, 10) == 10
