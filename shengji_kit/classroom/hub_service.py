"""The class service JupyterHub runs beside the hub: learners' progress and the teacher's polls over HTTP.

Learners on JupyterHub can run code, so their kernels never hold the database's password: they
send events here with their server's JupyterHub token, and the hub tells this service who is
asking. A learner writes and reads only their own events, only in the classes the hub assigns
them (hub groups ``class-<name>``), and answers polls as themselves; the members of the teachers
group (or hub admins) read the whole class and open, reveal and close polls.

The service trusts a learner's page with nothing it can check itself: it judges every attempt with
the engine (``ItemChecker``), records the solve (first right attempt) and the star (right on the
first attempt, no hint or "show me" before it) itself, and ignores the solves, stars and
``correct`` flags a page sends. A learner sees an open poll's question and options, never its
answer (until it is revealed). Every size is bounded (an answer 2 KB, a batch 200 events, a body
512 KB) and every bad request is a 4xx with a JSON reason.
The store behind it is the SQL store of ``SHENGJI_KIT_CLASS_DB`` (PostgreSQL on a hub).

JupyterHub starts it as a managed service (deploy/jupyterhub/jupyterhub_config.py):
``python -m shengji_kit.apps.classroom.class_service`` (this module with the kit's puzzles and
exercises). Every refusal is JSON ``{"code", "params", "message"}`` with a catalogue code of
hub.toml or class_service.toml, so the client can say it in both languages.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import logging
import os
import signal
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, TypeVar
from urllib.parse import quote, urlsplit

from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated
from tornado import web
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.ioloop import IOLoop

from ..words.catalogue import text
from ._wire import WireError, event_from_json, poll_to_json, stored_to_json
from .body_limit import LimitedApplication
from .store import MAX_NAME_CHARS, MAX_REF_CHARS, POLL_SOURCES, check_event
from .store_protocol import (
    ATTEMPT,
    HINT,
    POLL_CLOSED,
    POLL_OPEN,
    POLL_REVEALED,
    REVEAL,
    SOLVE,
    STAR,
    ClassEvent,
    ClassStoreAPI,
    EventRefused,
    Poll,
    StoreError,
)

SERVICE_NAME = "shengji-class"
TEACHERS_GROUP_ENV = "SHENGJI_KIT_TEACHERS_GROUP"
DEFAULT_TEACHERS_GROUP = "teachers"
SERVICE_URL_ENV = "SHENGJI_KIT_CLASS_SERVICE_URL"
BIND_IP_ENV = "SHENGJI_KIT_CLASS_SERVICE_BIND_IP"
# How long the teachers group's members are trusted before the hub is asked again.
TEACHERS_CACHE_SECONDS = 10.0
# Largest request body accepted: a full batch of events with the longest answers fits. A body past
# it is read and thrown away as it arrives, then refused with its JSON reason (body_limit.py).
MAX_BODY_BYTES = 512 * 1024
# A body past this is not even read: refused at once and the connection closed.
SERVER_BODY_BYTES = 64 * 1024 * 1024
MAX_EVENTS = 200  # events in one request
MAX_POLL_ID = 2**63 - 1  # the largest id a BIGINT holds
MAX_PROMPT_CHARS = 4000
MAX_OPTIONS, MAX_OPTION_CHARS = 26, 500
# A learner writes only into the classes whose hub group (``class-<name>``) they are in.
CLASS_GROUP_PREFIX = "class-"
MAX_CACHED_CLASSES = 1000

log = logging.getLogger("shengji_kit.hub_service")
Result = TypeVar("Result")


class Refusal(web.HTTPError):
    """A request the service will not do, with the catalogue code and parameters that say why."""

    def __init__(self, status: int, code: str, **params: object) -> None:
        super().__init__(status, reason=None, log_message=code)
        self.code = code
        self.params = {name: str(value) for name, value in params.items()}


def bilingual(code: str, params: Mapping[str, object]) -> str:
    """The English and the Chinese text of a catalogue code, as one line."""
    return f"{text(code, 'en', **params)} · {text(code, 'zh', **params)}"


@dataclass(frozen=True)
class Caller:
    """Who sent a request: their hub name and whether they teach the class."""

    name: str
    teacher: bool


class ItemChecker(Protocol):
    """The items the service knows (trainer puzzles, lesson exercises) and how it judges an answer."""

    def group(self, item: str) -> str | None:
        """The item's dashboard group; None when the service does not know the item."""
        ...

    def check(self, item: str, answer: str) -> bool:
        """Whether ``answer`` (text, as the page recorded it) is right, judged by the engine."""
        ...


