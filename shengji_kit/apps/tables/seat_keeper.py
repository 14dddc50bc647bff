"""Where a learner's seat token is kept between pages: the data folder of the machine the kernels run on,
one small file per learner and browser (the learner bar's name and the browser's random id).

A reloaded page or a new tab of the same learner in the same browser reads it and takes the seat up
again. Another browser never sees it, even one whose learner bar says the same name (without a class
list any name can be typed): the seat stays its learner's, as the tables' own tokens make it.
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
    """Keeps ``{(learner, browser): (server, token)}`` as files under ``folder`` (default: the data folder's
    table-seats); with no browser id nothing is kept (the seat then holds for this page only)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder

    def _path(self, learner: str, server: str, browser: str) -> Path:
        key = hashlib.sha256(f"{server}\n{browser}\n{learner.casefold()}".encode()).hexdigest()[:32]
        return (self.folder or data_dir() / FOLDER) / f"{key}.json"

    def token(self, learner: str, server: str, browser: str) -> str | None:
        """The seat token the learner's last page in ``browser`` held at ``server``, if any."""
        if not browser:
            return None
        try:
            data = json.loads(self._path(learner, server, browser).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        token = data.get("token") if isinstance(data, dict) else None
        return token if isinstance(token, str) and token else None

    def keep(self, learner: str, server: str, browser: str, token: str) -> None:
        if not browser:
            return
        try:
            path = self._path(learner, server, browser)
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(path, json.dumps({"learner": learner, "server": server, "token": token}))
        except OSError as error:  # the seat still works on this page; only a reload cannot find it
            log.warning("the seat token cannot be kept: %s", error)

    def forget(self, learner: str, server: str, browser: str) -> None:
        if not browser:
            return
        try:
            self._path(learner, server, browser).unlink(missing_ok=True)
        except OSError as error:
            log.warning("the seat token cannot be removed: %s", error)
