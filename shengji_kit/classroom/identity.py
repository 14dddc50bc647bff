"""Who is learning in this kernel: a learner's name, checked, and the kernel-wide current learner.

The learner bar sets the name (remembered by the browser); the trainer and lesson exercises ask
``current_learner()`` and follow ``on_learner_change``. Without a choice the learner is
``$JUPYTERHUB_USER`` on a JupyterHub, else "default".
"""

from __future__ import annotations

import os
import re
import threading
import unicodedata
import warnings
import weakref
from collections.abc import Callable

from ..words import Message
from .store_protocol import DEFAULT_CLASS

MAX_NAME_LENGTH = 40
DEFAULT_LEARNER = DEFAULT_CLASS  # "default"
HUB_USER_ENV = "JUPYTERHUB_USER"
# Control, format, surrogate, private-use and unassigned characters; line and paragraph breaks.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})

_SPACES = re.compile(r"\s{2,}")

Listener = Callable[[str], object]


def learner_label(name: str, lang: str) -> str:
    """The learner's name as a page shows it: the default learner's stored name ``default`` is worded
    in the page's language (``默认学员``); every other name is the learner's own and shown as typed."""
    return Message("cls_learner_default").render(lang) if name == DEFAULT_LEARNER else name


class LearnerNameError(ValueError):
    """A learner name that cannot be used; ``message`` says why, in any language."""

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(message.render("en"))


def clean_learner_name(name: str) -> str:
    """``name`` in NFC, trimmed, runs of inner spaces made one; refuses what cannot be a name.

    Raises ``LearnerNameError`` for an empty name, one over 40 characters or one with a control
    or invisible formatting character.
    """
    cleaned = unicodedata.normalize("NFC", str(name)).strip()
    for character in cleaned:
        if unicodedata.category(character) in REFUSED_CATEGORIES:
            raise LearnerNameError(Message("learner_name_bad_character", {"character": f"U+{ord(character):04X}"}))
    cleaned = _SPACES.sub(" ", cleaned)
    if not cleaned:
        raise LearnerNameError(Message("learner_name_empty"))
    if len(cleaned) > MAX_NAME_LENGTH:
        raise LearnerNameError(Message("learner_name_too_long", {"limit": MAX_NAME_LENGTH, "length": len(cleaned)}))
    return cleaned


def default_learner() -> str:
    """``$JUPYTERHUB_USER`` on a JupyterHub (when it is a usable name), else "default"."""
    hub_user = os.environ.get(HUB_USER_ENV, "")
    if hub_user.strip():
        try:
            return clean_learner_name(hub_user)
        except LearnerNameError:
            pass
    return DEFAULT_LEARNER


_current: str | None = None
_listeners: list[Callable[[], Listener | None]] = []
_lock = threading.RLock()


def current_learner() -> str:
    """The learner of this kernel: the one set last, else the default learner."""
    with _lock:
        return _current if _current is not None else default_learner()


def set_current_learner(name: str) -> str:
    """Make ``name`` (cleaned) the kernel's learner and tell the listeners if it changed; the clean name.

    Raises ``LearnerNameError`` (nothing changes) for an unusable name.
    """
    global _current
    cleaned = clean_learner_name(name)
    with _lock:
        before = current_learner()
        _current = cleaned
        listeners = [listener() for listener in _listeners]
        _listeners[:] = [ref for ref, alive in zip(_listeners, listeners, strict=True) if alive is not None]
    if cleaned != before:
        for listener in listeners:
            if listener is None:
                continue
            try:
                listener(cleaned)
            except Exception as error:  # one broken page must not stop the others
                warnings.warn(f"a learner-change listener failed: {type(error).__name__}: {error}", stacklevel=2)
    return cleaned


def on_learner_change(callback: Listener) -> Callable[[], None]:
    """Call ``callback(new_name)`` whenever the learner changes; returns a function that stops it.

    A bound method is held weakly: a widget that is gone stops listening by itself.
    """
    reference: Callable[[], Listener | None]
    if hasattr(callback, "__self__") and hasattr(callback, "__func__"):
        reference = weakref.WeakMethod(callback)
    else:
        def reference() -> Listener:
            return callback
    with _lock:
        _listeners.append(reference)

    def stop() -> None:
        with _lock:
            if reference in _listeners:
                _listeners.remove(reference)

    return stop


def reset_current_learner() -> None:
    """Forget the chosen learner and every listener (a fresh kernel; tests use it)."""
    global _current
    with _lock:
        _current = None
        _listeners.clear()
