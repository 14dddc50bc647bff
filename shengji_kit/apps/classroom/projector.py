"""What the teacher projects: a puzzle, a lesson exercise or a saved round record, drawn big.

A ``Projection`` draws itself for the 1920×1080 stage and, when it can, offers the poll question
the class may answer (its options and the right one, judged by the engine). A record is stepped
trick by trick with lesson 4's ``TrickStepper``, which gives the engine's reason for each winner. A shared
table's round record (``table-<id>-round-<nnn>.json``, written by the class server's tables) is listed and titled as
a person reads it: the table's name, the round and who sat where (``shared_record_labels``).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from markupsafe import Markup

from ...classroom.store_protocol import POLL_OPEN, Poll
from ...engine.explain import seat_name
from ...game.record import load, parse
from ...practice.html.parts import labelled_row, paragraphs, seat_hand
from ...puzzles import Bank, Puzzle
from ...puzzles.choice_seed import shown_order
from ...puzzles.lesson_exercises import load_lesson
from ...puzzles.lesson_list import lesson_list
from ...puzzles.model import Choice
from ...render.lesson_panels.trick_stepper import (
    RecordedTrick,
    TrickStepper,
    explain_trick,
    recorded_tricks,
)
from ...render.table_data import PlayedCards
from ...render.tricks import trick_centre_html
from ...words.catalogue import LANGUAGES, text

log = logging.getLogger(__name__)
SAMPLE_RECORD = "sample"
"""The record always offered: a round of four RuleBots (seed 7), the one lesson 4 steps through."""
SHARED_RECORD = re.compile(r"table-[0-9A-Za-z]+-round-\d+\.json")
"""The file name the class server's tables give a finished round (``TableHall._write_record``)."""


@dataclass(frozen=True)
class PollQuestion:
    """What a poll on the projected item asks: both prompts, the options as shown, the right one."""

    source: str
    ref: str
    prompt_en: str
    prompt_zh: str
    options: tuple[str, ...]
    answer: str


class Projection(Protocol):
    """Something on the projector."""

    key: str

    def title(self, lang: str) -> str: ...

    def render(self, lang: str, poll: Poll | None) -> Markup: ...

    def handle(self, action: str) -> None: ...

    def question(self) -> PollQuestion | None: ...


def option_text(choice: Choice) -> str:
    """An option as learners see it in the poll: its English and Chinese labels (once when equal)."""
    en, zh = choice.label("en"), choice.label("zh")
    return en if en == zh else f"{en} · {zh}"


def _asking(poll: Poll | None, question: PollQuestion | None) -> bool:
    """Is ``poll`` an open poll on this very question (so the answer must stay hidden)?"""
    return poll is not None and question is not None and poll.ref == question.ref and poll.state == POLL_OPEN


class PuzzleProjection:
    """A trainer puzzle or a lesson exercise: the position, the question, the options; the answer after a poll."""

    def __init__(self, puzzle: Puzzle, source: str) -> None:
        self.puzzle, self.source = puzzle, source
        self.key = f"{source}:{puzzle.id}"

    def title(self, lang: str) -> str:
        return self.puzzle.title(lang)

    def question(self) -> PollQuestion | None:
        choices = self.puzzle.question.choices()
        right = [choice for choice in choices if self.puzzle.check(choice.value).correct]
        if len(choices) < 2 or len(right) != 1:
            return None
        return PollQuestion(self.source, self.puzzle.id, self.puzzle.prompt("en"), self.puzzle.prompt("zh"),
                            tuple(option_text(choice) for choice in choices), option_text(right[0]))

    def _board(self, lang: str) -> Markup:
        table = self.puzzle.table
        parts: list[Markup] = []
        if table.trick:
            plays = tuple(PlayedCards(seat, cards) for seat, cards in table.trick)
            parts.append(Markup('<div class="sk-trainer-felt">{trick}</div>').format(
                trick=trick_centre_html(plays, None, lang, done=len(plays) == 4)))
        parts.extend(seat_hand(seat, cards, lang) for seat, cards in sorted(table.hands.items()))
        shown = self.puzzle.question.shown()
        if shown:
            parts.append(labelled_row("", shown, lang, "shown"))
        if table.kitty:
            parts.append(labelled_row(text("trainer_kitty", lang), table.kitty, lang, "kitty"))
        return Markup("").join(parts)

    def shown_choices(self) -> list[Choice]:
        """The options as the stage lists them: in an order seeded by the item (the same for the whole class
        and after a reload), not the file's, where the right one often sits first; each learner's poll
        buttons have their own order (``learner_bar.poll_options``)."""
        return shown_order(self.puzzle.question.choices(), "projector", self.key)

    def render(self, lang: str, poll: Poll | None) -> Markup:
        question = self.question()
        choices = self.shown_choices()
        options = Markup("")
        if choices:
            options = Markup('<ol class="sk-projector-options" type="A">{items}</ol>').format(
                items=Markup("").join(
                    Markup("<li>{label}</li>").format(label=choice.label(lang)) for choice in choices))
        why = Markup("")
        if question is not None and poll is not None and poll.ref == question.ref and not _asking(poll, question):
            right = next(choice for choice in choices if option_text(choice) == question.answer)
            why = Markup('<div class="sk-projector-why" data-role="projector-why">{text}</div>').format(
                text=paragraphs(self.puzzle.check(right.value).message(lang)))
        return Markup(
            '<p class="sk-projector-title">{title}</p>'
            '<p class="sk-projector-prompt" data-role="projector-prompt">{prompt}</p>'
            '<div class="sk-projector-body"><div class="sk-projector-board">{board}</div>{options}</div>{why}'
        ).format(
            title=self.title(lang), prompt=self.puzzle.prompt(lang), board=self._board(lang), options=options, why=why
        )

    def handle(self, action: str) -> None:
        """A puzzle has no steps."""


