"""The class list: who may log in to a JupyterHub class (hashed passwords, who teaches), and the
learners' PINs for a class on one machine (``shengji-kit serve --classroom --class-list FILE``).

One TOML file the teacher keeps; passwords and PINs are never stored, only their scrypt hashes
(salted, from the standard library). Add a learner or a teacher with::

    python -m shengji_kit.classroom.class_list add class-list.toml alice
    python -m shengji_kit.classroom.class_list add class-list.toml ms_li --teacher
    python -m shengji_kit.classroom.class_list pin class-list.toml "Lin Wei"

(the password or PIN is asked for, or read from standard input with ``--password-stdin``). A PIN
entry may name any learner name the learner bar takes (``"Lin Wei" = { pin = "scrypt$…" }``); a
learner whose name has a PIN must type it to be chosen in the learner bar (checked in the kernel).
"""

from __future__ import annotations

import argparse
import base64
import getpass
import hashlib
import hmac
import json
import os
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ..game.input_checks import InputError, read_toml
from ..words import Message
from ..words.catalogue import text
from .identity import LearnerNameError, clean_learner_name

# scrypt's cost: about 50 ms and 16 MB per check, fine for a class logging in at once.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
SALT_BYTES = 16
SCHEME = "scrypt"
# JupyterHub user names: lower case (the hub lowers them), letters, digits, '-', '_' and '.'.
NAME_PATTERN = re.compile(r"[a-z0-9][a-z0-9._-]{0,39}")
MIN_PASSWORD_LENGTH = 6
# A learner's PIN on a one-machine class server: digits only, typed on a phone's number pad.
PIN_PATTERN = re.compile(r"[0-9]{4,12}")
# The class list ``serve --classroom --class-list`` hands to the kernels (an absolute path).
CLASS_LIST_VAR = "SHENGJI_KIT_CLASS_LIST"


class ClassListError(ValueError):
    """The class list cannot be read or written; the message says why in English and Chinese."""

    def __init__(self, path: Path | str, detail: str) -> None:
        en = text("hub_class_list_bad", "en", path=str(path), detail=detail)
        zh = text("hub_class_list_bad", "zh", path=str(path), detail=detail)
        super().__init__(f"{en} · {zh}")


@dataclass(frozen=True)
class ClassMember:
    """One person on the class list: their name, password hash ("" for a PIN-only learner), whether
    they teach, and the hash of their learner-bar PIN ("" for none)."""

    name: str
    password_hash: str
    teacher: bool = False
    pin_hash: str = ""


class PinRefused(ValueError):
    """A learner name chosen without its PIN, or with a wrong one; ``message`` says which, in any language."""

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(message.render("en"))


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def hash_password(password: str, salt: bytes | None = None) -> str:
    """``scrypt$N$r$p$salt$hash`` of ``password`` (base64 salt and hash)."""
    salt = os.urandom(SALT_BYTES) if salt is None else salt
    digest = hashlib.scrypt(password.encode("utf-8"), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P)
    return f"{SCHEME}${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${_b64(salt)}${_b64(digest)}"


def verify_password(password: str, hashed: str) -> bool:
    """Whether ``password`` is the one ``hashed`` was made from (a malformed hash never matches)."""
    try:
        scheme, n, r, p, salt, digest = hashed.split("$")
        if scheme != SCHEME:
            return False
        expected = base64.b64decode(digest, validate=True)
        found = hashlib.scrypt(password.encode("utf-8"), salt=base64.b64decode(salt, validate=True),
                               n=int(n), r=int(r), p=int(p), dklen=len(expected))
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(found, expected)


