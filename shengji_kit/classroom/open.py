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

from .api import DEFAULT_CLASS, ClassStoreAPI
from .database import CLASS_ENV, default_url, normalise_url
from .sql_store import SQLClassStore

SERVICE_ENV = "SHENGJI_KIT_CLASS_SERVICE_URL"
_opened: dict[tuple[int, str], ClassStoreAPI] = {}
_lock = threading.Lock()


def class_name() -> str:
    """The class this kernel's learners belong to: ``$SHENGJI_KIT_CLASS``, else "default"."""
    return os.environ.get(CLASS_ENV, "").strip() or DEFAULT_CLASS


def open_store() -> ClassStoreAPI:
    """The class store to use here (opened, and its schema upgraded, on first use). Raises ``StoreError``."""
    service = os.environ.get(SERVICE_ENV, "").strip()
    key = (os.getpid(), f"service:{service}" if service else normalise_url(default_url()))
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
    return SQLClassStore(default_url())


def forget_opened_stores() -> None:
    """Close and forget the stores opened so far (tests that change the environment use it)."""
    with _lock:
        for store in _opened.values():
            if isinstance(store, SQLClassStore):
                store.close()
        _opened.clear()
