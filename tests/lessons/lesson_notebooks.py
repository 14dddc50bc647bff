"""Helpers for the lesson tests: the exercise groups a lesson notebook shows."""

from __future__ import annotations

import json
import re
from pathlib import Path

LESSONS = Path(__file__).resolve().parents[2] / "lessons"


def notebook_groups(slug: str) -> list[str]:
    """The groups named by ``cells.exercises(slug, "group")`` calls in ``lessons/<slug>.ipynb``."""
    cells = json.loads((LESSONS / f"{slug}.ipynb").read_text(encoding="utf-8"))["cells"]
    source = "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")
    return re.findall(rf'exercises\("{slug}", "([a-z0-9_-]+)"\)', source)


def notebook_has_no_outputs(slug: str) -> bool:
    cells = json.loads((LESSONS / f"{slug}.ipynb").read_text(encoding="utf-8"))["cells"]
    code = [cell for cell in cells if cell["cell_type"] == "code"]
    return all(not cell.get("outputs") and cell.get("execution_count") is None for cell in code)