def load_class_list(path: Path | str) -> dict[str, ClassMember]:
    """Everyone on the class list at ``path``, by name.

    An entry needs a ``password`` (a hub login: the name is a hub user name) or a ``pin`` (a learner of
    a one-machine class: any name the learner bar takes), or both.
    """
    try:
        data = read_toml(path)
    except OSError as error:
        raise ClassListError(path, error.strerror or str(error)) from error
    except InputError as error:  # not UTF-8, bad TOML (with its line), nested too deep, a number too long
        raise ClassListError(path, error.message("en")) from error
    users = data.get("users", {})
    if not isinstance(users, Mapping):
        raise ClassListError(path, "[users] must be a table")
    members: dict[str, ClassMember] = {}
    for name, entry in users.items():
        if not isinstance(entry, Mapping):
            raise ClassListError(path, f"{name}: needs password = \"scrypt$…\" or pin = \"scrypt$…\"")
        password, pin = entry.get("password", ""), entry.get("pin", "")
        if not isinstance(password, str) or not isinstance(pin, str) or not (password or pin):
            raise ClassListError(path, f"{name}: needs password = \"scrypt$…\" or pin = \"scrypt$…\"")
        if password and not NAME_PATTERN.fullmatch(name):
            raise ClassListError(path, f"{name!r} is not a user name (a-z, 0-9, '.', '_', '-')")
        if not password:
            try:
                cleaned = clean_learner_name(name)
            except LearnerNameError as error:
                raise ClassListError(path, f"{name!r} is not a learner name ({error})") from error
            if cleaned != name:
                raise ClassListError(path, f"{name!r}: write the name as the learner bar does: {cleaned!r}")
        members[name] = ClassMember(name, password, bool(entry.get("teacher", False)), pin)
    return members


def teachers(path: Path | str) -> list[str]:
    """The names of the class list's teachers, sorted."""
    return sorted(member.name for member in load_class_list(path).values() if member.teacher)


def _entry(member: ClassMember) -> str:
    # JSON strings are valid TOML basic strings for these characters (no control characters).
    fields = []
    if member.password_hash:
        fields.append(f"password = {json.dumps(member.password_hash)}")
    if member.pin_hash:
        fields.append(f"pin = {json.dumps(member.pin_hash)}")
    if member.teacher:
        fields.append("teacher = true")
    return f"{json.dumps(member.name, ensure_ascii=False)} = {{ {', '.join(fields)} }}"


def _write(path: Path | str, members: Mapping[str, ClassMember]) -> None:
    lines = ["# The class list: who may log in to the class's JupyterHub (scrypt password hashes),",
             "# and the learners' PINs for serve --classroom --class-list (scrypt hashes).",
             "# Edit with: python -m shengji_kit.classroom.class_list add|pin FILE NAME [--teacher]", "",
             "[users]", *(_entry(members[key]) for key in sorted(members)), ""]
    Path(path).write_text("\n".join(lines), encoding="utf-8")


def add_member(path: Path | str, name: str, password: str, teacher: bool = False) -> ClassMember:
    """Add (or replace) ``name`` on the class list at ``path``, creating the file if needed (a PIN stays)."""
    name = name.strip().lower()
    if not NAME_PATTERN.fullmatch(name):
        raise ClassListError(path, f"{name!r} is not a user name (a-z, 0-9, '.', '_', '-')")
    if len(password) < MIN_PASSWORD_LENGTH:
        raise ClassListError(path, f"the password needs at least {MIN_PASSWORD_LENGTH} characters")
    members = load_class_list(path) if Path(path).exists() else {}
    pin = members[name].pin_hash if name in members else ""
    member = ClassMember(name, hash_password(password), teacher, pin)
    members[name] = member
    _write(path, members)
    return member


def set_pin(path: Path | str, name: str, pin: str) -> ClassMember:
    """Give learner ``name`` the PIN ``pin`` (4 to 12 digits) on the class list at ``path`` (created if needed)."""
    try:
        name = clean_learner_name(name)
    except LearnerNameError as error:
        raise ClassListError(path, f"{name!r} is not a learner name ({error})") from error
    if not PIN_PATTERN.fullmatch(pin):
        raise ClassListError(path, "a PIN is 4 to 12 digits")
    members = load_class_list(path) if Path(path).exists() else {}
    member = replace(members.get(name, ClassMember(name, "")), pin_hash=hash_password(pin))
    members[name] = member
    _write(path, members)
    return member


