"""A live Voila server for the browser tests and the UI benchmark: start, wait, stop."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psutil

from shengji_kit.apps.serving import serve
from shengji_kit.data_folder import DATA_DIR_ENV

SERVER_START_SECONDS = 90
SERVER_STOP_SECONDS = 30
POOL_READY_SECONDS = 90
# "Idle": the server and its kernels used under this share of one core for a whole sample.
IDLE_CPU_PERCENT = 5.0
IDLE_SAMPLE_S = 0.5
IDLE_WAIT_S = 60.0
# A kernel's connection file, on its command line, is named after the kernel's id.
CONNECTION_FILE = re.compile(r"kernel-([0-9a-f-]{36})\.json$")


class ServerError(RuntimeError):
    """Voila died or never answered; the message ends with its log."""


@dataclass(frozen=True)
class VoilaServer:
    """A running Voila: its process, its log file and the address it answers on."""

    process: subprocess.Popen[bytes]
    base_url: str
    log: Path

    def url(self, path: str) -> str:
        """The absolute address of ``path`` on this server."""
        return f"{self.base_url}/{path.lstrip('/')}"

    def kernel_pids(self) -> set[int]:
        """Process ids of the kernels Voila has started and not yet stopped."""
        try:
            children = psutil.Process(self.process.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            return set()
        return {child.pid for child in children if "ipykernel" in " ".join(_cmdline(child))}

    def kernels(self) -> dict[str, int]:
        """The running kernels: Voila's kernel id -> process id."""
        try:
            children = psutil.Process(self.process.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            return {}
        found: dict[str, int] = {}
        for child in children:
            command = _cmdline(child)
            if "ipykernel" in " ".join(command):
                named = next((m for m in map(CONNECTION_FILE.search, command) if m), None)
                if named is not None:
                    found[named.group(1)] = child.pid
        return found

    def log_text(self) -> str:
        """The server's log so far."""
        return self.log.read_text(encoding="utf-8", errors="replace") if self.log.exists() else ""

    def wait_for_pool(self, notebook: str, timeout: float = POOL_READY_SECONDS) -> None:
        """Block until a kernel started ahead of time for ``notebook`` is there (Voila logs each one).

        Voila logs "Kernel pool of <notebook> is filled" when a kept kernel has started and "Using
        pre-heated kernel: <id> for <notebook>" when a page takes one. Raises ServerError if no
        kernel is kept for it within ``timeout`` (no pool, or the server is stuck).
        """
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            log = self.log_text()
            filled = log.count(f"Kernel pool of {notebook} is filled")
            taken = len(re.findall(rf"Using pre-heated kernel: \S+ for {re.escape(notebook)}", log))
            if filled > taken:
                return
            time.sleep(0.25)
        raise ServerError(f"no kernel kept started for {notebook} within {timeout:.0f} s:\n{_log_tail(self.log)}")


def page_kernel_id(page: Any) -> str:
    """The id of the kernel a Voila page (a Playwright page) is served by, from its page config."""
    config = page.locator("#jupyter-config-data").text_content(timeout=30_000)
    kernel: str = json.loads(config or "{}")["kernelId"]
    return kernel


def _cmdline(process: psutil.Process) -> list[str]:
    """A process's command line, or [] once it has gone."""
    try:
        return list(map(str, process.cmdline()))
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return []


def wait_until_idle(server_pid: int) -> float:
    """Wait until the server and its kernels are idle (at most ``IDLE_WAIT_S``); seconds waited."""
    start = time.perf_counter()
    while time.perf_counter() - start < IDLE_WAIT_S:
        try:
            server = psutil.Process(server_pid)
            processes = [server, *server.children(recursive=True)]
        except psutil.NoSuchProcess:
            break
        for process in processes:
            with contextlib.suppress(psutil.NoSuchProcess):
                process.cpu_percent(None)
        time.sleep(IDLE_SAMPLE_S)
        used = 0.0
        for process in processes:
            with contextlib.suppress(psutil.NoSuchProcess):
                used += process.cpu_percent(None)
        if used < IDLE_CPU_PERCENT:
            break
    return time.perf_counter() - start


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((serve.DEFAULT_HOST, 0))
        port: int = probe.getsockname()[1]
        return port


def _log_tail(log: Path, lines: int = 40) -> str:
    """The end of the server log, for failure messages."""
    text = log.read_text(encoding="utf-8", errors="replace") if log.exists() else ""
    return "\n".join(text.splitlines()[-lines:])


def wait_until_answers(server: VoilaServer, timeout: float = SERVER_START_SECONDS) -> None:
    """Block until the server answers HTTP; raise ServerError if it dies or stays silent."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise ServerError(
                f"Voila exited with code {server.process.returncode}:\n{_log_tail(server.log)}"
            )
        try:
            with urllib.request.urlopen(server.url("/"), timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.25)
    raise ServerError(f"Voila did not answer within {timeout:.0f} s:\n{_log_tail(server.log)}")


def stop_server(server: VoilaServer) -> None:
    """Stop Voila with SIGTERM (it shuts its kernels down), then kill anything left behind."""
    try:
        leftovers = psutil.Process(server.process.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        leftovers = []
    server.process.send_signal(signal.SIGTERM)
    try:
        server.process.wait(timeout=SERVER_STOP_SECONDS)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait()
    for child in leftovers:
        if child.is_running():
            child.kill()


def worker_log(log: Path) -> Path:
    """``log`` named after the pytest-xdist worker running the test (``voila-gw1.log``), so that two
    workers' servers never write one file; unchanged outside xdist."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    return log.with_name(f"{log.stem}-{worker}{log.suffix}") if worker else log


def launch_server(
    command: list[str], port: int, log: Path, env: Mapping[str, str] | None = None, cwd: Path | None = None
) -> VoilaServer:
    """Run a server ``command`` listening on 127.0.0.1:``port``, logging to ``log``, and wait until it
    answers; it is stopped again when it never does."""
    log = worker_log(log)
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("wb") as sink:
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=sink, stderr=subprocess.STDOUT)
    server = VoilaServer(process, f"http://{serve.DEFAULT_HOST}:{port}", log)
    try:
        wait_until_answers(server)
    except BaseException:
        stop_server(server)
        raise
    return server


def start_server(log: Path, port: int | None = None) -> VoilaServer:
    """Start Voila exactly as ``make serve`` does, on ``port`` (a free one if None), logging to ``log``."""
    port = free_port() if port is None else port
    return launch_server(serve.voila_command(port), port, log, serve.voila_environment())


@contextlib.contextmanager
def own_server(data: Path, log: Path) -> Iterator[VoilaServer]:
    """A server of a test module's own, whose kernels keep their data in ``data``; stopped on exit."""
    env = {**os.environ, DATA_DIR_ENV: str(data)}
    port = free_port()
    server = launch_server(serve.voila_command(port), port, log, serve.voila_environment(env))
    try:
        yield server
    finally:
        stop_server(server)
