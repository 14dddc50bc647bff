"""Kernels started ahead go to the kit's own pooled pages only (issue 19): a leftover ``build/`` folder in
the checkout holds copies of the same notebooks, and Voila, which looks through its whole root, must not
keep kernels for them (it kept 6 instead of 3)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from shengji_kit.apps.serving import kernel_pool, serve

COPIES = ("build/lib/shengji_kit/bundled", "build/lib", "lessons", "docs/old")


def voila_filter() -> object:
    """Voila's own ``_notebook_filter`` (of the kernel manager it builds for ``preheat_kernel``)."""
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    manager = voila_kernel_manager_factory(AsyncMappingKernelManager, preheat_kernel=True, default_pool_size=1)
    return manager._notebook_filter


def preheated(root: Path, argv: list[str]) -> list[str]:
    """The notebooks under ``root`` Voila would keep kernels for with the command line ``argv``: as Voila
    does it, every ``*.ipynb`` under its root (absolute paths) through its filter and our denylist."""
    [denylist] = [arg.split("=", 1)[1] for arg in argv if arg.startswith("--VoilaKernelManager.preheat_denylist=")]
    keep = voila_filter()
    manager = SimpleNamespace(preheat_denylist=[denylist])
    top = Path(os.path.abspath(root))  # Voila's root_dir: made absolute, as its validator does
    return sorted(path.relative_to(top).as_posix() for path in top.rglob("*.ipynb") if keep(manager, path))  # type: ignore[operator]


def fake_checkout(root: Path) -> Path:
    """A served root with the kit's pooled pages and a lesson, plus copies of them in other folders."""
    cell = {"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    pages = [*kernel_pool.POOLED, "lessons/01_cards.ipynb"]
    for folder in ("", *COPIES):
        for page in pages:
            path = root / folder / page
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(cell), encoding="utf-8")
    return root


def test_a_build_folder_under_the_root_gets_no_kernels(tmp_path: Path) -> None:
    root = fake_checkout(tmp_path / "checkout")
    argv = serve.voila_command(9999, root=root, pool=1)
    assert preheated(root, argv) == sorted(kernel_pool.POOLED)


def test_the_root_can_be_given_relative_as_voila_makes_it_absolute(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = fake_checkout(tmp_path / "checkout")
    monkeypatch.chdir(tmp_path)
    argv = kernel_pool.kernel_pool_arguments("127.0.0.1", 1, root=Path("checkout"))
    assert preheated(root, argv) == sorted(kernel_pool.POOLED)


def test_a_served_root_named_like_a_pattern_is_taken_literally(tmp_path: Path) -> None:
    root = fake_checkout(tmp_path / "class (2b)+[x].*")
    assert preheated(root, kernel_pool.kernel_pool_arguments("127.0.0.1", 1, root=root)) == sorted(kernel_pool.POOLED)


def test_without_a_root_the_kits_own_served_folder_is_the_one() -> None:
    pattern = kernel_pool.all_but(kernel_pool.POOLED)
    assert pattern == kernel_pool.all_but(kernel_pool.POOLED, serve.NOTEBOOK_ROOT)
    assert re.escape(os.path.abspath(serve.NOTEBOOK_ROOT) + "/") in pattern
