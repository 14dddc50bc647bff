"""Who may sit in a seat: names checked as the whole class checks them, seat tokens, and the class list's word.

A seat is bound to its learner's identity as the class knows it, never to a name alone: the page
that sat keeps the seat's token (the store keeps only its hash), and a learner to whom the class
list gives a PIN proves it with the PIN or with the pass token the learner bar keeps after the PIN
(``class_list.pass_token``). Names compare as the class list compares them: cleaned, case-folded.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import unicodedata
from pathlib import Path

from ...engine.errors import RuleError
from ..class_list import ClassListError, ClassMember, PinRefused, check_pin, pass_ok, pin_member
from ..identity import REFUSED_CATEGORIES, LearnerNameError, clean_learner_name

MAX_TABLE_NAME = 60
SEATS = (0, 1, 2, 3)


class TableError(RuleError):
    """A request the tables refuse (no such table, seat taken, paused, bad token …); ``code`` is in tables.toml."""


def seat_name(given: object) -> str:
    """A learner's name as the class writes it (trimmed, NFC, one space between words); refuses an
    empty one, one over 40 characters and one with control or direction-changing characters."""
    if not isinstance(given, str):
        raise TableError("tables_bad_field", {"field": "learner", "given": shown(given)})
    try:
        return clean_learner_name(given)
    except LearnerNameError as error:
        raise TableError(error.message.code, error.message.params) from error


def name_key(name: str) -> str:
    """What two names must share to be one learner: " Ann " and "ann" are Ann."""
    return name.casefold()


def table_name(given: object) -> str:
    """A table's name: trimmed, at most 60 characters, no control or direction-changing characters."""
    cleaned = unicodedata.normalize("NFC", "" if given is None else str(given)).strip()
    for character in cleaned:
        if unicodedata.category(character) in REFUSED_CATEGORIES:
            raise TableError("tables_bad_table_name", {"character": f"U+{ord(character):04X}"})
    if len(cleaned) > MAX_TABLE_NAME:
        raise TableError("tables_table_name_long", {"limit": MAX_TABLE_NAME, "length": len(cleaned)})
    return " ".join(cleaned.split()) or "table"


def seat_number(given: object) -> int:
    """A seat as the API takes it: the JSON number 0, 1, 2 or 3 (not "0", not true)."""
    if type(given) is not int or given not in SEATS:
        raise TableError("tables_bad_seat", {"seat": shown(given)})
    return given


def shown(value: object) -> str:
    """A value as the request had it (JSON), cut short: "0" with its quotes, so a learner sees what was wrong."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 24 else text[:23] + "…"


def new_secret() -> str:
    return secrets.token_urlsafe(18)


def secret_hash(secret: str) -> str:
    """What the table keeps of a seat token's secret."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def secret_matches(secret: str, claim: str | None) -> bool:
    """Whether ``secret`` is the one whose hash is ``claim`` (in constant time)."""
    return claim is not None and secrets.compare_digest(secret_hash(secret), claim)


def split_token(token: object) -> tuple[str, int, str]:
    """``"<table>.<seat>.<secret>"`` as its three parts (``tables_bad_token`` for anything else)."""
    parts = str(token).split(".") if isinstance(token, str) else []
    if len(parts) != 3 or parts[1] not in ("0", "1", "2", "3") or not parts[2]:
        raise TableError("tables_bad_token")
    return parts[0], int(parts[1]), parts[2]


def listed_learner(name: str, class_list: Path | str | None) -> ClassMember | None:
    """The class list's entry for ``name`` when it gives that learner a PIN (None: the class knows only the name)."""
    try:
        return pin_member(name, class_list)
    except ClassListError as error:
        raise TableError("tables_class_list_unreadable") from error


def vouched_for(member: ClassMember | None, pin: object, learner_pass: object) -> bool:
    """Whether the request proves it is ``member`` (their PIN or their pass token); a wrong PIN is refused
    with the learner bar's own words. Nothing given: not proved (a page's seat token may still prove it)."""
    if member is None:
        return False
    if isinstance(learner_pass, str) and learner_pass and pass_ok(member, learner_pass):
        return True
    if isinstance(pin, str) and pin:
        try:
            check_pin(member, pin)
        except PinRefused as refused:
            raise TableError(refused.message.code, refused.message.params) from refused
        return True
    return False
