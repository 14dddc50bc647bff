"""The site's precompiled bytecode is the runtime's: its magic number is the one Pyodide's Python reads.

deploy/site/build.py adds a ``.pyc`` beside every ``.py`` of Pyodide's stdlib zip and of every wheel,
compiled by a Python of the runtime's major.minor (deploy/site/bytecode.py). The runtime's version is
read from the Pyodide distribution itself (its pyodide-lock.json), its magic number from the stdlib's
own ``importlib/_bootstrap_external.py``; no browser is needed. The distribution comes from npm into
``.site-cache`` (``make site``); without it this test cannot know the runtime and is skipped, saying so.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / ".site-cache" / "npm" / "package"
SITE = ROOT / "site" / "static" / "pyodide"
_SPEC = importlib.util.spec_from_file_location("site_build", ROOT / "deploy" / "site" / "build.py")
assert _SPEC is not None and _SPEC.loader is not None
build = importlib.util.module_from_spec(_SPEC)
sys.modules["site_build"] = build  # its dataclasses look their module up
_SPEC.loader.exec_module(build)  # deploy/site/build.py, by its path (a "build" package may be installed)

pytestmark = pytest.mark.skipif(not (CORE / "pyodide-lock.json").is_file(),
                                reason="no Pyodide distribution in .site-cache: run `make site` once")

UNCHECKED_HASH = 0b01  # PEP 552 flags: hash-based, not checked against the source


def runtime_magic(stdlib: Path) -> bytes:
    """The magic number of the runtime's Python, as its own importlib defines it."""
    with zipfile.ZipFile(stdlib) as archive:
        source = archive.read("importlib/_bootstrap_external.py").decode()
    found = re.search(r"^MAGIC_NUMBER = \((\d+)\)\.to_bytes\(2, 'little'\) \+ b'\\r\\n'$", source, re.MULTILINE)
    assert found, "the runtime's importlib no longer defines MAGIC_NUMBER as this test reads it"
    return int(found.group(1)).to_bytes(2, "little") + b"\r\n"


def assert_runtime_bytecode(archive: Path, magic: bytes, beside: bool) -> int:
    """Every ``.py`` in ``archive`` has its ``.pyc`` (``beside`` it, or in ``__pycache__``) with ``magic``,
    unchecked-hash; returns how many."""
    with zipfile.ZipFile(archive) as opened:
        names = set(opened.namelist())
        sources = sorted(name for name in names if name.endswith(".py"))
        for name in sources:
            folder, _, stem = name.rpartition("/")
            pyc = name + "c" if beside else f"{folder + '/' if folder else ''}__pycache__/{stem[:-3]}.cpython-313.pyc"
            assert pyc in names, f"{archive.name}: {name} has no bytecode"
            header = opened.read(pyc)[:8]
            assert header[:4] == magic, f"{archive.name}: {pyc} has magic {header[:4]!r}, the runtime reads {magic!r}"
            assert int.from_bytes(header[4:8], "little") == UNCHECKED_HASH, f"{archive.name}: {pyc} is not unchecked"
    return len(sources)


def test_compiling_python_is_the_runtimes_version() -> None:
    version = build.runtime_python(CORE)
    command = build.compiling_python(version)
    assert version.startswith("3.13."), "Pyodide changed its Python: check the cache tag and this test"
    told = subprocess.run([*command, "-c", "import importlib.util, sys; print(sys.version_info[:2] == (3, 13)); "
                           "print(importlib.util.MAGIC_NUMBER.hex())"], capture_output=True, text=True, check=True)
    same_version, magic = told.stdout.split()
    assert same_version == "True"
    assert bytes.fromhex(magic) == runtime_magic(CORE / "python_stdlib.zip")


def test_precompiled_stdlib_and_wheel_carry_the_runtimes_magic(tmp_path: Path) -> None:
    magic = runtime_magic(CORE / "python_stdlib.zip")
    stdlib = tmp_path / "python_stdlib.zip"
    shutil.copy2(CORE / "python_stdlib.zip", stdlib)
    wheel = tmp_path / "six-1.17.0-py2.py3-none-any.whl"
    shutil.copy2(next((ROOT / ".site-cache" / "wheels").glob("six-*.whl")), wheel)
    build.precompile(build.compiling_python(build.runtime_python(CORE)), stdlib, [wheel])
    assert assert_runtime_bytecode(stdlib, magic, beside=True) > 500
    assert assert_runtime_bytecode(wheel, magic, beside=False) == 1
    with zipfile.ZipFile(wheel) as opened:
        record = opened.read("six-1.17.0.dist-info/RECORD").decode()
    assert "__pycache__/six.cpython-313.pyc,sha256=" in record


@pytest.mark.skipif(not SITE.is_dir(), reason="no site/ built (make site)")
def test_the_built_site_carries_the_runtimes_bytecode() -> None:
    magic = runtime_magic(CORE / "python_stdlib.zip")
    assert assert_runtime_bytecode(SITE / "python_stdlib.zip", magic, beside=True) > 500
    for wheel in sorted(SITE.glob("*.whl")):
        assert_runtime_bytecode(wheel, magic, beside=False)
