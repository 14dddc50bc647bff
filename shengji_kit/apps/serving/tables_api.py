"""The class server's tables API (``/tables/api/…``): the ``TableHall`` behind HTTP, in the server's process.

Learners' routes: ``list`` (with ``store``: how many table writes wait for the class store, and why),
``sit``, ``view`` (a long poll: ``after`` a version, up to ``wait`` seconds), ``act``, ``next``,
``leave``, ``record`` (a finished round of the seat's own table, for the coach's review); a learner acts
only with the seat token ``sit`` gave them.
The teacher's routes (``teacher/…``: open, pause, close, hints, next, watch) also need the teacher code in the
``X-Shengji-Teacher`` header. Every route needs the class code as the server's other addresses do,
except from this machine, where the page kernels call it (``classroom_server.KERNEL_CALLED``). The
hall's work (which may wait for a table's lock, never for the class store: the tables' writes go
through ``table_spool``) runs on a thread pool, never on the event loop; bots think on the hall's own threads.
The routes themselves are ``TablesRoutes``, which JupyterHub's class service serves too, with the hub user
as the caller (``apps/classroom/hub_tables.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from jupyter_server.base.handlers import JupyterHandler
from tornado.ioloop import IOLoop

from ...classroom.join import teacher_code
from ...classroom.settings import class_name, default_url
from ...classroom.store import SQLClassStore
from ...classroom.tables.client import LONG_POLL_SECONDS, TEACHER_HEADER
from ...classroom.tables.hall import TableHall
from ...classroom.tables.seat_claim import TableError, shown
from ...classroom.tables.seat_wire import refusal_to_json
from ...classroom.tables.table_spool import SpooledTableStore
from ...classroom.tables.table_state import GRACE_SECONDS
from ...classroom.tables.table_store import TableStore
from ...coach.bot_tiers import tier_named
from ...data_folder import data_dir
from ...engine.errors import RuleError
from ...game.actions import Action
from ...game.bots.base import Bot

log = logging.getLogger(__name__)
SETTINGS_KEY = "shengji_tables"
RECORDS = "records"
"""The data folder's records, which the teacher's projector lists: every finished shared round is written there."""
MAX_BODY = 16 * 1024
WORKERS = 8


def coach_bot(tier: str, seed: int) -> Bot:
    """The coach's bot of ``tier`` (gentle, steady, strong)."""
    return tier_named(tier).make(seed)


class TablesService:
    """The hall and the long polls waiting on it, for one server process."""

    def __init__(self, hall: TableHall) -> None:
        self.hall = hall
        self.pool = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="tables-api")
        self.loop: asyncio.AbstractEventLoop | None = None
        self._waiting: dict[str, set[asyncio.Future[None]]] = {}
        hall.subscribe(self._changed)

    @staticmethod
    def open() -> TablesService:
        """The hall on the class store behind the tables' spool (restoring its tables): no play waits on the
        database; a store that cannot be opened or read now is written once it answers."""
        url, name = default_url(), class_name()
        store = SpooledTableStore(lambda: TableStore(SQLClassStore(url)), name)
        if not store.on_disk:
            print(f"shared tables: the spool {store.path} cannot be used (writes wait in memory)", file=sys.stderr)
        return TablesService(TableHall(store, class_name=name, make_bot=coach_bot, records_dir=data_dir() / RECORDS))

    def store_json(self) -> dict[str, Any] | None:
        """How far the class store lags behind the tables: ``{"behind": n, "trouble": {"en", "zh"} | None}``
        (None: the tables live in memory only)."""
        store = self.hall.store
        if not isinstance(store, SpooledTableStore):
            return None
        trouble = store.trouble()
        return {"behind": store.behind(),
                "trouble": None if trouble is None else {"code": trouble.code, "kind": trouble.kind, **trouble.texts()}}

    async def run(self, work: Any, *args: Any) -> Any:
        return await IOLoop.current().run_in_executor(self.pool, work, *args)

    async def wait(self, table_id: str, timeout: float) -> None:
        """Until the table changes (or ``timeout``): call after reading a version, under ``expect``."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._waiting.setdefault(table_id, set()).add(future)
        try:
            await asyncio.wait_for(future, timeout)
        except TimeoutError:
            pass
        finally:
            self._waiting.get(table_id, set()).discard(future)

    def _changed(self, table_id: str, version: int) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._wake, table_id)

    def _wake(self, table_id: str) -> None:
        for future in self._waiting.pop(table_id, set()):
            if not future.done():
                future.set_result(None)


STATUS = {"tables_bad_token": 403, "tables_bad_teacher_code": 403, "tables_no_table": 404,
          "tables_unknown_route": 404, "tables_too_long": 413, "tables_bad_json": 400, "tables_bad_field": 400,
          "tables_missing_field": 400, "tables_bad_action": 400, "tables_bad_seat": 400, "tables_bad_request": 400,
          "tables_bad_table_name": 400, "tables_table_name_long": 400, "tables_bad_grace": 400,
          "learner_name_empty": 400, "learner_name_too_long": 400, "learner_name_bad_character": 400,
          "tables_record_other_table": 403, "tables_record_kitty_hidden": 403, "tables_record_none": 404,
          "tables_hub_not_you": 403, "tables_hub_not_your_seat": 403,
          "tables_hub_teachers_only": 403, "serving_pin_needed": 403, "serving_pin_wrong": 403, "serving_pin_bad": 403}
"""HTTP status per refusal; any other refusal (a rule, a seat taken, a paused table) is 409."""


def field(data: dict[str, Any], name: str) -> Any:
    """A request's field (``tables_missing_field`` when it is not there)."""
    if name not in data:
        raise TableError("tables_missing_field", {"field": name})
    return data[name]


