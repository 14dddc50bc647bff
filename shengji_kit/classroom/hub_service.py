"""The class service JupyterHub runs beside the hub: learners' progress and the teacher's polls over HTTP.

Learners on JupyterHub can run code, so their kernels never hold the database's password: they
send events here with their server's JupyterHub token, and the hub tells this service who is
asking. A learner writes and reads only their own events and answers polls as themselves; the
members of the teachers group (or hub admins) read the whole class and open, reveal and close polls.
The store behind it is the SQL store of ``SHENGJI_KIT_CLASS_DB`` (PostgreSQL on a hub).

JupyterHub starts it as a managed service (deploy/jupyterhub/jupyterhub_config.py):
``python -m shengji_kit.classroom.hub_service``. Every refusal is JSON
``{"code", "params", "message"}`` with a catalogue code of hub.toml, so the client can say it in both
languages.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import logging
import os
import signal
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import quote, urlsplit

from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated
from tornado import web
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.ioloop import IOLoop

from ..words.catalogue import text
from ._wire import WireError, event_from_json, poll_to_json, stored_to_json
from .store_protocol import POLL_CLOSED, POLL_REVEALED, ClassStoreAPI, StoreError

SERVICE_NAME = "shengji-class"
TEACHERS_GROUP_ENV = "SHENGJI_KIT_TEACHERS_GROUP"
DEFAULT_TEACHERS_GROUP = "teachers"
SERVICE_URL_ENV = "SHENGJI_KIT_CLASS_SERVICE_URL"
BIND_IP_ENV = "SHENGJI_KIT_CLASS_SERVICE_BIND_IP"
# How long the teachers group's members are trusted before the hub is asked again.
TEACHERS_CACHE_SECONDS = 10.0
# Largest request body accepted (a batch of events is a few hundred bytes each).
MAX_BODY_BYTES = 1_000_000

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


class ClassService:
    """The store, the one thread that talks to it, and who the teachers are (asked of the hub)."""

    def __init__(self, store: ClassStoreAPI, api_url: str, api_token: str, teachers_group: str) -> None:
        self.store = store
        self.api_url = api_url.rstrip("/")
        self.api_token = api_token
        self.teachers_group = teachers_group
        # One thread: the store's calls are blocking, and the event loop must keep answering.
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="class-store")
        self._teachers: frozenset[str] = frozenset()
        self._teachers_checked = float("-inf")

    async def run(self, call: Callable[..., Result], *args: Any, **kwargs: Any) -> Result:
        """Run a store call on the store's thread; a StoreError becomes a 500 refusal with its reason."""
        try:
            return await IOLoop.current().run_in_executor(self.executor, lambda: call(*args, **kwargs))
        except StoreError as error:
            log.error("class store failed: %s", error)
            raise Refusal(500, "hub_store_failed", detail=error) from error

    async def teachers(self) -> frozenset[str]:
        """The members of the teachers group, as the hub says (kept for a few seconds)."""
        if time.monotonic() - self._teachers_checked < TEACHERS_CACHE_SECONDS:
            return self._teachers
        request = HTTPRequest(
            f"{self.api_url}/groups/{quote(self.teachers_group, safe='')}",
            headers={"Authorization": f"token {self.api_token}"},
            request_timeout=10,
        )
        try:
            response = await AsyncHTTPClient().fetch(request)
            members = json.loads(response.body).get("users", [])
        except HTTPClientError as error:
            if error.code != 404:  # no such group yet: nobody teaches
                raise
            members = []
        self._teachers = frozenset(str(name) for name in members)
        self._teachers_checked = time.monotonic()
        return self._teachers


class ServiceHandler(HubOAuthenticated, web.RequestHandler):
    """A JSON endpoint of the service: hub-authenticated (token or browser login), JSON errors."""

    service: ClassService

    def initialize(self, service: ClassService) -> None:
        self.service = service

    def set_default_headers(self) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        error = kwargs.get("exc_info", (None, None, None))[1]
        if isinstance(error, Refusal):
            code, params = error.code, error.params
        elif status_code in (401, 403):
            code, params = "hub_not_signed_in", {"status": str(status_code)}
        else:
            code, params = "hub_service_failed", {"status": str(status_code), "detail": self._reason}
        self.finish(json.dumps({"code": code, "params": params, "message": bilingual(code, params)}))

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
        """The request's JSON object."""
        if len(self.request.body) > MAX_BODY_BYTES:
            raise Refusal(413, "hub_bad_request", detail=f"body over {MAX_BODY_BYTES} bytes")
        try:
            data = json.loads(self.request.body or b"{}")
        except ValueError as error:
            raise Refusal(400, "hub_bad_request", detail=error) from error
        if not isinstance(data, dict):
            raise Refusal(400, "hub_bad_request", detail="the body must be a JSON object")
        return data

    def class_name(self) -> str:
        return self.get_argument("class", "default")


