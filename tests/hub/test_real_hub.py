"""A class on the real JupyterHub: two learners and a teacher log in with Chromium, learners solve a
puzzle in Voila on their own servers, the teacher sees both through the class service (and the
dashboard, when the kit has it), and a learner is refused the class and another learner's progress.

It runs deploy/jupyterhub/jupyterhub_config.py as a school would, with the class store on a real
PostgreSQL server started for the test (SQLite when PostgreSQL is not installed: the test says so).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from shengji_kit.classroom.service_client import ServiceClassStore, ServiceError
from shengji_kit.classroom.store_protocol import HINT, POLL_REVEALED, SOLVE, ClassEvent
from shengji_kit.engine import trick_winner
from shengji_kit.puzzles import Puzzle, default_bank

from .browser import ARTIFACTS, chromium, launch_chromium, screenshot
from .hub_server import Person, RunningHub, free_port, running_hub
from .postgres import class_database

pytestmark = pytest.mark.hub

ALICE, BOB = Person("alice", "alice-pass-1"), Person("bob", "bob-pass-22")
TEACHER = Person("ms-li", "teacher-pass-3", teacher=True)
SERVICE = "/services/shengji-class/api"
PUZZLE_SET = "01-who-wins"
# Spawning a server, then Voila starting a kernel and running the notebook, on a busy machine.
SPAWN_MS = 120_000
ACTION_MS = 30_000
DASHBOARD = Path(__file__).resolve().parents[2] / "notebooks" / "classroom.ipynb"


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningHub]:
    folder = tmp_path_factory.mktemp("hub")
    with class_database(folder) as url, running_hub(
        folder, [ALICE, BOB, TEACHER], url, ARTIFACTS / "jupyterhub.log"
    ) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launch_chromium() as launched:
        yield launched


def new_context(browser: Browser, hub: RunningHub, foreign: list[str]) -> BrowserContext:
    """A person's browser; requests to other hosts are aborted and listed in ``foreign``."""
    context = browser.new_context(base_url=hub.base_url, locale="en-US", viewport={"width": 1280, "height": 900})
    context.set_default_timeout(ACTION_MS)
    context.set_default_navigation_timeout(SPAWN_MS)
    chromium.abort_foreign(context, foreign)
    return context


def log_in(page: Page, person: Person, then: str = "") -> None:
    """Submit the hub's login form; JupyterHub then spawns the server and opens the default URL
    (or ``then``, a page on the person's server)."""
    after = f"/hub/spawn?next={quote(then, safe='')}" if then else ""  # spawn first, then open ``then``
    page.goto("/hub/login" + (f"?next={quote(after, safe='')}" if after else ""))
    page.fill("#username_input", person.name)
    page.fill("#password_input", person.password)
    page.click("#login_submit", no_wait_after=True)


def landed(page: Page, person: Person) -> None:
    """The person's own server shows the kit's landing page through Voila (the default URL)."""
    expect(page).to_have_url(re.compile(rf"/user/{person.name}/voila/render/notebooks/index\.ipynb"), timeout=SPAWN_MS)
    expect(page.locator("[data-role=catalogue]")).to_be_visible(timeout=SPAWN_MS)


def winning_seat(puzzle: Puzzle) -> int:
    plays = [cards for _, cards in puzzle.table.trick]
    return puzzle.table.trick[trick_winner(plays, puzzle.table.trump)][0]


def solve_first_puzzle(page: Page) -> str:
    """In the trainer: pick the set, answer its first puzzle right; the puzzle's id."""
    button = page.locator(f"[data-action=mode][data-value='{PUZZLE_SET}']")
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    puzzle_id = page.locator("[data-role=puzzle]").get_attribute("data-puzzle") or ""
    page.click(f"[data-answer='{winning_seat(default_bank().get(puzzle_id))}']")
    expect(page.locator("[data-role=feedback]")).to_have_attribute("data-kind", "ok")
    return puzzle_id


def service_json(page: Page, path: str) -> tuple[int, Any]:
    """Open a class service address in the page (signing in through the hub); its status and JSON."""
    response = page.goto(f"{SERVICE}/{path}")
    assert response is not None
    return response.status, json.loads(page.locator("body").inner_text())


def solved_by(events: list[dict[str, Any]]) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for event in events:
        if event["kind"] == SOLVE:
            found.setdefault(event["learner"], set()).add(event["item"])
    return found


