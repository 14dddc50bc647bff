"""Where a learner's seat token is kept between pages: the data folder of the machine the kernels run on,
one small file per learner (the learner bar's name), beside the rest of what the kit keeps for them.

A reloaded page or a new tab of the same learner reads it and takes the seat up again; another learner's
page never sees it (the file is named by the learner, and the learner bar checks the name's PIN).
"""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path

from ...data_folder import data_dir, write_atomically

log = logging.getLogger(__name__)
FOLDER = "table-seats"


class SeatKeeper:
    """Keeps ``{learner: (server, token)}`` as files under ``folder`` (default: the data folder's table-seats)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder

    def _path(self, learner: str, server: str) -> Path:
        key = hashlib.sha256(f"{server}\n{learner.casefold()}".encode()).hexdigest()[:32]
        return (self.folder or data_dir() / FOLDER) / f"{key}.json"

    def token(self, learner: str, server: str) -> str | None:
        """The seat token the learner's last page held at ``server``, if any."""
        try:
            data = json.loads(self._path(learner, server).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        token = data.get("token") if isinstance(data, dict) else None
        return token if isinstance(token, str) and token else None

    def keep(self, learner: str, server: str, token: str) -> None:
        try:
            path = self._path(learner, server)
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(path, json.dumps({"learner": learner, "server": server, "token": token}))
        except OSError as error:  # the seat still works on this page; only a reload cannot find it
            log.warning("the seat token cannot be kept: %s", error)

    def forget(self, learner: str, server: str) -> None:
        try:
            self._path(learner, server).unlink(missing_ok=True)
        except OSError as error:
            log.warning("the seat token cannot be removed: %s", error)
