"""A real JupyterHub for the tests: deploy/jupyterhub/jupyterhub_config.py on 127.0.0.1, free ports.

It is the config a school runs, with the test's settings in the environment: the single-user
servers run as this account (SimpleLocalProcessSpawner) with homes in a short temporary folder,
configurable-http-proxy comes from npm (``.ci/run`` installs it under ``.ci/node_modules``).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

from shengji_kit.classroom.class_list import add_member
from shengji_kit.classroom.hub_service import SERVICE_NAME

CHECKOUT = Path(__file__).resolve().parents[2]
CONFIG = CHECKOUT / "deploy" / "jupyterhub" / "jupyterhub_config.py"
PROXY = CHECKOUT / ".ci" / "node_modules" / ".bin" / "configurable-http-proxy"
START_SECONDS = 60
STOP_SECONDS = 30
PROXY_MISSING = (
    "configurable-http-proxy (npm) is missing: run "
    "`npm install --prefix .ci --no-save configurable-http-proxy@5` (`.ci/run` does), "
    "or deselect these tests with `-m 'not hub'`."
)


PORT_TRIES = 3
PORT_TAKEN = "Address already in use"
"""A free port is found by binding port 0 and letting it go; under parallel workers another test's server
may take it before the hub binds it. The hub is then started again on new ports."""


class HubError(RuntimeError):
    """JupyterHub died or never answered; the message ends with its log."""


@dataclass(frozen=True)
class Person:
    """Someone on the test's class list."""

    name: str
    password: str
    teacher: bool = False


@dataclass(frozen=True)
class RunningHub:
    """A running hub: its process, log, public address and the class service's direct address."""

    process: subprocess.Popen[bytes]
    base_url: str
    service_url: str
    log: Path

    def url(self, path: str) -> str:
        return f"{self.base_url}/{path.lstrip('/')}"

    def log_tail(self, lines: int = 60) -> str:
        text = self.log.read_text(encoding="utf-8", errors="replace") if self.log.exists() else ""
        return "\n".join(text.splitlines()[-lines:])


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def proxy_command() -> str | None:
    """configurable-http-proxy: ``$SHENGJI_KIT_CHP``, else the checkout's npm copy, else one on PATH."""
    chosen = os.environ.get("SHENGJI_KIT_CHP", "")
    if chosen and Path(chosen).exists():
        return chosen
    return str(PROXY) if PROXY.exists() else shutil.which("configurable-http-proxy")


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return False


def wait_until_up(hub: RunningHub) -> None:
    """Until the hub's login page and the class service (through the proxy) answer."""
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if hub.process.poll() is not None:
            raise HubError(f"JupyterHub exited with code {hub.process.returncode}:\n{hub.log_tail()}")
        if _answers(hub.url("/hub/login")) and _answers(hub.url(f"/services/{SERVICE_NAME}/")):
            return
        time.sleep(0.5)
    raise HubError(f"JupyterHub did not answer within {START_SECONDS} s:\n{hub.log_tail()}")


def stop(hub: RunningHub) -> None:
    """SIGTERM (JupyterHub stops the servers, the service and the proxy), then kill what is left."""
    if hub.process.poll() is None:
        hub.process.send_signal(signal.SIGTERM)
        try:
            hub.process.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            hub.process.kill()
            hub.process.wait()
    # everything the hub started is in its process group (start_new_session below)
    with suppress(ProcessLookupError, PermissionError):
        os.killpg(hub.process.pid, signal.SIGKILL)


@contextmanager
def running_hub(folder: Path, people: list[Person], class_db: str, log: Path) -> Iterator[RunningHub]:
    """Write the class list, start the hub on free ports, and stop it (and all it started) afterwards."""
    proxy = proxy_command()
    if proxy is None:
        raise HubError(PROXY_MISSING)
    class_list = folder / "class-list.toml"
    for person in people:
        add_member(class_list, person.name, person.password, person.teacher)
    # kernels' sockets live under the homes; a socket path may hold at most 107 bytes
    homes = Path(tempfile.mkdtemp(prefix="sjk-"))
    try:
        for attempt in range(1, PORT_TRIES + 1):
            hub = _start(folder, class_list, class_db, homes, proxy, log)
            try:
                wait_until_up(hub)
            except HubError:
                stop(hub)
                if attempt < PORT_TRIES and PORT_TAKEN in hub.log_tail(200):
                    continue  # a free port was taken by another test's server meanwhile: new ports
                raise
            break
        try:
            yield hub
        finally:
            stop(hub)
    finally:
        shutil.rmtree(homes, ignore_errors=True)


def _start(folder: Path, class_list: Path, class_db: str, homes: Path, proxy: str, log: Path) -> RunningHub:
    """Start JupyterHub on fresh free ports (not yet waited for)."""
    port, service_port = free_port(), free_port()
    env = {
        **os.environ,
        "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
        "SHENGJI_KIT_CLASS_DB": class_db,
        "SHENGJI_KIT_CLASS_LIST": str(class_list),
        "SHENGJI_KIT_HUB_IP": "127.0.0.1",
        "SHENGJI_KIT_HUB_PORT": str(port),
        "SHENGJI_KIT_HUB_API_PORT": str(free_port()),
        "SHENGJI_KIT_HUB_PROXY_API_PORT": str(free_port()),
        "SHENGJI_KIT_CLASS_SERVICE_PORT": str(service_port),
        "SHENGJI_KIT_HUB_STATE_DIR": str(folder / "state"),
        "SHENGJI_KIT_HUB_SPAWNER": "simple",
        "SHENGJI_KIT_HUB_HOMES": str(homes),
        "SHENGJI_KIT_CHP": proxy,
    }
    for name in ("SHENGJI_KIT_CLASS_SERVICE_URL", "JUPYTERHUB_API_TOKEN", "SHENGJI_KIT_DATA_DIR"):
        env.pop(name, None)
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("wb") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", str(CONFIG)],
            cwd=folder, env=env, stdout=sink, stderr=subprocess.STDOUT, start_new_session=True,
        )
    return RunningHub(
        process,
        f"http://127.0.0.1:{port}",
        f"http://127.0.0.1:{service_port}/services/{SERVICE_NAME}/",
        log,
    )
