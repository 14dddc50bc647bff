"""A real ``jupyter lab`` for the browser tests: a temp root with one notebook, on a free port, no token."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from live_server import VoilaServer, free_port, launch_server, stop_server

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
