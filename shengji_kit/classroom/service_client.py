"""The class store of a JupyterHub class: ``ClassStoreAPI`` over HTTP to the hub's class service.

A kernel on a learner's JupyterHub server cannot be trusted with the database, so it sends its
events to the class service (shengji_kit/classroom/hub_service.py) with the server's JupyterHub
token (``$JUPYTERHUB_API_TOKEN``), at ``$SHENGJI_KIT_CLASS_SERVICE_URL``. When the service does not
answer, nothing is lost: the events wait in this object and go with the next call; the error says
so in English and Chinese.

The page asserts nothing the service can check itself: solves and stars are never sent (the
service derives them from the attempts, which it judges with the engine), and batches stay within
the service's bounds (200 events, a body well under 512 KB).
"""

from __future__ import annotations

import atexit
import contextlib
import json
import logging
import os
import threading
import urllib.error
import urllib.request
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any, TypeVar
from urllib.parse import urlencode

from ..words.catalogue import text
from ._wire import WireError, event_to_json, poll_from_json, stored_from_json
from .store_protocol import DEFAULT_CLASS, SOLVE, STAR, ClassEvent, Poll, StoredEvent, StoreError

SERVICE_URL_ENV = "SHENGJI_KIT_CLASS_SERVICE_URL"
TOKEN_ENV = "JUPYTERHUB_API_TOKEN"
# A page waits at most this long for the service before it says the service is down.
REQUEST_SECONDS = 10.0
Decoded = TypeVar("Decoded")
# Refusals of the events themselves: sending them again would be refused again, so they are dropped.
REFUSED_FOR_GOOD = frozenset({
    "hub_own_progress_only", "hub_bad_request", "service_not_in_class", "service_answer_too_long",
    "service_field_too_long", "service_field_missing", "service_unknown_kind", "service_naive_time",
    "service_bad_seconds", "service_too_many_events", "service_body_too_large", "service_bad_field",
})
# An item the service cannot judge (a freshly dealt exercise): its events are settled, never sent again.
UNKNOWN_ITEM = "service_unknown_item"
# How many stored events' ids are remembered, so that a page handing them in again stores nothing twice.
REMEMBERED_SENT = 10_000
# One request's events: the service takes at most 200 and a body of at most 512 KB.
BATCH_EVENTS = 200
BATCH_BYTES = 384 * 1024
# The id ``record`` gives an event the service does not store (a solve or star: it derives its own).
NOT_STORED = 0
DERIVED_KINDS = (SOLVE, STAR)
log = logging.getLogger("shengji_kit.service_client")


def bilingual(code: str, **params: object) -> str:
    """The English and the Chinese text of a catalogue code, as one line."""
    return f"{text(code, 'en', **params)} · {text(code, 'zh', **params)}"


class ServiceError(StoreError):
    """The class service refused or could not be reached; ``code`` is the hub.toml message code."""

    def __init__(self, code: str, http_status: int | None = None, /, **params: object) -> None:
        super().__init__(bilingual(code, **params))
        self.code = code
        self.params = {name: str(value) for name, value in params.items()}
        self.http_status = http_status  # the service's HTTP status; None when it was not reached