def text_field(data: dict[str, Any], name: str, default: str | None = None) -> str:
    """A field that must be text (a table id, a token, a PIN)."""
    value = data.get(name, default) if default is not None else field(data, name)
    if not isinstance(value, str):
        raise TableError("tables_bad_field", {"field": name, "given": shown(value)})
    return value


def read_action(given: Any) -> Action:
    """The ``action`` field as an ``Action`` (a card the engine cannot read is the engine's refusal)."""
    try:
        return Action.from_json(given)
    except RuleError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as error:
        raise TableError("tables_bad_action", {"given": shown(given)}) from error


class TablesRoutes:
    """The API's routes, whoever serves them: JSON in, JSON out; refusals as ``{"code", "params", "message"}``.

    A server mixes it into its tornado handler and says who the caller is: ``learner_for`` (the name a
    learner sits as, and whether the server has proved it), ``check_seat`` (may the caller use this seat)
    and ``check_teacher`` (may the caller run the tables). The class server (``TablesHandler``) takes the
    name the page gives and the teacher code; JupyterHub's class service (``hub_tables``) takes the hub user.
    """

    _poll: asyncio.Future[None] | None = None

    if TYPE_CHECKING:  # what the tornado handler it is mixed into gives it
        request: Any
        settings: dict[str, Any]

        def set_status(self, status_code: int, reason: str | None = None) -> None: ...
        def set_header(self, name: str, value: Any) -> None: ...
        def finish(self, chunk: Any = None) -> Any: ...
        get_argument: Any

    @property
    def tables_service(self) -> TablesService:
        service: TablesService = self.settings[SETTINGS_KEY]
        if service.loop is None:
            service.loop = asyncio.get_running_loop()
        return service

    async def learner_for(self, data: dict[str, Any]) -> tuple[object, bool]:
        """The learner a ``sit`` seats and whether the server vouches for them (here: the page's word, not vouched)."""
        return field(data, "learner"), False

    async def check_seat(self, token: str) -> None:
        """Refuse a caller who may not use the seat of ``token`` (here: the token alone proves the seat)."""

    async def check_teacher(self) -> None:
        """Refuse a caller who may not run the tables (here: the ``X-Shengji-Teacher`` code)."""
        expected = teacher_code()
        given = self.request.headers.get(TEACHER_HEADER, "")
        if not expected or not secrets.compare_digest(expected.encode(), given.encode()):
            raise TableError("tables_bad_teacher_code")

    def reply(self, status: int, body: Any) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=UTF-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(body, ensure_ascii=False))

    def refuse(self, status: int, error: RuleError) -> None:
        self.reply(status, refusal_to_json(error))

    def on_connection_close(self) -> None:
        """A page that went away stops its long poll at once (so its seat's grace starts now)."""
        if self._poll is not None:
            self._poll.cancel()

    def body(self) -> dict[str, Any]:
        raw = self.request.body or b"{}"
        if len(raw) > MAX_BODY:
            raise TableError("tables_too_long", {"size": len(raw), "limit": MAX_BODY})
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as error:
            raise TableError("tables_bad_json") from error
        if not isinstance(data, dict):
            raise TableError("tables_bad_json")
        return data

    def number_argument(self, name: str, default: float) -> float:
        given = self.get_argument(name, None)
        if given is None:
            return default
        try:
            return float(given)
        except ValueError as error:
            raise TableError("tables_bad_field", {"field": name, "given": shown(given)}) from error

    async def _handle(self, route: str, method: str) -> None:
        try:
            await self._route(route, method)
        except RuleError as error:
            self.refuse(STATUS.get(error.code, 409), error)
        except (ValueError, TypeError, KeyError) as error:  # a request no check above foresaw: logged, not echoed
            log.warning("tables: %s %s refused: %r", method, route[:40], error)
            self.refuse(400, TableError("tables_bad_request", {"detail": route[:40]}))

    async def _route(self, route: str, method: str) -> None:
        service, hall = self.tables_service, self.tables_service.hall
        if method == "GET" and route == "list":
            self.reply(200, {"tables": await service.run(hall.tables), "store": await service.run(service.store_json)})
        elif method == "GET" and route == "view":
            await self._view()
        elif method == "GET" and route == "record":
            await self._record()
        elif method == "POST" and route == "sit":
            data = self.body()
            learner, vouched = await self.learner_for(data)
            token = await service.run(lambda: hall.sit(
                text_field(data, "table"), field(data, "seat"), learner,
                token=text_field(data, "token", ""), pin=text_field(data, "pin", ""),
                learner_pass=text_field(data, "pass", ""), vouched=vouched))
            self.reply(200, {"token": token, "message": await service.run(hall.message, token)})
        elif method == "POST" and route == "act":
            data = self.body()
            action = read_action(field(data, "action"))
            token = text_field(data, "token")
            await self.check_seat(token)
            self.reply(200, await service.run(hall.act, token, action))
        elif method == "POST" and route == "next":
            token = text_field(self.body(), "token")
            await self.check_seat(token)
            self.reply(200, await service.run(hall.next_round, token))
        elif method == "POST" and route == "leave":
            token = text_field(self.body(), "token")
            await self.check_seat(token)
            await service.run(hall.leave, token)
            self.reply(200, {"left": True})
        elif route.startswith("teacher/"):
            await self.check_teacher()
            await self._teacher(route.removeprefix("teacher/"), method)
        else:
            raise TableError("tables_unknown_route", {"route": shown(route)})

    async def _view(self) -> None:
        """The seat's message; with ``after``, a long poll until the table passes that version (the page
        counts as there while it waits, and as gone as soon as its connection closes)."""
        service, hall = self.tables_service, self.tables_service.hall
        token = self.get_argument("token", None)
        if token is None:
            raise TableError("tables_missing_field", {"field": "token"})
        await self.check_seat(token)
        after = self.number_argument("after", -1)
        wait = min(max(self.number_argument("wait", 0), 0.0), LONG_POLL_SECONDS)
        table_id = token.split(".")[0]
        message = await service.run(hall.message, token)
        if message["version"] <= after and wait > 0:
            await service.run(hall.polling, token, True)
            try:
                self._poll = asyncio.ensure_future(service.wait(table_id, wait))
                # a change between the first look and the wait is not missed: look again once waiting
                message = await service.run(hall.message, token)
                if message["version"] <= after:
                    try:
                        await self._poll
                    except asyncio.CancelledError:
                        return  # the page has gone: nobody to answer
                    message = await service.run(hall.message, token)
                else:
                    self._poll.cancel()
            finally:
                self._poll = None
                with contextlib.suppress(TableError):
                    await service.run(hall.polling, token, False)
        self.reply(200, message)

    async def _record(self) -> None:
        """A finished round of the seat's own table: ``token``, ``table`` and ``round`` (its number) in the query;
        ``{"table", "round", "seat", "record"}``. A round still being played is refused (it would show hidden hands)."""
        service, hall = self.tables_service, self.tables_service.hall
        token, table_id, number = (self.get_argument(name, None) for name in ("token", "table", "round"))
        for name, given in (("token", token), ("table", table_id), ("round", number)):
            if given is None:
                raise TableError("tables_missing_field", {"field": name})
        assert token is not None and number is not None
        await self.check_seat(token)
        if not (number.isascii() and number.isdigit()):
            raise TableError("tables_bad_field", {"field": "round", "given": shown(number)})
        record = await service.run(hall.finished_record, token, table_id, int(number))
        self.reply(200, {"table": table_id, "round": int(number), "seat": int(token.split(".")[1]), "record": record})

    async def _teacher(self, route: str, method: str) -> None:
        service, hall = self.tables_service, self.tables_service.hall
        if method == "POST" and route == "open":
            data = self.body()
            learners = data.get("learners") or []
            if not isinstance(learners, list):
                raise TableError("tables_bad_field", {"field": "learners", "given": shown(learners)})
            seed = data.get("seed")
            if seed is not None and (type(seed) is not int):
                raise TableError("tables_bad_field", {"field": "seed", "given": shown(seed)})
            table = await service.run(lambda: hall.open_table(
                text_field(data, "name", ""), rules=text_field(data, "rules", "super_tycoon"),
                tier=text_field(data, "tier", "steady"), hints=bool(data.get("hints", True)), seed=seed,
                learners=[None if name in (None, "") else name for name in learners],
                start=bool(data.get("start", False)), grace=data.get("grace", GRACE_SECONDS),
                takeover=bool(data.get("takeover", False))))
            self.reply(200, {"table": table})
        elif method == "POST" and route == "start":
            await service.run(hall.start, text_field(self.body(), "table"))
            self.reply(200, {"started": True})
        elif method == "POST" and route == "seating":
            data = self.body()
            await service.run(lambda: hall.set_seating(
                text_field(data, "table"), grace=data.get("grace"), takeover=data.get("takeover")))
            self.reply(200, {"seating": True})
        elif method == "POST" and route == "pause":
            data = self.body()
            await service.run(hall.set_paused, text_field(data, "table"), bool(data.get("paused", True)))
            self.reply(200, {"paused": bool(data.get("paused", True))})
        elif method == "POST" and route == "close":
            await service.run(hall.close_table, text_field(self.body(), "table"))
            self.reply(200, {"closed": True})
        elif method == "POST" and route == "hints":
            data = self.body()
            await service.run(hall.set_hints, text_field(data, "table"), bool(data.get("allowed", True)))
            self.reply(200, {"hints": bool(data.get("allowed", True))})
        elif method == "POST" and route == "next":
            await service.run(hall.deal_next, text_field(self.body(), "table"))
            self.reply(200, {"dealt": True})
        elif method == "GET" and route == "watch":
            table_id = self.get_argument("table", None)
            if table_id is None:
                raise TableError("tables_missing_field", {"field": "table"})
            self.reply(200, await service.run(hall.teacher_view, table_id))
        else:
            raise TableError("tables_unknown_route", {"route": shown(f"teacher/{route}")})


class TablesHandler(TablesRoutes, JupyterHandler):
    """``/tables/api/<route>`` of the class server (``serve --classroom``): the page's name, the teacher code."""

    async def get(self, route: str) -> None:
        await self._handle(route, "GET")

    async def post(self, route: str) -> None:
        await self._handle(route, "POST")


def tables_handlers(base_url: str) -> list[tuple[str, type]]:
    """The API's handler rule, under the server's base URL."""
    return [(f"{base_url.rstrip('/')}/{'tables/api/'}(.+)", TablesHandler)]
