"""Print the static site's size, what a cold visit fetches, and the time to the first widget cold and warm.

The site is ``site/`` as `make site` left it (or the folders given: two or more are measured in turn,
alternated round by round, so that a before/after pair sees the same load on the machine). Each is
served on 127.0.0.1 by a static server in this process that counts the requests reaching it and the bytes it
sends, and, like nginx's gzip_static, sends a file's precompressed ``.gz`` (written by `make site`) to a browser
that accepts gzip (``--plain``: never).
Debian's chromium (Playwright) opens each page in a fresh profile (cold: nothing cached), is closed,
and opens it again in the same profile (warm: the browser's HTTP cache and code cache on, as for a
learner coming back). No route is set (Playwright turns the HTTP cache off when one is): other hosts
are made unresolvable by a host-resolver rule instead, and every request to one is counted.
The JupyterLite drive's ``/api/drive`` requests are counted apart, not as files.

Run: `.venv/bin/python benchmarks/site.py [site folder ...] [--page lesson1 --page play ...] [--rounds N]`.
Pages: lesson1, lesson9, play, trainer, or a path such as /voici/render/lessons/02_tractors.html.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import os
import shutil
import socket
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Playwright, Response, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
PAGES = {
    "lesson1": ("/voici/render/lessons/01_trump_ranking.html", "[data-role=exercise], .sk-panel"),
    "lesson9": ("/voici/render/lessons/09_leading.html", "[data-role=exercise], .sk-panel"),
    "play": ("/voici/render/notebooks/play.html", "button[data-card]"),
    "trainer": ("/voici/render/notebooks/puzzles.html", "[data-role=trainer]"),
}
ANY_WIDGET = "[data-role=exercise], .sk-panel, button[data-card], [data-role=trainer]"
TIMEOUT_MS = 300_000
DRIVE = "/api/drive"
LOCAL = ("http://127.0.0.1", "data:", "blob:")
# Every host but the site's own is unresolvable: a request to one fails at once and is counted.
NO_OTHER_HOSTS = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"


def precompressed(path: Path) -> bool:
    """Whether ``path`` is a precompressed copy (``name.gz``, ``name.br``) of a file beside it."""
    return path.suffix in (".gz", ".br") and path.with_name(path.stem).is_file()


def sizes(folder: Path) -> tuple[int, int, int]:
    """Files, bytes, and bytes gzipped (what a host that compresses sends) under ``folder``, the precompressed
    copies left out."""
    files = [path for path in folder.rglob("*") if path.is_file() and not precompressed(path)]
    raw = sum(path.stat().st_size for path in files)
    packed = sum(len(gzip.compress(path.read_bytes(), 6)) for path in files)
    return len(files), raw, packed


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def load() -> str:
    """The machine's load average over 1 minute, as `uptime` gives it."""
    return f"load {os.getloadavg()[0]:.2f}"


@dataclass
class Visit:
    """One visit of a page: seconds to its first widget, the files fetched (not the drive's requests) with
    their bytes and gzipped bytes, the drive's requests, requests to other hosts, and requests the server saw."""

    seconds: float
    files: list[tuple[str, int, int]] = field(default_factory=list)
    drive: int = 0
    elsewhere: list[str] = field(default_factory=list)
    served: Counter[str] = field(default_factory=Counter)
    sent: int = 0
    gzipped: int = 0


class Handler(http.server.SimpleHTTPRequestHandler):
    """A static host's answer: a file's precompressed ``.gz`` beside it (as `make site` writes them) is sent in its
    place with ``Content-Encoding: gzip`` when the browser accepts gzip (as nginx's gzip_static does); every answer
    is recorded with its status and the bytes of the body really sent."""

    server: Server

    def translate_path(self, path: str) -> str:
        local = super().translate_path(path)
        self.encoded = False
        accepts = "gzip" in self.headers.get("Accept-Encoding", "") and "Range" not in self.headers
        if accepts and not self.server.plain and os.path.isfile(local + ".gz"):
            self.encoded = True
            return local + ".gz"
        return local

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        name = os.fspath(path)
        return super().guess_type(name[:-3] if getattr(self, "encoded", False) else name)

    def end_headers(self) -> None:
        if getattr(self, "encoded", False):
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        sent = 0
        while chunk := source.read(1 << 16):
            outputfile.write(chunk)
            sent += len(chunk)
        self.sent = sent

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        self.status = int(code)  # the body is sent after this: recorded in handle_one_request

    def handle_one_request(self) -> None:
        self.status, self.sent, self.encoded = 0, 0, False
        super().handle_one_request()
        if self.status:
            with self.server.lock:
                self.server.answers.append(Answer(self.path, self.status, self.sent, self.encoded))

    def log_message(self, format: str, *args: Any) -> None:
        return


@dataclass(frozen=True)
class Answer:
    """One request the server answered: its path, status, body bytes sent, and whether they were the .gz."""

    path: str
    status: int
    sent: int
    gzipped: bool


