"""``open_store()``: the class store this kernel writes to, chosen by the environment.

``$SHENGJI_KIT_CLASS_SERVICE_URL`` set (a JupyterHub): the hub service's HTTP client, so a
learner writes only through a service that knows who asks. Otherwise the SQL store at
``$SHENGJI_KIT_CLASS_DB``, or the SQLite file ``<data dir>/class.sqlite3``. A kernel opens each
store once (per process) and shares it; ``class_name()`` is ``$SHENGJI_KIT_CLASS`` or "default".
"""

from __future__ import annotations

import importlib
import os
import threading

from .settings import class_name as class_name
from .settings import default_url, service_url
from .store_protocol import ClassStoreAPI

_opened: dict[tuple[int, str], ClassStoreAPI] = {}
_lock = threading.Lock()


def open_store() -> ClassStoreAPI:
    """The class store to use here (opened, and its schema upgraded, on first use). Raises ``StoreError``."""
    service = service_url()
    key = (os.getpid(), f"service:{service}" if service else default_url())
    with _lock:
        store = _opened.get(key)
        if store is None:
            store = _open(service)
            _opened[key] = store
        return store


def _open(service: str) -> ClassStoreAPI:
    if service:
        # The hub's HTTP client (shengji_kit.classroom.service_client), imported only on a hub.
        client = importlib.import_module(f"{__package__}.service_client")
        store: ClassStoreAPI = client.ServiceClassStore()
        return store
    from .store import SQLClassStore  # SQLAlchemy and Alembic load when a store is first opened

    return SQLClassStore(default_url())


def forget_opened_stores() -> None:
    """Close and forget the stores opened so far, and the spools' writers (tests that change the environment)."""
    from .spool import forget_writers

    forget_writers()
    with _lock:
        for store in _opened.values():
            close = getattr(store, "close", None)
            if callable(close):
                close()
        _opened.clear()
