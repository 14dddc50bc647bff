"""Package faces that load their names on first use (PEP 562), so importing one module of a
package never loads the rest of it.

A face lists where each name lives and hands the pair of module hooks back::

    __getattr__, __dir__ = lazy_names(__name__, {".cards": ("Card", "parse_cards")})

and imports the same names under ``if TYPE_CHECKING:`` for type checkers and editors.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_names(
    package: str, where: Mapping[str, tuple[str, ...]]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for ``package``: each name of ``where[module]`` comes from
    ``module`` (relative to ``package``), imported when the name is first asked for."""
    home = {name: module for module, names in where.items() for name in names}
    namespace = vars(sys.modules[package])

    def __getattr__(name: str) -> Any:
        module = home.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(module, package), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*namespace, *home})

    return __getattr__, __dir__
