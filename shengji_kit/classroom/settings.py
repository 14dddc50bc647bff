"""Which class store and class the environment names (read without loading SQLAlchemy).

``$SHENGJI_KIT_CLASS_DB``: a SQLAlchemy URL (default: the SQLite file ``<data dir>/class.sqlite3``);
``$SHENGJI_KIT_CLASS``: the class (default "default"); ``$SHENGJI_KIT_CLASS_SERVICE_URL``: the
JupyterHub service that stands in for the database on a hub.
"""

from __future__ import annotations

import importlib.util
import os
import sys

from ..data_folder import data_dir
from .store_protocol import DEFAULT_CLASS

DB_ENV = "SHENGJI_KIT_CLASS_DB"
CLASS_ENV = "SHENGJI_KIT_CLASS"
SERVICE_ENV = "SHENGJI_KIT_CLASS_SERVICE_URL"
SQLITE_FILE = "class.sqlite3"


def default_url() -> str:
    """``$SHENGJI_KIT_CLASS_DB`` when set, else the SQLite file ``<data dir>/class.sqlite3``."""
    configured = os.environ.get(DB_ENV, "").strip()
    if configured:
        return configured
    return f"sqlite:///{data_dir() / SQLITE_FILE}"


def class_name() -> str:
    """The class this kernel's learners belong to: ``$SHENGJI_KIT_CLASS``, else "default"."""
    return os.environ.get(CLASS_ENV, "").strip() or DEFAULT_CLASS


def service_url() -> str:
    """The hub service's URL, or "" when the store is a database this kernel opens itself."""
    return os.environ.get(SERVICE_ENV, "").strip()


def in_browser() -> bool:
    """True in Pyodide (the static site): no threads, no subprocess, no SQLite."""
    return sys.platform == "emscripten"


def class_store_works() -> bool:
    """The class store can run here: not in the browser, and SQLite can be imported."""
    return not in_browser() and importlib.util.find_spec("sqlite3") is not None
