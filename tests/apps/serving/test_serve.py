"""Fast checks of ``shengji_kit.apps.serving.serve``: the Voila command line, its config, and the catalogue."""

from __future__ import annotations

import argparse
import json
import os
import runpy
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from html_tree import parse
from traitlets.config import Config

from shengji_kit.apps.serving import serve
from shengji_kit.cli import build_parser


def parsed_voila(argv: list[str]) -> Any:
    """Voila's own parser applied to our command line (nothing is started)."""
    from voila.app import Voila

    app = Voila()
    app.parse_command_line(argv)
    return app


def notebook(path: Path, *markdown: str) -> Path:
    """Write a minimal notebook whose markdown cells hold ``markdown`` (after one code cell)."""
    cells: list[dict[str, Any]] = [{"cell_type": "code", "source": "x = 1", "metadata": {}}]
    cells += [{"cell_type": "markdown", "source": text, "metadata": {}} for text in markdown]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4}), encoding="utf-8")
    return path


# --- the command line --------------------------------------------------------------------


def test_command_runs_voila_from_this_python_over_the_notebook_root() -> None:
    command = serve.voila_command(9999)
    assert command[:3] == [sys.executable, "-m", "voila"]
    app = parsed_voila(command[3:])
    assert app.extra_args == [str(serve.NOTEBOOK_ROOT)]
    for folder in serve.FOLDERS:
        assert (serve.NOTEBOOK_ROOT / folder).is_dir()
    assert (serve.NOTEBOOK_ROOT / serve.LANDING_PAGE).is_file()


def test_command_listens_on_loopback_only_and_opens_no_browser() -> None:
    app = parsed_voila(serve.voila_command(9999)[3:])
    assert app.ip == "127.0.0.1"
    assert app.port == 9999
    assert app.port_retries == 0
    assert app.open_browser is False


def test_command_culls_idle_kernels_of_closed_tabs() -> None:
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    config = parsed_voila(serve.voila_command()[3:]).config
    manager = AsyncMappingKernelManager(config=config)  # the class Voila's manager derives from
    assert manager.cull_idle_timeout == serve.CULL_IDLE_SECONDS > 0
    assert 0 < manager.cull_interval <= manager.cull_idle_timeout
    assert manager.cull_connected is False  # an open tab keeps its kernel
    assert manager.cull_busy is False


def test_command_uses_the_kit_template_and_config_only() -> None:
    app = parsed_voila(serve.voila_command()[3:])
    assert app.config.VoilaConfiguration.template == serve.TEMPLATE
    assert app.config_file_paths == [str(serve.JUPYTER_DIR)]
    template = serve.JUPYTER_DIR / "voila" / "templates" / serve.TEMPLATE
    assert json.loads((template / "conf.json").read_text())["base_template"] == "lab"
    for page in template.rglob("*"):
        if page.is_file():
            assert "cdn." not in page.read_text(encoding="utf-8"), f"{page.name} loads from a CDN"


def test_config_file_sets_the_xsrf_cookie_on_pages_without_a_prelaunch_hook() -> None:
    """Voila refuses a prelaunch hook with pre-started kernels: the page handler sets the cookie."""
    from voila.handler import VoilaHandler

    from shengji_kit.apps.serving import xsrf_cookie

    config = Config()
    runpy.run_path(str(serve.JUPYTER_DIR / "voila.py"), {"get_config": lambda: config})
    assert "prelaunch_hook" not in config.VoilaConfiguration
    assert getattr(VoilaHandler.get_generator, xsrf_cookie._MARK, False)
    time_limit = config.VoilaExecutor.timeout_func
    assert time_limit({"source": "play_app()"}) == serve.CELL_SECONDS
    assert time_limit({"source": ["x = 1\n", "wait_for_page()  # here"]}) is None


def test_reading_the_xsrf_token_is_what_sets_the_cookie() -> None:
    from shengji_kit.apps.serving.xsrf_cookie import ensure_xsrf_cookie

    class Handler:
        read = 0

        @property
        def xsrf_token(self) -> bytes:
            Handler.read += 1
            return b"token"

    ensure_xsrf_cookie(Handler())
    assert Handler.read == 1


def test_environment_puts_the_kit_jupyter_folder_first() -> None:
    env = serve.voila_environment({"JUPYTER_PATH": "/elsewhere", "HOME": "/home/x"})
    kernels = str(serve.kernel_spec_folder())
    assert env["JUPYTER_PATH"].split(os.pathsep) == [str(serve.JUPYTER_DIR), kernels, "/elsewhere"]
    assert env["HOME"] == "/home/x"
    assert serve.voila_environment({})["JUPYTER_PATH"].split(os.pathsep) == [str(serve.JUPYTER_DIR), kernels]


