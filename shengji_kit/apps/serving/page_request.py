"""In a kernel Voila started ahead of time, wait for the page request before reading its address.

``make serve`` keeps a few kernels started for the apps (``shengji_kit/apps/serving/kernel_pool.py``): such a
kernel runs its notebook up to :func:`wait_for_page` before any learner asked for the page, so the
imports are done when one does. The page's address (``?seed=7&rules=classic``) only reaches the
kernel then: Voila hands it over a websocket, which is what ``voila.utils.wait_for_request`` reads.
This is the same exchange without importing ``voila`` (2.4 s and 46 MiB in every kernel).

Outside such a kernel (a kernel started for its page, JupyterLab, nbval) it returns at once.
"""

from __future__ import annotations

import json
import os

# Set by Voila: "True" in a kernel started ahead of its page request.
PREHEATED = "VOILA_PREHEAT"
# The websocket handshake waits this long; the wait for the learner itself has no limit.
OPEN_TIMEOUT_SECONDS = 30.0
TRIES = 3

_arrived = False


def is_waiting_kernel() -> bool:
    """Whether this kernel was started ahead of its page and has not yet had the request."""
    return os.environ.get(PREHEATED) == "True" and not _arrived


def request_address() -> str:
    """The websocket on which Voila sends this kernel its page request (``/voila/query/<kernel>``)."""
    protocol = os.environ.get("VOILA_WS_PROTOCOL", "ws")
    host = os.environ.get("VOILA_APP_IP", "127.0.0.1")
    port = os.environ.get("VOILA_APP_PORT", "8866")
    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    kernel = os.environ.get("VOILA_KERNEL_ID", "")
    return f"{protocol}://{host}:{port}{base}voila/query/{kernel}"


def wait_for_page() -> None:
    """Block until the page that takes this kernel is requested; its details go into ``os.environ``.

    Returns at once outside a kernel started ahead of time, and once the request was had. If the
    server cannot be reached, the address options stay unset (the page uses its defaults).
    """
    global _arrived
    if not is_waiting_kernel():
        return
    from websockets.exceptions import WebSocketException
    from websockets.sync.client import connect

    for _ in range(TRIES):
        try:
            # No keep-alive pings: the learner may come hours later, and a busy server answering
            # a ping late must not close the wait.
            # No proxy: the server is this machine, whatever HTTP_PROXY says.
            with connect(
                request_address(), open_timeout=OPEN_TIMEOUT_SECONDS, ping_interval=None, proxy=None
            ) as socket:
                details = json.loads(socket.recv())
        except (OSError, TimeoutError, WebSocketException, ValueError):
            continue
        os.environ.update({str(key): str(value) for key, value in details.items()})
        break
    _arrived = True
