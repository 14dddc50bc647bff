"""The learner bar: "Learner: NAME [Switch learner]" on every learner's page, and the class's current poll.

The name is the kernel-wide current learner (``classroom.identity``): choosing one here is what
the trainer, the lessons and the play app write their progress under. The browser remembers it
(localStorage, ``classroom.js``) and hands it back when a page opens (the ``restore`` message).
On JupyterHub the hub's user name is the learner and there is nothing to switch.

Below the name, the teacher's open poll (if any): the question, one button per option
(``data-option``), the learner's choice, and once revealed the right answer. A ``Ticker`` asks the
store for the poll every few seconds, so it appears without a reload. On a Voila page the poll is a
banner fixed to the bottom of the window, wherever the learner has scrolled to; Hide folds it to one
line (a new poll or the reveal opens it again).

Messages: ``{"type": "restore", "name": n, "pass": p}``, ``{"type": "action", "action": a, "value": v}``
with ``a`` in switch, cancel, name (``v`` the name typed), option (``v`` the option chosen), poll-fold and
poll-unfold (hide the poll's banner to one line, show it again). Every
message may carry ``browser`` (the random id the browser keeps: one poll vote per browser) and
``fields`` (the form's fields by name: the name and the PIN).

Names are not authenticated (anyone may type a classmate's), unless the teacher's class list gives
a name a PIN (``serve --classroom --class-list``): then that name is taken only with its PIN, checked
here in the kernel, and the browser keeps a pass token (``learner_pass``) to be taken back with it.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

import traitlets
from markupsafe import Markup

from ..classroom.class_list import ClassListError, PinRefused, check_pin, pass_ok, pin_member
from ..classroom.identity import (
    clean_learner_name,
    current_learner,
    learner_label,
    on_learner_change,
    set_current_learner,
)
from ..classroom.settings import class_store_works
from ..classroom.store_protocol import POLL_OPEN, POLL_REVEALED, ClassStoreAPI, Poll, StoreError
from ..puzzles.choice_seed import shown_order
from ..render.table import lang_button
from ..words import ERROR, INFO, OK, Message, text
from .class_store import class_name, shared_store
from .language_keeper import show_language_keeper
from .progress_keeper import show_progress_keeper
from .surface import STATIC, CardSurface, Observable, styles
from .ticker import Ticker

log = logging.getLogger(__name__)
POLL_SECONDS = 2.5
NAME_FIELD = "learner-name"
PIN_FIELD = "learner-pin"
# The browser id classroom.js makes: 32 hex digits (anything else is not used).
BROWSER_ID = re.compile(r"[0-9a-f]{32}")
# learner name -> the pass token this kernel gave after the right PIN (every bar of the page shares it)
_PASSES: dict[str, str] = {}
_BROWSER = {"id": ""}
"""The id of the browser this kernel's page runs in, once the learner bar heard it ("" until then)."""
HUB_USER_ENV = "JUPYTERHUB_USER"


def browser_id() -> str:
    """The random id the page's browser keeps (classroom.js, localStorage); "" before its first message or
    without storage. What a page keeps for its learner between reloads is keyed by it, so another browser
    that merely types the same name finds nothing."""
    return _BROWSER["id"]


def pass_of(learner: str) -> str:
    """The pass token the learner bar holds for ``learner`` (after their PIN in this kernel); "" for none."""
    return _PASSES.get(learner, "")


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


def vote_not_taken(error: StoreError) -> Message:
    """Why a vote did not reach the store: the store's own reason when it is a catalogue message (the hub's
    refusals), else that the store is away; a driver's text ("connection failed: …") goes to the log only."""
    reason = error_reason(error)
    if isinstance(reason, Message):
        return refusal_note("cls_learner_store_down", error)
    log.warning("a poll vote did not reach the class store: %s", error)
    return Message("cls_learner_vote_store_away", {}, ERROR)


def _button(action: str, label: str, *, value: str = "", extra: Markup | None = None) -> Markup:
    return Markup(
        '<button type="button" class="sk-button" data-action="{action}" data-value="{value}"{extra}>{label}</button>'
    ).format(action=action, value=value, extra=extra or Markup(""), label=label)


def poll_options(poll: Poll, learner: str) -> list[str]:
    """The poll's options in the order ``learner`` sees them: seeded by the learner and the question (the
    same after a reload, another for the next learner), so the right one sits nowhere in particular."""
    return shown_order(poll.options, learner, f"poll:{poll.source}:{poll.ref}")


