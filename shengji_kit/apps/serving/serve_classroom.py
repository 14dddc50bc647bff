"""``shengji-kit serve --classroom``: serve a class on the local network behind an access code.

Learners open the join address (the class code is in it, also drawn as a QR code and saved as SVG
in the data folder); without the code the server shows only a page that asks for it. The teacher
gets a separate code for the dashboard, passed to the kernels as ``$SHENGJI_KIT_TEACHER_CODE``.
The Voila server is ``shengji_kit/apps/serving/classroom_server.py`` (Voila that guards every address); the
rest of the command line is ``voila_command.voila_command``'s, so a class is served as ``make serve`` serves.
"""

from __future__ import annotations

import argparse
import errno
import hashlib
import ipaddress
import os
import re
import secrets
import socket
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from ...classroom.class_list import CLASS_LIST_VAR
from ...classroom.join import JOIN_QR_VAR, JOIN_URL_VAR, TEACHER_CODE_VAR, qr_svg
from ...data_folder import write_atomically
from ...words.catalogue import LANGUAGES, text
from .voila_command import (
    DEFAULT_HOST,
    DEFAULT_PORT,
    LANDING_PAGE,
    LOCAL_HOSTS,
    run_voila,
    voila_command,
    voila_environment,
)

ALL_INTERFACES = "0.0.0.0"
DASHBOARD_PAGE = "notebooks/classroom.ipynb"
# Letters and digits that cannot be misread for each other when typed from a projector (no 0/o, 1/l/i).
CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
CLASS_CODE_LENGTH = 8  # 31**8: about 40 bits, guessed by no class in a lesson's time
TEACHER_CODE_LENGTH = 16
GIVEN_CODE = re.compile(r"[A-Za-z0-9_-]{6,64}")
# Read (and removed from its environment, so kernels never see them) by shengji_kit/apps/serving/classroom_server/py/
CLASS_CODE_VAR = "SHENGJI_KIT_CLASS_CODE"
COOKIE_SECRET_VAR = "SHENGJI_KIT_CLASS_COOKIE_SECRET"
SERVER_MODULE = "shengji_kit.apps.serving.classroom_server"
CLASSROOM_FOLDER = "classroom"  # under the data folder
QR_FILE = "join-qr.svg"
COOKIE_SALT_FILE = "cookie-salt"
# An address in TEST-NET-1 (never routed): "connecting" a UDP socket to it sends nothing but
# tells which local address the machine would use to reach the network.
ROUTE_PROBE = ("192.0.2.1", 9)


class ClassroomError(ValueError):
    """The class cannot be served as asked; ``code`` is the catalogue message that says why."""

    def __init__(self, message: str, /, **params: object) -> None:
        self.code = message
        self.params = params
        super().__init__(text(message, "en", **params))

    def bilingual(self) -> str:
        """The message in every language, one per line."""
        return bilingual(self.code, **self.params)


def bilingual(message: str, /, **params: object) -> str:
    """The catalogue text ``message`` in English, then Chinese, joined by `` · `` (the terminal shows both)."""
    return " · ".join(text(message, lang, **params) for lang in LANGUAGES)


class HostAction(argparse.Action):
    """``--host``: 127.0.0.1 or localhost, unless ``--classroom`` came before (then any address)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        host = str(values).strip()
        if host not in LOCAL_HOSTS and not getattr(namespace, "classroom", False):
            parser.error(bilingual("classroom_host_needs_classroom", host=host))
        setattr(namespace, self.dest, host)
        namespace.host_given = True


def port_number(value: str) -> int:
    """``--port``: a whole number from 1 to 65535 (0 would let the system choose one nobody is told)."""
    try:
        port = int(value)
    except ValueError:
        port = 0
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(bilingual("classroom_bad_port", port=value))
    return port


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--host``, ``--port`` and the class options to the ``serve`` command (``serve.add_arguments``)."""
    parser.add_argument(
        "--host",
        default=DEFAULT_HOST,
        action=HostAction,
        help="address to listen on (local only, unless --classroom comes first)"
        " · 监听地址（仅本机，除非先给出 --classroom）",
    )
    parser.add_argument("--port", type=port_number, default=DEFAULT_PORT, help="port to listen on (1-65535) · 端口")
    add_classroom_arguments(parser)


def add_classroom_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--classroom``, ``--code`` and ``--teacher-code`` to the ``serve`` command."""
    parser.set_defaults(host_given=False)
    parser.add_argument(
        "--classroom",
        action="store_true",
        help="serve a class on the local network, behind an access code · 在局域网上为全班服务（需要课堂代码）",
    )
    parser.add_argument("--code", default=None, help="the learners' class code (default: a random one) · 课堂代码")
    parser.add_argument(
        "--teacher-code", default=None, help="the teacher's code for the dashboard (default: random) · 教师代码"
    )
    parser.add_argument(
        "--class-list", default=None, type=Path, metavar="FILE",
        help="the class list whose PINs learners type with their names (python -m shengji_kit.classroom.class_list"
        " pin FILE NAME) · 班级名单（学生选名字时需输入其 PIN 码）",
    )


def new_code(length: int) -> str:
    """A random code of ``length`` characters from :data:`CODE_ALPHABET` (``secrets``)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def checked_code(code: str) -> str:
    """A code given on the command line, if it is 6–64 letters, digits, ``-`` or ``_``."""
    if not GIVEN_CODE.fullmatch(code):
        raise ClassroomError("classroom_bad_code", code=repr(code))
    return code