def test_a_class_on_jupyterhub(browser: Browser, hub: RunningHub) -> None:
    foreign: list[str] = []
    contexts = {person.name: new_context(browser, hub, foreign) for person in (ALICE, BOB, TEACHER)}
    pages = {name: context.new_page() for name, context in contexts.items()}
    try:
        # Everyone logs in at once; the learners land on the kit's landing page on their own
        # servers, the teacher goes straight to the dashboard (when the kit has it).
        teacher, alice = pages[TEACHER.name], pages[ALICE.name]
        dashboard = f"/user/{TEACHER.name}/voila/render/notebooks/classroom.ipynb"
        for person in (ALICE, BOB, TEACHER):
            log_in(pages[person.name], person, dashboard if person.teacher and DASHBOARD.exists() else "")
        for person in (ALICE, BOB) if DASHBOARD.exists() else (ALICE, BOB, TEACHER):
            landed(pages[person.name], person)

        # A learner tries the dashboard too, while the learners solve a puzzle in the trainer
        # (Voila, their own kernels): all at once.
        dashboards = {}
        if DASHBOARD.exists():
            dashboards = {TEACHER.name: teacher, ALICE.name: contexts[ALICE.name].new_page()}
            dashboards[ALICE.name].goto(
                f"/user/{ALICE.name}/voila/render/notebooks/classroom.ipynb", wait_until="commit"
            )
        learners = (ALICE, BOB)
        for person in learners:
            pages[person.name].goto(f"/user/{person.name}/voila/render/notebooks/puzzles.ipynb", wait_until="commit")
        solved = {}
        for person in learners:
            expect(pages[person.name].locator("[data-role=trainer]")).to_be_visible(timeout=SPAWN_MS)
            solved[person.name] = solve_first_puzzle(pages[person.name])
        if dashboards:
            check_dashboard(dashboards[TEACHER.name], dashboards[ALICE.name], solved)

        # The teacher reads the whole class through the service: both solves are in the store.
        service_tab = contexts[TEACHER.name].new_page()
        status, answer = service_json(service_tab, "events?class=default")
        assert status == 200, answer
        assert {name: {item} for name, item in solved.items()}.items() <= solved_by(answer["events"]).items()
        status, answer = service_json(service_tab, "learners?class=default")
        assert (status, sorted(answer["learners"])) == (200, ["alice", "bob"])

        # A learner is refused the class and another learner's progress, by the service and the hub.
        status, answer = service_json(alice, "events?class=default&learner=bob")
        assert (status, answer["code"]) == (403, "hub_own_progress_only"), answer
        status, answer = service_json(alice, "events?class=default")
        assert (status, answer["code"]) == (403, "hub_teachers_only"), answer
        status, answer = service_json(alice, "learners?class=default")
        assert (status, answer["code"]) == (403, "hub_teachers_only"), answer
        status, answer = service_json(alice, "events?class=default&learner=alice")
        assert status == 200 and solved_by(answer["events"]) == {"alice": {solved["alice"]}}
        refused = alice.goto(f"/user/{TEACHER.name}/voila/render/notebooks/index.ipynb")
        assert refused is not None and refused.status == 403, "a learner must not open the teacher's server"

        check_unsent_events_wait_for_the_service(contexts[ALICE.name], hub)
        check_polls_through_the_service(contexts, hub)
        assert not foreign, f"pages loaded from other hosts: {foreign}"
    except BaseException:
        for context in contexts.values():
            for number, page in enumerate(context.pages):
                screenshot(page, f"hub-{page.url.split('/user/')[-1].split('/')[0]}-{number}")
        raise
    finally:
        for context in contexts.values():
            context.close()


def check_dashboard(teacher: Page, learner: Page, solved: dict[str, str]) -> None:
    """The teacher's open dashboard shows both learners (live, no reload); a learner's copy refuses."""
    board = teacher.locator("[data-role=classroom-dashboard]")
    expect(board).to_be_visible(timeout=SPAWN_MS)
    expect(board).not_to_have_attribute("data-refused", re.compile(".+"))
    for name in solved:
        expect(board.locator(f"[data-learner='{name}']")).to_be_visible(timeout=ACTION_MS)
    refused = learner.locator("[data-role=classroom-dashboard]")
    expect(refused).to_have_attribute("data-refused", "cls_gate_hub_refused", timeout=SPAWN_MS)
    expect(learner.locator("[data-learner]")).to_have_count(0)


