"""Wheel build step: copy the lesson and app notebooks and the docs (``docs/*.md``) into the package.

``lessons/``, ``notebooks/`` and ``docs/`` stay at the top of the repository, where teachers edit
them and nbval runs them; a built wheel carries copies under ``shengji_kit/bundled/``, which
``shengji_kit.kit_files`` finds. Editable installs copy nothing: they serve the checkout itself.
The rest of the packaging is in pyproject.toml.
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
# folder at the top of the repository -> the files of it the wheel carries
BUNDLED: dict[str, str] = {"lessons": "*.ipynb", "notebooks": "*.ipynb", "docs": "*.md"}
BUNDLE_TARGET = Path("shengji_kit") / "bundled"


def bundled_sources() -> list[Path]:
    """The files to bundle, relative to the repository (docs/*.md may not exist yet)."""
    return [
        path.relative_to(HERE)
        for folder, pattern in BUNDLED.items()
        for path in sorted((HERE / folder).glob(pattern))
    ]


class BuildPyWithNotebooks(build_py):
    """``build_py`` that also copies the notebooks into ``shengji_kit/bundled/`` of the build."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for source in bundled_sources():
            target = Path(self.build_lib) / BUNDLE_TARGET / source
            self.mkpath(str(target.parent))
            self.copy_file(str(HERE / source), str(target))

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs: list[str] = super().get_outputs(include_bytecode)
        if getattr(self, "editable_mode", False):
            return outputs
        return outputs + [str(Path(self.build_lib) / BUNDLE_TARGET / s) for s in bundled_sources()]


setup(cmdclass={"build_py": BuildPyWithNotebooks})