class AboutHandler(web.RequestHandler):
    """``GET /services/shengji-class/``: what this is (JupyterHub checks that the service answers)."""

    def get(self) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        api = ["api/whoami", "api/events", "api/learners", "api/polls"]
        self.finish(json.dumps({"service": SERVICE_NAME, "api": api}))


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
            raise Refusal(400, "hub_bad_request", detail="'events' must be a list")
        try:
            events = [event_from_json(item) for item in raw]
        except WireError as error:
            raise Refusal(400, "hub_bad_request", detail=error) from error
        for event in events:
            if event.learner != who.name:
                raise Refusal(403, "hub_own_progress_only", user=who.name, learner=event.learner)
        ids = await self.service.run(self.service.store.record, events)
        self.send({"ids": ids})

    @web.authenticated
    async def get(self) -> None:
        who = await self.caller()
        learner = self.get_argument("learner", None)
        if learner != who.name and not who.teacher:
            if learner is None:
                raise Refusal(403, "hub_teachers_only", user=who.name)
            raise Refusal(403, "hub_own_progress_only", user=who.name, learner=learner)
        try:
            after_id = int(self.get_argument("after", "0"))
        except ValueError as error:
            raise Refusal(400, "hub_bad_request", detail=error) from error
        found = await self.service.run(
            self.service.store.events, self.class_name(), learner=learner, after_id=after_id
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
        try:
            names = ("class_name", "source", "ref", "prompt_en", "prompt_zh", "answer")
            fields = {name: str(data[name]) for name in names}
            options = [str(option) for option in data["options"]]
        except (KeyError, TypeError) as error:
            raise Refusal(400, "hub_bad_request", detail=f"missing or bad field {error}") from error
        poll = await self.service.run(
            self.service.store.open_poll, fields["class_name"], fields["source"], fields["ref"],
            fields["prompt_en"], fields["prompt_zh"], options, fields["answer"],
        )
        self.send({"poll": poll_to_json(poll)})

    @web.authenticated
    async def get(self) -> None:
        who = await self.caller()
        poll = await self.service.run(self.service.store.current_poll, self.class_name())
        if poll is None:
            self.send({"poll": None})
            return
        data = poll_to_json(poll)
        if not who.teacher:  # a learner sees their own choice, never the others'
            data["answers"] = {who.name: poll.answers[who.name]} if who.name in poll.answers else {}
        self.send({"poll": data})


class PollAnswerHandler(ServiceHandler):
    """``POST api/polls/ID/answer``: the caller's choice in a poll."""

    @web.authenticated
    async def post(self, poll_id: str) -> None:
        who = await self.caller()
        data = self.body()
        learner, option = data.get("learner", who.name), data.get("option")
        if learner != who.name:
            raise Refusal(403, "hub_own_progress_only", user=who.name, learner=learner)
        if not isinstance(option, str):
            raise Refusal(400, "hub_bad_request", detail="'option' must be a text")
        await self.service.run(self.service.store.answer_poll, int(poll_id), who.name, option)
        self.send({"ok": True})


class PollStateHandler(ServiceHandler):
    """``POST api/polls/ID/state``: reveal or close a poll (teachers)."""

    @web.authenticated
    async def post(self, poll_id: str) -> None:
        await self.teacher()
        state = self.body().get("state")
        if state not in (POLL_REVEALED, POLL_CLOSED):
            raise Refusal(400, "hub_bad_request", detail=f"state must be {POLL_REVEALED} or {POLL_CLOSED}")
        await self.service.run(self.service.store.set_poll_state, int(poll_id), state)
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
        (prefix + r"api/polls/(\d+)/answer", PollAnswerHandler, where),
        (prefix + r"api/polls/(\d+)/state", PollStateHandler, where),
        (prefix + "oauth_callback", HubOAuthCallbackHandler, {}),
    ]


def open_sql_store() -> ClassStoreAPI:
    """The SQL store of ``SHENGJI_KIT_CLASS_DB``; never the service client (that would call ourselves)."""
    os.environ.pop(SERVICE_URL_ENV, None)
    opener: Callable[[], ClassStoreAPI] = importlib.import_module("shengji_kit.classroom.open").open_store
    return opener()


def make_app(store: ClassStoreAPI, environ: Mapping[str, str] | None = None) -> web.Application:
    """The tornado application, configured from JupyterHub's ``JUPYTERHUB_*`` variables."""
    env = os.environ if environ is None else environ
    prefix = env.get("JUPYTERHUB_SERVICE_PREFIX", f"/services/{SERVICE_NAME}/")
    service = ClassService(
        store,
        api_url=env["JUPYTERHUB_API_URL"],
        api_token=env["JUPYTERHUB_API_TOKEN"],
        teachers_group=env.get(TEACHERS_GROUP_ENV, DEFAULT_TEACHERS_GROUP),
    )
    return web.Application(
        routes(prefix, service),
        # Browsers sign in through the hub's OAuth (its cookie checks xsrf itself); kernels send a token.
        cookie_secret=os.urandom(32),
    )


def main() -> None:
    """Listen where JupyterHub said (``JUPYTERHUB_SERVICE_URL``) until stopped.

    ``$SHENGJI_KIT_CLASS_SERVICE_BIND_IP`` overrides the address listened on (on Kubernetes the
    service's URL names the hub's Service, which the pod cannot bind: listen on 0.0.0.0 there).
    """
    logging.basicConfig(level=logging.INFO, format="[%(levelname)s %(asctime)s %(name)s] %(message)s")
    url = os.environ["JUPYTERHUB_SERVICE_URL"]
    asyncio.run(serve(url, open_sql_store(), os.environ.get(BIND_IP_ENV) or None))


async def serve(url: str, store: ClassStoreAPI, bind_ip: str | None = None) -> None:
    """Answer on ``url``'s host and port until SIGTERM or SIGINT (JupyterHub stops it with them)."""
    address = urlsplit(url)
    host = bind_ip or address.hostname or "127.0.0.1"
    server = make_app(store).listen(address.port or 80, host)
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