def shared_record_labels(record: Mapping[str, object]) -> dict[str, str] | None:
    """A shared table's round record as a person reads it, in every language: the table's name, the round, and
    who sat where (a learner's name, or a bot); None when the record is not a shared table's."""
    table, players, number = record.get("table"), record.get("players"), record.get("round_number")
    if not isinstance(table, str) or not isinstance(players, list) or len(players) != 4:
        return None
    if isinstance(number, bool) or not isinstance(number, int):
        return None
    labels = {}
    for lang in LANGUAGES:
        seats = [text("tdesk_record_bot", lang, seat=seat) if not isinstance(name, str) or not name.strip()
                 else text("tdesk_record_player", lang, seat=seat, name=name.strip())
                 for seat, name in enumerate(players)]
        labels[lang] = text("tdesk_record_label", lang, table=table.strip(), round=number,
                            players=text("tdesk_record_sep", lang).join(seats))
    return labels


class RecordProjection:
    """A round record stepped trick by trick; a poll asks who wins the trick shown."""

    def __init__(self, name: str, tricks: Sequence[RecordedTrick], labels: Mapping[str, str] | None = None) -> None:
        self.name = name
        self.key = f"record:{name}"
        self.stepper = TrickStepper(tricks)
        self.labels = dict(labels or {})
        """The title in each language (a shared table's round); the file name when empty."""

    def title(self, lang: str) -> str:
        return self.labels.get(lang) or self.name

    @property
    def trick(self) -> RecordedTrick:
        return self.stepper.tricks[self.stepper.index]

    def question(self) -> PollQuestion | None:
        number = self.stepper.index + 1
        seats = [self.trick.seat(i) for i in range(len(self.trick.plays))]
        winner, _ = explain_trick(self.trick)
        label = {seat: f"{seat_name(seat, 'en')} · {seat_name(seat, 'zh')}" for seat in seats}
        return PollQuestion("record", f"{self.name}#{number}", text("cls_poll_trick_prompt", "en", number=number),
                            text("cls_poll_trick_prompt", "zh", number=number),
                            tuple(label[seat] for seat in seats), label[winner])

    def render(self, lang: str, poll: Poll | None) -> Markup:
        if _asking(poll, self.question()):
            total = len(self.stepper.tricks)
            return Markup(
                '<p class="sk-projector-title">{title}</p>'
                '<p class="sk-projector-prompt" data-role="projector-prompt">{prompt}</p>'
                '<div class="sk-legend" data-role="trick-number">{number}</div>'
                '<div class="sk-projector-board">{trick}</div>'
            ).format(
                title=self.title(lang), prompt=text("cls_poll_trick_prompt", lang, number=self.stepper.index + 1),
                number=text("cls_project_trick", lang, number=self.stepper.index + 1, total=total),
                trick=trick_centre_html(self.trick.played(), None, lang, done=False))
        return Markup(
            '<p class="sk-projector-title">{title}</p><div class="sk-projector-board">{stepper}</div>'
        ).format(title=self.title(lang), stepper=self.stepper.render(lang))

    def handle(self, action: str) -> None:
        self.stepper.handle({"action": action})


@dataclass(frozen=True)
class Projectable:
    """One entry of the teacher's list: its key (``puzzle:ID``, ``exercise:ID``, ``record:NAME``) and labels."""

    key: str
    source: str
    label_en: str
    label_zh: str

    def label(self, lang: str) -> str:
        return self.label_zh if lang == "zh" else self.label_en


