"""``shengji-kit serve --classroom``: its options, codes, addresses, errors, the Voila it runs, and the QR code."""

from __future__ import annotations

import argparse
import os
import re
import socket
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import numpy as np
import pytest
import zxingcpp
from hypothesis import given, settings
from hypothesis import strategies as st
from jupyter_server.auth.login import LoginFormHandler
from jupyter_server.base.handlers import FileFindHandler, JupyterHandler
from voila.static_file_handler import MultiStaticFileHandler

from shengji_kit.apps.serving import classroom_server, serve, serve_classroom
from shengji_kit.apps.serving.serve_classroom import Classroom, ClassroomError, plan_classroom
from shengji_kit.classroom import join
from shengji_kit.cli import build_parser
from shengji_kit.practice import ENV_VAR
from shengji_kit.words.catalogue import text

PATH_RUN = re.compile(r"M(\d+) (\d+)h(\d+)v1h-\d+z")


def serve_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser()
    serve.add_arguments(parser)
    return parser


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def refused(error: pytest.ExceptionInfo[ClassroomError], code: str) -> None:
    """The error is the catalogue's ``code``, and reads in both languages."""
    assert error.value.code == code
    message = error.value.bilingual()
    assert text(code, "en", **error.value.params) in message
    assert text(code, "zh", **error.value.params) in message


def plan(**options: Any) -> Classroom:
    defaults: dict[str, Any] = {"host": "127.0.0.1", "port": free_port(), "host_given": True, "code": None,
                                "teacher_code": None}
    return plan_classroom(**{**defaults, **options})


# --- the command line --------------------------------------------------------------------


def test_without_classroom_the_options_stay_local() -> None:
    args = serve_parser().parse_args([])
    options = (args.host, args.port, args.classroom, args.code, args.teacher_code)
    assert options == ("127.0.0.1", 8866, False, None, None)
    assert args.host_given is False
    assert serve_parser().parse_args(["--host", "localhost"]).host_given is True


