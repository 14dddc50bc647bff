"""The learner bar: "Learner: NAME [Switch learner]" on every learner's page, and the class's current poll.

The name is the kernel-wide current learner (``classroom.identity``): choosing one here is what
the trainer, the lessons and the play app write their progress under. The browser remembers it
(localStorage, ``classroom.js``) and hands it back when a page opens (the ``restore`` message).
On JupyterHub the hub's user name is the learner and there is nothing to switch.

Below the name, the teacher's open poll (if any): the question, one button per option
(``data-option``), the learner's choice, and once revealed the right answer. A ``Ticker`` asks the
store for the poll every few seconds, so it appears without a reload.

Messages: ``{"type": "restore", "name": n}``, ``{"type": "action", "action": a, "value": v}`` with
``a`` in switch, cancel, name (``v`` the name typed), option (``v`` the option chosen).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

import traitlets
from markupsafe import Markup

from ..classroom.identity import (
    clean_learner_name,
    current_learner,
    on_learner_change,
    set_current_learner,
)
from ..classroom.store_protocol import POLL_OPEN, POLL_REVEALED, ClassStoreAPI, Poll, StoreError
from ..render.table import lang_button
from ..words import ERROR, OK, Message, text
from .class_store import class_name, shared_store
from .surface import STATIC, CardSurface, Observable, styles
from .ticker import Ticker

log = logging.getLogger(__name__)
POLL_SECONDS = 2.5
NAME_FIELD = "learner-name"
HUB_USER_ENV = "JUPYTERHUB_USER"


def error_reason(error: Exception) -> Message | str:
    """Why a name or a store call was refused: the error's catalogue message when it carries one, else its text."""
    message = getattr(error, "message", None)
    if isinstance(message, Message):
        return message
    code, params = getattr(error, "code", None), getattr(error, "params", None)
    if isinstance(code, str):
        reason = Message(code, params if isinstance(params, Mapping) else {})
        try:
            reason.render("en")
        except ValueError:
            return str(error)
        return reason
    return str(error)


def refusal_note(code: str, error: Exception) -> Message:
    """A line under the name: ``code`` with the error's reason as ``{reason}`` and ``{error}``, worded per language."""
    reason = error_reason(error)
    return Message(code, {"reason": reason, "error": reason}, ERROR)


def _button(action: str, label: str, *, value: str = "", extra: Markup | None = None) -> Markup:
    return Markup(
        '<button type="button" class="sk-button" data-action="{action}" data-value="{value}"{extra}>{label}</button>'
    ).format(action=action, value=value, extra=extra or Markup(""), label=label)


def poll_panel_html(poll: Poll, learner: str, lang: str, note: Message | None = None) -> Markup:
    """The poll as a learner sees it: the question, the options (theirs pressed), the answer once revealed."""
    revealed = poll.state == POLL_REVEALED
    chosen = poll.answers.get(learner)
    buttons = []
    for option in poll.options:
        right = revealed and option == poll.answer
        buttons.append(Markup(
            '<button type="button" class="sk-button sk-poll-option" data-option="{option}" aria-pressed="{pressed}"'
            '{disabled}{right}>{mark}{option}</button>'
        ).format(
            option=option, pressed="true" if option == chosen else "false",
            disabled=Markup(" disabled") if revealed else Markup(""),
            right=Markup(' data-correct="true"') if right else Markup(""), mark="✔ " if right else "",
        ))
    if revealed:
        lines = [text("cls_poll_answer", lang, option=poll.answer)]
        if chosen is None:
            lines.append(text("cls_poll_unanswered", lang))
        else:
            lines.append(text("cls_poll_right" if chosen == poll.answer else "cls_poll_wrong", lang, option=chosen))
        status = Markup('<p class="sk-message" data-role="poll-result" data-kind="{kind}">{line}</p>').format(
            kind="ok" if chosen == poll.answer else "info", line=" ".join(lines)
        )
    elif chosen is not None:
        status = Markup('<p class="sk-message" data-role="poll-chosen" data-kind="info">{line}</p>').format(
            line=text("cls_poll_chosen", lang, option=chosen)
        )
    else:
        status = Markup('<p class="sk-poll-pick">{line}</p>').format(line=text("cls_poll_pick", lang))
    refused = Markup("")
    if note is not None:
        refused = Markup('<p class="sk-message" data-role="poll-note" data-kind="{kind}">{line}</p>').format(
            kind=note.kind, line=note.render(lang)
        )
    return Markup(
        '<section class="sk-poll" data-role="poll" data-poll-id="{id}" data-state="{state}" aria-live="polite">'
        '<h3 class="sk-poll-title">{title}</h3><p class="sk-poll-prompt" data-role="poll-prompt">{prompt}</p>'
        '<div class="sk-poll-options" role="group" aria-label="{title}">{buttons}</div>{status}{refused}</section>'
    ).format(
        id=poll.id, state=poll.state, title=text("cls_poll_title", lang),
        prompt=poll.prompt_zh if lang == "zh" else poll.prompt_en, buttons=Markup("").join(buttons),
        status=status, refused=refused,
    )


