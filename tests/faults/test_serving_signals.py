"""A server started without a terminal stops cleanly on SIGINT and SIGTERM (issue 36, item 10).

A command started in the background by a non-interactive shell (``nohup``, a script's ``&``, a
service manager) inherits SIGINT as ignored, and Python then installs no KeyboardInterrupt handler:
``shengji-kit serve --classroom`` so started used to ignore ``kill -INT`` altogether. Here the real
command is started that way (SIGINT ignored, no terminal, its own session), asked to stop with one
signal once it answers HTTP, and must exit as after a normal stop (code 0) within
:data:`STOP_BOUND` seconds, its Voila server gone and Voila's connection files removed.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil
import pytest

pytestmark = pytest.mark.slow  # a real server started and stopped per test: make test runs it, make check does not

# Voila starting with no pooled kernel, on a machine shared with other work
START_SECONDS = 90
# How long a stop may take: Voila closes its (here, no) kernels and removes its files
STOP_BOUND = 20


def free_port() -> int:
    """A port nothing listens on right now (127.0.0.1)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def ignore_sigint() -> None:
    """In the child before it runs the command: SIGINT ignored, as a background job of a script has it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def answers(port: int) -> bool:
    """Whether anything answers HTTP on ``port`` (a refusal or a redirect is an answer too)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5):
            return True
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False


def start_without_terminal(
    tmp_path: Path, *options: str, sigint_ignored: bool = True
) -> tuple[subprocess.Popen[bytes], int]:
    """``shengji-kit serve OPTIONS`` with SIGINT ignored, no terminal, in its own session and with its own
    temporary folder, once it answers HTTP; the process and its port."""
    port = free_port()
    temp = tmp_path / "tmp"
    temp.mkdir()
    env = {**os.environ, "SHENGJI_KIT_DATA_DIR": str(tmp_path / "data"), "SHENGJI_KIT_KERNEL_POOL": "0",
           "TMPDIR": str(temp)}
    process = subprocess.Popen(
        [sys.executable, "-m", "shengji_kit.cli", "serve", *options, "--port", str(port)],
        cwd=tmp_path, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=(tmp_path / "server.log").open("wb"), preexec_fn=ignore_sigint if sigint_ignored else None,
        start_new_session=True,
    )
    deadline = time.monotonic() + START_SECONDS
    while not answers(port):
        if process.poll() is not None or time.monotonic() > deadline:
            stop_everything(process)
            pytest.fail(f"the server never answered: {(tmp_path / 'server.log').read_text(errors='replace')}")
        time.sleep(0.5)
    return process, port


def stop_everything(process: subprocess.Popen[bytes]) -> None:
    """Kill the command and whatever it started (its session, and Voila's own group), however the test ended."""
    with contextlib.suppress(psutil.NoSuchProcess):
        for child in psutil.Process(process.pid).children(recursive=True):
            with contextlib.suppress(psutil.NoSuchProcess):
                child.kill()
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
@pytest.mark.parametrize("options", [("--classroom", "--host", "127.0.0.1"), ()], ids=["classroom", "serve"])
def test_serve_without_a_terminal_stops_cleanly_on_a_signal(
    tmp_path: Path, options: tuple[str, ...], stop: signal.Signals
) -> None:
    stops_cleanly(tmp_path, options, stop, whole_group=False, sigint_ignored=True)


def test_ctrl_c_in_a_terminal_still_stops_cleanly(tmp_path: Path) -> None:
    """Ctrl+C reaches every process of the terminal's foreground group, SIGINT not ignored: the command
    stops, and Voila (in a group of its own, so asked once) with it, as before."""
    stops_cleanly(tmp_path, ("--classroom", "--host", "127.0.0.1"), signal.SIGINT, whole_group=True,
                  sigint_ignored=False)


def stops_cleanly(
    tmp_path: Path, options: tuple[str, ...], stop: signal.Signals, *, whole_group: bool, sigint_ignored: bool
) -> None:
    """Start the command, send it ``stop`` (to its whole process group, or to it alone), and check it
    stopped as after a normal stop: exit 0, Voila gone, nothing answering, Voila's files removed."""
    process, port = start_without_terminal(tmp_path, *options, sigint_ignored=sigint_ignored)
    try:
        children = psutil.Process(process.pid).children(recursive=True)
        assert children, "the command started no Voila server"
        assert list((tmp_path / "tmp").glob("voila_*")), "Voila keeps its connection files elsewhere"
        if whole_group:
            os.killpg(process.pid, stop)  # as a terminal's Ctrl+C does
        else:
            os.kill(process.pid, stop)  # the command only, as `kill -INT PID` does
        try:
            code = process.wait(timeout=STOP_BOUND)
        except subprocess.TimeoutExpired:
            pytest.fail(f"{stop.name}: still serving {STOP_BOUND} s later (answers HTTP: {answers(port)})")
        assert code == 0, (tmp_path / "server.log").read_text(errors="replace")
        _gone, alive = psutil.wait_procs(children, timeout=5)
        assert not alive, f"left running: {alive}"
        assert not answers(port)
        assert list((tmp_path / "tmp").glob("voila_*")) == []  # Voila's connection files removed
    finally:
        stop_everything(process)