def test_landing_url_points_at_the_rendered_index() -> None:
    assert serve.landing_url(8866) == "http://127.0.0.1:8866/voila/render/notebooks/index.ipynb"


# --- the entry points --------------------------------------------------------------------


def test_arguments_default_to_loopback_and_refuse_other_hosts() -> None:
    parser = argparse.ArgumentParser()
    serve.add_arguments(parser)
    args = parser.parse_args([])
    assert (args.host, args.port) == ("127.0.0.1", 8866)
    assert parser.parse_args(["--port", "9000"]).port == 9000
    with pytest.raises(SystemExit):
        parser.parse_args(["--host", "0.0.0.0"])


def test_cli_serve_subcommand_uses_this_module() -> None:
    args = build_parser().parse_args(["serve", "--port", "9001"])
    assert args._module is serve
    assert args.port == 9001


def test_run_prints_the_url_and_starts_voila(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    started: dict[str, Any] = {}

    class FakeProcess:
        def __init__(self, command: list[str], env: dict[str, str], process_group: int | None = None) -> None:
            started.update(command=command, env=env, process_group=process_group)

        def wait(self, timeout: float | None = None) -> int:
            return 3

    monkeypatch.setattr(subprocess, "Popen", FakeProcess)
    assert serve.main(["--port", "9002"]) == 3
    assert started["command"] == serve.voila_command(9002)
    assert started["env"]["JUPYTER_PATH"].startswith(str(serve.JUPYTER_DIR))
    assert started["process_group"] == 0  # its own group: a terminal's Ctrl+C reaches only the command
    assert serve.landing_url(9002) in capsys.readouterr().out


@pytest.mark.slow
def test_sigterm_stops_voila_too(tmp_path: Path) -> None:
    """A service manager's SIGTERM reaches the Voila child: no server is left behind."""
    import signal
    import socket
    import time

    import psutil

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "SHENGJI_KIT_DATA_DIR": str(tmp_path)}
    server = subprocess.Popen(
        [sys.executable, "-m", "shengji_kit.apps.serving.serve", "--port", str(port)],
        cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        voila: list[psutil.Process] = []
        while time.monotonic() < deadline and not voila:
            voila = [child for child in psutil.Process(server.pid).children() if "voila" in " ".join(child.cmdline())]
            time.sleep(0.2)
        assert voila, "Voila did not start"
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=30) is not None
        _gone, alive = psutil.wait_procs(voila, timeout=30)
        assert not alive, "Voila outlived the SIGTERM that stopped `shengji-kit serve`"
    finally:
        if server.poll() is None:
            server.kill()


def test_module_runs_as_a_script() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "shengji_kit.apps.serving.serve", "--help"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "--port" in result.stdout


# --- the catalogue -----------------------------------------------------------------------


def test_describe_takes_the_first_heading_and_the_line_after_it(tmp_path: Path) -> None:
    path = notebook(
        tmp_path / "a.ipynb", "\n## Trumps · 主牌\n\nWhich cards · 哪些牌\nmore\n", "# Later"
    )
    assert serve.describe(path) == ("Trumps · 主牌", "Which cards · 哪些牌")


def test_describe_falls_back_to_the_file_name(tmp_path: Path) -> None:
    assert serve.describe(notebook(tmp_path / "02_pairs_and_tractors.ipynb")) == (
        "02 pairs and tractors",
        "",
    )
    broken = tmp_path / "03_broken.ipynb"
    broken.write_text("{not json", encoding="utf-8")
    assert serve.describe(broken) == ("03 broken", "")
    heading_only = notebook(tmp_path / "h.ipynb", "# One\n## Two")
    assert serve.describe(heading_only) == ("One", "")


def test_catalogue_lists_lessons_then_apps_by_name_without_the_landing_page(tmp_path: Path) -> None:
    notebook(tmp_path / "lessons" / "02_b.ipynb", "# B\nsecond")
    notebook(tmp_path / "lessons" / "01_a.ipynb", "# A\nfirst")
    notebook(tmp_path / "notebooks" / "index.ipynb", "# Home")
    notebook(tmp_path / "notebooks" / "play.ipynb", "# Play\nplay it")
    (tmp_path / "notebooks" / "notes.txt").write_text("not a notebook")
    entries = serve.catalogue(tmp_path)
    assert [(e.path, e.title, e.summary) for e in entries] == [
        ("lessons/01_a.ipynb", "A", "first"),
        ("lessons/02_b.ipynb", "B", "second"),
        ("notebooks/play.ipynb", "Play", "play it"),
    ]
    assert [e.folder for e in entries] == ["lessons", "lessons", "notebooks"]


