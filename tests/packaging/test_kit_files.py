"""``kit_files``: in the checkout it finds the repository's notebooks and the packaged template."""

from __future__ import annotations

import json

from shengji_kit import kit_files as kit_files_module
from shengji_kit.kit_files import kit_files


def test_checkout_serves_the_repository_folders_teachers_edit() -> None:
    files = kit_files()
    assert not files.installed
    assert files.root == kit_files_module.CHECKOUT_DIR
    assert (files.root / "pyproject.toml").is_file()
    assert (files.root / "notebooks" / "index.ipynb").is_file()
    assert files.lesson_notebooks()
    assert all(path.parent == files.root / "lessons" for path in files.lesson_notebooks())


def test_template_and_settings_are_package_data() -> None:
    files = kit_files()
    assert files.jupyter_dir == kit_files_module.PACKAGE_DIR / "jupyter"
    assert (files.jupyter_dir / "voila.py").is_file()
    template = files.jupyter_dir / "voila" / "templates" / "shengji" / "conf.json"
    assert json.loads(template.read_text(encoding="utf-8"))["base_template"] == "lab"


def test_rules_reference_lists_only_the_rules_files() -> None:
    for path in kit_files().rules_reference():
        assert path.name.startswith("rules") and path.suffix == ".md"