# --- PINs in the learner bar (a one-machine class) --------------------------------------------

_PIN_CACHE: dict[str, tuple[float, dict[str, ClassMember]]] = {}


def learner_pins(path: Path | str | None = None) -> dict[str, ClassMember]:
    """The class list's learners who have a PIN, by their name case-folded; ``path`` defaults to
    ``$SHENGJI_KIT_CLASS_LIST`` (none set: no PINs). Read again whenever the file changes.

    A class list that cannot be read raises :class:`ClassListError`: a PIN must not vanish unnoticed.
    """
    chosen = os.environ.get(CLASS_LIST_VAR, "").strip() if path is None else str(path)
    if not chosen:
        return {}
    try:
        changed = Path(chosen).stat().st_mtime
    except OSError as error:
        raise ClassListError(chosen, error.strerror or str(error)) from error
    cached = _PIN_CACHE.get(chosen)
    if cached is None or cached[0] != changed:
        pins = {name.casefold(): member for name, member in load_class_list(chosen).items() if member.pin_hash}
        cached = _PIN_CACHE[chosen] = (changed, pins)
    return cached[1]


def pin_member(name: str, path: Path | str | None = None) -> ClassMember | None:
    """The class list's entry of learner ``name`` when it has a PIN (names compared case-folded), else None."""
    return learner_pins(path).get(name.casefold())


def pass_token(member: ClassMember) -> str:
    """What the browser keeps after the right PIN, to be taken back as that learner when a page opens:
    an HMAC of the name keyed by the PIN's hash (a new PIN ends every old token)."""
    return hmac.new(member.pin_hash.encode("utf-8"), f"learner:{member.name}".encode(), hashlib.sha256).hexdigest()


def check_pin(member: ClassMember, pin: str) -> str:
    """The pass token when ``pin`` is ``member``'s PIN; :class:`PinRefused` says why it is not."""
    pin = pin.strip()
    if not pin:
        raise PinRefused(Message("serving_pin_needed", {"name": member.name}))
    if not PIN_PATTERN.fullmatch(pin):
        raise PinRefused(Message("serving_pin_bad", {"name": member.name}))
    if not verify_password(pin, member.pin_hash):
        raise PinRefused(Message("serving_pin_wrong", {"name": member.name}))
    return pass_token(member)


def pass_ok(member: ClassMember, token: str) -> bool:
    """Whether ``token`` is the pass token of ``member``'s current PIN."""
    return bool(token) and hmac.compare_digest(token.encode("utf-8"), pass_token(member).encode("utf-8"))


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m shengji_kit.classroom.class_list add|pin FILE NAME [--teacher] [--password-stdin]``."""
    parser = argparse.ArgumentParser(prog="python -m shengji_kit.classroom.class_list", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    add = commands.add_parser("add", help="add a learner or teacher · 添加学生或老师")
    add.add_argument("file", type=Path)
    add.add_argument("name")
    add.add_argument("--teacher", action="store_true", help="a teacher (sees the dashboard) · 老师")
    add.add_argument("--password-stdin", action="store_true", help="read the password from standard input")
    pin = commands.add_parser("pin", help="give a learner a PIN for serve --classroom · 为学生设置 PIN 码")
    pin.add_argument("file", type=Path)
    pin.add_argument("name")
    pin.add_argument("--password-stdin", action="store_true", help="read the PIN from standard input")
    args = parser.parse_args(argv)
    prompt = "PIN · PIN 码: " if args.command == "pin" else "Password · 密码: "
    secret = sys.stdin.readline().rstrip("\n") if args.password_stdin else getpass.getpass(prompt)
    try:
        if args.command == "pin":
            member = set_pin(args.file, args.name, secret)
        else:
            member = add_member(args.file, args.name, secret, args.teacher)
    except ClassListError as error:
        print(error, file=sys.stderr)
        return 1
    print(f"{member.name}{' (teacher · 老师)' if member.teacher else ''} → {args.file}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
