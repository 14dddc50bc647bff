"""A page that vanishes without closing (Wi-Fi gone, a phone asleep, a killed tab) must not hold its seat
while its kernel lives on: the kernel stops polling once the page has been silent for three heartbeats, the
tables then see the seat's page gone and, after the table's grace, a bot plays for the learner; a heartbeat
or a click brings the seat back. Clocks are the tests' own: nothing sleeps, nothing is timed."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from benchmarks.tables import TEACHER, class_server
from shengji_kit.apps.tables.seat_keeper import SeatKeeper
from shengji_kit.apps.tables.tables_app import (
    HEARTBEAT_SECONDS,
    LONG_POLL,
    PAGE_SILENT_SECONDS,
    TablesApp,
    TablesSurface,
)
from shengji_kit.classroom.identity import reset_current_learner, set_current_learner
from shengji_kit.classroom.tables.client import TableClient
from shengji_kit.classroom.tables.hall import TableHall
from shengji_kit.widgets import learner_bar

from .players import tier_bot


class Clock:
    """A clock that moves only when the test moves it."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def forward(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def hall(clock: Clock) -> Iterator[TableHall]:
    made = TableHall(make_bot=tier_bot, clock=clock)
    yield made
    made.shutdown()


def seat_entry(hall: TableHall, token: str, seat: int) -> dict[str, object]:
    return next(entry for entry in hall.message(token)["seats"] if entry["seat"] == seat)


def test_an_open_long_poll_holds_the_seat_and_a_stopped_one_lets_the_bot_in_after_the_grace(
        hall: TableHall, clock: Clock) -> None:
    table = hall.open_table("Silent", seed=5, learners=["Ann", "Bo"], grace=15)
    ann, bo = hall.sit(table, 0, "Ann"), hall.sit(table, 1, "Bo")
    live = hall._table(table)
    assert live.started  # both named learners sat down
    hall.polling(ann, True)
    hall.polling(bo, True)  # both kernels hold a long poll
    clock.forward(600)
    assert hall.look_for_gone_pages() == []  # a kernel that polls on holds its seat however long (the old stall)

    hall.polling(bo, False)  # Bo's page went silent: its kernel stops polling
    clock.forward(15)
    assert hall.look_for_gone_pages() == []  # the grace is not over yet
    assert seat_entry(hall, ann, 1) == {"seat": 1, "learner": "Bo", "bot": None, "away": False, "claimed": True}
    clock.forward(0.5)
    assert hall.look_for_gone_pages() == [(table, 1)]
    assert seat_entry(hall, ann, 1) == {"seat": 1, "learner": "Bo", "bot": "steady", "away": True, "claimed": True}
    assert 1 in live.bots and 0 not in live.bots  # a bot covers Bo; Ann, still polling, plays her own seat
    assert seat_entry(hall, ann, 0)["away"] is False

    message = hall.message(bo)  # the page is back: its kernel asks again, as on a reload
    assert 1 not in live.bots
    assert next(entry for entry in message["seats"] if entry["seat"] == 1)["away"] is False


@pytest.fixture(scope="module")
def server_url() -> Iterator[str]:
    with tempfile.TemporaryDirectory(prefix="tables-presence-") as folder, class_server(Path(folder)) as (url, _):
        yield url


@pytest.fixture
def ann_page(server_url: str, tmp_path: Path, clock: Clock) -> Iterator[tuple[TablesSurface, TablesApp]]:
    reset_current_learner()
    learner_bar._BROWSER["id"] = "c" * 32
    set_current_learner("Ann")
    app = TablesApp(server_url, SeatKeeper(tmp_path), live=False, follow=False, clock=clock)
    surface = TablesSurface(app)
    yield surface, app
    surface.close()
    reset_current_learner()


@pytest.mark.slow  # a real class server for one test: make test runs it, make check does not
def test_the_kernel_stops_polling_for_a_silent_page_and_a_heartbeat_or_click_resumes(
        server_url: str, ann_page: tuple[TablesSurface, TablesApp], clock: Clock) -> None:
    surface, app = ann_page
    table = TableClient(server_url, teacher_code=TEACHER).open_table("Heard", seed=8, learners=["Ann"], grace=15)
    surface.handle({"type": "action", "action": "sit", "value": f"{table}:0"})
    assert app.seated
    assert surface.heartbeat == HEARTBEAT_SECONDS  # the JS sends heartbeats for this widget only
    assert PAGE_SILENT_SECONDS == 3 * HEARTBEAT_SECONDS < LONG_POLL

    assert app.poll_wait() == PAGE_SILENT_SECONDS  # a long poll never outlasts the page's silence by much
    clock.forward(HEARTBEAT_SECONDS)
    surface.handle({"type": "heartbeat"})
    assert app.poll_wait() == PAGE_SILENT_SECONDS and not app.page_silent
    clock.forward(PAGE_SILENT_SECONDS - 4)
    assert app.poll_wait() == 4.0
    clock.forward(4.5)
    assert app.page_silent and app.poll_wait() is None

    # the background poll, run here on the test's thread: a silent page gets no poll at all (it returns at once)
    app.watching = True
    assert app.client is not None
    app._watch(app.client, app._generation)
    assert not app.watching

    surface.handle({"type": "heartbeat"})  # the page is back
    assert not app.page_silent and app.poll_wait() == PAGE_SILENT_SECONDS
    clock.forward(PAGE_SILENT_SECONDS + 1)
    assert app.page_silent
    surface.handle({"type": "action", "action": "clear", "value": ""})  # any click says the page is there
    assert not app.page_silent
    app.poll()
    assert app.seated and app._seat_entry(0) == {"seat": 0, "learner": "Ann", "bot": None, "away": False,
                                                 "claimed": True}
