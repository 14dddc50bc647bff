"""The Voila command line, ONE for every server: ``serve`` (``make serve``), ``serve --classroom``,
the hub's settings (deploy/) and the browser tests all start Voila through :func:`voila_command`,
:func:`voila_environment` and :func:`run_voila`, so they never drift apart.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path

from ...kit_files import kit_files
from .kernel_pool import kernel_pool_arguments, pool_size

_KIT_FILES = kit_files()
# What Voila serves (lessons/, notebooks/): the checkout, or the copy an installed wheel carries.
NOTEBOOK_ROOT = _KIT_FILES.root
# The kit's Voila template and settings; Voila reads settings from here only (not ~/.jupyter).
JUPYTER_DIR = _KIT_FILES.jupyter_dir
TEMPLATE = "shengji"
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8866
LOCAL_HOSTS = ("127.0.0.1", "localhost")
LANDING_PAGE = "notebooks/index.ipynb"
# A kernel left without any open tab is stopped after this many idle seconds.
CULL_IDLE_SECONDS = 600
CULL_INTERVAL_SECONDS = 60
# Kernels run this much nicer than the server, which must keep answering while they start.
KERNEL_NICENESS = 10
# A kernel that has not answered within this many seconds of starting is given up (that page only).
KERNEL_READY_SECONDS = 90
# A notebook cell that runs longer than this is stopped, and its page says so.
CELL_SECONDS = 120
# The signals that stop a server, with or without a terminal; and how long Voila may take to stop.
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
STOP_SECONDS = 30
# What a learner reads instead of a traceback (the traceback stays in the server log).
CELL_ERROR_NOTE = (
    "This page could not be set up. Reload the page to try again; if it happens again, tell your teacher."
    " · 页面没能准备好。请重新加载页面再试；如果再次出现，请告诉老师。"
)
CELL_TIMEOUT_NOTE = (
    "The server is too busy right now. Reload the page in a minute."
    " · 服务器现在太忙。请过一分钟重新加载页面。"
)


def kernel_spec_folder(python: str = sys.executable) -> Path:
    """A Jupyter data folder whose ``kernels/python3`` spec runs ``python`` at a lower CPU priority.

    Thirty kernels starting at once on two cores would otherwise starve the server itself (it
    stopped answering); niced kernels leave it the CPU it needs to keep every page answered.
    The file is written under the temporary folder each time the command is built.
    """
    # one folder per user and Python, so two checkouts never overwrite each other's spec
    owner = os.getuid() if hasattr(os, "getuid") else 0
    tag = hashlib.sha256(python.encode("utf-8")).hexdigest()[:12]
    folder = Path(tempfile.gettempdir()) / f"shengji-kit-kernels-{owner}-{tag}"
    spec = folder / "kernels" / "python3" / "kernel.json"
    nice = shutil.which("nice")
    # No IPython history: thirty kernels would otherwise share one SQLite file (and its lock).
    argv = [*([nice, "-n", str(KERNEL_NICENESS)] if nice else []), python, "-m", "ipykernel_launcher",
            "-f", "{connection_file}", "--HistoryManager.enabled=False"]
    data = {"argv": argv, "display_name": "Python 3 (shengji-kit)", "language": "python",
            "metadata": {"debugger": False}}
    with contextlib.suppress(OSError):
        spec.parent.mkdir(parents=True, exist_ok=True)
        if not spec.exists() or json.loads(spec.read_text(encoding="utf-8")) != data:
            spec.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return folder


def voila_command(
    port: int = DEFAULT_PORT,
    host: str = DEFAULT_HOST,
    root: Path = NOTEBOOK_ROOT,
    python: str = sys.executable,
    pool: int | None = None,
) -> list[str]:
    """The Voila command line: tree mode over ``root``, local only, idle kernels culled, no browser.

    ``pool`` kernels are kept started for each app of ``kernel_pool.POOLED`` (None:
    ``$SHENGJI_KIT_KERNEL_POOL``, else 1; 0: none).
    """
    return [
        python,
        "-m",
        "voila",
        str(root),
        "--no-browser",
        f"--Voila.ip={host}",
        f"--Voila.port={port}",
        "--Voila.port_retries=0",
        f"--Voila.config_file_paths={JUPYTER_DIR}",
        f"--VoilaConfiguration.template={TEMPLATE}",
        "--VoilaConfiguration.theme=light",
        "--VoilaConfiguration.allow_template_override=NO",
        # Tracebacks (with server paths) stay in the server log; learners read CELL_ERROR_NOTE.
        "--VoilaConfiguration.show_tracebacks=False",
        f"--VoilaExecutor.cell_error_instruction={CELL_ERROR_NOTE}",
        f"--VoilaExecutor.cell_timeout_instruction={CELL_TIMEOUT_NOTE}",
        f"--VoilaExecutor.startup_timeout={KERNEL_READY_SECONDS}",
        f"--VoilaExecutor.timeout={CELL_SECONDS}",
        # Kernels talk over Unix sockets named after their connection file: with TCP, two kernels
        # starting at once could pick the same free port, one then failed and Voila hung on it.
        "--KernelManager.transport=ipc",
        f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_SECONDS}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL_SECONDS}",
        "--MappingKernelManager.cull_connected=False",
        "--MappingKernelManager.cull_busy=False",
        *kernel_pool_arguments(host, pool_size() if pool is None else pool, root=root),
    ]


def voila_environment(base: Mapping[str, str] | None = None, python: str = sys.executable) -> dict[str, str]:
    """The environment for Voila: on JUPYTER_PATH first the kit's Jupyter folder (templates),
    then the niced kernel spec of :func:`kernel_spec_folder`."""
    env = dict(os.environ if base is None else base)
    extra = env.get("JUPYTER_PATH", "")
    ours = (str(JUPYTER_DIR), str(kernel_spec_folder(python)))
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (*ours, extra) if p)
    return env


def landing_url(port: int = DEFAULT_PORT, host: str = DEFAULT_HOST) -> str:
    """Where a learner opens the kit: the rendered landing page."""
    return f"http://{host}:{port}/voila/render/{LANDING_PAGE}"


class _Stopping(Exception):
    """Raised once, by the first stop signal, out of the wait for Voila (as Ctrl+C raises KeyboardInterrupt)."""


def run_voila(command: list[str], env: dict[str, str], stop_seconds: float = STOP_SECONDS) -> int:
    """Run the Voila ``command`` with ``env`` until it stops; SIGINT (Ctrl+C) and SIGTERM stop it too.

    Either signal is passed on to Voila as SIGTERM, which it answers by closing its kernels and
    removing its connection files; its exit code is then ours, as after any normal stop. Both are
    handled here rather than left to Python's default: a service manager or ``timeout`` sends
    SIGTERM, which Voila (a child, outside the terminal's process group then) never sees; and a
    command started in the background by a script inherits SIGINT as ignored, so Python raises no
    KeyboardInterrupt and ``kill -INT`` did nothing (issue 36). A Voila that has not stopped
    ``stop_seconds`` after the first signal is killed; further signals meanwhile are passed on only.
    Voila runs in its own process group, so a terminal's Ctrl+C reaches only this command and Voila
    is asked to stop once: a SIGINT of its own racing our SIGTERM once killed it mid-cleanup (-15).
    """
    process = subprocess.Popen(command, env=env, process_group=0)
    asked = False

    def stop(signum: int, frame: object) -> None:
        nonlocal asked
        process.terminate()  # nothing when it has already stopped
        if not asked:
            asked = True
            raise _Stopping

    previous = {number: signal.signal(number, stop) for number in STOP_SIGNALS}
    try:
        try:
            return process.wait()
        except _Stopping:
            try:
                return process.wait(timeout=stop_seconds)
            except subprocess.TimeoutExpired:
                process.kill()
                return process.wait()
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
