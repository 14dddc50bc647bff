"""The kernel's class store and class, as the widgets ask for them (``classroom.open`` opens each store once).

Imported lazily: a page that never reaches the store does not load the database libraries.
"""

from __future__ import annotations

from ..classroom.store_protocol import ClassStoreAPI


def class_name() -> str:
    """The class of this kernel's pages (``$SHENGJI_KIT_CLASS``, else "default")."""
    from ..classroom.settings import class_name as named

    return named()


def shared_store() -> ClassStoreAPI:
    """The class store named by the environment, opened on first use (see ``classroom.open.open_store``)."""
    from ..classroom.open import open_store

    return open_store()


def load_store_libraries() -> None:
    """Import the database libraries now (about a second), so a kept kernel pays before its page asks.

    Nothing to load where the class store cannot run (the browser: no SQLite, no threads).
    """
    from ..classroom.settings import class_store_works

    if not class_store_works():
        return
    from ..classroom import store  # noqa: F401
