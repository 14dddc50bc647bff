"""The class list of a JupyterHub class: who may log in, their hashed passwords, who teaches.

One TOML file the teacher keeps beside jupyterhub_config.py; passwords are never stored, only
their scrypt hashes (salted, from the standard library). Add a learner or a teacher with::

    python -m shengji_kit.classroom.class_list add class-list.toml alice
    python -m shengji_kit.classroom.class_list add class-list.toml ms_li --teacher

(the password is asked for, or read from standard input with ``--password-stdin``).
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
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..words.catalogue import text

# scrypt's cost: about 50 ms and 16 MB per check, fine for a class logging in at once.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
SALT_BYTES = 16
SCHEME = "scrypt"
# JupyterHub user names: lower case (the hub lowers them), letters, digits, '-', '_' and '.'.
NAME_PATTERN = re.compile(r"[a-z0-9][a-z0-9._-]{0,39}")
MIN_PASSWORD_LENGTH = 6


class ClassListError(ValueError):
    """The class list cannot be read or written; the message says why in English and Chinese."""

    def __init__(self, path: Path | str, detail: str) -> None:
        en = text("hub_class_list_bad", "en", path=str(path), detail=detail)
        zh = text("hub_class_list_bad", "zh", path=str(path), detail=detail)
        super().__init__(f"{en} · {zh}")


@dataclass(frozen=True)
class ClassMember:
    """One person on the class list: their hub name, password hash, and whether they teach."""

    name: str
    password_hash: str
    teacher: bool = False


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
    """Everyone on the class list at ``path``, by name."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ClassListError(path, str(error)) from error
    users = data.get("users", {})
    if not isinstance(users, Mapping):
        raise ClassListError(path, "[users] must be a table")
    members: dict[str, ClassMember] = {}
    for name, entry in users.items():
        if not NAME_PATTERN.fullmatch(name):
            raise ClassListError(path, f"{name!r} is not a user name (a-z, 0-9, '.', '_', '-')")
        if not isinstance(entry, Mapping) or not isinstance(entry.get("password"), str):
            raise ClassListError(path, f"{name}: needs password = \"scrypt$…\"")
        members[name] = ClassMember(name, entry["password"], bool(entry.get("teacher", False)))
    return members


def teachers(path: Path | str) -> list[str]:
    """The names of the class list's teachers, sorted."""
    return sorted(member.name for member in load_class_list(path).values() if member.teacher)


def _entry(member: ClassMember) -> str:
    # JSON strings are valid TOML basic strings for these characters (no control characters).
    teacher = ", teacher = true" if member.teacher else ""
    return f"{json.dumps(member.name)} = {{ password = {json.dumps(member.password_hash)}{teacher} }}"


def add_member(path: Path | str, name: str, password: str, teacher: bool = False) -> ClassMember:
    """Add (or replace) ``name`` on the class list at ``path``, creating the file if needed."""
    name = name.strip().lower()
    if not NAME_PATTERN.fullmatch(name):
        raise ClassListError(path, f"{name!r} is not a user name (a-z, 0-9, '.', '_', '-')")
    if len(password) < MIN_PASSWORD_LENGTH:
        raise ClassListError(path, f"the password needs at least {MIN_PASSWORD_LENGTH} characters")
    members = load_class_list(path) if Path(path).exists() else {}
    member = ClassMember(name, hash_password(password), teacher)
    members[name] = member
    lines = ["# The class list: who may log in to the class's JupyterHub (scrypt password hashes).",
             "# Edit with: python -m shengji_kit.classroom.class_list add FILE NAME [--teacher]", "",
             "[users]", *(_entry(members[key]) for key in sorted(members)), ""]
    Path(path).write_text("\n".join(lines), encoding="utf-8")
    return member


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m shengji_kit.classroom.class_list add FILE NAME [--teacher] [--password-stdin]``."""
    parser = argparse.ArgumentParser(prog="python -m shengji_kit.classroom.class_list", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    add = commands.add_parser("add", help="add a learner or teacher · 添加学生或老师")
    add.add_argument("file", type=Path)
    add.add_argument("name")
    add.add_argument("--teacher", action="store_true", help="a teacher (sees the dashboard) · 老师")
    add.add_argument("--password-stdin", action="store_true", help="read the password from standard input")
    args = parser.parse_args(argv)
    password = sys.stdin.readline().rstrip("\n") if args.password_stdin else getpass.getpass("Password · 密码: ")
    try:
        member = add_member(args.file, args.name, password, args.teacher)
    except ClassListError as error:
        print(error, file=sys.stderr)
        return 1
    print(f"{member.name}{' (teacher · 老师)' if member.teacher else ''} → {args.file}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
