"""The kernel's one connection to the class store, and the class it belongs to.

Every widget of a page (the learner bar, the dashboard) shares one store object per store address,
so a page holds one database connection pool, whatever number of bars it shows.
"""

from __future__ import annotations

import os

from ..classroom.api import DEFAULT_CLASS, ClassStoreAPI

CLASS_ENV = "SHENGJI_KIT_CLASS"
_ADDRESS_ENVS = ("SHENGJI_KIT_CLASS_DB", "SHENGJI_KIT_CLASS_SERVICE_URL", "SHENGJI_KIT_DATA_DIR")
_OPENED: dict[tuple[str, ...], ClassStoreAPI] = {}


def class_name() -> str:
    """The class this kernel's pages belong to: ``$SHENGJI_KIT_CLASS``, else ``"default"``."""
    return os.environ.get(CLASS_ENV, "").strip() or DEFAULT_CLASS


def shared_store() -> ClassStoreAPI:
    """The class store named by the environment (see ``open_store``), opened once per address."""
    from ..classroom.open import open_store

    address = tuple(os.environ.get(name, "") for name in _ADDRESS_ENVS)
    if address not in _OPENED:
        _OPENED[address] = open_store()
    return _OPENED[address]