class LearnerBarScene(Observable):
    """The bar's state: editing the name or not, the last note, the class's current poll."""

    def __init__(self, store: Callable[[], ClassStoreAPI] = shared_store, class_name_: str | None = None,
                 show_poll: bool = True, language: bool = False) -> None:
        super().__init__()
        self.language = language
        self.store = store
        self.class_name = class_name_ or class_name()
        self.show_poll = show_poll
        self.hub_user = os.environ.get(HUB_USER_ENV, "").strip()
        self.editing = False
        self.note: Message | None = None
        self.poll_note: Message | None = None
        self.poll: Poll | None = None
        self.chosen_by_hand = False

    @property
    def learner(self) -> str:
        return current_learner()

    # --- what the browser asks -------------------------------------------------------------

    def handle(self, message: Mapping[str, Any]) -> None:
        kind = message.get("type")
        if kind == "restore":
            self.restore(str(message.get("name") or ""))
            return
        if kind != "action":
            return
        action, value = str(message.get("action") or ""), str(message.get("value") or "")
        if action == "switch" and not self.hub_user:
            self.editing, self.note = True, None
        elif action == "cancel":
            self.editing = False
        elif action == "name" and not self.hub_user:
            self.choose(value)
        elif action == "option":
            self.answer(value)

    def restore(self, name: str) -> None:
        """The name the browser remembered: taken quietly (a bad one is ignored, never shown)."""
        if self.hub_user or not name.strip():
            return
        try:
            cleaned = clean_learner_name(name)
        except ValueError:
            return
        if cleaned != self.learner:
            set_current_learner(cleaned)
        self.changed()

    def choose(self, name: str) -> bool:
        """Take ``name`` as the learner (cleaned); a refused name stays in the form with the reason."""
        try:
            cleaned = clean_learner_name(name)
        except ValueError as error:
            self.note = refusal_note("cls_learner_bad_name", error)
            return False
        set_current_learner(cleaned)
        self.editing, self.chosen_by_hand = False, True
        self.note = Message("cls_learner_saved", {"name": cleaned}, OK)
        self.refresh_poll()
        return True

    def answer(self, option: str) -> None:
        """The learner's choice in the current poll (a later one replaces it until the reveal)."""
        poll = self.poll
        if poll is None or option not in poll.options:
            return
        if poll.state != POLL_OPEN:
            self.poll_note = Message("cls_poll_refused", {}, ERROR)
            return
        try:
            self.store().answer_poll(poll.id, self.learner, option)
        except StoreError as error:
            self.refresh_poll()  # the teacher may have revealed or closed it meanwhile
            still_open = self.poll is not None and self.poll.id == poll.id and self.poll.state == POLL_OPEN
            self.poll_note = refusal_note("cls_learner_store_down", error) if still_open else \
                Message("cls_poll_refused", {}, ERROR)
            return
        self.poll_note = None
        self.poll = replace(poll, answers={**poll.answers, self.learner: option})

    def refresh_poll(self) -> bool:
        """Ask the store for the class's current poll; True when what the bar shows changed."""
        if not self.show_poll:
            return False
        try:
            poll = self.store().current_poll(self.class_name)
        except StoreError as error:
            log.warning("the class's poll cannot be read: %s", error)
            return False
        if poll == self.poll:
            return False
        if poll is None or self.poll is None or poll.id != self.poll.id:
            self.poll_note = None
        self.poll = poll
        return True

    def tick(self) -> None:
        """The periodic step: redraw when the poll changed."""
        if self.refresh_poll():
            self.changed()

    # --- drawing ----------------------------------------------------------------------------

    def render(self, lang: str) -> str:
        name = self.learner
        parts = [Markup('<span class="sk-learner-label">{label}</span> '
                        '<strong class="sk-learner-name" data-role="learner-name">{name}</strong>').format(
            label=text("cls_learner_label", lang), name=name)]
        if self.hub_user:
            parts.append(Markup(' <span class="sk-learner-hub">({signed})</span>').format(
                signed=text("cls_learner_hub", lang)))
        elif self.editing:
            parts.append(Markup(
                '<span class="sk-learner-form" role="group" aria-label="{title}">'
                '<label class="sk-learner-field">{field} <input type="text" name="{input}" maxlength="40" '
                'autocomplete="off" spellcheck="false" data-submit="name" data-cancel="cancel" data-autofocus="true">'
                '</label>'
                '{save}{cancel}</span>'
            ).format(
                title=text("cls_learner_choose", lang), field=text("cls_learner_field", lang), input=NAME_FIELD,
                save=_button(
                    "name", text("cls_learner_save", lang), extra=Markup(' data-field="{f}"').format(f=NAME_FIELD)
                ),
                cancel=_button("cancel", text("cls_learner_cancel", lang)),
            ))
        else:
            parts.append(_button("switch", text("cls_learner_switch", lang), extra=Markup(' aria-expanded="false"')))
        if self.language:
            parts.append(lang_button(lang))
        lines = []
        if self.note is not None:
            lines.append(Markup('<p class="sk-message" data-role="learner-note" data-kind="{kind}">{line}</p>').format(
                kind=self.note.kind, line=self.note.render(lang)))
        elif not self.hub_user and not self.chosen_by_hand and name == "default":
            lines.append(Markup('<p class="sk-learner-hint" data-role="learner-note">{line}</p>').format(
                line=text("cls_learner_unnamed", lang)))
        poll = Markup("")
        if self.show_poll and self.poll is not None:
            poll = poll_panel_html(self.poll, name, lang, self.poll_note)
        return str(Markup(
            '<div class="sk-learner-bar" data-role="learner-bar" data-learner="{name}">'
            '<div class="sk-learner-line">{parts}</div>{lines}{poll}</div>'
        ).format(name=name, parts=Markup("").join(parts), lines=Markup("").join(lines), poll=poll))