class ProjectorCatalogue:
    """Everything the teacher can project: the bank's puzzles, the lessons' exercises, the saved records."""

    def __init__(self, bank: Bank, records_dir: Path | None) -> None:
        self.bank = bank
        self.records_dir = records_dir
        self._exercises: dict[str, Puzzle] = {}
        for entry in lesson_list():
            try:
                for item in load_lesson(entry.slug).items:
                    self._exercises[item.id] = item
            except (OSError, ValueError) as error:  # a broken lesson file costs its items only
                log.warning("lesson %s cannot be listed: %s", entry.slug, error)
        self._labels: dict[str, tuple[tuple[int, int], dict[str, str] | None]] = {}
        """A shared record's labels by file name, with the file's (mtime, size) they were read at."""

    def record_files(self) -> list[Path]:
        if self.records_dir is None or not self.records_dir.is_dir():
            return []
        return sorted(self.records_dir.glob("*.json"))

    def entries(self) -> list[Projectable]:
        found = [Projectable(f"puzzle:{p.id}", "puzzle", f"{p.id}: {p.title('en')}", f"{p.id}：{p.title('zh')}")
                 for p in self.bank.puzzles()]
        found += [Projectable(f"exercise:{p.id}", "exercise", f"{p.id}: {p.title('en')}", f"{p.id}：{p.title('zh')}")
                  for p in self._exercises.values()]
        found.append(Projectable(f"record:{SAMPLE_RECORD}", "record", SAMPLE_RECORD, SAMPLE_RECORD))
        for path in self.record_files():
            labels = self.record_labels(path) or {}
            found.append(Projectable(f"record:{path.name}", "record", labels.get("en") or path.name,
                                     labels.get("zh") or path.name))
        return found

    def record_labels(self, path: Path) -> dict[str, str] | None:
        """A shared table's record file as a person reads it (``shared_record_labels``), read once per version of
        the file; None for another record, or one that cannot be read (it is listed by its file name)."""
        if not SHARED_RECORD.fullmatch(path.name):
            return None
        try:
            stat = path.stat()
        except OSError:
            return None
        version = (stat.st_mtime_ns, stat.st_size)
        known = self._labels.get(path.name)
        if known is not None and known[0] == version:
            return known[1]
        try:
            labels = shared_record_labels(load(path))
        except (OSError, ValueError) as error:  # RecordFileError, RuleError: listed by its name, opened with a reason
            log.warning("the shared round record %s cannot be read for its label: %s", path.name, error)
            labels = None
        self._labels[path.name] = (version, labels)
        return labels

    def open(self, key: str) -> Projection:
        """The projection of ``key``; ``KeyError`` for an unknown one, ``ValueError`` for a record that cannot be
        read."""
        source, _, ref = key.partition(":")
        if source == "puzzle":
            return PuzzleProjection(self.bank.get(ref), "puzzle")
        if source == "exercise":
            return PuzzleProjection(self._exercises[ref], "exercise")
        if source == "record" and ref == SAMPLE_RECORD:
            return RecordProjection(SAMPLE_RECORD, recorded_tricks(7))
        if source == "record":
            path = next((p for p in self.record_files() if p.name == ref), None)
            if path is None:
                raise KeyError(key)
            data = load(path)
            record = parse(data)
            tricks = [RecordedTrick(record.trump, t.leader, t.plays) for t in record.tricks]
            if not tricks:
                raise ValueError("the record has no tricks")
            return RecordProjection(ref, tricks, shared_record_labels(data) if SHARED_RECORD.fullmatch(ref) else None)
        raise KeyError(key)


def projector_html(projection: Projection | None, lang: str, poll: Poll | None, tally: Markup | None = None) -> Markup:
    """The stage (1920×1080, fitted to the page by classroom.js) with ``projection`` drawn on it and,
    below, the poll's live ``tally``."""
    inner = projection.render(lang, poll) if projection is not None else Markup(
        '<p class="sk-projector-prompt">{none}</p>').format(none=text("cls_project_none", lang))
    return Markup(
        '<div class="sk-projector" data-role="projector" data-key="{key}"><div class="sk-projector-frame">'
        '<div class="sk-projector-stage" data-role="projector-stage" data-width="1920" data-height="1080">'
        '<div class="sk-projector-main">{inner}</div>{tally}</div>'
        '</div></div>'
    ).format(key=projection.key if projection is not None else "", inner=inner, tally=tally or Markup(""))