def poll_panel_html(poll: Poll, learner: str, lang: str, note: Message | None = None) -> Markup:
    """The poll as a learner sees it: the question, the options (theirs pressed) in the learner's own order,
    numbered for the number keys (``data-key``), the answer once revealed."""
    revealed = poll.state == POLL_REVEALED
    chosen = poll.answers.get(learner)
    buttons = []
    for key, option in enumerate(poll_options(poll, learner), start=1):
        right = revealed and option == poll.answer
        buttons.append(Markup(
            '<button type="button" class="sk-button sk-poll-option" data-option="{option}" data-key="{key}"'
            ' aria-pressed="{pressed}"{disabled}{right}>{kbd}{mark}{option}</button>'
        ).format(
            option=option, key=key, pressed="true" if option == chosen else "false",
            kbd=Markup('<kbd class="sk-trainer-key" aria-hidden="true">{}</kbd>').format(key) if key < 10 else "",
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


def poll_banner_html(poll: Poll, learner: str, lang: str, note: Message | None = None, folded: bool = False) -> Markup:
    """The poll where the learner is: a banner (fixed to the bottom of a Voila page, classroom.css) holding
    the poll and a Hide button; hidden, one line with the question and an Answer button."""
    prompt = poll.prompt_zh if lang == "zh" else poll.prompt_en
    if folded:
        body = Markup(
            '<p class="sk-poll-banner-line" data-role="poll-waiting">{line}</p>'
            '<button type="button" class="sk-button sk-primary" data-action="poll-unfold" aria-label="{label}">'
            "{button}</button>"
        ).format(line=text("link_poll_waiting", lang, prompt=prompt), label=text("link_poll_unfold_label", lang),
                 button=text("link_poll_unfold", lang))
    else:
        body = Markup(
            '{panel}<button type="button" class="sk-button sk-poll-fold" data-action="poll-fold" aria-label="{label}">'
            "{button}</button>"
        ).format(panel=poll_panel_html(poll, learner, lang, note), label=text("link_poll_fold_label", lang),
                 button=text("link_poll_fold", lang))
    return Markup(
        '<div class="sk-poll-banner" data-role="poll-banner" data-folded="{folded}" role="region" aria-label="{title}">'
        "{body}</div>"
    ).format(folded=str(folded).lower(), title=text("cls_poll_title", lang), body=body)


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
        self.poll_folded = False  # the learner hid the poll's banner (a new poll or its reveal opens it again)
        self.chosen_by_hand = False
        self.browser = ""  # the browser's id, once a message brought it
        self.pin_for: str | None = None  # the name whose PIN the form asks for

    @property
    def learner(self) -> str:
        return current_learner()

    # --- what the browser asks -------------------------------------------------------------

    def handle(self, message: Mapping[str, Any]) -> None:
        browser = str(message.get("browser") or "")
        if BROWSER_ID.fullmatch(browser):
            self.browser = _BROWSER["id"] = browser
        kind = message.get("type")
        if kind == "restore":
            self.restore(str(message.get("name") or ""), str(message.get("pass") or ""))
            return
        if kind != "action":
            return
        action, value = str(message.get("action") or ""), str(message.get("value") or "")
        raw_fields = message.get("fields")
        fields = raw_fields if isinstance(raw_fields, Mapping) else {}
        if action == "switch" and not self.hub_user:
            self.editing, self.note, self.pin_for = True, None, None
        elif action == "cancel":
            self.editing, self.pin_for = False, None
        elif action == "name" and not self.hub_user:
            self.choose(str(fields.get(NAME_FIELD) or value), str(fields.get(PIN_FIELD) or ""))
        elif action == "option":
            self.answer(value)
        elif action in ("poll-fold", "poll-unfold"):
            self.poll_folded = action == "poll-fold" and self.poll is not None

    def restore(self, name: str, token: str = "") -> None:
        """The name the browser remembered: taken quietly (a bad one is ignored, never shown); a name with
        a PIN only with the pass token the right PIN gave."""
        if self.hub_user or not name.strip():
            return
        try:
            cleaned = clean_learner_name(name)
            member = pin_member(cleaned)
        except (ValueError, ClassListError):
            return
        if member is not None:
            if not pass_ok(member, token):
                return
            _PASSES[cleaned] = token
        if cleaned != self.learner:
            set_current_learner(cleaned)
        self.changed()

    def choose(self, name: str, pin: str = "") -> bool:
        """Take ``name`` as the learner (cleaned); a refused name stays in the form with the reason.

        A name the class list gives a PIN is taken only with that PIN: without one the form asks for
        it, a wrong one is refused (the name stays, the PIN field is emptied)."""
        try:
            cleaned = clean_learner_name(name)
            member = pin_member(cleaned)
        except ClassListError as error:
            log.warning("the class list cannot be read: %s", error)
            self.note = Message("serving_class_list_down", {}, ERROR)
            return False
        except ValueError as error:
            self.note = refusal_note("cls_learner_bad_name", error)
            return False
        if member is not None:
            try:
                _PASSES[cleaned] = check_pin(member, pin)
            except PinRefused as refused:
                self.pin_for = cleaned
                self.note = Message(refused.message.code, refused.message.params, INFO if not pin else ERROR)
                return False
        set_current_learner(cleaned)
        self.editing, self.chosen_by_hand, self.pin_for = False, True, None
        self.note = Message("cls_learner_saved", {"name": cleaned}, OK)
        self.refresh_poll()
        return True

    @property
    def learner_pass(self) -> str:
        """The pass token of the current learner (after their PIN), for the browser to keep; "" for none."""
        return _PASSES.get(self.learner, "")

    def answer(self, option: str) -> None:
        """The learner's choice in the current poll (a later one replaces it until the reveal)."""
        poll = self.poll
        if poll is None or option not in poll.options:
            return
        if poll.state != POLL_OPEN:
            self.poll_note = Message("cls_poll_refused", {}, ERROR)
            return
        try:
            self.store().answer_poll(poll.id, self.learner, option, browser=self.browser)
        except StoreError as error:
            self.refresh_poll()  # the teacher may have revealed or closed it meanwhile
            still_open = self.poll is not None and self.poll.id == poll.id and self.poll.state == POLL_OPEN
            self.poll_note = vote_not_taken(error) if still_open else Message("cls_poll_refused", {}, ERROR)
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
        if poll is None or self.poll is None or poll.id != self.poll.id or poll.state != self.poll.state:
            self.poll_folded = False  # news the learner has not seen: the banner opens again
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
            label=text("cls_learner_label", lang), name=learner_label(name, lang))]
        if self.hub_user:
            parts.append(Markup(' <span class="sk-learner-hub">({signed})</span>').format(
                signed=text("cls_learner_hub", lang)))
        elif self.editing:
            pin = Markup("")
            if self.pin_for is not None:
                pin = Markup(
                    '<label class="sk-learner-field">{label} <input type="password" name="{input}" maxlength="12" '
                    'inputmode="numeric" autocomplete="off" data-submit="name" data-cancel="cancel"'
                    ' data-autofocus="pin-{name}"></label>'
                ).format(label=text("serving_pin_label", lang), input=PIN_FIELD, name=self.pin_for)
            parts.append(Markup(
                '<span class="sk-learner-form" role="group" aria-label="{title}">'
                '<label class="sk-learner-field">{field} <input type="text" name="{input}" maxlength="40" '
                'autocomplete="off" spellcheck="false" data-submit="name" data-cancel="cancel"{autofocus}{typed}>'
                '</label>{pin}'
                '{save}{cancel}</span>'
            ).format(
                title=text("cls_learner_choose", lang), field=text("cls_learner_field", lang), input=NAME_FIELD,
                autofocus=Markup("") if self.pin_for is not None else Markup(' data-autofocus="true"'),
                typed=Markup(' value="{v}"').format(v=self.pin_for) if self.pin_for is not None else Markup(""),
                pin=pin,
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
            poll = poll_banner_html(self.poll, name, lang, self.poll_note, folded=self.poll_folded)
        return str(Markup(
            '<div class="sk-learner-bar" data-role="learner-bar" data-learner="{name}">'
            '<div class="sk-learner-line">{parts}</div>{lines}{poll}</div>'
        ).format(name=name, parts=Markup("").join(parts), lines=Markup("").join(lines), poll=poll))


class LearnerBar(CardSurface):
    """The bar's widget: ``learner`` mirrors the current learner so the browser can remember it."""

    _esm = STATIC / "classroom.js"
    _css = styles("classroom.css")
    learner = traitlets.Unicode("").tag(sync=True)
    # the pass token of the learner's PIN, kept by the browser with the name ("" when the name has none)
    learner_pass = traitlets.Unicode("").tag(sync=True)
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
        self.learner_pass = self.bar.learner_pass if hasattr(self, "bar") else ""
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
    ``language`` adds the 中文/English button (for pages that have none of their own). In a running
    notebook it also shows the page's language keeper (the page opens in the language the browser remembers)."""
    show_language_keeper()
    show_progress_keeper()  # in the browser (the static site): progress kept there, and a reset button
    return _bar(show_poll, language, store)


def _bar(show_poll: bool, language: bool = False, store: Callable[[], ClassStoreAPI] | None = None) -> LearnerBar:
    """A learner bar without the language keeper (a lesson's exercise blocks: the page has one already).

    Polls are the class store's: where it cannot run (the browser) the bar shows no poll.
    """
    show_poll = show_poll and class_store_works()
    return LearnerBar(LearnerBarScene(store or shared_store, show_poll=show_poll, language=language))


_BLOCK_BARS = [0]  # how many exercise blocks of this kernel (one page) have shown a bar


def show_block_learner_bar() -> LearnerBar | None:
    """Show the learner bar above a lesson's exercise block, in a running notebook only (plain Python
    shows nothing); the page's first bar also shows the class's poll, the others only the name."""
    from IPython import get_ipython
    from IPython.display import display

    if get_ipython() is None:
        return None
    show_progress_keeper()  # in the browser (the static site), above the page's first block only
    bar = _bar(show_poll=_BLOCK_BARS[0] == 0)
    _BLOCK_BARS[0] += 1
    display(bar)
    return bar
