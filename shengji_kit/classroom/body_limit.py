"""The class service's limit on request bodies, applied as the bytes arrive, refused with its JSON reason.

Tornado's own limit (``max_body_size``) answers a body past it with a bare ``400`` and an empty
body, written before any handler runs: a client that sent 20 MB read nothing it could explain
(issue 36). Here every request of the service's application passes through :class:`BodyLimit`
first: a body past ``limit`` (told by its ``Content-Length``, or counted as its chunks arrive) is
read to its end and thrown away as it comes (never held in memory, never handed to a handler),
and then answered ``413`` with the refusal JSON the service answers everything else with. A body
past ``discard`` is not even read: it is answered at once and the connection closed (a client that
keeps sending may then see the connection reset before it reads the answer).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from tornado import httputil, iostream, web

# The JSON body of a refusal, from its status, catalogue code and parameters (hub_service.error_body's).
Answer = Callable[[int, str, dict[str, object]], dict[str, Any]]
TOO_LARGE = 413
TOO_LARGE_CODE = "service_body_too_large"

log = logging.getLogger("shengji_kit.hub_service")


class BodyLimit(httputil.HTTPMessageDelegate):
    """One request on its way to ``inner`` (the application's own delegate), stopped when its body is too large."""

    def __init__(self, inner: httputil.HTTPMessageDelegate, connection: httputil.HTTPConnection, limit: int,
                 discard: int, answer: Answer) -> None:
        self.inner, self.connection, self.limit, self.discard, self.answer = inner, connection, limit, discard, answer
        self.size = 0
        self.target = ""  # the request's method and address, for the log
        self.told = False  # whether the size came in ``Content-Length`` (else it is counted)
        self.started = False  # whether ``inner`` has the request (its headers)
        self.too_large = False

    def headers_received(
        self, start_line: httputil.RequestStartLine | httputil.ResponseStartLine, headers: httputil.HTTPHeaders
    ) -> Awaitable[None] | None:
        try:
            declared = int(headers.get("Content-Length", "0"))
        except ValueError:
            declared = 0  # tornado refuses a malformed length itself
        if isinstance(start_line, httputil.RequestStartLine):
            self.target = f"{start_line.method} {start_line.path[:200]}"
        if declared > self.limit:
            self.too_large, self.told, self.size = True, True, declared
            if declared > self.discard:
                self.answer_at_once()
            return None
        self.started = True
        return self.inner.headers_received(start_line, headers)

    def data_received(self, chunk: bytes) -> Awaitable[None] | None:
        if not self.told:
            self.size += len(chunk)
        if self.too_large:
            return None
        if self.size > self.limit:  # a body in chunks, its length untold: counted as it comes
            self.too_large = True
            self.inner.on_connection_close()  # ``inner`` lets go of the chunks it holds
            return None
        return self.inner.data_received(chunk)

    def finish(self) -> None:
        if not self.too_large:
            self.inner.finish()
            return
        body = self.refusal()
        self.connection.write_headers(
            httputil.ResponseStartLine("HTTP/1.1", TOO_LARGE, "Payload Too Large"),
            httputil.HTTPHeaders({"Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store",
                                  "Content-Length": str(len(body))}),
            body,
        )
        self.connection.finish()

    def on_connection_close(self) -> None:
        if self.started and not self.too_large:
            self.inner.on_connection_close()

    def refusal(self) -> bytes:
        """The refusal's JSON, as bytes (and a line in the service's log)."""
        log.info("413 %s: a body of %d bytes refused (at most %d)", self.target, self.size, self.limit)
        answer = self.answer(TOO_LARGE, TOO_LARGE_CODE, {"limit": self.limit, "size": self.size})
        return json.dumps(answer).encode("utf-8")

    def answer_at_once(self) -> None:
        """Answer a body too large even to read through, and close the connection (not reading it)."""
        detach = getattr(self.connection, "detach", None)
        if detach is None:
            return  # not HTTP/1 over a stream: tornado's own limit answers
        stream: iostream.IOStream = detach()
        body = self.refusal()
        head = (f"HTTP/1.1 {TOO_LARGE} Payload Too Large\r\nContent-Type: application/json; charset=utf-8\r\n"
                f"Cache-Control: no-store\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n")
        written = stream.write(head.encode("ascii") + body)
        written.add_done_callback(lambda _: stream.close())


class LimitedApplication(web.Application):
    """A tornado application whose requests pass :class:`BodyLimit` (``limit``, ``discard``) first."""

    def __init__(self, *args: Any, body_limit: int, body_discard: int, answer: Answer, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.body_limit, self.body_discard, self.answer = body_limit, body_discard, answer

    def start_request(self, server_conn: object, request_conn: httputil.HTTPConnection) -> httputil.HTTPMessageDelegate:
        inner = super().start_request(server_conn, request_conn)
        return BodyLimit(inner, request_conn, self.body_limit, self.body_discard, self.answer)