def test_another_host_needs_classroom_first(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        serve_parser().parse_args(["--host", "0.0.0.0"])
    said = capsys.readouterr().err
    assert "--classroom" in said and "只为本机服务" in said
    with pytest.raises(SystemExit):
        serve_parser().parse_args(["--host", "192.168.1.20", "--classroom"])
    args = serve_parser().parse_args(["--classroom", "--host", "192.168.1.20", "--code", "abcdef"])
    assert (args.classroom, args.host, args.host_given, args.code) == (True, "192.168.1.20", True, "abcdef")


def test_the_cli_serve_command_takes_the_class_options() -> None:
    args = build_parser().parse_args(["serve", "--classroom", "--port", "9100", "--teacher-code", "teach-er"])
    assert args._module is serve
    assert (args.classroom, args.port, args.teacher_code) == (True, 9100, "teach-er")


def test_codes_without_classroom_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert serve.main(["--code", "abcdefgh"]) == 2
    said = capsys.readouterr().err
    assert text("classroom_codes_need_classroom", "en") in said
    assert text("classroom_codes_need_classroom", "zh") in said


# --- codes -------------------------------------------------------------------------------


def test_random_codes_are_long_unambiguous_and_different() -> None:
    classroom = plan()
    assert len(classroom.code) == serve_classroom.CLASS_CODE_LENGTH
    assert len(classroom.teacher_code) == serve_classroom.TEACHER_CODE_LENGTH
    for code in (classroom.code, classroom.teacher_code):
        assert set(code) <= set(serve_classroom.CODE_ALPHABET)
    assert not set("01ilo") & set(serve_classroom.CODE_ALPHABET)
    assert len({serve_classroom.new_code(8) for _ in range(50)}) == 50


def test_given_codes_are_used_and_checked() -> None:
    classroom = plan(code="room-12", teacher_code="Teacher_99")
    assert (classroom.code, classroom.teacher_code) == ("room-12", "Teacher_99")
    for bad in ("short", "has space", "a" * 65, "ünïcode", "a&b=cdef"):
        with pytest.raises(ClassroomError) as error:
            plan(code=bad)
        refused(error, "classroom_bad_code")
    with pytest.raises(ClassroomError) as error:
        plan(code="same-code", teacher_code="same-code")
    refused(error, "classroom_same_codes")


# --- addresses and ports -----------------------------------------------------------------


def test_the_lan_address_is_a_private_ipv4_one_when_there_is_one() -> None:
    pick = serve_classroom.pick_lan_address
    assert pick(["127.0.0.1", "169.254.3.4", "0.0.0.0", "fe80::1", "nonsense"]) is None
    assert pick([]) is None
    assert pick(["127.0.1.1", "8.8.4.4", "192.168.1.20"]) == "192.168.1.20"
    assert pick(["10.0.0.5", "172.16.0.2"]) == "10.0.0.5"
    assert pick(["203.0.113.9"]) == "203.0.113.9"


def test_no_lan_address_is_refused_with_a_clear_message() -> None:
    with pytest.raises(ClassroomError) as error:
        plan(host="127.0.0.1", host_given=False, candidates=["127.0.0.1", "169.254.1.1"])
    refused(error, "classroom_no_address")


def test_without_host_it_listens_everywhere_and_shows_the_lan_address() -> None:
    classroom = plan(host="127.0.0.1", host_given=False, candidates=["127.0.0.1", "192.168.7.3"])
    assert (classroom.listen, classroom.address, classroom.local_only) == ("0.0.0.0", "192.168.7.3", False)
    assert classroom.join_url.startswith(f"http://192.168.7.3:{classroom.port}/voila/render/notebooks/index.ipynb?")


def test_bad_ports_and_addresses_are_refused() -> None:
    for port in (0, -1, 65536):
        with pytest.raises(ClassroomError) as error:
            plan(port=port)
        refused(error, "classroom_bad_port")
    with pytest.raises(ClassroomError) as error:
        plan(host="192.0.2.254")  # TEST-NET-1: no machine has it
    refused(error, "classroom_bad_host")
    with pytest.raises(ClassroomError) as error:
        plan(host="no-such-host.invalid")
    refused(error, "classroom_bad_host")


def test_a_port_in_use_is_refused() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        with pytest.raises(ClassroomError) as error:
            plan(port=port)
    refused(error, "classroom_port_in_use")
    assert str(port) in error.value.bilingual()


# --- addresses learners and the teacher open ---------------------------------------------


def test_join_and_teacher_addresses_carry_their_codes() -> None:
    classroom = Classroom("0.0.0.0", "192.168.1.20", 8866, "abcd2345", "teacher-code")
    join_url = urlsplit(classroom.join_url)
    assert (join_url.netloc, join_url.path) == ("192.168.1.20:8866", "/voila/render/notebooks/index.ipynb")
    assert parse_qs(join_url.query) == {"token": ["abcd2345"]}
    teacher = urlsplit(classroom.teacher_url)
    assert teacher.path == f"/voila/render/{serve_classroom.DASHBOARD_PAGE}"
    assert parse_qs(teacher.query) == {"token": ["abcd2345"], "teacher": ["teacher-code"]}
    assert "teacher" not in classroom.join_url
    assert Classroom("::", "fd00::5", 80, "abcdef", "ghijkl").join_url.startswith("http://[fd00::5]:80/")


def test_the_command_is_voilas_run_by_the_guarded_server() -> None:
    from voila.app import Voila

    classroom = Classroom("0.0.0.0", "192.168.1.20", 9123, "abcd2345", "teacher-code")
    command = serve_classroom.classroom_command(classroom)
    assert command[:3] == [sys.executable, "-m", "shengji_kit.apps.serving.classroom_server"]
    plain = serve.voila_command(9123, "0.0.0.0")
    assert command[3:] == plain[3:]
    app = Voila()
    app.parse_command_line(command[3:])
    assert (app.ip, app.port) == ("0.0.0.0", 9123)
    assert "abcd2345" not in " ".join(command), "the code is passed in the environment, not on the command line"


def test_the_environment_gives_the_codes_to_server_and_kernels(tmp_path: Path) -> None:
    classroom = Classroom("127.0.0.1", "127.0.0.1", 9124, "abcd2345", "teacher-code")
    env = serve_classroom.classroom_environment(classroom, tmp_path / "q.svg", "ab" * 32, {"HOME": "/h"})
    assert env[serve_classroom.CLASS_CODE_VAR] == "abcd2345"
    assert env[serve_classroom.COOKIE_SECRET_VAR] == "ab" * 32
    assert env[join.TEACHER_CODE_VAR] == "teacher-code"
    assert env[join.JOIN_URL_VAR] == classroom.join_url
    assert env[join.JOIN_QR_VAR] == str(tmp_path / "q.svg")
    assert env["JUPYTER_PATH"].split(os.pathsep)[0] == str(serve.JUPYTER_DIR)


def test_the_cookie_key_follows_the_code_and_its_salt_stays_private(tmp_path: Path) -> None:
    first = serve_classroom.cookie_secret("abcd2345", tmp_path)
    assert serve_classroom.cookie_secret("abcd2345", tmp_path) == first
    assert serve_classroom.cookie_secret("other-code", tmp_path) != first
    assert len(bytes.fromhex(first)) == 32
    salt = tmp_path / serve_classroom.COOKIE_SALT_FILE
    assert stat.S_IMODE(salt.stat().st_mode) == 0o600
    assert serve_classroom.cookie_secret("abcd2345", tmp_path / "elsewhere") != first


def test_run_prints_both_addresses_saves_the_qr_and_starts_the_guarded_server(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    started: dict[str, Any] = {}

    class FakeProcess:  # only the server process is replaced: nothing is started
        def __init__(self, command: list[str], env: dict[str, str], process_group: int | None = None) -> None:
            started.update(command=command, env=env, process_group=process_group)

        def wait(self, timeout: float | None = None) -> int:
            return 0

    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    monkeypatch.setattr(subprocess, "Popen", FakeProcess)
    port = free_port()
    argv = [
        "--classroom", "--host", "127.0.0.1", "--port", str(port), "--code", "room-2345", "--teacher-code", "t-98765"
    ]
    assert serve.main(argv) == 0
    out = capsys.readouterr().out
    join_url = f"http://127.0.0.1:{port}/voila/render/notebooks/index.ipynb?token=room-2345"
    assert join_url in out
    assert "classroom.ipynb?token=room-2345&teacher=t-98765" in out
    assert text("classroom_local_only", "zh", host="127.0.0.1") in out
    assert started["command"][2] == serve_classroom.SERVER_MODULE
    assert started["env"][join.JOIN_URL_VAR] == join_url
    saved = tmp_path / "classroom" / serve_classroom.QR_FILE
    assert str(saved) in out
    assert decode_svg(saved.read_text(encoding="utf-8")) == join_url


def test_run_refuses_a_port_in_use_without_a_traceback(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "shengji_kit.apps.serving.serve",
             "--classroom", "--host", "127.0.0.1", "--port", str(port)],
            capture_output=True, text=True, timeout=60, env={**os.environ, ENV_VAR: str(tmp_path)},
        )
    assert result.returncode == 2
    assert text("classroom_port_in_use", "en", port=port, host="127.0.0.1") in result.stderr
    assert text("classroom_port_in_use", "zh", port=port, host="127.0.0.1") in result.stderr
    assert "Traceback" not in result.stderr


def test_run_says_when_the_data_folder_cannot_be_written(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv(ENV_VAR, str(blocked))
    assert serve.main(["--classroom", "--host", "127.0.0.1", "--port", str(free_port())]) == 2
    said = capsys.readouterr().err
    assert str(blocked / "classroom") in said and "SHENGJI_KIT_DATA_DIR" in said and "无法" in said


# --- the guarded server ------------------------------------------------------------------


def test_static_handlers_get_the_code_check_and_the_login_page_stays_open() -> None:
    static = classroom_server.guarded(MultiStaticFileHandler)
    assert issubclass(static, JupyterHandler) and issubclass(static, MultiStaticFileHandler)
    assert static.__mro__.index(JupyterHandler) < static.__mro__.index(MultiStaticFileHandler)
    found = classroom_server.guarded(FileFindHandler)
    assert getattr(FileFindHandler.get, classroom_server.OPEN_MARK, False), "jupyter_server leaves it open"
    assert not getattr(found.get, classroom_server.OPEN_MARK, False)
    assert classroom_server.guarded(LoginFormHandler) is LoginFormHandler
    assert classroom_server.guarded(classroom_server.ClassroomLoginHandler) is classroom_server.ClassroomLoginHandler
    assert classroom_server.guarded(MultiStaticFileHandler) is static
    rules = classroom_server.guard_handlers(
        [("/a", MultiStaticFileHandler, {"paths": ["/"]}), ("/b", LoginFormHandler)]
    )
    assert rules == [("/a", static, {"paths": ["/"]}), ("/b", LoginFormHandler)]


def test_a_plain_websocket_handler_gets_the_code_check_after_its_own_methods() -> None:
    from tornado.websocket import WebSocketHandler
    from voila.request_info_handler import RequestInfoSocketHandler  # Voila's kernel pool uses it

    socket_handler = classroom_server.guarded(RequestInfoSocketHandler)
    assert issubclass(socket_handler, JupyterHandler)
    assert socket_handler.__mro__.index(WebSocketHandler) < socket_handler.__mro__.index(JupyterHandler)
    assert socket_handler.get is WebSocketHandler.get
    # a pre-started kernel asks it from this machine, with no cookie: only there is it let through
    assert socket_handler.prepare is not JupyterHandler.prepare
    assert classroom_server.from_this_machine("127.0.0.1") and classroom_server.from_this_machine("::1")
    for other in ("192.168.1.20", "10.0.0.7", "fd00::2", "", None, "nonsense"):
        assert not classroom_server.from_this_machine(other)
        assert not classroom_server.from_this_machine(other, "192.168.1.30")
    assert classroom_server.from_this_machine("192.168.1.20", "192.168.1.20"), "a kernel calling the LAN address"
    static = classroom_server.guarded(MultiStaticFileHandler)
    assert "prepare" not in vars(static), "files need the code even from this machine"


def test_the_guarded_server_refuses_to_start_without_a_code() -> None:
    env = {key: value for key, value in os.environ.items() if key != serve_classroom.CLASS_CODE_VAR}
    result = subprocess.run([sys.executable, "-m", serve_classroom.SERVER_MODULE, "--help"],
                            capture_output=True, text=True, timeout=60, env=env)
    assert result.returncode == 2
    assert text("classroom_missing_code", "zh") in result.stderr


# --- the QR code -------------------------------------------------------------------------


def svg_modules(svg: str) -> tuple[int, list[list[bool]]]:
    """The drawing's side (quiet zone included) and its dark modules, read back from the SVG path."""
    side = int(re.search(r'viewBox="0 0 (\d+) \1"', svg).group(1))  # type: ignore[union-attr]
    grid = [[False] * side for _ in range(side)]
    for x, y, width in PATH_RUN.findall(svg):
        for dx in range(int(width)):
            grid[int(y)][int(x) + dx] = True
    return side, grid


def decode_svg(svg: str, scale: int = 6) -> str:
    """What a phone would read from the SVG: its modules drawn as pixels and decoded by zxing-cpp."""
    _, grid = svg_modules(svg)
    pixels = np.where(np.array(grid, dtype=bool), 0, 255).astype(np.uint8)
    image = np.ascontiguousarray(np.kron(pixels, np.ones((scale, scale), dtype=np.uint8)))
    found = zxingcpp.read_barcodes(image)
    assert len(found) == 1, "exactly one QR code in the drawing"
    assert found[0].format == zxingcpp.BarcodeFormat.QRCode
    return str(found[0].text)


def finder_at(grid: list[list[bool]], top: int, left: int) -> bool:
    """Whether the 7×7 finder pattern (dark ring, light ring, dark 3×3 centre) sits at top, left."""
    for dy in range(7):
        for dx in range(7):
            ring = max(abs(dy - 3), abs(dx - 3))
            if grid[top + dy][left + dx] != (ring != 2):
                return False
    return True


def test_the_qr_drawing_has_finders_a_quiet_zone_and_a_standard_size() -> None:
    url = "http://192.168.1.20:8866/voila/render/notebooks/index.ipynb?token=abcd2345"
    svg = join.qr_svg(url)
    side, grid = svg_modules(svg)
    zone = join.QUIET_ZONE
    modules = side - 2 * zone
    assert (modules - 17) % 4 == 0 and 21 <= modules <= 177, "a QR version's size"
    assert f'data-modules="{modules}"' in svg
    for row in grid[:zone] + grid[-zone:]:
        assert not any(row)
    for row in grid:
        assert not any(row[:zone]) and not any(row[-zone:])
    for top, left in ((zone, zone), (zone, side - zone - 7), (side - zone - 7, zone)):
        assert finder_at(grid, top, left)
    assert not finder_at(grid, side - zone - 7, side - zone - 7), "no finder in the fourth corner"
    assert "http" not in svg.split("<path", 1)[1], "the drawing links to nothing"


def test_the_qr_code_decodes_back_to_the_join_address() -> None:
    url = "http://192.168.1.20:8866/voila/render/notebooks/index.ipynb?token=abcd2345"
    assert decode_svg(join.qr_svg(url)) == url


@settings(max_examples=25, deadline=None)
@given(st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), min_size=1, max_size=120))
def test_any_address_decodes_back(address: str) -> None:
    assert decode_svg(join.qr_svg(address)) == address


