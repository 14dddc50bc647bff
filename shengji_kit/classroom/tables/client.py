"""A light client of the class server's tables (``/tables/api/…``): what page kernels and benchmarks use.

Plain HTTP with JSON bodies (the standard library only, so a kernel pays nothing to import it). A
seat's token is kept by the client once it sits; ``view(after=…)`` is a long poll that returns as
soon as the table has changed past that version. A refusal raises ``TableRefused`` with the
server's catalogue code and text; a server that does not answer raises ``TableUnreachable``, so a
page can say the connection is lost and try again.
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


class TableRefused(ValueError):
    """The tables refused a request: ``code``, ``params`` and ``texts`` (each language's message)."""

    def __init__(self, status: int, body: JSONObject) -> None:
        self.status = status
        self.code = str(body.get("code", "tables_bad_request"))
        self.params = dict(body.get("params") or {})
        self.texts = dict(body.get("message") or {})
        super().__init__(self.texts.get("en") or self.code)


class TableUnreachable(ValueError):
    """The class server did not answer (stopped, restarting, or the network is down)."""


def local_server_url() -> str | None:
    """The class server as a kernel on its machine reaches it: the join address's host and port (the
    server listens there, and lets this machine in without the code); None outside ``serve --classroom``."""
    join = urlsplit(os.environ.get(JOIN_URL_VAR, "").strip())
    if not join.scheme or not join.netloc:
        return None
    return f"{join.scheme}://{join.netloc}/"


class TableClient:
    """One page's connection to the tables; ``token`` is its seat once it sits."""

    def __init__(self, base_url: str, *, class_code: str | None = None, teacher_code: str | None = None,
                 timeout: float = 10.0) -> None:
        self.base_url = base_url.rstrip("/") + "/"
        self.class_code = class_code
        self.teacher_code = teacher_code if teacher_code is not None else os.environ.get(TEACHER_CODE_VAR) or None
        self.timeout = timeout
        self.token: str | None = None

    # --- learners ----------------------------------------------------------------------------

    def tables(self) -> list[JSONObject]:
        return list(self._call("GET", "list")["tables"])

    def listing(self) -> JSONObject:
        """The whole list reply: ``tables``, and ``store`` (how many table saves wait for the class store, and why)."""
        return dict(self._call("GET", "list"))

    def sit(self, table: str, seat: int, learner: str, *, pin: str = "", learner_pass: str = "") -> JSONObject:
        """Sit at ``seat``; the seat's first message. Sitting again at the seat this client holds (a page that
        reloaded with its token) sends the token as proof; a learner with a class-list PIN sends the PIN or
        the learner bar's pass token."""
        body: JSONObject = {"table": table, "seat": seat, "learner": learner}
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