class Server(http.server.ThreadingHTTPServer):
    """The site served on a free port of 127.0.0.1 from a thread of this process (``Handler``), every answer kept;
    ``plain``: never the precompressed files (a host without gzip_static)."""

    daemon_threads = True

    def __init__(self, site: Path, plain: bool = False) -> None:
        self.site, self.plain = site, plain
        self.port = free_port()
        self.answers: list[Answer] = []
        self.lock = threading.Lock()
        super().__init__(("127.0.0.1", self.port), functools.partial(Handler, directory=str(site)))
        self.thread = threading.Thread(target=self.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.shutdown()
        self.server_close()


def served_since(server: Server, start: int) -> Counter[str]:
    """Requests the server answered since answer ``start``, by status (200, 304, 404 ...)."""
    with server.lock:
        return Counter(str(answer.status) for answer in server.answers[start:])


def sent_since(server: Server, start: int) -> tuple[int, int]:
    """Body bytes the server sent since answer ``start``, and how many of the answers were precompressed files."""
    with server.lock:
        answers = server.answers[start:]
    return sum(answer.sent for answer in answers), sum(answer.gzipped for answer in answers)


def visit(driver: Playwright, chromium: str, profile: Path, server: Server, path: str, widget: str) -> Visit:
    """Open ``path`` in a browser with ``profile`` and time it to the first ``widget`` drawn."""
    context = driver.chromium.launch_persistent_context(
        str(profile), executable_path=chromium, args=["--no-sandbox", NO_OTHER_HOSTS])
    responses: list[Response] = []
    elsewhere: list[str] = []
    drive = 0

    def requested(request: object) -> None:
        nonlocal drive
        url: str = request.url  # type: ignore[attr-defined]
        if not url.startswith(LOCAL):
            elsewhere.append(url)
        elif DRIVE in url:
            drive += 1

    def answered(response: Response) -> None:
        # A file the page asks for through JupyterLite's service worker is seen twice: once as the worker's
        # fetch, once as the page's response "from the service worker"; the first is the one on the wire.
        if response.from_service_worker:
            return
        if response.url.startswith("http://127.0.0.1") and DRIVE not in response.url:
            responses.append(response)

    context.on("request", requested)
    context.on("response", answered)
    page = context.pages[0] if context.pages else context.new_page()
    with server.lock:
        start = len(server.answers)
    started = time.monotonic()
    page.goto(f"http://127.0.0.1:{server.port}{path}")
    page.locator(widget).first.wait_for(state="visible", timeout=TIMEOUT_MS)
    seconds = time.monotonic() - started
    result = Visit(seconds, drive=drive, elsewhere=elsewhere)
    context.close()
    for response in responses:  # a static site's file is what was sent: its size is read from the folder
        name = response.url.split(str(server.port), 1)[-1]
        local = server.site / name.split("?")[0].split("#")[0].lstrip("/")
        body = local.read_bytes() if response.status == 200 and local.is_file() else b""
        result.files.append((name, len(body), len(gzip.compress(body, 6))))
    result.served = served_since(server, start)
    result.sent, result.gzipped = sent_since(server, start)
    return result


def page_of(name: str) -> tuple[str, str]:
    """The path and first-widget selector of a page named on the command line."""
    return PAGES.get(name, (name, ANY_WIDGET))


def report_cold(site: Path, name: str, cold: Visit) -> None:
    kinds = Counter(Path(url.split("?")[0]).suffix or "(none)" for url, _, _ in cold.files)
    raw = sum(size for _, size, _ in cold.files)
    packed = sum(size for _, _, size in cold.files)
    print(f"[{site.name}] cold visit of {name}: {len(cold.files)} files, {raw / 1e6:.1f} MB "
          f"({packed / 1e6:.1f} MB gzipped); {cold.drive} drive requests (not counted as files); the server sent "
          f"{cold.sent / 1e6:.1f} MB ({cold.gzipped} answers from precompressed .gz files)")
    print("  by kind: " + ", ".join(f"{kind} {n}" for kind, n in kinds.most_common()))
    for url, size, gz in sorted(cold.files, key=lambda item: -item[1])[:6]:
        print(f"  {size / 1e6:6.2f} MB ({gz / 1e6:5.2f} gzipped)  {url}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sites", nargs="*", type=Path, default=[ROOT / "site"])
    parser.add_argument("--page", action="append", dest="pages", help="lesson1 (default), lesson9, play, trainer, "
                        "or a path")
    parser.add_argument("--rounds", type=int, default=1, help="cold and warm visits per page and site")
    parser.add_argument("--plain", action="store_true", help="never send the precompressed .gz files (a host "
                        "without gzip_static): the bytes sent are then the files' own")
    options = parser.parse_args()
    pages = options.pages or ["lesson1"]
    for site in options.sites:
        if not (site / "voici").is_dir():
            sys.exit(f"no site in {site}: run `make site` first")
    chromium = shutil.which("chromium")
    if chromium is None:
        sys.exit("Debian's chromium is not installed (apt-get install chromium)")
    for site in options.sites:
        count, raw, packed = sizes(site)
        print(f"[{site.name}] site: {count} files, {raw / 1e6:.1f} MB ({packed / 1e6:.1f} MB gzipped)")
    servers = {site: Server(site, options.plain) for site in options.sites}
    elsewhere: list[str] = []
    try:
        with sync_playwright() as driver:
            for round_ in range(options.rounds):
                for name in pages:
                    path, widget = page_of(name)
                    for site in options.sites:
                        with tempfile.TemporaryDirectory(prefix="site-bench-profile-") as profile:
                            before = load()
                            cold = visit(driver, chromium, Path(profile), servers[site], path, widget)
                            warm = visit(driver, chromium, Path(profile), servers[site], path, widget)
                        if round_ == 0:
                            report_cold(site, name, cold)
                        elsewhere += cold.elsewhere + warm.elsewhere
                        print(f"[{site.name}] {name} first widget: cold {cold.seconds:.1f} s, "
                              f"warm {warm.seconds:.1f} s ({before}, then {load()}); server answered cold "
                              f"{dict(cold.served)}, warm {dict(warm.served)}", flush=True)
    finally:
        for server in servers.values():
            server.close()
    print(f"requests to other hosts (failed): {len(elsewhere)}" + "".join(f"\n  {url}" for url in elsewhere[:10]))


if __name__ == "__main__":
    main()