class ServiceStore(ClassStoreAPI, Protocol):
    """The store as the service uses it: the protocol and one poll by id (the SQL store)."""

    def poll(self, poll_id: int) -> Poll:
        """One poll by id, whatever its state; StoreError when there is none."""
        ...


@dataclass
class LearnerItems:
    """What the store holds of one learner in one class, as far as solves and stars go."""

    after_id: int = 0  # the newest stored event read
    touched: set[str] = field(default_factory=set)  # items attempted, hinted or shown
    solved: set[str] = field(default_factory=set)

    def take(self, event: ClassEvent) -> None:
        if event.kind in (ATTEMPT, HINT, REVEAL):
            self.touched.add(event.item)
        if event.kind in (SOLVE, STAR):
            self.solved.add(event.item)


class ClassService:
    """The store, the one thread that talks to it, the items it checks, who teaches and who is in which class."""

    def __init__(self, store: ServiceStore, api_url: str, api_token: str, teachers_group: str,
                 items: ItemChecker) -> None:
        self.store = store
        self.items = items
        self.api_url = api_url.rstrip("/")
        self.api_token = api_token
        self.teachers_group = teachers_group
        # One thread: the store's calls are blocking, and the event loop must keep answering.
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="class-store")
        self._groups: dict[str, tuple[float, frozenset[str]]] = {}  # hub group -> (when asked, members)
        self._learners: dict[tuple[str, str], LearnerItems] = {}  # (class, learner) -> what is stored

    async def run(self, call: Callable[..., Result], *args: Any, **kwargs: Any) -> Result:
        """Run a store call on the store's thread; a StoreError becomes a refusal with its reason."""
        try:
            return await IOLoop.current().run_in_executor(self.executor, lambda: call(*args, **kwargs))
        except EventRefused as error:
            raise Refusal(400, error.code, **error.params) from error
        except StoreError as error:
            log.error("class store failed: %s", error)
            raise Refusal(500, "hub_store_failed", detail=error) from error

    async def group_members(self, group: str) -> frozenset[str]:
        """The members of a hub group, as the hub says (kept for a few seconds; no such group: nobody)."""
        asked, members = self._groups.get(group, (float("-inf"), frozenset()))
        if time.monotonic() - asked < TEACHERS_CACHE_SECONDS:
            return members
        request = HTTPRequest(
            f"{self.api_url}/groups/{quote(group, safe='')}",
            headers={"Authorization": f"token {self.api_token}"},
            request_timeout=10,
        )
        try:
            response = await AsyncHTTPClient().fetch(request)
            names = json.loads(response.body).get("users", [])
        except HTTPClientError as error:
            if error.code != 404:  # no such group yet: nobody is in it
                raise
            names = []
        if len(self._groups) >= MAX_CACHED_CLASSES:
            self._groups.clear()
        members = frozenset(str(name) for name in names)
        self._groups[group] = (time.monotonic(), members)
        return members

    async def teachers(self) -> frozenset[str]:
        """The members of the teachers group, as the hub says (kept for a few seconds)."""
        return await self.group_members(self.teachers_group)

    async def in_class(self, who: Caller, class_name: str) -> None:
        """Refuse (403) a learner who is not in the hub group of ``class_name``; teachers go anywhere."""
        if not who.teacher and who.name not in await self.group_members(CLASS_GROUP_PREFIX + class_name):
            raise Refusal(403, "service_not_in_class", user=who.name, class_name=class_name)

    # --- on the store's thread ----------------------------------------------------------------

    def _stored_items(self, class_name: str, learner: str) -> LearnerItems:
        """What the store holds of the learner's items, read anew since the last time."""
        known = self._learners.setdefault((class_name, learner), LearnerItems())
        for stored in self.store.events(class_name, learner=learner, after_id=known.after_id):
            known.take(stored.event)
            known.after_id = max(known.after_id, stored.id)
        return known

    def record_checked(self, events: Sequence[ClassEvent]) -> list[int | None]:
        """Store the events as the service judges them; the id of each (None: ignored).

        An attempt is judged by the engine (the page's ``correct`` is ignored); the first right one
        of an item adds a solve, and a star too when it is the learner's first touch of the item (no
        attempt, hint or "show me" before it). Solves and stars sent by the page are not stored:
        each gets the id of the solve or star the service derived from the same batch, or None.
        """
        kept: list[ClassEvent] = []
        place: list[int | None] = []  # each incoming event's index in ``kept``
        derived: dict[tuple[str, str, str, str], int] = {}  # (kind, class, learner, item) -> index in kept
        learners: dict[tuple[str, str], LearnerItems] = {}
        for event in events:
            group = self.items.group(event.item) or event.group
            if event.kind in (SOLVE, STAR):
                place.append(None)
                continue
            key = (event.class_name, event.learner)
            known = learners.get(key) or learners.setdefault(key, self._stored_items(*key))
            if event.kind != ATTEMPT:
                kept.append(replace(event, group=group, answer="", correct=None))
                place.append(len(kept) - 1)
                known.touched.add(event.item)
                continue
            right = self.items.check(event.item, event.answer)
            kept.append(replace(event, group=group, correct=right))
            place.append(len(kept) - 1)
            if right and event.item not in known.solved:
                star = event.item not in known.touched
                for kind in (SOLVE, STAR) if star else (SOLVE,):
                    uid = f"{event.uid}:{kind}" if event.uid else ""  # resent, the attempt and these are stored once
                    kept.append(replace(event, group=group, kind=kind, answer="", correct=None, uid=uid))
                    derived[(kind, *key, event.item)] = len(kept) - 1
                known.solved.add(event.item)
            known.touched.add(event.item)
        try:
            ids = self.store.record(kept) if kept else []
        except BaseException:  # nothing was stored: what was counted above must be read again
            for key in learners:
                self._learners.pop(key, None)
            raise
        answer: list[int | None] = []
        for event, index in zip(events, place, strict=True):
            if index is None:
                index = derived.get((event.kind, event.class_name, event.learner, event.item))
            answer.append(None if index is None else ids[index])
        return answer

    def answer_poll(self, poll_id: int, who: Caller, option: str) -> Poll:
        """Record the caller's choice; the poll (refused: no such poll, not open, not an option)."""
        poll = self.find_poll(poll_id)
        if poll.state != POLL_OPEN:
            raise Refusal(409, "service_poll_closed", poll=poll_id, state=poll.state)
        if option not in poll.options:
            raise Refusal(400, "service_not_an_option", poll=poll_id)
        self.store.answer_poll(poll_id, who.name, option)
        return poll

    def find_poll(self, poll_id: int) -> Poll:
        """The poll ``poll_id``; a 404 refusal when there is none."""
        try:
            return self.store.poll(poll_id)
        except StoreError as error:
            if str(error).startswith("there is no poll"):
                raise Refusal(404, "service_no_poll", poll=poll_id) from error
            raise


