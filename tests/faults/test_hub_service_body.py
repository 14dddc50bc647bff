"""An oversized body sent to the hub's class service gets the documented JSON refusal (issue 36, item 8).

The service's every refusal is JSON ``{"code", "params", "message"}`` (hub_service.py, docs/hub.md);
a 20 MB body used to get tornado's own bare ``400`` with an empty body, because tornado cut it off
before any handler ran. Here the real service (``python -m shengji_kit.apps.classroom.class_service``,
as JupyterHub starts it, over a SQLite store; no hub is needed, the body is refused before anyone is
asked who is calling) is sent 20 MB with a length, and 20 MB in chunks, over real HTTP.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest

from shengji_kit.classroom.hub_service import MAX_BODY_BYTES, SERVICE_NAME
from shengji_kit.words import text

pytestmark = pytest.mark.slow  # twenty megabytes sent to a real service: make test runs it, make check does not

PREFIX = f"/services/{SERVICE_NAME}/"
START_SECONDS = 90
TWENTY_MB = 20 * 1024 * 1024


def free_port() -> int:
    """A port nothing listens on right now (127.0.0.1)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """The class service listening on 127.0.0.1 (its port), as JupyterHub runs it."""
    folder = tmp_path_factory.mktemp("hub-service-body")
    port = free_port()
    env = {**os.environ, "SHENGJI_KIT_DATA_DIR": str(folder), "JUPYTERHUB_SERVICE_URL": f"http://127.0.0.1:{port}/",
           "JUPYTERHUB_SERVICE_PREFIX": PREFIX, "JUPYTERHUB_API_URL": "http://127.0.0.1:9/hub/api",
           "JUPYTERHUB_API_TOKEN": "not-a-real-token"}
    env.pop("SHENGJI_KIT_CLASS_DB", None)
    env.pop("SHENGJI_KIT_CLASS_SERVICE_URL", None)
    log = folder / "service.log"
    process = subprocess.Popen([sys.executable, "-m", "shengji_kit.apps.classroom.class_service"], env=env,
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=log.open("wb"))
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"the class service never listened: {log.read_text(errors='replace')}")
                time.sleep(0.3)
        yield port
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def post(port: int, body: bytes, *, chunked: bool = False) -> tuple[int, bytes, dict[str, str]]:
    """POST ``body`` to the events address (with a length, or in 64 KB chunks); status, body, headers."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        headers = {"Authorization": "token not-a-real-token", "Content-Type": "application/json"}
        if chunked:
            pieces = (body[start:start + 65536] for start in range(0, len(body), 65536))
            connection.request("POST", PREFIX + "api/events", body=pieces, headers=headers, encode_chunked=True)
        else:
            connection.request("POST", PREFIX + "api/events", body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read(), {name.lower(): value for name, value in response.getheaders()}
    finally:
        connection.close()


def refused_as_too_large(status: int, raw: bytes, headers: dict[str, str], size: int) -> None:
    """413 with the documented JSON: the catalogue code, its parameters, and the message in both languages."""
    assert status == 413, (status, raw[:300])
    assert headers.get("content-type", "").startswith("application/json"), headers
    answer: dict[str, Any] = json.loads(raw)
    assert answer["code"] == "service_body_too_large", answer
    assert answer["params"] == {"limit": str(MAX_BODY_BYTES), "size": str(size)}, answer
    for lang in ("en", "zh"):
        assert text("service_body_too_large", lang, limit=MAX_BODY_BYTES, size=size) in answer["message"], answer


def test_twenty_megabytes_get_the_json_refusal(service: int) -> None:
    body = b'{"events": [' + b" " * (TWENTY_MB - 14) + b"]}"
    refused_as_too_large(*post(service, body), size=len(body))


def test_twenty_megabytes_in_chunks_get_the_json_refusal(service: int) -> None:
    body = b" " * TWENTY_MB
    refused_as_too_large(*post(service, body, chunked=True), size=len(body))


def test_a_body_just_past_the_limit_gets_it_too_and_the_service_still_answers(service: int) -> None:
    body = b" " * (MAX_BODY_BYTES + 1)
    refused_as_too_large(*post(service, body), size=len(body))
    # an ordinary body goes on to the handler, which asks the hub who is calling (here no hub: its JSON says so)
    status, raw, _ = post(service, b'{"events": []}')
    assert status != 413 and json.loads(raw)["code"].startswith("hub_"), (status, raw[:300])
