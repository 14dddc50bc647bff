"""The class store's shared types and protocol: what learners' pages write and the dashboard reads.

One event is one flat row: a learner did one thing on one item (a trainer puzzle or a lesson
exercise) at one time. Counts (attempts, stars) are derived from events, so concurrent writers
never lose each other's work. Polls are the teacher's live questions to the whole class.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

from ..words import text

# What a learner did (the trainer's event kinds, shared with lesson exercises).
ATTEMPT, HINT, SOLVE, STAR, REVEAL = "attempt", "hint", "solve", "star", "reveal"
TIMED = "timed"
"""A puzzle solved in a timed run (unrated): its item is the run's id, so a run's score is its count of these."""
EVENT_KINDS = (ATTEMPT, HINT, SOLVE, STAR, REVEAL, TIMED)
DEFAULT_CLASS = "default"
# Poll states: answers are taken while open; revealed shows the answer; closed hides it.
POLL_OPEN, POLL_REVEALED, POLL_CLOSED = "open", "revealed", "closed"


@dataclass(frozen=True)
class ClassEvent:
    """One thing one learner did on one item.

    ``item`` is the puzzle or exercise id (unique across the bank and the lessons); ``group`` is the
    dashboard column it belongs to: a lesson slug (``"02_tractors"``) or a puzzle set (``"endgame"``).
    ``answer`` is the answer given, as text (attempts only), ``correct`` whether it was right
    (attempts only), ``seconds`` the time since the item was shown. ``uid`` is a unique id the page
    gives the event (empty for older events): an event sent again after a crash is stored once.
    """

    learner: str
    item: str
    group: str
    kind: str
    at: datetime  # timezone-aware, UTC
    answer: str = ""
    correct: bool | None = None
    seconds: float | None = None
    class_name: str = DEFAULT_CLASS
    uid: str = ""


@dataclass(frozen=True)
class StoredEvent:
    """An event as the store keeps it: ``id`` grows with every write, so readers can ask for what is new."""

    id: int
    event: ClassEvent


@dataclass(frozen=True)
class Poll:
    """A question the teacher put to the class: a puzzle, an exercise or a trick from a record.

    ``source`` is ``"puzzle"``, ``"exercise"`` or ``"record"``; ``ref`` the item id (or record
    name and trick); ``options`` the answers learners choose from (their text as shown);
    ``answer`` the right option, shown to learners once the poll is revealed.
    """

    id: int
    class_name: str
    source: str
    ref: str
    prompt_en: str
    prompt_zh: str
    options: tuple[str, ...]
    answer: str
    state: str
    opened_at: datetime
    answers: dict[str, str] = field(default_factory=dict)  # learner -> chosen option


class ClassStoreAPI(Protocol):
    """What every class store offers (the SQL store, the JupyterHub service client)."""

    def record(self, events: Sequence[ClassEvent]) -> list[int]:
        """Write the events in one transaction; their new ids, in order. Raises ``StoreError``."""
        ...

    def events(
        self, class_name: str = DEFAULT_CLASS, *, learner: str | None = None, after_id: int = 0
    ) -> list[StoredEvent]:
        """Every stored event of the class (of one learner if given) with an id above ``after_id``, by id."""
        ...

    def learners(self, class_name: str = DEFAULT_CLASS) -> list[str]:
        """The learners of the class who have recorded anything, by name."""
        ...

    def open_poll(self, class_name: str, source: str, ref: str, prompt_en: str, prompt_zh: str,
                  options: Sequence[str], answer: str) -> Poll:
        """Open a new poll for the class (closing any open one)."""
        ...

    def current_poll(self, class_name: str = DEFAULT_CLASS) -> Poll | None:
        """The class's open or revealed poll with its answers so far; None when there is none."""
        ...

    def answer_poll(self, poll_id: int, learner: str, option: str, browser: str = "") -> None:
        """Record a learner's choice (a later choice replaces an earlier one); refused once revealed.

        ``browser`` is the random id the learner's browser keeps: one vote per browser and poll, so
        choosing five names in one browser still counts one vote (the latest name's)."""
        ...

    def set_poll_state(self, poll_id: int, state: str) -> None:
        """Reveal or close a poll."""
        ...


class StoreError(ValueError):
    """The store cannot do what was asked (bad URL, unreachable database, bad event); the message says why."""


class EventRefused(StoreError):
    """An event the store will not keep (too long, missing a field, …): ``code`` and ``params`` say why.

    The message is the catalogue text (class_service.toml) in English and Chinese.
    """

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = {name: str(value) for name, value in params.items()}
        super().__init__(f"{text(code, 'en', **self.params)} · {text(code, 'zh', **self.params)}")


def answer_as_text(value: object) -> str:
    """An answer as one line of text: card groups are joined with `` | ``, anything else as written."""
    if isinstance(value, str):
        return value
    if isinstance(value, Sequence):
        return " | ".join(answer_as_text(part) for part in value)
    return str(value)
