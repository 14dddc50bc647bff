"""The puzzle trainer: progress per learner, choosing puzzles, answers, hints, stars, "show me".

The core (progress, store, choose, draft, showme, visit, session) uses only the engine, the
solver, the puzzle bank and the class store (``class_progress``: progress as the learner's events); ``trainer.html`` draws it with the render layer; the widget lives
in ``widgets/trainer_app.py``.
"""

from .choose import AUTO, next_in_set, trainers_choice
from .class_progress import AnswerDetail, ClassProgress
from .event_log import ENV_VAR, ProgressStore, data_dir, progress_path
from .notice import Notice
from .progress import Progress, ProgressFormatError, PuzzleRecord
from .session import Practice, TrainerSession
from .showme import ShowMe, answer_text, right_choices

__all__ = [
    "AUTO", "AnswerDetail", "ClassProgress", "ENV_VAR", "Notice", "Progress", "ProgressFormatError", "ProgressStore", "PuzzleRecord",
    "Practice", "ShowMe", "TrainerSession", "answer_text", "data_dir", "next_in_set", "progress_path",
    "right_choices", "trainers_choice",
]
