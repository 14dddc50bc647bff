"""A hostile learner against the class service on the real JupyterHub (deploy/jupyterhub/jupyterhub_config.py).

Signed in as a learner with their own JupyterHub token (as their kernel's code could be), they read
an open poll (no answer in it), post solves and stars for puzzles never tried, post into another
class, post huge answers, huge batches, huge and malformed ids and bodies: every one is refused
with a 4xx and a JSON reason, or ignored; nothing they assert about themselves is stored. A real
right attempt gets the solve and star the service derives itself. One hub serves every check.
"""

from __future__ import annotations

import http.cookiejar
import json
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from practice.answers import losing_answer, trick_puzzles, winning_answer

from shengji_kit.classroom._wire import event_to_json
from shengji_kit.classroom.service_client import ServiceClassStore
from shengji_kit.classroom.store_protocol import ATTEMPT, HINT, POLL_REVEALED, SOLVE, STAR, ClassEvent
from tests.hub.browser import ARTIFACTS
from tests.hub.hub_server import Person, RunningHub, running_hub
from tests.hub.postgres import class_database

pytestmark = pytest.mark.hub

MALLORY, CAROL = Person("mallory", "mallory-pass-1"), Person("carol", "carol-pass-2")
TEACHER = Person("ms-wang", "teacher-pass-3", teacher=True)
CLASS = "default"


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:  # the hub's login answers 302: stop there
        return None


