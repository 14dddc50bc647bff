"""A light client of the class server's tables (``/tables/api/…``): what page kernels and benchmarks use.

Plain HTTP with JSON bodies (the standard library only, so a kernel pays nothing to import it). A
seat's token is kept by the client once it sits; ``view(after=…)`` is a long poll that returns as
soon as the table has changed past that version. A refusal raises ``TableRefused`` with the
server's catalogue code and text; a server that does not answer raises ``TableUnreachable``, so a
page can say the connection is lost and try again. On JupyterHub the tables are the class service's
(``local_server_url`` finds it) and the client sends the server's hub token, which says who sits.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import urlencode, urlsplit

from ..join import JOIN_URL_VAR, TEACHER_CODE_VAR

JSONObject = dict[str, Any]
API = "tables/api/"
LONG_POLL_SECONDS = 25.0
TEACHER_HEADER = "X-Shengji-Teacher"
HUB_SERVICE_URL_VAR = "SHENGJI_KIT_CLASS_SERVICE_URL"  # as service_client.SERVICE_URL_ENV
HUB_TOKEN_VAR = "JUPYTERHUB_API_TOKEN"


class TableRefused(ValueError):
    """The tables refused a request: ``code``, ``params`` and ``texts`` (each language's message)."""

    def __init__(self, status: int, body: JSONObject) -> None:
        self.status = status
        self.code = str(body.get("code", "tables_bad_request"))
        self.params = dict(body.get("params") or {})
        message = body.get("message") or {}
        self.texts = dict(message) if isinstance(message, dict) else {"en": str(message)}
        super().__init__(self.texts.get("en") or self.code)


class TableUnreachable(ValueError):
    """The class server did not answer (stopped, restarting, or the network is down)."""


def local_server_url() -> str | None:
    """The class server as a kernel on its machine reaches it: the join address's host and port (the
    server listens there, and lets this machine in without the code); on JupyterHub, the class service
    (:func:`hub_tables_url`); None outside ``serve --classroom`` and a hub."""
    join = urlsplit(os.environ.get(JOIN_URL_VAR, "").strip())
    if not join.scheme or not join.netloc:
        return hub_tables_url()
    return f"{join.scheme}://{join.netloc}/"


def hub_tables_url() -> str | None:
    """The class service's address as a learner's JupyterHub server reaches it (``$SHENGJI_KIT_CLASS_SERVICE_URL``,
    which deploy/jupyterhub sets), when the server has its hub token (``$JUPYTERHUB_API_TOKEN``); else None.
    The service serves the tables under it (``tables/api/``) to the hub's signed-in users."""
    url = os.environ.get(HUB_SERVICE_URL_VAR, "").strip()
    if not url or not os.environ.get(HUB_TOKEN_VAR, "").strip() or not urlsplit(url).netloc:
        return None
    return url.rstrip("/") + "/"


def hub_token_for(base_url: str) -> str | None:
    """The hub token a client of ``base_url`` sends: the server's own, and only to the hub's class service."""
    hub = hub_tables_url()
    if hub is None or base_url.rstrip("/") + "/" != hub:
        return None
    return os.environ.get(HUB_TOKEN_VAR, "").strip() or None


class TableClient:
    """One page's connection to the tables; ``token`` is its seat once it sits."""

    def __init__(self, base_url: str, *, class_code: str | None = None, teacher_code: str | None = None,
                 timeout: float = 10.0) -> None:
        self.base_url = base_url.rstrip("/") + "/"
        # on JupyterHub the server's token says who the learner is (the class code's header carries it)
        self.class_code = class_code if class_code is not None else hub_token_for(self.base_url)
        self.teacher_code = teacher_code if teacher_code is not None else os.environ.get(TEACHER_CODE_VAR) or None
        self.timeout = timeout
        self.token: str | None = None

    # --- learners ----------------------------------------------------------------------------

    def tables(self) -> list[JSONObject]:
        return list(self._call("GET", "list")["tables"])

    def listing(self) -> JSONObject:
        """The whole list reply: ``tables``, and ``store`` (how many table saves wait for the class store, and why)."""
        return dict(self._call("GET", "list"))

    def sit(self, table: str, seat: int, learner: str = "", *, pin: str = "", learner_pass: str = "") -> JSONObject:
        """Sit at ``seat``; the seat's first message. Sitting again at the seat this client holds (a page that
        reloaded with its token) sends the token as proof; a learner with a class-list PIN sends the PIN or
        the learner bar's pass token."""
        body: JSONObject = {"table": table, "seat": seat}
        if learner:  # on JupyterHub the service seats the signed-in user: the name may be left out
            body["learner"] = learner
        if self.token:
            body["token"] = self.token
        if pin:
            body["pin"] = pin
        if learner_pass:
            body["pass"] = learner_pass
        reply = self._call("POST", "sit", body)
        self.token = str(reply["token"])
        return dict(reply["message"])

    def view(self, after: int = -1, wait: float = LONG_POLL_SECONDS) -> JSONObject:
        """The seat's message; with ``after``, waits up to ``wait`` seconds for a version past it."""
        query = urlencode({"token": self._seat(), "after": after, "wait": wait})
        return self._call("GET", f"view?{query}", timeout=wait + self.timeout)

    def act(self, kind: str, cards: str = "") -> JSONObject:
        """Take an action (``"play", "SA SA"``) for the seat; its new message."""
        return self._call("POST", "act", {"token": self._seat(), "action": [kind, cards]})

    def record(self, table: str, round_number: int) -> JSONObject:
        """The record of a finished round of the seat's own table (``{"table", "round", "seat", "record"}``);
        a round still being played, another table's, or a token that holds no seat is refused."""
        query = urlencode({"token": self._seat(), "table": table, "round": round_number})
        return self._call("GET", f"record?{query}")

    def next_round(self) -> JSONObject:
        return self._call("POST", "next", {"token": self._seat()})

    def leave(self) -> None:
        self._call("POST", "leave", {"token": self._seat()})
        self.token = None

    # --- the teacher -------------------------------------------------------------------------

    def open_table(self, name: str, *, rules: str = "super_tycoon", tier: str = "steady", hints: bool = True,
                   learners: list[str | None] | None = None, seed: int | None = None, start: bool = False,
                   grace: float | None = None, takeover: bool = False) -> str:
        """A new table; it waits for its learners unless ``start`` (with nobody named: four bots)."""
        body = {"name": name, "rules": rules, "tier": tier, "hints": hints, "learners": learners or [], "seed": seed,
                "start": start, "takeover": takeover}
        if grace is not None:
            body["grace"] = grace
        return str(self._call("POST", "teacher/open", body)["table"])

    def start(self, table: str) -> None:
        """Start a table that waits for its learners (a seat nobody has taken yet is played by a bot)."""
        self._call("POST", "teacher/start", {"table": table})

    def set_seating(self, table: str, *, grace: float | None = None, takeover: bool | None = None) -> None:
        """The seconds before a bot plays for a silent page; whether a learner may take a bot's seat mid-round."""
        self._call("POST", "teacher/seating", {"table": table, "grace": grace, "takeover": takeover})

    def set_paused(self, table: str, paused: bool) -> None:
        self._call("POST", "teacher/pause", {"table": table, "paused": paused})

    def set_hints(self, table: str, allowed: bool) -> None:
        """Whether the learners at ``table`` may ask the coach for hints."""
        self._call("POST", "teacher/hints", {"table": table, "allowed": allowed})

    def deal_next(self, table: str) -> None:
        self._call("POST", "teacher/next", {"table": table})

    def close_table(self, table: str) -> None:
        self._call("POST", "teacher/close", {"table": table})

    def watch(self, table: str) -> JSONObject:
        """The whole table, every hand included (the teacher's code only)."""
        return self._call("GET", f"teacher/watch?{urlencode({'table': table})}")

    # --- inside ------------------------------------------------------------------------------

    def _seat(self) -> str:
        if self.token is None:
            raise TableRefused(403, {"code": "tables_bad_token"})
        return self.token

    def _call(self, method: str, path: str, body: JSONObject | None = None, timeout: float | None = None) -> JSONObject:
        headers = {"Content-Type": "application/json"}
        if self.class_code:
            headers["Authorization"] = f"token {self.class_code}"
        if self.teacher_code and path.startswith("teacher/"):
            headers[TEACHER_HEADER] = self.teacher_code
        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(self.base_url + API + path, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=timeout or self.timeout) as response:
                reply = json.loads(response.read().decode("utf-8"))
        except ValueError as error:
            raise TableUnreachable(f"the class server at {self.base_url} answered something else ({error})") from error
        except urllib.error.HTTPError as error:
            try:
                reply = json.loads(error.read().decode("utf-8"))
            except ValueError:
                reply = {"code": "tables_bad_request", "message": {"en": str(error)}}
            raise TableRefused(error.code, reply if isinstance(reply, dict) else {}) from error
        except (urllib.error.URLError, OSError) as error:
            raise TableUnreachable(f"the class server at {self.base_url} does not answer ({error})") from error
        if not isinstance(reply, dict):
            raise TableUnreachable(f"the class server at {self.base_url} answered something else")
        return reply