def token_of(context: BrowserContext, hub: RunningHub, person: Person) -> str:
    """A new JupyterHub API token of the signed-in person (as a kernel's token would be)."""
    xsrf = next(cookie["value"] for cookie in context.cookies(hub.base_url + "/hub/api/")
                if cookie["name"] == "_xsrf" and cookie["path"] == "/hub/")
    made = context.request.post(
        f"{hub.base_url}/hub/api/users/{person.name}/tokens",
        headers={"X-XSRFToken": xsrf}, data={"note": "hub test"},
    )
    assert made.status == 201, made.text()
    return str(made.json()["token"])


def check_polls_through_the_service(contexts: dict[str, BrowserContext], hub: RunningHub) -> None:
    """The teacher opens and reveals a poll; a learner answers as themselves and sees only their answer."""
    teacher = ServiceClassStore(hub.service_url, token_of(contexts[TEACHER.name], hub, TEACHER))
    alice = ServiceClassStore(hub.service_url, token_of(contexts[ALICE.name], hub, ALICE))
    assert teacher.is_teacher() and not alice.is_teacher()
    with pytest.raises(ServiceError) as refused:
        alice.open_poll("default", "puzzle", "p", "Who wins?", "谁赢？", ["N", "E"], "E")
    assert refused.value.code == "hub_teachers_only"
    poll = teacher.open_poll("default", "puzzle", "p", "Who wins?", "谁赢？", ["N", "E"], "E")
    alice.answer_poll(poll.id, ALICE.name, "N")
    with pytest.raises(ServiceError) as refused:
        alice.answer_poll(poll.id, BOB.name, "N")
    assert refused.value.code == "hub_own_progress_only"
    with pytest.raises(ServiceError) as refused:
        alice.set_poll_state(poll.id, POLL_REVEALED)
    assert refused.value.code == "hub_teachers_only"
    seen = alice.current_poll()  # open: the question and options, never the answer
    assert seen is not None and (seen.options, seen.answer, seen.answers) == (("N", "E"), "", {"alice": "N"})
    teacher.set_poll_state(poll.id, POLL_REVEALED)
    seen = alice.current_poll()
    assert seen is not None and (seen.state, seen.answer, seen.answers) == (POLL_REVEALED, "E", {"alice": "N"})


def check_unsent_events_wait_for_the_service(context: BrowserContext, hub: RunningHub) -> None:
    """With the service unreachable an event waits in the client, and goes with the next call;
    another learner's event is refused and dropped (it would be refused forever)."""
    token = token_of(context, hub, ALICE)
    client = ServiceClassStore(f"http://127.0.0.1:{free_port()}/services/shengji-class/", token, timeout=5)
    # an item the service knows (an unknown one it refuses), of a set the learner did not open
    item = next(puzzle for puzzle in default_bank().puzzles() if puzzle.set_id != PUZZLE_SET)
    waiting = ClassEvent(ALICE.name, item.id, item.set_id, HINT, datetime.now(UTC))
    with pytest.raises(ServiceError) as down:
        client.record([waiting])
    assert down.value.code == "hub_service_down" and "·" in str(down.value)
    assert client.unsent == (waiting,)
    client.url = hub.service_url  # the service answers again
    mine = client.events(learner=ALICE.name)
    assert [stored.event for stored in mine].count(waiting) == 1 and client.unsent == ()
    with pytest.raises(ServiceError) as other:
        client.events(learner=BOB.name)
    assert other.value.code == "hub_own_progress_only"
    assert client.is_teacher() is False
    # A page whose learner was switched to another name: that event is refused and dropped, the
    # learner's own still goes, and handing it in again stores nothing twice.
    own = ClassEvent(ALICE.name, item.id, item.set_id, HINT, datetime.now(UTC))
    forged = ClassEvent(BOB.name, item.id, item.set_id, HINT, datetime.now(UTC))
    with pytest.raises(ServiceError) as refused:
        client.record([own, forged])
    assert refused.value.code == "hub_own_progress_only" and client.unsent == ()
    stored = [each for each in client.events(learner=ALICE.name) if each.event == own]
    assert len(stored) == 1
    assert client.record([own]) == [stored[0].id]
    assert [each.event for each in client.events(learner=ALICE.name)].count(own) == 1
