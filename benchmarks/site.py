"""Print the static site's size, the files a cold visit of lesson 1 fetches, and its time to the first widget.

The site is ``site/`` as `make site` left it (or the folder given). It is served by
``python -m http.server`` on 127.0.0.1; Debian's chromium (Playwright) opens lesson 1 in a fresh
profile (cold: nothing cached) and then again in the same profile (warm: the browser's cache, the
static server answering "not modified"). Every request to another host is aborted and counted.
Run: `.venv/bin/python benchmarks/site.py [site folder] [page]`.
"""

from __future__ import annotations

import gzip
import shutil
import socket
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
PAGE = "/voici/render/lessons/01_trump_ranking.html"
FIRST_WIDGET = "[data-role=exercise], .sk-panel"
TIMEOUT_MS = 300_000


def sizes(folder: Path) -> tuple[int, int, int]:
    """Files, bytes, and bytes gzipped (what a host that compresses sends) under ``folder``."""
    files = [path for path in folder.rglob("*") if path.is_file()]
    raw = sum(path.stat().st_size for path in files)
    packed = sum(len(gzip.compress(path.read_bytes(), 6)) for path in files)
    return len(files), raw, packed


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def visit(page: Page, url: str) -> tuple[float, list[tuple[str, int]]]:
    """Seconds from the request to the first widget drawn, and each fetched file with its bytes."""
    fetched: list[tuple[str, int]] = []

    def seen(response: object) -> None:
        try:
            body = response.body()  # type: ignore[attr-defined]
        except Exception:  # a redirect or an aborted request has no body
            body = b""
        fetched.append((response.url, len(body)))  # type: ignore[attr-defined]

    page.on("response", seen)
    started = time.monotonic()
    page.goto(url)
    page.locator(FIRST_WIDGET).first.wait_for(state="visible", timeout=TIMEOUT_MS)
    seconds = time.monotonic() - started
    page.remove_listener("response", seen)
    return seconds, fetched


def main() -> None:
    site = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "site"
    page_path = sys.argv[2] if len(sys.argv) > 2 else PAGE
    if not (site / "voici").is_dir():
        sys.exit(f"no site in {site}: run `make site` first")
    chromium = shutil.which("chromium")
    if chromium is None:
        sys.exit("Debian's chromium is not installed (apt-get install chromium)")
    count, raw, packed = sizes(site)
    print(f"site: {count} files, {raw / 1e6:.1f} MB ({packed / 1e6:.1f} MB gzipped)")
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port)], cwd=site,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    elsewhere: list[str] = []
    try:
        time.sleep(0.5)
        url = f"http://127.0.0.1:{port}{page_path}"
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            context = browser.new_context()

            def route(handled: object) -> None:
                request_url = handled.request.url  # type: ignore[attr-defined]
                if request_url.startswith(("http://127.0.0.1", "data:", "blob:")):
                    handled.continue_()  # type: ignore[attr-defined]
                else:
                    elsewhere.append(request_url)
                    handled.abort()  # type: ignore[attr-defined]

            context.route("**/*", route)
            page = context.new_page()
            cold, files = visit(page, url)
            warm, again = visit(page, url)
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    kinds = Counter(Path(name.split("?")[0]).suffix or "(none)" for name, _ in files)
    largest = sorted(files, key=lambda item: -item[1])[:8]
    print(f"cold visit of {page_path}: {len(files)} files, {sum(b for _, b in files) / 1e6:.1f} MB fetched")
    print("  by kind: " + ", ".join(f"{kind} {n}" for kind, n in kinds.most_common()))
    for name, size in largest:
        print(f"  {size / 1e6:6.2f} MB  {name.split(str(port), 1)[-1]}")
    print(f"first widget: cold {cold:.1f} s, warm {warm:.1f} s ({len(again)} responses on the warm visit)")
    print(f"requests to other hosts (aborted): {len(elsewhere)}")


if __name__ == "__main__":
    main()