class ServiceClassStore:
    """The class store as the class service offers it to one signed-in hub user.

    ``record`` queues the events and sends every queued one; when the service cannot be reached
    they stay queued (see ``unsent``) and every later call tries them first, in order.
    """

    def __init__(self, url: str | None = None, token: str | None = None, timeout: float = REQUEST_SECONDS) -> None:
        url = os.environ.get(SERVICE_URL_ENV, "") if url is None else url
        token = os.environ.get(TOKEN_ENV, "") if token is None else token
        if not url:
            raise ServiceError("hub_service_no_url")
        if not token:
            raise ServiceError("hub_service_no_token")
        self.url = url.rstrip("/") + "/"
        self.timeout = timeout
        self._token = token
        self._unsent: list[ClassEvent] = []
        self._sent: OrderedDict[ClassEvent, int] = OrderedDict()  # the latest stored events' ids
        self._lock = threading.RLock()  # the kernel's widgets and its periodic tasks share one client
        self._flush_at_exit = False

    @property
    def unsent(self) -> tuple[ClassEvent, ...]:
        """Events recorded but not yet accepted by the service, oldest first."""
        with self._lock:
            return tuple(self._unsent)

    # --- HTTP ---------------------------------------------------------------------------------

    def _call(self, method: str, path: str, body: object = None, **query: object) -> Any:
        """One request to the service; its JSON answer. ServiceError when refused or unreachable."""
        params = {name: str(value) for name, value in query.items() if value is not None}
        address = self.url + path + (f"?{urlencode(params)}" if params else "")
        data = None if body is None else json.dumps(body, ensure_ascii=False).encode("utf-8")
        request = urllib.request.Request(address, data=data, method=method, headers={
            "Authorization": f"token {self._token}",
            "Content-Type": "application/json",
            "Accept": "application/json",
        })
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return json.loads(response.read() or b"null")
        except urllib.error.HTTPError as refused:
            raise self._refusal(refused) from refused
        except (urllib.error.URLError, OSError, ValueError) as down:
            reason = getattr(down, "reason", down)
            raise ServiceError("hub_service_down", url=self.url, reason=reason, count=len(self._unsent)) from down

    @staticmethod
    def _refusal(refused: urllib.error.HTTPError) -> ServiceError:
        """The service's own reason for a refusal (its JSON), or the HTTP status when it gave none."""
        try:
            answer = json.loads(refused.read() or b"{}")
            code, params = str(answer["code"]), dict(answer.get("params", {}))
            text(code, "en", **params)  # a code this kit knows, with the parameters it needs
        except (ValueError, KeyError, TypeError, AttributeError):
            if refused.code in (401, 403):
                return ServiceError("hub_not_signed_in", refused.code, status=refused.code)
            return ServiceError("hub_service_failed", refused.code, status=refused.code, detail=refused.reason)
        return ServiceError(code, refused.code, **params)

    def _flush(self) -> None:
        """Send every queued event, oldest first, in batches within the service's bounds; remember their ids.

        Solves and stars are not sent (the service derives them): they settle with id 0. Refused
        events are dropped, since they would be refused forever: another learner's (the service says
        who the caller is, so the caller's own events still go) or malformed ones. An item the
        service does not know (a dealt exercise) is settled quietly and the rest still go.
        Unreachable or failing service: everything stays queued, and is tried again at exit too.
        """
        with self._lock:
            while self._unsent:
                self._flush_batch(self._next_batch())

    def _next_batch(self) -> list[ClassEvent]:
        """The oldest queued events that fit one request (at least one)."""
        batch: list[ClassEvent] = []
        size = 0
        for event in self._unsent[:BATCH_EVENTS]:
            size += len(json.dumps(event_to_json(event), ensure_ascii=False).encode("utf-8")) + 2
            if batch and size > BATCH_BYTES:
                break
            batch.append(event)
        return batch

    def _settle(self, event: ClassEvent, event_id: int) -> None:
        self._sent[event] = event_id
        while len(self._sent) > REMEMBERED_SENT:
            self._sent.popitem(last=False)

    def _flush_batch(self, batch: list[ClassEvent]) -> None:
        sent = [event for event in batch if event.kind not in DERIVED_KINDS]
        answer: Any = {"ids": []}
        try:
            if sent:
                answer = self._call("POST", "api/events", {"events": [event_to_json(event) for event in sent]})
        except ServiceError as error:
            if error.code == "hub_own_progress_only" and error.params.get("user"):
                mine = [event for event in batch if event.learner == error.params["user"]]
                self._unsent[: len(batch)] = mine
                if mine and len(mine) < len(batch):
                    self._flush()  # the caller's own events go now; the refusal is still said
            elif error.code == UNKNOWN_ITEM and any(event.item == error.params.get("item") for event in sent):
                item = error.params["item"]
                log.warning("the class service cannot judge %s: its events are not kept", item)
                for event in batch:
                    if event.item == item:
                        self._settle(event, NOT_STORED)
                self._unsent[: len(batch)] = [event for event in batch if event.item != item]
                return  # the rest go with the next batch
            elif error.code in REFUSED_FOR_GOOD:
                del self._unsent[: len(batch)]
            elif not self._flush_at_exit:  # events wait: one last try when the kernel stops
                atexit.register(self._flush_quietly)
                self._flush_at_exit = True
            raise
        ids = answer.get("ids") if isinstance(answer, dict) else None
        if not isinstance(ids, list) or len(ids) != len(sent):
            raise ServiceError("hub_service_failed", None, status=200, detail=f"unexpected answer {answer!r}")
        del self._unsent[: len(batch)]
        stored = dict(zip(sent, ids, strict=True))
        for event in batch:
            found = stored.get(event)
            self._settle(event, found if isinstance(found, int) and not isinstance(found, bool) else NOT_STORED)

    def _flush_quietly(self) -> None:
        """Last chance at exit for queued events (the kernel is stopping)."""
        with contextlib.suppress(StoreError):
            self._flush()

    # --- ClassStoreAPI ------------------------------------------------------------------------

    def record(self, events: Sequence[ClassEvent]) -> list[int]:
        """Queue ``events`` and send the queue; the ids of ``events``, in order.

        Each event is stored once: a page that keeps its own unsent events
        (shengji_kit/classroom/recorder.py) hands them in again after an error, and an event already
        queued or already stored (its id is remembered) is not sent twice. A solve or star is never
        sent (the service derives its own from the attempts): its id is 0.
        """
        with self._lock:
            for event in events:
                if event not in self._sent and event not in self._unsent:
                    self._unsent.append(event)
            self._flush()
            return [self._sent[event] for event in events]

    def events(
        self, class_name: str = DEFAULT_CLASS, *, learner: str | None = None, after_id: int = 0
    ) -> list[StoredEvent]:
        """The class's events after ``after_id`` (a learner may ask only for their own)."""
        self._flush()
        answer = self._call("GET", "api/events", None, **{"class": class_name, "learner": learner, "after": after_id})
        return self._decoded(lambda: [stored_from_json(item) for item in answer["events"]])

    def learners(self, class_name: str = DEFAULT_CLASS) -> list[str]:
        """The class's learners (teachers only)."""
        self._flush()
        answer = self._call("GET", "api/learners", None, **{"class": class_name})
        return self._decoded(lambda: [str(name) for name in answer["learners"]])

    def open_poll(self, class_name: str, source: str, ref: str, prompt_en: str, prompt_zh: str,
                  options: Sequence[str], answer: str) -> Poll:
        """Open a poll for the class (teachers only)."""
        self._flush()
        body = {"class_name": class_name, "source": source, "ref": ref, "prompt_en": prompt_en,
                "prompt_zh": prompt_zh, "options": list(options), "answer": answer}
        reply = self._call("POST", "api/polls", body)
        return self._decoded(lambda: poll_from_json(reply["poll"]))

    def current_poll(self, class_name: str = DEFAULT_CLASS) -> Poll | None:
        """The class's open or revealed poll (a learner sees only their own answer in it)."""
        self._flush()
        reply = self._call("GET", "api/polls", None, **{"class": class_name})
        return self._decoded(lambda: None if reply["poll"] is None else poll_from_json(reply["poll"]))

    def answer_poll(self, poll_id: int, learner: str, option: str, browser: str = "") -> None:
        """Choose ``option`` in the poll, as ``learner`` (who must be the signed-in user: the hub already
        allows one vote per person, so ``browser`` is not sent)."""
        self._flush()
        self._call("POST", f"api/polls/{int(poll_id)}/answer", {"learner": learner, "option": option})

    def set_poll_state(self, poll_id: int, state: str) -> None:
        """Reveal or close a poll (teachers only)."""
        self._flush()
        self._call("POST", f"api/polls/{int(poll_id)}/state", {"state": state})

    # --- beyond the protocol ------------------------------------------------------------------

    def whoami(self) -> tuple[str, bool]:
        """The signed-in hub user's name and whether they teach the class."""
        answer = self._call("GET", "api/whoami")
        return self._decoded(lambda: (str(answer["name"]), bool(answer["teacher"])))

    def is_teacher(self) -> bool:
        """Whether the signed-in hub user teaches the class (decided by the service, never the kernel)."""
        return self.whoami()[1]

    @staticmethod
    def _decoded(decode: Callable[[], Decoded]) -> Decoded:
        """``decode()``, with a malformed answer reported as the service failing."""
        try:
            return decode()
        except (WireError, KeyError, TypeError) as error:
            raise ServiceError("hub_service_failed", status=200, detail=error) from error


def is_teacher() -> bool:
    """Whether this JupyterHub user teaches the class, as the class service says (the dashboard's gate)."""
    return ServiceClassStore().is_teacher()
