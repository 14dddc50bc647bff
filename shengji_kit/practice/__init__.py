"""The one exercise stack of the trainer and the lessons: progress, choosing, answers, hints, stars, "show me".

``session`` holds the practice session (``Practice``; the trainer's ``TrainerSession``), ``visit`` and
``draft`` the puzzle open now, ``class_progress`` the learner's events in the class store; ``html``
draws the trainer page and a lesson's block. The widgets are ``apps/trainer`` and ``widgets/exercise``.
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
