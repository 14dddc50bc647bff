"""Add precompiled bytecode to Pyodide's stdlib zip and to wheels, in place. Run by the runtime's Python version.

deploy/site/build.py runs this with a Python of the same major.minor as the Pyodide runtime (3.13 for
Pyodide 0.29), since a ``.pyc`` is read only by the version that wrote it (its magic number says which).
Every ``.py`` keeps its source beside its bytecode (tracebacks and ``inspect`` still show the lines):

- the stdlib zip is imported by ``zipimport`` from ``/lib/python313.zip``: ``x.pyc`` beside ``x.py``;
- a wheel is unpacked into ``/lib/python3.13/site-packages``: ``__pycache__/x.cpython-313.pyc``,
  found by the path finder, and a row for it in the wheel's RECORD.

The bytecode is "unchecked hash" (PEP 552): neither importer compares it with the source's timestamp
(unpacking a wheel sets new timestamps; a zip keeps two-second DOS times) nor hashes the source.
Each code object carries the file name the runtime would give it, as if compiled there.

Run: ``python3.13 bytecode.py stdlib python_stdlib.zip`` or ``python3.13 bytecode.py wheels a.whl b.whl``.
Prints the files compiled and skipped (a source this Python cannot compile stays source only).
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import sys
import zipfile
from collections.abc import Callable
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]
from pathlib import Path

STDLIB_ZIP = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
SITE_PACKAGES = f"/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages"
CACHE_TAG = sys.implementation.cache_tag  # cpython-313


def bytecode(source: bytes, filename: str) -> bytes:
    """The unchecked-hash ``.pyc`` of ``source``, its code named ``filename``."""
    code = compile(source, filename, "exec", dont_inherit=True, optimize=0)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def stdlib_name(name: str) -> str:
    return name + "c"


def wheel_name(name: str) -> str:
    folder, _, stem = name.rpartition("/")
    return f"{folder + '/' if folder else ''}__pycache__/{stem[:-3]}.{CACHE_TAG}.pyc"


def record_row(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\n"


def rewrite(archive: Path, pyc_name: Callable[[str], str], runtime_path: str, record: bool) -> tuple[int, int]:
    """Rewrite ``archive`` with a ``.pyc`` for each ``.py`` (named by ``pyc_name``), keeping every entry as it was.
    Returns the counts compiled and skipped. An archive that already holds bytecode is left as it is."""
    with zipfile.ZipFile(archive) as old:
        entries = [(info, old.read(info)) for info in old.infolist()]
    names = {info.filename for info, _ in entries}
    compiled = skipped = 0
    added: list[tuple[zipfile.ZipInfo, bytes]] = []
    for info, data in entries:
        if not info.filename.endswith(".py"):
            continue
        target = pyc_name(info.filename)
        if target in names:
            continue
        try:
            pyc = bytecode(data, f"{runtime_path}/{info.filename}")
        except (SyntaxError, ValueError):
            skipped += 1
            continue
        added_info = zipfile.ZipInfo(target, date_time=info.date_time)
        added_info.compress_type = info.compress_type
        added_info.external_attr = info.external_attr
        added.append((added_info, pyc))
        compiled += 1
    if not added:
        return compiled, skipped
    temporary = archive.with_suffix(archive.suffix + ".part")
    with zipfile.ZipFile(temporary, "w") as new:
        for info, data in entries:
            if record and info.filename.endswith(".dist-info/RECORD"):
                data = data + "".join(record_row(extra.filename, pyc) for extra, pyc in added).encode()
            new.writestr(info, data)
        for info, data in added:
            new.writestr(info, data)
    temporary.replace(archive)
    return compiled, skipped


def main() -> None:
    kind, *archives = sys.argv[1:]
    total = [0, 0]
    for archive in map(Path, archives):
        if kind == "stdlib":
            counts = rewrite(archive, stdlib_name, STDLIB_ZIP, record=False)
        else:
            counts = rewrite(archive, wheel_name, SITE_PACKAGES, record=True)
        total[0] += counts[0]
        total[1] += counts[1]
    print(f"{kind}: {total[0]} files compiled, {total[1]} left as source "
          f"(Python {sys.version.split()[0]}, magic {importlib.util.MAGIC_NUMBER.hex()})")


if __name__ == "__main__":
    main()
