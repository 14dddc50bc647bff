"""Kernels started ahead of their page for the apps learners open most: Voila's ``preheat_kernel``.

A kernel costs 1-3 s of CPU before its page can show anything (the interpreter, ipykernel, the
widget libraries and the kit). Voila can keep kernels started for given notebooks: each runs its
notebook up to the cell that calls ``shengji_kit.apps.serving.page_request.wait_for_page()`` and waits there;
a learner opening the page takes one (the rest of the notebook runs for the request), and Voila
starts a replacement. Each waiting kernel holds about 65 MB, so only the pages in
:data:`POOLED` get them, :data:`DEFAULT_POOL_SIZE` each unless ``$SHENGJI_KIT_KERNEL_POOL`` says
otherwise (0 turns pre-started kernels off). Every other page starts its kernel on request.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...kit_files import kit_files

# The landing page, the play app, the trainer and the class's Tables page: the pages a learner opens
# first and most (the Tables page took 10-15 s to draw on a kernel started on request).
POOLED = ("notebooks/index.ipynb", "notebooks/play.ipynb", "notebooks/puzzles.ipynb", "notebooks/tables.ipynb")
DEFAULT_POOL_SIZE = 1
# Voila starts the replacement this long after a page took a kernel (its default is 1 s). A page
# asked for meanwhile waits for that replacement, so a class opening the app at once would wait
# a second longer than with kernels started on request; the kernels are niced, so starting the
# replacement at once does not slow the page being sent.
REFILL_DELAY_SECONDS = 0
POOL_ENV = "SHENGJI_KIT_KERNEL_POOL"
# The call that makes a cell wait for the learner: such a cell runs without the time limit.
WAIT_CALL = "wait_for_page()"
ANY_ADDRESS = ("", "0.0.0.0", "::")


def pool_size(environ: Mapping[str, str] | None = None) -> int:
    """Kernels kept started per pooled page: ``$SHENGJI_KIT_KERNEL_POOL`` (0 to 8), else the default."""
    raw = (os.environ if environ is None else environ).get(POOL_ENV, "").strip()
    if not raw.isdigit():
        return DEFAULT_POOL_SIZE
    return min(int(raw), 8)


def kernel_pool_arguments(
    host: str, size: int, pooled: tuple[str, ...] = POOLED, root: Path | str | None = None
) -> list[str]:
    """Voila options that keep ``size`` kernels started for each page of ``pooled`` ([] when 0).

    Pages not listed get no kernel ahead of time, and neither does a copy of a listed page elsewhere
    under ``root`` (the folder Voila serves), such as a leftover ``build/lib/…/notebooks/index.ipynb``.
    The kernels reach the server at ``host`` to learn their page request (Voila's default, 127.0.0.1,
    is wrong for a server on one LAN address).
    """
    if size <= 0:
        return []
    connect_to = "127.0.0.1" if host in ANY_ADDRESS else f"[{host}]" if ":" in host else host
    return [
        "--VoilaConfiguration.preheat_kernel=True",
        f"--VoilaConfiguration.default_pool_size={size}",
        f"--VoilaKernelManager.fill_delay={REFILL_DELAY_SECONDS}",
        f"--VoilaKernelManager.preheat_denylist={all_but(pooled, root)}",
        f"--VoilaKernelManager.default_env_variables=VOILA_APP_IP={connect_to}",
    ]


def all_but(pages: tuple[str, ...], root: Path | str | None = None) -> str:
    """A pattern Voila's ``preheat_denylist`` matches (``re.match``) on every notebook but ``pages``.

    Voila tests each notebook's path under its root: absolute (the root as ``os.path.abspath`` gives it,
    as Voila makes it), or relative to it. So a page is let through only at the top of ``root``:
    ``ROOT/notebooks/index.ipynb`` or ``notebooks/index.ipynb``, never ``ROOT/build/lib/…/notebooks/index.ipynb``.
    ``root`` defaults to the folder the kit serves (``kit_files().root``).
    """
    listed = "(?:" + "|".join(re.escape(page) for page in pages) + ")$"
    top = re.escape(os.path.abspath(str(kit_files().root if root is None else root)).rstrip("/\\") + "/")
    return "^(?!(?:" + top + ")?" + listed + ")"


def cell_time_limit(cell_seconds: int) -> Any:
    """A ``VoilaExecutor.timeout_func``: ``cell_seconds`` for every cell, none for the one that waits.

    A kernel started ahead of time waits inside that cell until a learner opens the page, which
    may be hours later; every other cell keeps the limit (a stuck cell fails its page).
    """

    def time_limit(cell: Any) -> int | None:
        source = cell.get("source", "") if isinstance(cell, Mapping) else ""
        text = "".join(source) if isinstance(source, list) else str(source)
        return None if WAIT_CALL in text else cell_seconds

    return time_limit
