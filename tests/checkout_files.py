"""The checkout's files as git lists them, for the tests that copy or hash the checkout.

``tests/packaging/test_wheel.py`` builds the wheel from a copy of them, and
``tests/browser/test_site_browser.py`` hashes the ones the static site is built from. Both folders
are not packages, so each puts ``tests/`` on ``sys.path`` to import this module.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

GIT_LISTING = ("git", "ls-files", "--cached", "--others", "--exclude-standard", "-z")


def git_checkout_files(root: Path) -> list[str] | None:
    """The files a commit of the checkout at ``root`` would hold: tracked plus new, minus ignored, as
    sorted paths relative to ``root`` (files only: a deleted but still tracked file is left out).

    None outside a git checkout (an unpacked sdist) or without git; each caller says what then.
    """
    try:
        listed = subprocess.run(GIT_LISTING, cwd=root, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    names = {name.decode() for name in listed.split(b"\0") if name}
    return sorted(name for name in names if (root / name).is_file())