def test_catalogue_of_the_repository_finds_every_notebook() -> None:
    found = {entry.path for entry in serve.catalogue()}
    on_disk = {
        path.relative_to(serve.NOTEBOOK_ROOT).as_posix()
        for folder in serve.FOLDERS
        for path in (serve.NOTEBOOK_ROOT / folder).glob("*.ipynb")
    }
    assert found == on_disk - {serve.LANDING_PAGE}
    for entry in serve.catalogue():
        assert entry.summary, f"{entry.path} needs a one-line summary under its title"


def test_catalogue_html_links_relative_to_the_landing_page_and_escapes(tmp_path: Path) -> None:
    notebook(tmp_path / "lessons" / "01_a.ipynb", "# A <b>bold</b> title\nx & y")
    page = parse(serve.catalogue_html(tmp_path))
    link = page.find("a", data_notebook="lessons/01_a.ipynb")
    assert link.attrs["href"] == "../lessons/01_a.ipynb"
    assert link.text == "A <b>bold</b> title" and not page.has("b")
    assert "x & y" in page.find("li").text
    assert page.text.count("Nothing here yet · 暂无内容") == 1  # notebooks/ is empty
    assert [h.text for h in page.find_all("h2")] == list(serve.FOLDERS.values())


def test_command_keeps_tracebacks_from_learners_and_kernels_off_tcp() -> None:
    """Tracebacks stay in the log; kernels use Unix sockets (no port race), time-outs, a niced spec."""
    app = parsed_voila(serve.voila_command()[3:])
    config = app.config
    assert config.VoilaConfiguration.show_tracebacks is False
    instruction = config.VoilaExecutor.cell_error_instruction
    assert "重新加载" in instruction and "Reload" in instruction
    assert config.KernelManager.transport == "ipc"
    assert config.VoilaExecutor.startup_timeout == serve.KERNEL_READY_SECONDS
    assert config.VoilaExecutor.timeout == serve.CELL_SECONDS
    folder = serve.voila_environment({})["JUPYTER_PATH"].split(os.pathsep)[1]
    spec = json.loads((Path(folder) / "kernels" / "python3" / "kernel.json").read_text())
    assert spec["argv"][-5:] == [
        "-m", "ipykernel_launcher", "-f", "{connection_file}", "--HistoryManager.enabled=False"
    ]
    assert spec["argv"][:3] == [shutil.which("nice"), "-n", str(serve.KERNEL_NICENESS)]


def test_the_template_loads_the_page_guard() -> None:
    template = serve.JUPYTER_DIR / "voila" / "templates" / serve.TEMPLATE
    assert 'include_js("static/shengji-guard.js")' in (template / "index.html.j2").read_text()
    guard = (template / "static" / "shengji-guard.js").read_text()
    assert "Connection lost" in guard and "连接已断开" in guard and "location.reload" in guard


def test_landing_page_renders_the_summaries_markdown(tmp_path: Path) -> None:
    """A summary's **bold**, `code` and [link](target) reach the page rendered, never as raw Markdown; raw HTML
    in it stays text."""
    notebook(
        tmp_path / "lessons" / "02_b.ipynb", "# B\nPairs (Rules: [§2–3](../docs/rules.md).) may **declare** <i>x</i>"
    )
    notebook(tmp_path / "notebooks" / "classroom.ipynb", "# Class\nOpen it with `?teacher=CODE` at the end.")
    page = parse(serve.catalogue_html(tmp_path))
    items = page.find_all("li")
    assert "Pairs (Rules: §2–3.) may declare <i>x</i>" in items[0].text
    assert items[0].find("strong").text == "declare" and not page.has("i")
    assert items[1].find("code").text == "?teacher=CODE"
    assert [a.attrs["data-notebook"] for a in page.find_all("a")] == ["lessons/02_b.ipynb", "notebooks/classroom.ipynb"]


def test_the_repository_landing_page_shows_no_raw_markdown() -> None:
    """Today's lessons and apps: no ``**``, backtick or ``](`` of their summaries reaches the landing page."""
    html = str(serve.catalogue_html())
    for raw in ("**", "`", "]("):
        assert raw not in html, raw
