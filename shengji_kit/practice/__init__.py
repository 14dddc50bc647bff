"""The puzzle trainer: progress per learner, choosing puzzles, answers, hints, stars, "show me".

The core (progress, store, choose, draft, showme, visit, session) uses only the engine, the
solver, the puzzle bank and the class store (``class_progress``: progress as the learner's events); ``trainer.html`` draws it with the render layer; the widget lives
in ``widgets/trainer_app.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_names import lazy_names

if TYPE_CHECKING:
    from .choose import AUTO, next_in_set, trainers_choice
    from .class_progress import AnswerDetail, ClassProgress
    from .event_log import ENV_VAR, ProgressStore, data_dir, progress_path
    from .progress import Progress, ProgressFormatError, PuzzleRecord
    from .session import TrainerSession
    from .showme import ShowMe, answer_text, right_choices

__getattr__, __dir__ = lazy_names(__name__, {
    ".choose": ("AUTO", "next_in_set", "trainers_choice"),
    ".class_progress": ("AnswerDetail", "ClassProgress"),
    ".event_log": ("ENV_VAR", "ProgressStore", "data_dir", "progress_path"),
    ".progress": ("Progress", "ProgressFormatError", "PuzzleRecord"),
    ".session": ("TrainerSession",),
    ".showme": ("ShowMe", "answer_text", "right_choices"),
})

__all__ = [
    "AUTO", "AnswerDetail", "ClassProgress", "ENV_VAR", "Progress", "ProgressFormatError",
    "ProgressStore", "PuzzleRecord", "ShowMe", "TrainerSession", "answer_text", "data_dir",
    "next_in_set", "progress_path", "right_choices", "trainers_choice",
]