class LearnerBar(CardSurface):
    """The bar's widget: ``learner`` mirrors the current learner so the browser can remember it."""

    _esm = STATIC / "classroom.js"
    _css = styles("classroom.css")
    learner = traitlets.Unicode("").tag(sync=True)
    remember = traitlets.Bool(True).tag(sync=True)

    def __init__(self, scene: LearnerBarScene, **kwargs: Any) -> None:
        self._open = True
        super().__init__(scene, **kwargs)
        self.bar = scene
        self.remember = not scene.hub_user
        self._stop_listening = on_learner_change(self._follow_learner)
        self.ticker = Ticker(POLL_SECONDS, self._tick)
        if scene.show_poll:
            scene.refresh_poll()
            self.redraw()
            self.ticker.start()

    def redraw(self) -> None:
        self.learner = current_learner()
        super().redraw()

    def close(self) -> None:
        self._open = False
        if hasattr(self, "ticker"):
            self.ticker.stop()
            self._stop_listening()
        super().close()

    def _tick(self) -> None:
        if self._open:
            self.bar.tick()

    def _follow_learner(self, _name: str) -> None:
        if self._open:
            self.bar.refresh_poll()
            self.redraw()


def learner_bar(
    show_poll: bool = True, language: bool = False, store: Callable[[], ClassStoreAPI] | None = None
) -> LearnerBar:
    """The learner bar for the top of a page: the learner's name, the switch, and the class's poll;
    ``language`` adds the 中文/English button (for pages that have none of their own)."""
    return LearnerBar(LearnerBarScene(store or shared_store, show_poll=show_poll, language=language))


_BLOCK_BARS = [0]  # how many exercise blocks of this kernel (one page) have shown a bar


def show_block_learner_bar() -> LearnerBar | None:
    """Show the learner bar above a lesson's exercise block, in a running notebook only (plain Python
    shows nothing); the page's first bar also shows the class's poll, the others only the name."""
    from IPython import get_ipython
    from IPython.display import display

    if get_ipython() is None:
        return None
    bar = learner_bar(show_poll=_BLOCK_BARS[0] == 0)
    _BLOCK_BARS[0] += 1
    display(bar)
    return bar
