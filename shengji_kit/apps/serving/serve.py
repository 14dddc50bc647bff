"""Serve the lessons and apps with Voila on 127.0.0.1: the landing page's catalogue and the entry point.

`make serve` and `shengji-kit serve` both end in :func:`run`. The Voila command line itself is
``voila_command.py``'s (its names are handed on here: tests and deploy/ read ``serve.voila_command``
and the rest); ``serve --classroom`` is ``serve_classroom.py``, loaded only when asked for.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from markupsafe import Markup

from .voila_command import (
    CELL_ERROR_NOTE,
    CELL_SECONDS,
    CELL_TIMEOUT_NOTE,
    CULL_IDLE_SECONDS,
    CULL_INTERVAL_SECONDS,
    DEFAULT_HOST,
    DEFAULT_PORT,
    JUPYTER_DIR,
    KERNEL_NICENESS,
    KERNEL_READY_SECONDS,
    LANDING_PAGE,
    LOCAL_HOSTS,
    NOTEBOOK_ROOT,
    TEMPLATE,
    kernel_spec_folder,
    landing_url,
    run_voila,
    voila_command,
    voila_environment,
)

# handed on: the tests, deploy/ and docs/serving.md read these as ``serve.<name>``
__all__ = [
    "CELL_ERROR_NOTE", "CELL_SECONDS", "CELL_TIMEOUT_NOTE", "CULL_IDLE_SECONDS",
    "CULL_INTERVAL_SECONDS", "DEFAULT_HOST", "DEFAULT_PORT", "FOLDERS", "JUPYTER_DIR",
    "KERNEL_NICENESS", "KERNEL_READY_SECONDS", "LANDING_PAGE", "LOCAL_HOSTS", "NOTEBOOK_ROOT",
    "TEMPLATE", "CatalogueEntry", "add_arguments", "catalogue", "catalogue_html", "describe",
    "kernel_spec_folder", "landing_url", "main", "run", "run_voila", "voila_command",
    "voila_environment",
]

# folder -> bilingual section title on the landing page, in display order
FOLDERS: dict[str, str] = {"lessons": "Lessons · 课程", "notebooks": "Apps · 应用"}
NOTHING_YET = ("Nothing here yet", "暂无内容")
# The teacher's pages, listed after the learner's apps: a learner opening the landing page looks for a lesson.
TEACHER_PAGES = ("notebooks/classroom.ipynb",)


@dataclass(frozen=True)
class CatalogueEntry:
    """One notebook the landing page links to: where it is, its title and one-line summary."""

    path: str
    title: str
    summary: str
    # the Chinese twin's title and summary (the first cell tagged lang-zh); "" when the notebook has none
    zh_title: str = ""
    zh_summary: str = ""

    @property
    def folder(self) -> str:
        """The top folder the notebook lives in (``lessons`` or ``notebooks``)."""
        return self.path.split("/", 1)[0]


def _first_markdown(notebook: Path, lang: str | None = None) -> str:
    """The source of the notebook's first markdown cell (with ``lang``: its first cell tagged ``lang-<lang>``),
    or "" when it has none or is unreadable."""
    try:
        cells = json.loads(notebook.read_text(encoding="utf-8")).get("cells", [])
    except (OSError, ValueError, AttributeError):
        return ""
    for cell in cells:
        if isinstance(cell, dict) and cell.get("cell_type") == "markdown":
            tags = (cell.get("metadata") or {}).get("tags") if isinstance(cell.get("metadata"), dict) else None
            if lang is not None and f"lang-{lang}" not in (tags if isinstance(tags, list) else []):
                continue
            source = cell.get("source", "")
            return "".join(source) if isinstance(source, list) else str(source)
    return ""


def describe(notebook: Path, lang: str | None = None) -> tuple[str, str]:
    """Title (first ``#`` heading) and summary (first plain line after it) of a notebook; with ``lang``,
    of its first cell in that language (``("", "")`` when it has none)."""
    title, summary = "", ""
    for raw in _first_markdown(notebook, lang).splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if title:
                break
            title = line.lstrip("#").strip()
        elif title and not summary:
            summary = line
            break
    if lang is not None:
        return title, summary
    return title or notebook.stem.replace("_", " "), summary


def _in_both(english: str, chinese: str) -> Markup:
    """``english · chinese`` where each language is marked: the Voila template shows only the chosen one."""
    if not chinese or chinese == english:
        return Markup("{text}").format(text=english)
    return Markup(
        '<span class="sk-prose" data-sk-lang="en" lang="en">{en}</span><span class="sk-lang-both"> · </span>'
        '<span class="sk-prose" data-sk-lang="zh" lang="zh">{zh}</span>'
    ).format(en=english, zh=chinese)


def catalogue(root: Path = NOTEBOOK_ROOT) -> list[CatalogueEntry]:
    """Every lesson and app under ``root`` (the landing page excluded), by folder and name, the teacher's last."""
    entries: list[CatalogueEntry] = []
    for folder in FOLDERS:
        for notebook in sorted((root / folder).glob("*.ipynb")):
            relative = notebook.relative_to(root).as_posix()
            if relative == LANDING_PAGE:
                continue
            title, summary = describe(notebook)
            zh_title, zh_summary = describe(notebook, "zh")
            entries.append(CatalogueEntry(relative, title, summary, zh_title, zh_summary))
    return sorted(entries, key=lambda entry: (list(FOLDERS).index(entry.folder), entry.path in TEACHER_PAGES))


def catalogue_html(root: Path = NOTEBOOK_ROOT) -> Markup:
    """The landing page's list: one bilingual section per folder, links relative to ``notebooks/``.

    Each text is in both languages, each marked (``_in_both``): Voila shows the chosen one, JupyterLab both.

    Titles and summaries come from the notebooks' text, so they are escaped: they never become markup.
    """
    entries = catalogue(root)
    parts = [Markup('<div class="shengji-catalogue" data-role="catalogue">')]
    for folder, heading in FOLDERS.items():
        english, chinese = heading.split(" · ")
        heading_html = _in_both(english, chinese)
        parts.append(Markup('<h2 data-folder="{folder}">{heading}</h2>').format(folder=folder, heading=heading_html))
        items = [entry for entry in entries if entry.folder == folder]
        if not items:
            parts.append(Markup("<p><em>{nothing}</em></p>").format(nothing=_in_both(*NOTHING_YET)))
            continue
        parts.append(Markup("<ul>"))
        for entry in items:
            in_both = _in_both(entry.summary, entry.zh_summary)
            summary = Markup(" — {summary}").format(summary=in_both) if entry.summary else ""
            parts.append(
                Markup('<li><a href="../{path}" data-notebook="{path}">{title}</a>{summary}</li>').format(
                    path=entry.path, title=_in_both(entry.title, entry.zh_title), summary=summary
                )
            )
        parts.append(Markup("</ul>"))
    parts.append(Markup("</div>"))
    return Markup("\n").join(parts)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--host``, ``--port`` and the class options (``serve_classroom.py``) to the ``serve`` command."""
    # imported here: the landing page's kernel imports this module and needs none of the class's code
    from .serve_classroom import add_serve_arguments

    add_serve_arguments(parser)


def run(args: argparse.Namespace) -> int:
    """Start Voila, print the landing page's address, and wait until it stops (Ctrl+C)."""
    from .serve_classroom import ClassroomError, check_can_listen, misused_options, run_classroom

    if getattr(args, "classroom", False):
        return run_classroom(args)
    misused = misused_options(args)
    if misused:
        print(misused, file=sys.stderr)
        return 2
    host: str = args.host
    port: int = args.port
    if not (NOTEBOOK_ROOT / LANDING_PAGE).is_file():
        print(
            f"The kit's notebooks are missing from {NOTEBOOK_ROOT}: reinstall shengji-kit. · "
            f"在 {NOTEBOOK_ROOT} 中找不到课程笔记本，请重新安装 shengji-kit。",
            file=sys.stderr,
        )
        return 1
    try:  # before the address is printed: a port Voila cannot take would print it, then fail in English
        check_can_listen(host, port)
    except ClassroomError as error:
        print(error.bilingual(), file=sys.stderr)
        return 2
    print(f"Open · 请打开: {landing_url(port, host)}", flush=True)
    print("Stop with Ctrl+C · 按 Ctrl+C 停止", flush=True)
    return run_voila(voila_command(port, host), voila_environment())


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m shengji_kit.apps.serving.serve``: parse the options and serve."""
    parser = argparse.ArgumentParser(prog="python -m shengji_kit.apps.serving.serve", description=__doc__)
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