def token_for(hub: RunningHub, person: Person) -> str:
    """Log in through the hub's form (no browser, no server spawned) and make a JupyterHub API token."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirects)
    opener.open(hub.url("/hub/login"), timeout=30).read()

    def xsrf() -> str:
        return next(cookie.value for cookie in jar if cookie.name == "_xsrf" and cookie.value)

    form = urllib.parse.urlencode({"username": person.name, "password": person.password, "_xsrf": xsrf()})
    try:
        opener.open(hub.url("/hub/login"), data=form.encode(), timeout=30)
    except urllib.error.HTTPError as redirected:
        assert redirected.code == 302, redirected.read()
    made = urllib.request.Request(
        hub.url(f"/hub/api/users/{person.name}/tokens"), data=json.dumps({"note": "hostile learner test"}).encode(),
        headers={"X-XSRFToken": xsrf(), "Content-Type": "application/json"}, method="POST",
    )
    with opener.open(made, timeout=30) as answer:
        return str(json.loads(answer.read())["token"])


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningHub]:
    folder = tmp_path_factory.mktemp("hostile-hub")
    with class_database(folder) as url, running_hub(
        folder, [MALLORY, CAROL, TEACHER], url, ARTIFACTS / "jupyterhub-hostile.log"
    ) as running:
        yield running


@pytest.fixture(scope="module")
def tokens(hub: RunningHub) -> dict[str, str]:
    return {person.name: token_for(hub, person) for person in (MALLORY, CAROL, TEACHER)}


def call(hub: RunningHub, token: str, method: str, path: str, body: bytes | object = None) -> tuple[int, Any]:
    """One request to the class service (directly); its status and JSON (every answer must be JSON)."""
    data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(hub.service_url + path, data=data, method=method, headers={
        "Authorization": f"token {token}", "Content-Type": "application/json",
    })
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


def event(learner: str, item: str, kind: str, answer: str = "", correct: bool | None = None,
          class_name: str = CLASS) -> dict[str, Any]:
    return event_to_json(ClassEvent(learner, item, "made-up-group", kind, datetime.now(UTC), answer, correct,
                                    1.0, class_name))





def stored(hub: RunningHub, tokens: dict[str, str], learner: str) -> list[dict[str, Any]]:
    status, answer = call(hub, tokens[TEACHER.name], "GET", f"api/events?class={CLASS}&learner={learner}")
    assert status == 200, answer
    return list(answer["events"])


def refused(status: int, answer: Any, expected: int | tuple[int, ...], code: str | None = None) -> None:
    """A 4xx refusal with a JSON reason in both languages (and the expected code)."""
    assert status in ((expected,) if isinstance(expected, int) else expected), (status, answer)
    assert isinstance(answer, dict) and answer["code"] and " · " in answer["message"], answer
    if code is not None:
        assert answer["code"] == code, answer


def test_an_open_poll_shows_a_learner_no_answer(hub: RunningHub, tokens: dict[str, str]) -> None:
    teacher = ServiceClassStore(hub.service_url, tokens[TEACHER.name])
    poll = teacher.open_poll(CLASS, "puzzle", "win-highest-card", "Who wins?", "谁赢？",
                             ["North seat", "East seat"], "East seat")
    carol = ServiceClassStore(hub.service_url, tokens[CAROL.name])
    carol.answer_poll(poll.id, CAROL.name, "East seat")
    status, answer = call(hub, tokens[MALLORY.name], "GET", f"api/polls?class={CLASS}")
    assert status == 200 and answer["poll"]["id"] == poll.id
    assert answer["poll"]["answer"] == "" and answer["poll"]["answers"] == {}, answer
    assert answer["poll"]["options"] == ["North seat", "East seat"]
    status, teachers_view = call(hub, tokens[TEACHER.name], "GET", f"api/polls?class={CLASS}")
    assert (teachers_view["poll"]["answer"], teachers_view["poll"]["answers"]) == ("East seat", {"carol": "East seat"})
    teacher.set_poll_state(poll.id, POLL_REVEALED)
    status, answer = call(hub, tokens[MALLORY.name], "GET", f"api/polls?class={CLASS}")
    assert status == 200 and answer["poll"]["answer"] == "East seat" and answer["poll"]["answers"] == {}


def test_solves_and_stars_a_learner_asserts_are_not_stored(hub: RunningHub, tokens: dict[str, str]) -> None:
    never_tried = trick_puzzles()[-1].id
    status, answer = call(hub, tokens[MALLORY.name], "POST", "api/events", {"events": [
        event(MALLORY.name, never_tried, SOLVE), event(MALLORY.name, never_tried, STAR),
    ]})
    assert status == 200 and answer["ids"] == [None, None], answer
    assert not [e for e in stored(hub, tokens, MALLORY.name) if e["item"] == never_tried]


def test_a_right_attempt_gets_the_service_s_own_solve_and_star(hub: RunningHub, tokens: dict[str, str]) -> None:
    first, second, third = trick_puzzles()[:3]
    status, answer = call(hub, tokens[MALLORY.name], "POST", "api/events", {"events": [
        event(MALLORY.name, first.id, ATTEMPT, winning_answer(first), correct=False),  # right, said wrong
        event(MALLORY.name, first.id, SOLVE),
        event(MALLORY.name, second.id, ATTEMPT, losing_answer(second), correct=True),  # wrong, said right
        event(MALLORY.name, second.id, STAR),
        event(MALLORY.name, third.id, HINT),
        event(MALLORY.name, third.id, ATTEMPT, winning_answer(third), correct=True),  # right after a hint
    ]})
    assert status == 200 and len(answer["ids"]) == 6 and answer["ids"][3] is None, answer
    mine = stored(hub, tokens, MALLORY.name)
    kinds = {item.id: [(e["kind"], e["correct"]) for e in mine if e["item"] == item.id]
             for item in (first, second, third)}
    assert kinds[first.id] == [(ATTEMPT, True), (SOLVE, None), (STAR, None)]
    assert kinds[second.id] == [(ATTEMPT, False)]
    assert kinds[third.id] == [(HINT, None), (ATTEMPT, True), (SOLVE, None)]
    assert {e["group"] for e in mine if e["item"] == first.id} == {first.set_id}  # the service's group, not the page's
    # a second right answer solves nothing again
    status, answer = call(hub, tokens[MALLORY.name], "POST", "api/events", {"events": [
        event(MALLORY.name, first.id, ATTEMPT, winning_answer(first))]})
    assert status == 200
    assert [e["kind"] for e in stored(hub, tokens, MALLORY.name) if e["item"] == first.id].count(SOLVE) == 1


def test_a_learner_writes_only_into_their_own_class(hub: RunningHub, tokens: dict[str, str]) -> None:
    puzzle = trick_puzzles()[4]
    status, answer = call(hub, tokens[MALLORY.name], "POST", "api/events", {"events": [
        event(MALLORY.name, puzzle.id, ATTEMPT, winning_answer(puzzle), class_name="other-class")]})
    refused(status, answer, 403, "service_not_in_class")
    status, answer = call(hub, tokens[MALLORY.name], "GET", "api/polls?class=other-class")
    refused(status, answer, 403, "service_not_in_class")
    status, answer = call(hub, tokens[MALLORY.name], "POST", "api/events", {"events": [
        event(CAROL.name, puzzle.id, ATTEMPT, winning_answer(puzzle))]})
    refused(status, answer, 403, "hub_own_progress_only")


def test_huge_and_malformed_requests_are_refused_with_a_reason(hub: RunningHub, tokens: dict[str, str]) -> None:
    token, puzzle = tokens[MALLORY.name], trick_puzzles()[5]
    before = len(stored(hub, tokens, MALLORY.name))
    status, answer = call(hub, token, "POST", "api/events", {"events": [
        event(MALLORY.name, puzzle.id, ATTEMPT, "1" * 900_000)]})
    refused(status, answer, (413, 400))
    status, answer = call(hub, token, "POST", "api/events", {"events": [
        event(MALLORY.name, puzzle.id, ATTEMPT, "1" * 3000)]})
    refused(status, answer, 400, "service_answer_too_long")
    status, answer = call(hub, token, "POST", "api/events", {"events": [
        event(MALLORY.name, puzzle.id, HINT) for _ in range(201)]})
    refused(status, answer, 400, "service_too_many_events")
    for poll_id in ("9" * 5000, str(2**63), "0"):
        for path in (f"api/polls/{poll_id}/answer", f"api/polls/{poll_id}/state"):
            status, answer = call(hub, tokens[TEACHER.name] if path.endswith("state") else token, "POST", path,
                                  {"option": "East seat", "state": POLL_REVEALED})
            refused(status, answer, 404, "service_no_poll")
    for poll_id in ("-1", "abc", "1.5"):
        status, answer = call(hub, token, "POST", f"api/polls/{poll_id}/answer", {"option": "East seat"})
        refused(status, answer, 400, "service_bad_id")
    status, answer = call(hub, token, "POST", "api/events", b"{not json")
    refused(status, answer, 400, "service_bad_json")
    status, answer = call(hub, token, "POST", "api/events", b"[" * 100_000)
    refused(status, answer, 400, "service_bad_json")
    for body in ({"events": "all"}, {"events": [5]}, {"events": [{**event(MALLORY.name, puzzle.id, ATTEMPT), "at": 3}]},
                 {"events": [{**event(MALLORY.name, puzzle.id, ATTEMPT), "seconds": -5}]},
                 {"events": [event(MALLORY.name, "no-such-puzzle", ATTEMPT, "1")]},
                 {"events": [event(MALLORY.name, "x" * 5000, ATTEMPT, "1")]}):
        status, answer = call(hub, token, "POST", "api/events", body)
        refused(status, answer, 400)
    for query in ("after=" + "9" * 5000, "after=-3", "after=x", "after=" + str(2**70), "class=" + "c" * 500):
        status, answer = call(hub, token, "GET", f"api/events?learner={MALLORY.name}&{query}")
        refused(status, answer, 400)
    status, answer = call(hub, token, "GET", "api/no-such-thing")
    refused(status, answer, 404, "service_not_found")
    assert len(stored(hub, tokens, MALLORY.name)) == before, "a refused request stored nothing"


def test_the_kernel_s_client_sends_no_solve_and_skips_items_the_service_cannot_judge(
    hub: RunningHub, tokens: dict[str, str]
) -> None:
    puzzle = trick_puzzles()[6]
    client = ServiceClassStore(hub.service_url, tokens[CAROL.name])
    dealt = ClassEvent(CAROL.name, "dealt-trick-sa-sk-s2-s3", "01_trump_ranking", ATTEMPT, datetime.now(UTC), "1", True)
    attempt = ClassEvent(CAROL.name, puzzle.id, puzzle.set_id, ATTEMPT, datetime.now(UTC), winning_answer(puzzle), True)
    solve = ClassEvent(CAROL.name, puzzle.id, puzzle.set_id, SOLVE, datetime.now(UTC))
    ids = client.record([dealt, attempt, solve])
    assert ids[0] == 0 and ids[1] > 0 and ids[2] == 0 and client.unsent == ()
    assert client.record([dealt, attempt, solve]) == ids, "handed in again, nothing is sent twice"
    mine = [(e["item"], e["kind"]) for e in stored(hub, tokens, CAROL.name)]
    assert mine == [(puzzle.id, ATTEMPT), (puzzle.id, SOLVE), (puzzle.id, STAR)]
