"""A throwaway PostgreSQL server for tests and benchmarks: Debian's initdb + pg_ctl in a temporary folder.

It listens on a Unix socket in that folder and on 127.0.0.1 at a free port, trusts local
connections, and is stopped and deleted afterwards. PostgreSQL refuses to run as root, so when
the tests run as root (CI) the server runs as the unprivileged user ``nobody``.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psycopg

UNPRIVILEGED = "nobody"


def postgres_bin() -> Path | None:
    """The newest ``/usr/lib/postgresql/<version>/bin`` that has initdb and pg_ctl (None without one)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parent.parent.name)
                   if Path(p).parent.parent.name.isdigit() else 0)
    return Path(found[-1]).parent if found else None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass(frozen=True)
class PostgresServer:
    """A running server: its socket folder and port; ``url(db)`` names one of its databases."""

    folder: Path
    port: int
    max_connections: int = 100

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://postgres@/{database}?host={self.folder}&port={self.port}"

    def create_database(self, name: str) -> str:
        """A new empty database; its SQLAlchemy URL."""
        with psycopg.connect(host=str(self.folder), port=self.port, user="postgres", dbname="postgres",
                             autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    # --- faults: stopping, freezing and restarting the server (tests/faults) -------------------

    def pids(self) -> list[int]:
        """The server's processes: the postmaster, then its children (each connection's backend)."""
        postmaster = int((self.folder / "data" / "postmaster.pid").read_text().split()[0])
        children = []
        for stat in glob.glob("/proc/[0-9]*/stat"):
            with contextlib.suppress(OSError, ValueError, IndexError):
                fields = Path(stat).read_text().rsplit(")", 1)[1].split()
                if int(fields[1]) == postmaster:
                    children.append(int(Path(stat).parent.name))
        return [postmaster, *sorted(children)]

    def stop(self) -> None:
        """Stop the server (``pg_ctl stop -m fast``); its data stays for ``start``."""
        _pg_ctl(self.folder, ["-m", "fast", "-w", "stop"])

    def start(self) -> None:
        """Start the stopped server again on the same socket folder and port."""
        options = f"-k {self.folder} -p {self.port} -h 127.0.0.1 -c max_connections={self.max_connections}"
        _pg_ctl(self.folder, ["-l", str(self.folder / "server.log"), "-o", options, "-w", "-t", "60", "start"])


def _pg_ctl(folder: Path, arguments: list[str]) -> None:
    binaries = postgres_bin()
    assert binaries is not None
    environment = {**os.environ, "HOME": str(folder), "LC_ALL": "C.UTF-8"}
    subprocess.run([binaries / "pg_ctl", "-D", folder / "data", *arguments], check=True, capture_output=True,
                   env=environment, **_as_server_user())  # type: ignore[call-overload]


def _as_server_user() -> dict[str, object]:
    """subprocess arguments that run the server's programs as ``nobody`` when we are root."""
    if os.geteuid() != 0:
        return {}
    user = pwd.getpwnam(UNPRIVILEGED)
    return {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": []}


@contextlib.contextmanager
def running_postgres(max_connections: int = 100) -> Iterator[PostgresServer]:
    """Start a fresh server in a temporary folder; stop it and delete everything on leaving."""
    binaries = postgres_bin()
    if binaries is None:
        raise FileNotFoundError("PostgreSQL is not installed (apt-get install postgresql)")
    runner = _as_server_user()
    # As root the server user must reach the folder: /tmp is open to all, $TMPDIR may not be.
    folder = Path(tempfile.mkdtemp(prefix="sk-pg-", dir="/tmp" if runner and Path("/tmp").is_dir() else None))
    if runner:
        os.chown(folder, int(runner["user"]), int(runner["group"]))  # type: ignore[call-overload]
    data, log = folder / "data", folder / "server.log"
    environment = {**os.environ, "HOME": str(folder), "LC_ALL": "C.UTF-8"}
    port = free_port()
    try:
        subprocess.run(
            [binaries / "initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-locale"],
            check=True, capture_output=True, env=environment, **runner,  # type: ignore[call-overload]
        )
        options = f"-k {folder} -p {port} -h 127.0.0.1 -c max_connections={max_connections}"
        subprocess.run(
            [binaries / "pg_ctl", "-D", data, "-l", log, "-o", options, "-w", "-t", "60", "start"],
            check=True, capture_output=True, env=environment, **runner,  # type: ignore[call-overload]
        )
    except subprocess.CalledProcessError as error:
        details = log.read_text(errors="replace") if log.exists() else ""
        shutil.rmtree(folder, ignore_errors=True)
        raise RuntimeError(f"PostgreSQL did not start: {error.stderr!r} {details}") from error
    try:
        yield PostgresServer(folder, port, max_connections)
    finally:
        subprocess.run([binaries / "pg_ctl", "-D", data, "-m", "immediate", "-w", "stop"],
                       capture_output=True, env=environment, **runner)  # type: ignore[call-overload]
        shutil.rmtree(folder, ignore_errors=True)
