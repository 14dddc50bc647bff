"""The controller between a ``Round`` and the table view: the learner's selection and actions,
the bots' paced moves, explanations of what happened, and undo.

The learner sits at seat 0 (South). Every rule question goes to the round (and so to the
engine); the controller only turns clicks into ``Action`` objects and events into notes.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from ...engine.cards import Card, codes
from ...engine.errors import RuleError
from ...engine.follow import playable_cards
from ...engine.shapes import THROW, shape
from ...engine.trump import Trump
from ...game import Action, Event, Round, SeatView
from ...game.bots import Bot
from ...render.selection import Selection
from ...widgets.surface import Observable
from ...words import Message
from ...words.catalogue import text
from ._pacing import Pacer
from .coach_desk import CoachDesk

LEARNER = 0
TABLE_EVENTS = frozenset({
    "declare", "overturn", "redeal", "no_declaration", "reveal", "take_kitty", "bury",
    "throw_ok", "throw_failed", "throw_failed_free", "trick", "done",
})
"""Events worth a line in the message bar (single plays show on the table itself)."""
LOG_EVENTS = TABLE_EVENTS - {"done"}
"""Events the game log keeps: declarations, overturns, the kitty, throws and every trick."""


@dataclass
class TablePreferences:
    """Choices the learner makes once per visit (shared by every round's controller)."""

    confirm_throws: bool = True
    """Ask before a throw is played (``don't ask again`` turns it off for the visit)."""


@dataclass(frozen=True)
class LogEntry:
    """One line of the game log: the event, and how many actions the round had when it happened."""

    event: Event
    mark: int


def weakest_throw_part(chosen: list[Card], view: SeatView, throws_allowed: bool) -> tuple[Card, ...]:
    """When ``chosen`` is a throw led in ``view``, its weakest part (the one others can most easily beat); else ().
    The play app and the Tables page ask the learner to confirm a throw with it."""
    if not throws_allowed or len(chosen) < 2 or view.phase != "play" or view.lead is not None or view.trump is None:
        return ()
    try:
        found = shape(chosen, view.trump)
    except RuleError:
        return ()
    if found.kind != THROW:
        return ()
    return min(found.components, key=lambda part: (part.top, part.size)).cards

class Speaker(Protocol):
    def message(self, lang: str = "en") -> str: ...


@dataclass(frozen=True)
class Refusal:
    """A refused action: ``Not allowed: …`` with the rule's own explanation."""

    error: RuleError

    def message(self, lang: str = "en") -> str:
        return text("ui_refused", lang, reason=self.error.message(lang))


@dataclass(frozen=True)
class Note:
    """The message line: who says it (a Message, or anything with ``message(lang)``), its kind, cards to show."""

    speaker: Speaker | Message
    kind: str = "info"
    cards: tuple[Card, ...] = ()
    sticky: bool = False
    """Kept until the learner acts again (a failed throw must not scroll away)."""
    serial: int = field(default_factory=itertools.count(1).__next__, compare=False)
    """Tells this note from an earlier one with the same text (the live region says each new one)."""

    def text(self, lang: str) -> str:
        return self.speaker.render(lang) if isinstance(self.speaker, Message) else self.speaker.message(lang)


class ThrowConfirmation:
    """Asking the learner before a throw is played, and their answer: one rule for the play app's controller and
    the Tables page, which mix it in. The page has a ``selection``, ``preferences``, a ``note``, ``pending_throw``,
    ``throw_weakest`` (its rules' weakest part of a throw lead) and ``play(confirmed)``."""

    selection: Selection
    preferences: TablePreferences
    note: Note | None
    pending_throw: tuple[Card, ...] | None

    def throw_weakest(self, chosen: list[Card]) -> tuple[Card, ...]:
        raise NotImplementedError

    def play(self, confirmed: bool = False) -> bool:
        raise NotImplementedError

    def ask_before_throw(self, chosen: list[Card], confirmed: bool) -> bool:
        """True when ``chosen`` is a throw the learner is asked to confirm first (its weakest part shown), unless
        ``confirmed`` or they chose not to be asked; the answer comes to ``answer_throw``."""
        weakest = self.throw_weakest(chosen)
        if not weakest or confirmed or not self.preferences.confirm_throws:
            return False
        self.pending_throw = tuple(chosen)
        self.note = Note(Message("table_throw_confirm", {"cards": weakest}), "warn", weakest, sticky=True)
        return True

    def answer_throw(self, answer: str) -> bool:
        """``throw`` plays the pending throw, ``always`` too and stops asking, ``cancel`` drops it (as does a
        selection changed meanwhile)."""
        pending, self.pending_throw = self.pending_throw, None
        self.note = None
        if pending is None or answer == "cancel":
            return False
        if answer == "always":
            self.preferences.confirm_throws = False
        if sorted(self.selection.chosen()) != sorted(pending):
            return False
        return self.play(confirmed=True)


def note_for(event: Event) -> Note | None:
    """The note an event deserves, or None (plain plays and passes show on the table)."""
    if event.kind not in TABLE_EVENTS:
        return None
    if event.kind.startswith("throw_failed") and event.throw is not None:
        kind = "error" if event.seat == LEARNER else "info"
        return Note(event, kind, tuple(event.throw.beater), sticky=True)
    return Note(event, "ok" if event.kind == "done" else "info")


class TableController(ThrowConfirmation, Observable):
    """Drives one round for the learner at seat 0 against ``bots`` at the other seats."""

    def __init__(
        self,
        rnd: Round,
        bots: Mapping[int, Bot],
        delay: float = 0.7,
        allow_undo: bool = False,
        on_next_round: Callable[[], object] | None = None,
        preferences: TablePreferences | None = None,
    ) -> None:
        super().__init__()
        self.preferences = preferences or TablePreferences()
        self.pending_throw: tuple[Card, ...] | None = None
        """A throw the learner chose and is asked to confirm."""
        self.held_trick: int | None = None
        """The number of finished tricks when the learner last played: that trick stays shown."""
        self.log: list[LogEntry] = []
        self.round = rnd
        self.bots = dict(bots)
        self.delay = delay
        self.allow_undo = allow_undo
        self.on_next_round = on_next_round
        self.note: Note | None = None
        self.show_previous = False
        self.pacer = Pacer()
        self.undo_points: list[int] = []
        self.coach = CoachDesk()
        self.selection = Selection((), self._sort_trump(self.view))
        self._sync_hand()
        self.advance()

    # --- what the learner sees ---------------------------------------------------------

    @property
    def view(self) -> SeatView:
        return self.round.view(LEARNER)

    @property
    def my_turn(self) -> bool:
        return self.round.to_act == LEARNER

    def _sort_trump(self, view: SeatView) -> Trump:
        return view.trump or Trump(view.level or view.levels[LEARNER % 2], None)

    def _sync_hand(self) -> None:
        """Follow the round's hand; keep the selection while the cards are unchanged."""
        view = self.view
        trump = self._sort_trump(view)
        if sorted(view.hand) != sorted(self.selection.cards):
            self.selection.trump = trump
            self.selection.replace(view.hand)
        elif trump != self.selection.trump:
            self.selection.resort(trump)

    def playable(self) -> frozenset[Card] | None:
        """The learner's cards that belong to some legal follow (None when not following)."""
        view = self.view
        if not self.my_turn or view.phase != "play" or view.lead is None or view.trump is None:
            return None
        return frozenset(playable_cards(view.lead, self.selection.cards, view.trump))

    def learner_options(self) -> list[Action]:
        """The declarations, overturns, passes and redeal requests the learner may choose now."""
        if not self.my_turn or self.round.phase in ("bury", "play"):
            return []
        return self.round.legal_actions(LEARNER)

    # --- the learner's actions -----------------------------------------------------------

    def click(self, index: int, code: str | None = None) -> None:
        """Select or unselect a card of the hand (only while burying or playing)."""
        if self.round.phase in ("bury", "play"):
            self.selection.toggle(index, code)

    def play(self, confirmed: bool = False) -> bool:
        """Lead or follow with the selected cards; a refusal is explained in the message line.

        A throw is played only once ``confirmed`` (or when the learner chose not to be asked).
        """
        chosen = self.selection.chosen()
        if not chosen:
            self.note = Note(Message("ui_select_cards", {}), "error")
            return False
        if self.ask_before_throw(chosen, confirmed):
            return False
        return self.act(Action.play(chosen))

    def throw_weakest(self, chosen: list[Card]) -> tuple[Card, ...]:
        """For a throw lead, its weakest part (the one others can most easily beat); else () (also when the
        rules allow no throws: the round refuses the lead with its reason, no confirmation is asked)."""
        return weakest_throw_part(chosen, self.view, self.round.rules.throws_allowed)

    def bury(self) -> bool:
        """Bury the selected cards (8, or the house rules' kitty size)."""
        chosen = self.selection.chosen()
        size = self.round.rules.kitty_size
        if len(chosen) != size:
            self.note = Note(Message("ui_bury_count", {"count": len(chosen), "size": size}), "error")
            return False
        return self.act(Action.bury(chosen))

    def declare(self, cards: str) -> bool:
        """Declare or overturn with the listed option whose cards are ``cards`` (codes)."""
        for action in self.learner_options():
            if action.kind in ("declare", "overturn") and codes(action.cards) == cards:
                return self.act(action)
        return self.act(Action.declare(cards))

    def act(self, action: Action) -> bool:
        """Hand ``action`` to the round for seat 0; then let the bots move."""
        mark = len(self.round.actions)
        finished = len(self.view.tricks)
        try:
            event = self.round.act(LEARNER, action)
        except RuleError as error:
            self.note = Note(Refusal(error), "error")
            return False
        self.undo_points.append(mark)
        self.note = None
        self.pending_throw = None
        self.held_trick = finished if action.kind == "play" else None
        self._take_events(event, mark)
        self._sync_hand()
        self.advance()
        return True

    def hint(self) -> bool:
        """Ask the coach for the learner's play now (its cards are highlighted, its reasons shown)."""
        if not self.coach.can_hint(self.round):
            self.note = Note(Message("coachui_hint_not_your_turn", {}), "error")
            return False
        self.coach.ask(self.round)
        return True

    def review_round(self) -> bool:
        """Review the finished round for seat 0 (in a worker thread when a loop runs)."""
        return self.coach.start_review(self.round, self.changed)

    def undo(self) -> bool:
        """Take back the learner's last action (and the bots' moves after it)."""
        if not self.allow_undo or not self.undo_points:
            self.note = Note(Message("ui_nothing_to_undo", {}), "error")
            return False
        self.pacer.cancel()
        mark = self.undo_points.pop()
        self.round = self.round.rewind(len(self.round.actions) - mark)
        self.log = [entry for entry in self.log if entry.mark < mark]
        self.pending_throw = None
        self.held_trick = None
        self.note = Note(Message("ui_undone", {}), "info")
        self._sync_hand()
        self.selection.clear()
        return True

    # --- bots ------------------------------------------------------------------------

    def advance(self) -> None:
        """Let the bots act until it is the learner's turn, pausing ``delay`` between moves."""
        if self.pacer.pending:
            return
        while True:
            seat = self.round.to_act
            if seat is None or seat not in self.bots:
                return
            if self.pacer.later(self._pause(), self._paced_step):
                return
            self._bot_step(seat)

    def _pause(self) -> float:
        """Longer right after a trick is completed, so the learner can see it."""
        view = self.view
        return self.delay * (2.2 if view.phase == "play" and not view.trick and view.tricks else 1.0)

    def _paced_step(self) -> None:
        seat = self.round.to_act
        if seat is not None and seat in self.bots:
            self._bot_step(seat)
        self.changed()
        self.advance()

    def _bot_step(self, seat: int) -> None:
        bot = self.bots[seat]
        action = bot.choose(self.round.view(seat), self.round.legal_actions(seat))
        mark = len(self.round.actions)
        self._take_events(self.round.act(seat, action), mark)
        self._sync_hand()

    def _take_events(self, event: Event, mark: int) -> None:
        for item in event.all():
            if item.kind in LOG_EVENTS:
                self.log.append(LogEntry(item, mark))
            note = note_for(item)
            if note is not None and (self.note is None or not self.note.sticky or note.sticky):
                self.note = note

    # --- messages from the view ----------------------------------------------------------

    def handle(self, message: Mapping[str, Any]) -> None:
        """A click, key or button from the table widget."""
        kind = message.get("type")
        answering = kind == "action" and str(message.get("action", "")) == "throw"
        if self.pending_throw is not None and kind in ("click", "key", "action") and not answering:
            self.pending_throw = None
            self.note = None
        if kind == "click":
            self.click(int(message.get("index", -1)), str(message.get("card", "")) or None)
        elif kind == "key" and message.get("key") == "h":
            self.hint()
        elif kind == "key" and message.get("key") == "enter":
            if self.round.phase == "bury":
                self.bury()
            else:
                self.play()
        elif kind == "action":
            self._on_action(str(message.get("action", "")), str(message.get("value", "")))

    def _on_action(self, action: str, value: str) -> None:
        if action == "play":
            self.play()
        elif action == "bury":
            self.bury()
        elif action == "declare":
            self.declare(value)
        elif action == "pass":
            self.act(Action.passes())
        elif action == "deal-on":
            self.act(Action.deal_on())
        elif action == "redeal":
            self.act(Action.redeal())
        elif action == "throw":
            self.answer_throw(value)
        elif action == "clear":
            self.selection.clear()
        elif action == "undo":
            self.undo()
        elif action == "hint":
            self.hint()
        elif action == "review":
            self.review_round()
        elif action == "previous":
            self.show_previous = not self.show_previous
        elif action == "next-round" and self.round.result is not None and self.on_next_round:
            self.on_next_round()

    def render(self, lang: str) -> str:
        from ...render.table import table_html
        from ._table_builder import build_scene

        return table_html(build_scene(self, lang))
