"""Kernels started ahead of their page: the Voila options, the pooled notebooks, the wait for the request."""

from __future__ import annotations

import asyncio
import json
import re
import socket
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from shengji_kit.apps.page_options import query_options
from shengji_kit.apps.serving import kernel_pool, page_request, serve


def parsed_voila(argv: list[str]) -> Any:
    """Voila's own parser applied to a command line (nothing is started)."""
    from voila.app import Voila

    app = Voila()
    app.parse_command_line(argv)
    return app


def pool_manager(argv: list[str]) -> Any:
    """The kernel manager Voila would build from ``argv``'s config, without starting it."""
    from traitlets import Dict, Float, List
    from traitlets.config import Configurable

    class VoilaKernelManager(Configurable):  # the name Voila's preheating manager is configured by
        preheat_denylist = List(config=True)
        default_env_variables = Dict(config=True)
        fill_delay = Float(1.0, config=True)

    return VoilaKernelManager(config=parsed_voila(argv).config)


def denied(pattern: str, notebook: str) -> bool:
    """Voila's own test of a ``preheat_denylist`` entry (voila_kernel_manager._notebook_filter)."""
    return pattern in notebook or bool(re.compile(pattern).match(notebook))


def code_cells(path: str) -> list[str]:
    cells = json.loads((serve.NOTEBOOK_ROOT / path).read_text(encoding="utf-8"))["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]


# --- the command line --------------------------------------------------------------------


def test_the_command_keeps_a_kernel_started_for_the_landing_page_play_app_and_trainer() -> None:
    argv = serve.voila_command(9999, pool=1)[3:]
    app = parsed_voila(argv)
    assert app.config.VoilaConfiguration.preheat_kernel is True
    assert app.config.VoilaConfiguration.default_pool_size == 1
    assert "prelaunch_hook" not in app.config.VoilaConfiguration  # Voila refuses both together
    manager = pool_manager(argv)
    [pattern] = manager.preheat_denylist
    root = serve.NOTEBOOK_ROOT
    for notebook in sorted(root.glob("*/*.ipynb")):
        # Voila filters the absolute paths of every notebook under the root
        expected = notebook.relative_to(root).as_posix() not in kernel_pool.POOLED
        assert denied(pattern, str(notebook)) is expected, notebook
    assert manager.default_env_variables == {"VOILA_APP_IP": "127.0.0.1"}
    assert manager.fill_delay == kernel_pool.REFILL_DELAY_SECONDS  # a taken kernel is replaced at once


def test_no_pool_means_kernels_start_on_request_only() -> None:
    app = parsed_voila(serve.voila_command(9999, pool=0)[3:])
    assert "preheat_kernel" not in app.config.VoilaConfiguration
    assert kernel_pool.kernel_pool_arguments("127.0.0.1", 0) == []


def test_kernels_reach_the_server_on_the_address_it_listens_on() -> None:
    lan = pool_manager(kernel_pool.kernel_pool_arguments("192.168.1.20", 2))
    assert lan.default_env_variables == {"VOILA_APP_IP": "192.168.1.20"}
    everywhere = pool_manager(kernel_pool.kernel_pool_arguments("0.0.0.0", 2))
    assert everywhere.default_env_variables == {"VOILA_APP_IP": "127.0.0.1"}
    ipv6 = pool_manager(kernel_pool.kernel_pool_arguments("::1", 1))
    assert ipv6.default_env_variables == {"VOILA_APP_IP": "[::1]"}  # it goes into ws://HOST:PORT/


def test_pool_size_comes_from_the_environment_within_bounds() -> None:
    assert kernel_pool.pool_size({}) == kernel_pool.DEFAULT_POOL_SIZE
    assert kernel_pool.pool_size({kernel_pool.POOL_ENV: "0"}) == 0
    assert kernel_pool.pool_size({kernel_pool.POOL_ENV: " 3 "}) == 3
    assert kernel_pool.pool_size({kernel_pool.POOL_ENV: "99"}) == 8
    assert kernel_pool.pool_size({kernel_pool.POOL_ENV: "-1"}) == kernel_pool.DEFAULT_POOL_SIZE
    assert kernel_pool.pool_size({kernel_pool.POOL_ENV: "many"}) == kernel_pool.DEFAULT_POOL_SIZE


# --- the pooled notebooks ----------------------------------------------------------------


def test_the_pooled_pages_are_the_landing_page_and_the_apps_learners_open_first() -> None:
    assert serve.LANDING_PAGE in kernel_pool.POOLED
    for path in kernel_pool.POOLED:
        assert (serve.NOTEBOOK_ROOT / path).is_file(), path
    assert not any(path.startswith("lessons/") for path in kernel_pool.POOLED)  # they start on request


@pytest.mark.parametrize("path", kernel_pool.POOLED)
def test_a_pooled_page_waits_for_its_request_first_in_a_cell_of_its_own(path: str) -> None:
    """Waiting first: nothing that depends on the learner or the address runs before the request;
    in a cell of its own: only that cell runs without the time limit."""
    first, *rest = code_cells(path)
    assert kernel_pool.WAIT_CALL in first
    assert rest, "the page itself must be drawn in a later cell (with the time limit)"
    time_limit = kernel_pool.cell_time_limit(serve.CELL_SECONDS)
    assert time_limit({"source": first}) is None
    for source in rest:
        assert kernel_pool.WAIT_CALL not in source
        assert time_limit({"source": source}) == serve.CELL_SECONDS


# --- the wait for the page request ---------------------------------------------------------


@pytest.fixture
def fresh_wait(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A kernel that has not had its page request yet (the module's flag reset, env restored)."""
    monkeypatch.setattr(page_request, "_arrived", False)
    for name in ("QUERY_STRING", "VOILA_PREHEAT", "VOILA_KERNEL_ID", "VOILA_APP_PORT", "VOILA_APP_IP"):
        monkeypatch.delenv(name, raising=False)
    yield


def test_outside_a_pre_started_kernel_nothing_waits(fresh_wait: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """JupyterLab, nbval and a kernel started for its page: the options are read at once."""
    monkeypatch.setenv("QUERY_STRING", "seed=7")
    page_request.wait_for_page()
    assert query_options() == {"seed": "7"}
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    assert not page_request.is_waiting_kernel()


class RequestInfoServer:
    """Voila's own request-info websocket (``/voila/query/<kernel>``) on a free port, in a thread."""

    def __init__(self) -> None:
        from tornado.httpserver import HTTPServer
        from tornado.netutil import bind_sockets
        from tornado.web import Application
        from voila.request_info_handler import RequestInfoSocketHandler

        self.handler = RequestInfoSocketHandler
        sockets = bind_sockets(0, "127.0.0.1")
        self.port: int = sockets[0].getsockname()[1]
        self.loop = asyncio.new_event_loop()
        started = threading.Event()

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            HTTPServer(Application([(r"/voila/query/(.*)", RequestInfoSocketHandler)])).add_sockets(sockets)
            self.loop.call_soon(started.set)
            self.loop.run_forever()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        started.wait(10)

    def send(self, kernel_id: str, payload: dict[str, str]) -> None:
        """What Voila does when a page takes the kernel: hand it the request's details."""
        self.loop.call_soon_threadsafe(self.handler.send_updates, {"kernel_id": kernel_id, "payload": payload})

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def closed_port() -> int:
    """A loopback port nothing listens on (it was free a moment ago)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def test_a_pre_started_kernel_waits_for_the_request_then_reads_its_options(
    fresh_wait: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = RequestInfoServer()
    try:
        monkeypatch.setenv("VOILA_PREHEAT", "True")
        monkeypatch.setenv("VOILA_KERNEL_ID", "k-1")
        monkeypatch.setenv("VOILA_APP_PORT", str(server.port))
        assert page_request.is_waiting_kernel()
        got: list[dict[str, str]] = []
        waiter = threading.Thread(target=lambda: got.append(query_options()))
        waiter.start()
        waiter.join(1.0)
        assert waiter.is_alive(), "the options were read before the page was requested"
        server.send(
            "k-1", {"QUERY_STRING": "rules=classic&seed=3", "SCRIPT_NAME": "/voila/render/notebooks/play.ipynb"}
        )
        waiter.join(10)
        assert got == [{"rules": "classic", "seed": "3"}]
        assert not page_request.is_waiting_kernel()
        assert query_options() == {"rules": "classic", "seed": "3"}  # read again without waiting
    finally:
        server.stop()


def test_an_unreachable_server_leaves_the_defaults_instead_of_hanging(
    fresh_wait: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_KERNEL_ID", "k-2")
    monkeypatch.setenv("VOILA_APP_PORT", str(closed_port()))
    assert query_options() == {}
    assert not page_request.is_waiting_kernel()