def url_host(address: str) -> str:
    """``address`` as it goes in a URL (an IPv6 address in brackets)."""
    try:
        return f"[{address}]" if ipaddress.ip_address(address).version == 6 else address
    except ValueError:
        return address


def pick_lan_address(candidates: Iterable[str]) -> str | None:
    """The first IPv4 address among ``candidates`` that other machines can use (not loopback,
    link-local or unspecified), preferring private (home, school) networks; None if there is none."""
    usable: list[ipaddress.IPv4Address] = []
    for candidate in candidates:
        try:
            address = ipaddress.ip_address(candidate)
        except ValueError:
            continue
        if (
            isinstance(address, ipaddress.IPv4Address)
            and not (address.is_loopback or address.is_link_local or address.is_unspecified or address.is_multicast)
            and address not in usable
        ):
            usable.append(address)
    usable.sort(key=lambda address: not address.is_private)  # stable: private ones first
    return str(usable[0]) if usable else None


def lan_candidates() -> list[str]:
    """This machine's IPv4 addresses: the one its default route uses first, then its host name's."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(ROUTE_PROBE)
            found.append(str(probe.getsockname()[0]))
    except OSError:
        pass
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    found.extend(str(info[4][0]) for info in infos)
    return found


def check_can_listen(host: str, port: int) -> None:
    """Raise :class:`ClassroomError` unless a server could listen on ``host``:``port`` right now."""
    if not 1 <= port <= 65535:
        raise ClassroomError("classroom_bad_port", port=port)
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as error:
        raise ClassroomError("classroom_bad_host", host=host) from error
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as tornado binds
        try:
            probe.bind(address)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                raise ClassroomError("classroom_port_in_use", port=port, host=host) from error
            if error.errno == errno.EACCES:
                raise ClassroomError("classroom_port_forbidden", port=port) from error
            raise ClassroomError("classroom_bad_host", host=host) from error


@dataclass(frozen=True)
class Classroom:
    """A class to serve: where the server listens, the address learners use, and the two codes."""

    listen: str
    address: str
    port: int
    code: str
    teacher_code: str

    def url(self, page: str, **query: str) -> str:
        """The absolute address of ``page`` on this server with ``query``."""
        return f"http://{url_host(self.address)}:{self.port}/voila/render/{page}?{urlencode(query)}"

    @property
    def join_url(self) -> str:
        """The learners' address: the landing page, with the class code (which gives them the cookie)."""
        return self.url(LANDING_PAGE, token=self.code)

    @property
    def teacher_url(self) -> str:
        """The teacher's dashboard, with both codes."""
        return self.url(DASHBOARD_PAGE, token=self.code, teacher=self.teacher_code)

    @property
    def local_only(self) -> bool:
        """Whether only this machine can reach the server (``--host 127.0.0.1``)."""
        return self.listen in LOCAL_HOSTS


def plan_classroom(
    host: str, port: int, *, host_given: bool, code: str | None, teacher_code: str | None,
    candidates: Iterable[str] | None = None,
) -> Classroom:
    """Check the options and choose the addresses and codes; raise :class:`ClassroomError` if they cannot serve.

    Without ``--host`` the server listens on every interface and learners use the machine's LAN address.
    """
    if not 1 <= port <= 65535:
        raise ClassroomError("classroom_bad_port", port=port)
    class_code = checked_code(code) if code is not None else new_code(CLASS_CODE_LENGTH)
    teacher = checked_code(teacher_code) if teacher_code is not None else new_code(TEACHER_CODE_LENGTH)
    if teacher == class_code:
        raise ClassroomError("classroom_same_codes")
    listen = host if host_given else ALL_INTERFACES
    if listen in (ALL_INTERFACES, "::"):
        address = pick_lan_address(lan_candidates() if candidates is None else candidates)
        if address is None:
            raise ClassroomError("classroom_no_address")
    else:
        address = listen
    check_can_listen(listen, port)
    return Classroom(listen, address, port, class_code, teacher)


def classroom_folder() -> Path:
    """Where the class's files go: ``<data dir>/classroom`` (the trainer's data folder)."""
    from ...data_folder import data_dir

    return data_dir() / CLASSROOM_FOLDER


def save_join_qr(classroom: Classroom, folder: Path) -> Path:
    """Write the QR code of the join address as an SVG file in ``folder``; its path."""
    svg = qr_svg(classroom.join_url, size="512")
    return write_atomically(folder / QR_FILE, '<?xml version="1.0" encoding="UTF-8"?>\n' + str(svg) + "\n")


