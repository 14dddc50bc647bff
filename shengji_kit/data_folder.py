"""Where the kit keeps its data, and writing files atomically (a temporary file, then a rename).

A reader never sees a half-written file, and a failed write leaves the old file as it was. This
is the lowest layer that touches the disk; ``engine`` stays pure and does not use it.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import platformdirs

DATA_DIR_ENV = "SHENGJI_KIT_DATA_DIR"
APP_NAME = "shengji-kit"


def data_dir() -> Path:
    """The kit's data folder: ``$SHENGJI_KIT_DATA_DIR`` if set, else the user data directory."""
    override = os.environ.get(DATA_DIR_ENV, "").strip()
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def write_atomically(path: str | Path, data: str | bytes) -> Path:
    """Write ``data`` (text as UTF-8) to ``path`` via a temporary file and ``os.replace``.

    Creates the parent folder; syncs the file and, where the system allows, the folder so the
    rename itself survives a crash. Raises ``OSError`` and leaves no temporary file behind.
    """
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as sink:
            sink.write(payload)
            sink.flush()
            os.fsync(sink.fileno())
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    _sync_folder(target.parent)
    return target


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable where the system allows it (not on every platform)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def set_aside(damaged: Path, stamp: str) -> Path:
    """Rename a damaged file to ``<name>.corrupt-<stamp>`` (numbered if taken), so it is kept, never lost.

    Returns the new path; raises ``OSError`` when the file cannot be renamed (it stays where it was).
    """
    backup = damaged.with_name(f"{damaged.name}.corrupt-{stamp}")
    number = 1
    while backup.exists():
        number += 1
        backup = damaged.with_name(f"{damaged.name}.corrupt-{stamp}-{number}")
    os.rename(damaged, backup)
    return backup