def poll_id_of(text_id: str) -> int:
    """A poll id from its URL part: a number that a BIGINT holds (too big: 404; not a number: 400)."""
    if not text_id.isascii() or not text_id.isdigit():
        raise Refusal(400, "service_bad_id", value=text_id[:40])
    if len(text_id) > len(str(MAX_POLL_ID)) or int(text_id) > MAX_POLL_ID:
        raise Refusal(404, "service_no_poll", poll=text_id[:40] + ("…" if len(text_id) > 40 else ""))
    return int(text_id)


def bounded_text(value: object, name: str, limit: int, *, empty: bool = False) -> str:
    """``value`` when it is a text of at most ``limit`` characters (and not empty unless allowed); else 400."""
    if not isinstance(value, str) or (not value and not empty):
        raise Refusal(400, "service_bad_field", field=name, expected="a text")
    if len(value) > limit:
        raise Refusal(400, "service_field_too_long", field=name, limit=limit, size=len(value))
    return value


class ServiceHandler(HubOAuthenticated, web.RequestHandler):
    """A JSON endpoint of the service: hub-authenticated (token or browser login), JSON errors."""

    service: ClassService

    def initialize(self, service: ClassService) -> None:
        self.service = service

    def set_default_headers(self) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.finish(json.dumps(error_body(status_code, kwargs.get("exc_info", (None, None, None))[1], self._reason)))

    def send(self, data: object) -> None:
        self.finish(json.dumps(data, ensure_ascii=False))

    async def caller(self) -> Caller:
        """The signed-in user (403 when the hub does not vouch for them)."""
        model: dict[str, Any] | None = self.current_user
        if not model:
            raise web.HTTPError(403)
        name = str(model["name"])
        teacher = bool(model.get("admin")) or name in await self.service.teachers()
        return Caller(name, teacher)

    async def teacher(self) -> Caller:
        """The caller, who must teach the class."""
        who = await self.caller()
        if not who.teacher:
            raise Refusal(403, "hub_teachers_only", user=who.name)
        return who

    def body(self) -> dict[str, Any]:
        """The request's JSON object (413 when too big, 400 when not a JSON object)."""
        size = len(self.request.body)
        if size > MAX_BODY_BYTES:
            raise Refusal(413, "service_body_too_large", limit=MAX_BODY_BYTES, size=size)
        try:
            data = json.loads(self.request.body or b"{}")
        except (ValueError, RecursionError) as error:  # bad JSON or UTF-8; nested past Python's stack
            raise Refusal(400, "service_bad_json", detail=str(error)[:200]) from error
        if not isinstance(data, dict):
            raise Refusal(400, "service_bad_json", detail="the body must be a JSON object")
        return data

    def class_name(self) -> str:
        return bounded_text(self.get_argument("class", "default"), "class", MAX_NAME_CHARS)


