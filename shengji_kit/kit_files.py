"""Where the kit's notebooks, Voila template and rules reference are, in a checkout or an installed wheel.

In a checkout (or an editable install) the notebooks are the repository's own ``lessons/`` and
``notebooks/``, the files teachers edit. A wheel carries copies of them under
``shengji_kit/bundled/``, put there by the build step in ``setup.py``. The Voila template and
server settings are package data (``shengji_kit/jupyter/``) in both cases.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
# The kit's Voila template and settings; Voila reads settings from here only (not ~/.jupyter).
JUPYTER_DIR = PACKAGE_DIR / "jupyter"
# Filled by the wheel build only: bundled/lessons, bundled/notebooks, bundled/docs.
BUNDLED_DIR = PACKAGE_DIR / "bundled"
CHECKOUT_DIR = PACKAGE_DIR.parent
LESSONS = "lessons"
APPS = "notebooks"
DOCS = "docs"
RULES_REFERENCE = "rules*.md"


@dataclass(frozen=True)
class KitFiles:
    """The folder Voila serves (holding ``lessons/``, ``notebooks/`` and ``docs/``) and the template."""

    root: Path
    jupyter_dir: Path
    installed: bool

    def lesson_notebooks(self) -> list[Path]:
        """The lesson notebooks, by name."""
        return sorted((self.root / LESSONS).glob("*.ipynb"))

    def rules_reference(self) -> list[Path]:
        """The learner's rules reference (``rules.md``, ``rules.zh.md``), those that exist."""
        return sorted((self.root / DOCS).glob(RULES_REFERENCE))


def _is_checkout(folder: Path) -> bool:
    """Whether ``folder`` is the kit's source checkout (and not, say, site-packages)."""
    return (folder / "pyproject.toml").is_file() and (folder / APPS).is_dir()


def kit_files() -> KitFiles:
    """The installed copy when the package carries one, else the checkout it was imported from.

    When neither exists (a broken install) the checkout layout is returned; callers check that
    the files they need are there and say so.
    """
    if (BUNDLED_DIR / APPS).is_dir():
        return KitFiles(BUNDLED_DIR, JUPYTER_DIR, installed=True)
    if _is_checkout(CHECKOUT_DIR):
        return KitFiles(CHECKOUT_DIR, JUPYTER_DIR, installed=False)
    return KitFiles(BUNDLED_DIR, JUPYTER_DIR, installed=True)


_NOTEBOOK_SUFFIX = re.compile(r"\.ipynb(?=$|[?#])")


def page_address(notebook: str) -> str:
    """A link to one of the kit's notebooks as the pages are served: ``.html`` in the browser (the static
    site's Voici pages), ``.ipynb`` under Voila; the address's ``?…`` and ``#…`` are kept."""
    if sys.platform != "emscripten":
        return notebook
    return _NOTEBOOK_SUFFIX.sub(".html", notebook, count=1)
