"""A real ``jupyter lab`` for the browser tests: a temp root with one notebook, on a free port, no token."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import chromium
from live_server import VoilaServer, free_port, launch_server, stop_server
from playwright.sync_api import Browser, Page

from conftest import PAGE_TIMEOUT_MS, guard, screenshot
from shengji_kit.apps.serving import serve

PLAY_NOTEBOOK = "play_table.ipynb"
PLAY_SOURCE = "from shengji_kit.apps.play.play_app import play_app\n\nplay_app(seed=1, delay=0.05)"


def write_notebook(folder: Path, name: str = PLAY_NOTEBOOK, source: str = PLAY_SOURCE) -> Path:
    """A one-cell notebook showing a kit widget, with no outputs (JupyterLab runs it)."""
    cell = {"cell_type": "code", "execution_count": None, "id": "kit-widget", "metadata": {},
            "outputs": [], "source": source}
    notebook = {
        "cells": [cell],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = folder / name
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return path


def lab_command(port: int, root: Path) -> list[str]:
    """``jupyter lab`` from this venv on 127.0.0.1:port, token and browser off, rooted at ``root``."""
    return [
        sys.executable, "-m", "jupyterlab",
        "--no-browser",
        f"--ServerApp.ip={serve.DEFAULT_HOST}",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        "--IdentityProvider.token=",
        "--allow-root",
        "--ServerApp.disable_check_xsrf=True",
        f"--ServerApp.root_dir={root}",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--ServerApp.open_browser=False",
    ]


@contextmanager
def jupyter_lab(root: Path, log: Path) -> Iterator[VoilaServer]:
    """A running JupyterLab serving ``root``; stopped (with its kernels) on exit."""
    port = free_port()
    server = launch_server(lab_command(port, root), port, log, serve.voila_environment(), cwd=root)
    try:
        yield server
    finally:
        stop_server(server)


@contextmanager
def lab_tab(browser: Browser, server: VoilaServer, name: str) -> Iterator[Page]:
    """A tab on ``server`` (English, the kit's viewport), screenshot as ``name`` at the end; it fails on any
    request to another host (JupyterLab may log script errors of its own)."""
    context = browser.new_context(viewport=chromium.VIEWPORT, base_url=server.base_url, locale="en-US")
    context.set_default_timeout(30_000)
    context.set_default_navigation_timeout(PAGE_TIMEOUT_MS)
    seen = guard(context)
    tab = context.new_page()
    try:
        yield tab
    finally:
        screenshot(tab, name)
        context.unroute_all(behavior="ignoreErrors")
        context.close()
    assert not seen.foreign_requests, seen.foreign_requests


def run_first_cell(page: Page, notebook: str, drawn: str) -> None:
    """Open ``notebook`` in JupyterLab, run its first cell and wait until ``drawn`` (a selector) is visible."""
    page.goto(f"/lab/tree/{notebook}")
    cell = page.locator(".jp-Notebook .jp-Cell").first
    cell.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
    page.get_by_text("| Idle").wait_for(timeout=PAGE_TIMEOUT_MS)
    cell.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Control+Enter")
    page.locator(drawn).first.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
