"""Old import paths of the lesson views, kept so that a learner's copied notebook still runs.

``from shengji_kit.lessons import trump_ranking`` gives ``shengji_kit.apps.lessons.trump_ranking_lesson``
(and so on for every lesson); new notebooks import from ``shengji_kit.apps.lessons``. Deprecated:
see docs/lessons.md, "Old notebooks".
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

OLD_VIEWS: dict[str, str] = {
    "trump_ranking": "trump_ranking_lesson",
    "tractors": "tractors_lesson",
    "following": "following_lesson",
    "winning": "winning_lesson",
    "throws": "throws_lesson",
    "scoring": "scoring_lesson",
    "declaring": "declaring_lesson",
    "chances": "chances_lesson",
}


def __getattr__(name: str) -> ModuleType:
    """The lesson view an old notebook names (loaded when first asked for)."""
    new_name = OLD_VIEWS.get(name)
    if new_name is None:
        raise AttributeError(f"module 'shengji_kit.lessons' has no attribute {name!r}")
    module = import_module(f"shengji_kit.apps.lessons.{new_name}")
    globals()[name] = module
    return module


def __dir__() -> list[str]:
    return sorted([*globals(), *OLD_VIEWS])
