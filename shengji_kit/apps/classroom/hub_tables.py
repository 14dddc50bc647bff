"""The shared tables on JupyterHub: the tables API inside the class service, at ``/services/shengji-class/tables/api/``.

The same routes as the class server's (``apps/serving/tables_api.py``: list, sit, view, act, next, leave,
record, teacher/…), the same hall on the class store behind the tables' spool, but whoever calls is the hub's
signed-in user, as for the rest of the class service (a kernel's ``$JUPYTERHUB_API_TOKEN``, or the hub's
OAuth in a browser):

* ``sit`` seats the hub user, never a name from the body: a body naming someone else is refused
  (``tables_hub_not_you``); no PIN is asked, the hub's sign-in vouches for the learner;
* ``view``, ``act``, ``next``, ``leave`` and ``record`` (a finished round of the seat's table, for the
  coach's review) need the seat's token *and* the seat must be the caller's (``tables_hub_not_your_seat``):
  a token passed on to another learner is worth nothing to them;
* the teacher's routes need the hub's teacher role the dashboard uses (an admin, or the teachers group);
  no teacher code.

Every refusal is the tables' JSON ``{"code", "params", "message": {"en", "zh"}}``, so ``TableClient`` says
it in both languages.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from tornado import web

from ...classroom.hub_service import ClassService, Refusal, ServiceHandler
from ...classroom.tables.seat_claim import TableError, name_key
from ...classroom.tables.seat_wire import refusal_to_json
from ..serving.tables_api import TablesRoutes, TablesService

API = "tables/api/"


class HubTablesHandler(TablesRoutes, ServiceHandler):
    """``<service prefix>tables/api/<route>``: the tables, for the hub's signed-in users."""

    tables: TablesService

    def initialize(self, service: ClassService, tables: TablesService) -> None:  # type: ignore[override]
        super().initialize(service)
        self.tables = tables

    @property
    def tables_service(self) -> TablesService:
        if self.tables.loop is None:
            self.tables.loop = asyncio.get_running_loop()
        return self.tables

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """A refusal before the routes (not signed in, a hub role missing) in the tables' own JSON."""
        error = kwargs.get("exc_info", (None, None, None))[1]
        if isinstance(error, Refusal):
            refusal = TableError(error.code, dict(error.params))
        elif status_code in (401, 403):
            refusal = TableError("hub_not_signed_in", {"status": str(status_code)})
        else:
            refusal = TableError("tables_bad_request", {"detail": f"HTTP {status_code}"})
        self.finish(json.dumps(refusal_to_json(refusal), ensure_ascii=False))

    async def learner_for(self, data: dict[str, Any]) -> tuple[object, bool]:
        """The hub user; a body naming another learner is refused."""
        who = await self.caller()
        given = data.get("learner", who.name)
        if not isinstance(given, str) or name_key(given.strip()) != name_key(who.name):
            raise TableError("tables_hub_not_you", {"user": who.name, "learner": str(given)[:40]})
        return who.name, True

    async def check_seat(self, token: str) -> None:
        """The seat of ``token`` must be held by the hub user."""
        who = await self.caller()
        holder = await self.tables_service.run(self.tables_service.hall.seat_holder, token)
        if holder is None or name_key(holder) != name_key(who.name):
            seat = int(token.split(".")[1])
            raise TableError("tables_hub_not_your_seat", {"user": who.name, "name": holder or "?", "seat": seat})

    async def check_teacher(self) -> None:
        who = await self.caller()
        if not who.teacher:
            raise TableError("tables_hub_teachers_only", {"user": who.name})

    def prepare(self) -> None:
        """Nobody the hub vouches for: refused at once (an API, not a page: no redirect to the hub's login)."""
        if not self.current_user:
            raise web.HTTPError(403)

    async def get(self, route: str) -> None:
        await self._handle(route, "GET")

    async def post(self, route: str) -> None:
        await self._handle(route, "POST")


def tables_routes(prefix: str, service: ClassService,
                  tables: TablesService | None = None) -> list[tuple[str, type[web.RequestHandler], dict[str, Any]]]:
    """The tables' URL pattern under the class service's ``prefix``; the hall opened on the class store."""
    tables = tables or TablesService.open()
    return [(prefix + API + "(.+)", HubTablesHandler, {"service": service, "tables": tables})]