def cookie_secret(code: str, folder: Path) -> str:
    """The key that signs learners' login cookies, as hex: the same for the same class code, so a
    restarted server keeps its learners in, and different for a new code, so old cookies stop working.
    The random salt is kept in ``folder`` (readable by the teacher's account only)."""
    salt_file = folder / COOKIE_SALT_FILE
    try:
        salt = salt_file.read_bytes()
    except OSError:
        salt = b""
    if len(salt) < 32:
        salt = secrets.token_bytes(32)
        write_atomically(salt_file, salt)
        salt_file.chmod(0o600)
    return hashlib.sha256(salt + code.encode("utf-8")).hexdigest()


def classroom_command(classroom: Classroom, python: str = sys.executable) -> list[str]:
    """``voila_command`` for the class's address, run by the guarded server instead of plain Voila."""
    command = voila_command(classroom.port, classroom.listen, python=python)
    module = command.index("voila")
    command[module] = SERVER_MODULE
    return command


def classroom_environment(
    classroom: Classroom,
    qr_path: Path,
    secret: str,
    base: Mapping[str, str] | None = None,
    python: str = sys.executable,
) -> dict[str, str]:
    """``voila_environment`` plus the codes: the class code and cookie key for the server only,
    the join address, its QR file and the teacher code for the kernels too."""
    env = voila_environment(base, python)
    env.update({
        CLASS_CODE_VAR: classroom.code,
        COOKIE_SECRET_VAR: secret,
        JOIN_URL_VAR: classroom.join_url,
        JOIN_QR_VAR: str(qr_path),
        TEACHER_CODE_VAR: classroom.teacher_code,
    })
    return env


def labelled(label: str, value: str) -> str:
    """A bilingual label and its value, the value alone on the next line (an address is long)."""
    return f"{bilingual(label)}:\n    {value}"


def announcement(classroom: Classroom, qr_path: Path) -> tuple[list[str], list[str]]:
    """What the terminal shows: the lines for the whole class, and the lines for the teacher only."""
    public = [
        labelled("classroom_learners_open", classroom.join_url),
        labelled("classroom_class_code", classroom.code),
        labelled("classroom_qr_saved", str(qr_path)),
    ]
    if classroom.local_only:
        public.append(bilingual("classroom_local_only", host=classroom.listen))
    private = [
        labelled("classroom_teacher_open", classroom.teacher_url),
        labelled("classroom_teacher_code", classroom.teacher_code),
    ]
    return public, private


def misused_options(args: argparse.Namespace) -> str | None:
    """Why the options cannot go together without ``--classroom`` (bilingual), or None when they can."""
    if getattr(args, "classroom", False):
        return None
    if getattr(args, "code", None) is not None or getattr(args, "teacher_code", None) is not None:
        return bilingual("classroom_codes_need_classroom")
    if getattr(args, "class_list", None) is not None:
        return bilingual("serving_class_list_needs_classroom")
    return None


def run_classroom(args: argparse.Namespace, base_env: Mapping[str, str] | None = None) -> int:
    """Plan the class, save its QR code, print the addresses and codes, and serve until stopped."""
    try:
        classroom = plan_classroom(
            args.host, args.port, host_given=bool(getattr(args, "host_given", False)),
            code=args.code, teacher_code=args.teacher_code,
        )
        class_list = checked_class_list(getattr(args, "class_list", None))
        folder = classroom_folder()
        try:
            qr_path = save_join_qr(classroom, folder)
            secret = cookie_secret(classroom.code, folder)
        except OSError as error:
            raise ClassroomError(
                "classroom_folder_unwritable", folder=str(folder), error=error.strerror or str(error)
            ) from error
    except ClassroomError as error:
        print(error.bilingual(), file=sys.stderr)
        return 2
    public, private = announcement(classroom, qr_path)
    for line in [*public, "", *private, "", bilingual("classroom_stop")]:
        print(line, flush=True)
    env = classroom_environment(classroom, qr_path, secret, os.environ if base_env is None else base_env)
    env.pop(CLASS_LIST_VAR, None)
    if class_list is not None:
        env[CLASS_LIST_VAR] = str(class_list)
    return run_voila(classroom_command(classroom), env)


def checked_class_list(path: Path | None) -> Path | None:
    """``--class-list``: the file's absolute path once it reads as a class list; ClassroomError says why not."""
    if path is None:
        return None
    from ...classroom.class_list import ClassListError, load_class_list

    try:
        load_class_list(path)
    except ClassListError as error:
        raise ClassroomError("serving_class_list_bad", detail=str(error)) from error
    return path.resolve()


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m shengji_kit.apps.serving.serve_classroom``: the same as ``shengji-kit serve --classroom``."""
    parser = argparse.ArgumentParser(prog="python -m shengji_kit.apps.serving.serve_classroom", description=__doc__)
    add_serve_arguments(parser)
    return run_classroom(parser.parse_args(["--classroom", *(sys.argv[1:] if argv is None else argv)]))


if __name__ == "__main__":
    sys.exit(main())
