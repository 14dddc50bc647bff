"""Package faces (``__init__.py``): every name they hand on resolves, and they load little."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import shengji_kit

ROOT = Path(shengji_kit.__file__).resolve().parent
PACKAGES = sorted(
    "shengji_kit." + ".".join(path.parent.relative_to(ROOT).parts)
    for path in ROOT.rglob("__init__.py")
    if path.parent != ROOT and "migrations" not in path.parts
)


@pytest.mark.parametrize("package", PACKAGES)
def test_every_handed_on_name_resolves(package: str) -> None:
    face = importlib.import_module(package)
    for name in getattr(face, "__all__", ()):
        assert getattr(face, name) is not None, name
        assert name in dir(face)


@pytest.mark.parametrize("package", PACKAGES)
def test_a_lazily_handed_name_is_no_submodule_name(package: str) -> None:
    """Importing a submodule puts it on its package under its own name, hiding a lazy name."""
    face = importlib.import_module(package)
    submodules = {info.name for info in pkgutil.iter_modules(face.__path__)}
    for name in set(getattr(face, "__all__", ())) & submodules:
        importlib.import_module(f"{package}.{name}")
        assert not isinstance(getattr(face, name), type(sys)), name


def loaded_by(module: str) -> int:
    code = (
        f"import {module}, sys; "
        "print(sum(1 for name in sys.modules if name.split('.')[0] == 'shengji_kit'))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return int(done.stdout)


@pytest.mark.parametrize(
    ("module", "most"),
    [("shengji_kit.widgets.surface", 29), ("shengji_kit.engine", 5), ("shengji_kit.words", 5),
     ("shengji_kit.apps.play", 5)],
)
def test_an_import_loads_little_of_the_kit(module: str, most: int) -> None:
    assert loaded_by(module) <= most