def refusal_body(status_code: int, code: str, params: dict[str, object]) -> dict[str, Any]:
    """The JSON of a refusal made outside any handler (a body too large): as :func:`error_body` writes it."""
    return error_body(status_code, Refusal(status_code, code, **params), "")


def error_body(status_code: int, error: BaseException | None, reason: str) -> dict[str, Any]:
    """The JSON of a refusal: its catalogue code, parameters and bilingual message."""
    if isinstance(error, Refusal):
        code, params = error.code, error.params
    elif status_code in (401, 403):
        code, params = "hub_not_signed_in", {"status": str(status_code)}
    elif 400 <= status_code < 500:
        code, params = "hub_bad_request", {"detail": f"HTTP {status_code} {reason}"}
    else:
        code, params = "hub_service_failed", {"status": str(status_code), "detail": reason}
    return {"code": code, "params": params, "message": bilingual(code, params)}


class AboutHandler(web.RequestHandler):
    """``GET /services/shengji-class/``: what this is (JupyterHub checks that the service answers)."""

    def get(self) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        api = ["api/whoami", "api/events", "api/learners", "api/polls", "tables/api/"]
        self.finish(json.dumps({"service": SERVICE_NAME, "api": api}))


class NotFoundHandler(web.RequestHandler):
    """Any other address: a JSON 404 (never tornado's HTML page)."""

    def prepare(self) -> None:
        self.set_status(404)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        path = self.request.path[:80]
        self.finish(json.dumps(error_body(404, Refusal(404, "service_not_found", path=path), "Not Found")))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.finish(json.dumps(error_body(status_code, kwargs.get("exc_info", (None, None, None))[1], self._reason)))


class WhoAmIHandler(ServiceHandler):
    """``GET api/whoami``: the caller's name and whether they teach."""

    @web.authenticated
    async def get(self) -> None:
        who = await self.caller()
        self.send({"name": who.name, "teacher": who.teacher})


class EventsHandler(ServiceHandler):
    """``POST api/events`` writes the caller's events; ``GET api/events`` reads them (the class: teachers)."""

    @web.authenticated
    async def post(self) -> None:
        who = await self.caller()
        raw = self.body().get("events")
        if not isinstance(raw, list):
            raise Refusal(400, "service_bad_field", field="events", expected="a list of events")
        if len(raw) > MAX_EVENTS:
            raise Refusal(400, "service_too_many_events", limit=MAX_EVENTS, count=len(raw))
        try:
            events = [event_from_json(item) for item in raw]
        except WireError as error:
            raise Refusal(400, "hub_bad_request", detail=str(error)[:300]) from error
        for event in events:
            if event.learner != who.name:
                raise Refusal(403, "hub_own_progress_only", user=who.name, learner=event.learner[:MAX_NAME_CHARS])
            try:
                check_event(event)
            except EventRefused as error:
                raise Refusal(400, error.code, **error.params) from error
            if self.service.items.group(event.item) is None:
                raise Refusal(400, "service_unknown_item", item=event.item)
        for class_name in sorted({event.class_name for event in events}):
            await self.service.in_class(who, class_name)
        ids = await self.service.run(self.service.record_checked, events)
        self.send({"ids": ids})

    @web.authenticated
    async def get(self) -> None:
        who = await self.caller()
        learner = self.get_argument("learner", None)
        if learner is not None:
            learner = bounded_text(learner, "learner", MAX_NAME_CHARS)
        if learner != who.name and not who.teacher:
            if learner is None:
                raise Refusal(403, "hub_teachers_only", user=who.name)
            raise Refusal(403, "hub_own_progress_only", user=who.name, learner=learner)
        after = self.get_argument("after", "0")
        if not (after.isascii() and after.isdigit() and len(after) <= 19 and int(after) <= MAX_POLL_ID):
            raise Refusal(400, "service_bad_field", field="after", expected="an event id (0 or more)")
        found = await self.service.run(
            self.service.store.events, self.class_name(), learner=learner, after_id=int(after)
        )
        self.send({"events": [stored_to_json(stored) for stored in found]})


