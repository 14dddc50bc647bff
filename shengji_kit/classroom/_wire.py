"""The class store's types as JSON, for the JupyterHub service and its client (one codec, both ends).

Times travel as ISO 8601 text with their UTC offset; anything malformed raises ``WireError`` (a
``ValueError``) naming the field, so the service can answer 400 instead of storing rubbish.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from .store_protocol import EVENT_KINDS, ClassEvent, Poll, StoredEvent

JSONObject = dict[str, Any]


class WireError(ValueError):
    """A JSON body does not describe an event or a poll; the message names the field."""


def _field(data: Mapping[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    """``data[name]`` if it is of ``kind``; WireError otherwise."""
    value = data.get(name)
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _kinds(kind)):
        raise WireError(f"field {name!r}: expected {_kind_names(kind)}, got {value!r}")
    return value


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _kind_names(kind: type | tuple[type, ...]) -> str:
    return " or ".join(each.__name__ for each in _kinds(kind))


def _time(text: str, name: str) -> datetime:
    """An aware datetime from ISO text; a time without an offset is refused (it would be ambiguous)."""
    try:
        value = datetime.fromisoformat(text)
    except ValueError as error:
        raise WireError(f"field {name!r}: not an ISO 8601 time: {text!r}") from error
    if value.tzinfo is None:
        raise WireError(f"field {name!r}: the time needs its UTC offset: {text!r}")
    return value


_UID = re.compile(r"[A-Za-z0-9:-]{0,64}")  # the id a page gives an event, so a resent one is stored once


def event_to_json(event: ClassEvent) -> JSONObject:
    """One event as a JSON object."""
    return {
        "learner": event.learner,
        "item": event.item,
        "group": event.group,
        "kind": event.kind,
        "at": event.at.isoformat(),
        "answer": event.answer,
        "correct": event.correct,
        "seconds": event.seconds,
        "class_name": event.class_name,
        **({"uid": event.uid} if event.uid else {}),
    }


def event_from_json(data: object) -> ClassEvent:
    """The event a JSON object describes; WireError when a field is missing or of the wrong type."""
    if not isinstance(data, dict):
        raise WireError(f"an event must be an object, not {data!r}")
    kind = _field(data, "kind", str)
    if kind not in EVENT_KINDS:
        raise WireError(f"field 'kind': {kind!r} is not one of {', '.join(EVENT_KINDS)}")
    correct = data.get("correct")
    if correct is not None and not isinstance(correct, bool):
        raise WireError(f"field 'correct': expected true, false or null, got {correct!r}")
    seconds = data.get("seconds")
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, int | float)):
        raise WireError(f"field 'seconds': expected a number or null, got {seconds!r}")
    uid = data.get("uid", "")
    if not isinstance(uid, str) or not _UID.fullmatch(uid):
        raise WireError("field 'uid': expected up to 64 letters, digits, '-' or ':'")
    return ClassEvent(
        learner=_field(data, "learner", str),
        item=_field(data, "item", str),
        group=_field(data, "group", str),
        kind=kind,
        at=_time(_field(data, "at", str), "at"),
        answer=_field(data, "answer", str) if "answer" in data else "",
        correct=correct,
        seconds=None if seconds is None else float(seconds),
        class_name=_field(data, "class_name", str),
        uid=uid,
    )


def stored_to_json(stored: StoredEvent) -> JSONObject:
    """A stored event: its id beside the event's fields."""
    return {"id": stored.id, **event_to_json(stored.event)}


def stored_from_json(data: object) -> StoredEvent:
    """The stored event a JSON object describes."""
    if not isinstance(data, dict):
        raise WireError(f"a stored event must be an object, not {data!r}")
    return StoredEvent(id=_field(data, "id", int), event=event_from_json(data))


def poll_to_json(poll: Poll) -> JSONObject:
    """A poll as a JSON object (its answers as learner → option)."""
    return {
        "id": poll.id,
        "class_name": poll.class_name,
        "source": poll.source,
        "ref": poll.ref,
        "prompt_en": poll.prompt_en,
        "prompt_zh": poll.prompt_zh,
        "options": list(poll.options),
        "answer": poll.answer,
        "state": poll.state,
        "opened_at": poll.opened_at.isoformat(),
        "answers": dict(poll.answers),
    }


def poll_from_json(data: object) -> Poll:
    """The poll a JSON object describes."""
    if not isinstance(data, dict):
        raise WireError(f"a poll must be an object, not {data!r}")
    options = _field(data, "options", list)
    answers = _field(data, "answers", dict)
    if not all(isinstance(option, str) for option in options):
        raise WireError(f"field 'options': expected texts, got {options!r}")
    if not all(isinstance(key, str) and isinstance(value, str) for key, value in answers.items()):
        raise WireError(f"field 'answers': expected learner → option texts, got {answers!r}")
    return Poll(
        id=_field(data, "id", int),
        class_name=_field(data, "class_name", str),
        source=_field(data, "source", str),
        ref=_field(data, "ref", str),
        prompt_en=_field(data, "prompt_en", str),
        prompt_zh=_field(data, "prompt_zh", str),
        options=tuple(options),
        answer=_field(data, "answer", str),
        state=_field(data, "state", str),
        opened_at=_time(_field(data, "opened_at", str), "opened_at"),
        answers=dict(answers),
    )
