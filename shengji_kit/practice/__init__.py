"""The one exercise stack of the trainer and the lessons: progress, choosing, answers, hints, stars, "show me".

``session`` holds the practice session (``Practice``; the trainer's ``TrainerSession``), ``visit`` and
``draft`` the puzzle open now, ``class_progress`` the learner's events in the class store,
``ratings_from_events`` the Glicko-2 ratings replayed from the events (``rating_words`` says them,
``class_ratings`` sums up a class's for the dashboard), ``missed`` the puzzles whose first try was lost
("what you missed"), ``timed_run`` the unrated timed run; ``html`` draws the trainer page and a lesson's
block. The widgets are ``apps/trainer`` and ``widgets/exercise``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_names import lazy_names

if TYPE_CHECKING:
    from .choose import AUTO, next_in_set, trainers_choice
    from .class_progress import AnswerDetail, ClassProgress
    from .event_log import ENV_VAR, ProgressStore, data_dir, progress_path
    from .progress import Progress, ProgressFormatError, PuzzleRecord
    from .session import Practice, TrainerSession
    from .showme import ShowMe, answer_text, right_choices

__getattr__, __dir__ = lazy_names(__name__, {
    ".choose": ("AUTO", "next_in_set", "trainers_choice"),
    ".class_progress": ("AnswerDetail", "ClassProgress"),
    ".event_log": ("ENV_VAR", "ProgressStore", "data_dir", "progress_path"),
    ".progress": ("Progress", "ProgressFormatError", "PuzzleRecord"),
    ".session": ("Practice", "TrainerSession"),
    ".showme": ("ShowMe", "answer_text", "right_choices"),
})

__all__ = [
    "AUTO",
    "ENV_VAR",
    "AnswerDetail",
    "ClassProgress",
    "Practice",
    "Progress",
    "ProgressFormatError",
    "ProgressStore",
    "PuzzleRecord",
    "ShowMe",
    "TrainerSession",
    "answer_text",
    "data_dir",
    "next_in_set",
    "progress_path",
    "right_choices",
    "trainers_choice",
]