class LearnersHandler(ServiceHandler):
    """``GET api/learners``: the class's learners (teachers only)."""

    @web.authenticated
    async def get(self) -> None:
        await self.teacher()
        names = await self.service.run(self.service.store.learners, self.class_name())
        self.send({"learners": names})


class PollsHandler(ServiceHandler):
    """``POST api/polls`` opens a poll (teachers); ``GET api/polls`` is the class's current poll."""

    @web.authenticated
    async def post(self) -> None:
        await self.teacher()
        data = self.body()
        class_name = bounded_text(data.get("class_name"), "class_name", MAX_NAME_CHARS)
        source = bounded_text(data.get("source"), "source", 16)
        if source not in POLL_SOURCES:
            raise Refusal(400, "service_bad_field", field="source", expected=" / ".join(POLL_SOURCES))
        ref = bounded_text(data.get("ref"), "ref", MAX_REF_CHARS)
        prompt_en = bounded_text(data.get("prompt_en"), "prompt_en", MAX_PROMPT_CHARS, empty=True)
        prompt_zh = bounded_text(data.get("prompt_zh"), "prompt_zh", MAX_PROMPT_CHARS, empty=True)
        raw = data.get("options")
        if not isinstance(raw, list) or not 2 <= len(raw) <= MAX_OPTIONS:
            raise Refusal(400, "service_bad_field", field="options", expected=f"a list of 2 to {MAX_OPTIONS} texts")
        options = [bounded_text(option, "options", MAX_OPTION_CHARS) for option in raw]
        answer = bounded_text(data.get("answer"), "answer", MAX_OPTION_CHARS)
        if len(set(options)) != len(options) or answer not in options:
            raise Refusal(400, "service_bad_field", field="options",
                          expected="different texts, the answer one of them")
        poll = await self.service.run(
            self.service.store.open_poll, class_name, source, ref, prompt_en, prompt_zh, options, answer,
        )
        self.send({"poll": poll_to_json(poll)})

    @web.authenticated
    async def get(self) -> None:
        who = await self.caller()
        class_name = self.class_name()
        await self.service.in_class(who, class_name)
        poll = await self.service.run(self.service.store.current_poll, class_name)
        if poll is None:
            self.send({"poll": None})
            return
        self.send({"poll": poll_as_seen(poll, who)})


def poll_as_seen(poll: Poll, who: Caller) -> dict[str, Any]:
    """The poll as ``who`` may see it: a teacher everything; a learner their own choice, and the
    right answer only once the poll is revealed."""
    data = poll_to_json(poll)
    if not who.teacher:
        data["answers"] = {who.name: poll.answers[who.name]} if who.name in poll.answers else {}
        if poll.state != POLL_REVEALED:
            data["answer"] = ""
    return data


class PollAnswerHandler(ServiceHandler):
    """``POST api/polls/ID/answer``: the caller's choice in a poll (of a class they are in)."""

    @web.authenticated
    async def post(self, text_id: str) -> None:
        who = await self.caller()
        poll_id = poll_id_of(text_id)
        data = self.body()
        learner, option = data.get("learner", who.name), data.get("option")
        if learner != who.name:
            raise Refusal(403, "hub_own_progress_only", user=who.name, learner=str(learner)[:MAX_NAME_CHARS])
        option = bounded_text(option, "option", MAX_OPTION_CHARS)
        poll = await self.service.run(self.service.find_poll, poll_id)
        await self.service.in_class(who, poll.class_name)
        await self.service.run(self.service.answer_poll, poll_id, who, option)
        self.send({"ok": True})


class PollStateHandler(ServiceHandler):
    """``POST api/polls/ID/state``: reveal or close a poll (teachers)."""

    @web.authenticated
    async def post(self, text_id: str) -> None:
        await self.teacher()
        poll_id = poll_id_of(text_id)
        state = self.body().get("state")
        if state not in (POLL_REVEALED, POLL_CLOSED):
            raise Refusal(400, "service_bad_field", field="state", expected=f"{POLL_REVEALED} or {POLL_CLOSED}")
        await self.service.run(self.service.find_poll, poll_id)
        await self.service.run(self.service.store.set_poll_state, poll_id, state)
        self.send({"ok": True})