def test_the_qr_svg_escapes_its_label() -> None:
    svg = join.qr_svg("http://x/?a=1&b=<2>")
    assert 'aria-label="http://x/?a=1&amp;b=&lt;2&gt;"' in svg
    assert decode_svg(svg) == "http://x/?a=1&b=<2>"


def test_join_helpers_read_what_serve_sets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(join.JOIN_URL_VAR, raising=False)
    monkeypatch.delenv(join.TEACHER_CODE_VAR, raising=False)
    assert join.join_url() is None and join.join_qr_svg() is None and join.teacher_code() is None
    assert join.classroom_qr_svg() == ""
    assert not join.is_teacher_code("anything") and not join.is_teacher_code(None)
    monkeypatch.setenv(join.JOIN_URL_VAR, "http://10.0.0.2:8866/voila/render/notebooks/index.ipynb?token=abcdef")
    monkeypatch.setenv(join.TEACHER_CODE_VAR, "t-98765")
    assert join.join_url() == "http://10.0.0.2:8866/voila/render/notebooks/index.ipynb?token=abcdef"
    svg = join.join_qr_svg(size="300")
    assert svg is not None and 'width="300"' in svg
    assert decode_svg(svg) == join.join_url()
    assert decode_svg(join.classroom_qr_svg()) == join.join_url()
    assert join.teacher_code() == "t-98765"
    assert join.is_teacher_code("t-98765") and join.is_teacher_code(" t-98765 ")
    assert not join.is_teacher_code("t-98766") and not join.is_teacher_code("")