def routes(prefix: str, service: ClassService) -> list[tuple[str, type[web.RequestHandler], dict[str, Any]]]:
    """The service's URL patterns under ``prefix`` (``/services/shengji-class/``)."""
    where = {"service": service}
    return [
        (prefix, AboutHandler, {}),
        (prefix + "api/whoami", WhoAmIHandler, where),
        (prefix + "api/events", EventsHandler, where),
        (prefix + "api/learners", LearnersHandler, where),
        (prefix + "api/polls", PollsHandler, where),
        (prefix + r"api/polls/([^/]*)/answer", PollAnswerHandler, where),
        (prefix + r"api/polls/([^/]*)/state", PollStateHandler, where),
        (prefix + "oauth_callback", HubOAuthCallbackHandler, {}),
    ]


def open_sql_store() -> ServiceStore:
    """The SQL store of ``SHENGJI_KIT_CLASS_DB``; never the service client (that would call ourselves)."""
    os.environ.pop(SERVICE_URL_ENV, None)
    opener: Callable[[], ServiceStore] = importlib.import_module("shengji_kit.classroom.open").open_store
    return opener()


Routes = list[tuple[str, type[web.RequestHandler], dict[str, Any]]]
MoreRoutes = Callable[[str, "ClassService"], Routes]
"""More of the service's addresses under its prefix, given the service (the kit's shared tables:
apps/classroom/hub_tables.py)."""


def make_app(store: ServiceStore, items: ItemChecker, environ: Mapping[str, str] | None = None,
             more: MoreRoutes | None = None) -> web.Application:
    """The tornado application, configured from JupyterHub's ``JUPYTERHUB_*`` variables, with ``more`` routes."""
    env = os.environ if environ is None else environ
    prefix = env.get("JUPYTERHUB_SERVICE_PREFIX", f"/services/{SERVICE_NAME}/")
    service = ClassService(
        store,
        api_url=env["JUPYTERHUB_API_URL"],
        api_token=env["JUPYTERHUB_API_TOKEN"],
        teachers_group=env.get(TEACHERS_GROUP_ENV, DEFAULT_TEACHERS_GROUP),
        items=items,
    )
    return LimitedApplication(
        (more(prefix, service) if more else []) + routes(prefix, service),
        body_limit=MAX_BODY_BYTES,
        body_discard=SERVER_BODY_BYTES,
        answer=refusal_body,
        default_handler_class=NotFoundHandler,
        # Browsers sign in through the hub's OAuth (its cookie checks xsrf itself); kernels send a token.
        cookie_secret=os.urandom(32),
    )


def main(items: ItemChecker | None = None, more: MoreRoutes | None = None) -> None:
    """Listen where JupyterHub said (``JUPYTERHUB_SERVICE_URL``) until stopped, judging ``items``.

    Without ``items``, the kit's own (shengji_kit/apps/classroom/class_service.py, which JupyterHub runs).
    ``$SHENGJI_KIT_CLASS_SERVICE_BIND_IP`` overrides the address listened on (on Kubernetes the
    service's URL names the hub's Service, which the pod cannot bind: listen on 0.0.0.0 there).
    """
    logging.basicConfig(level=logging.INFO, format="[%(levelname)s %(asctime)s %(name)s] %(message)s")
    if items is None:  # the kit's puzzles live on a floor above this one: asked for by name
        items = importlib.import_module("shengji_kit.apps.classroom.class_service").ItemBook.kit()
    url = os.environ["JUPYTERHUB_SERVICE_URL"]
    asyncio.run(serve(url, open_sql_store(), items, os.environ.get(BIND_IP_ENV) or None, more))


async def serve(url: str, store: ServiceStore, items: ItemChecker, bind_ip: str | None = None,
                more: MoreRoutes | None = None) -> None:
    """Answer on ``url``'s host and port until SIGTERM or SIGINT (JupyterHub stops it with them)."""
    address = urlsplit(url)
    host = bind_ip or address.hostname or "127.0.0.1"
    server = make_app(store, items, more=more).listen(address.port or 80, host, max_body_size=SERVER_BODY_BYTES)
    log.info("class service listening on %s (%s)", url, host)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    # explicit handlers: a service started in the background inherits an ignored SIGINT
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    await stop.wait()
    server.stop()
    log.info("class service stopped")


if __name__ == "__main__":
    main()
