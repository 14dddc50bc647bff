"""How learners join a class served by ``shengji-kit serve --classroom``: the join address and its QR code.

The serve command sets the environment variables below for Voila and so for every kernel; the
teacher's dashboard calls :func:`join_url` and :func:`join_qr_svg` to show them, and
:func:`is_teacher_code` to check the code a page was opened with. The QR code is encoded by segno
(pure Python) and drawn here as one SVG path, so it loads nothing from anywhere.
"""

from __future__ import annotations

import hmac
import os

from markupsafe import Markup

# Set by `shengji-kit serve --classroom` for the Voila server and its kernels.
JOIN_URL_VAR = "SHENGJI_KIT_JOIN_URL"  # the learners' address, with the access code
JOIN_QR_VAR = "SHENGJI_KIT_JOIN_QR"  # the saved SVG file of that address's QR code
TEACHER_CODE_VAR = "SHENGJI_KIT_TEACHER_CODE"  # the teacher's code for the dashboard
# White modules around the code: the QR standard asks for 4 so phones find its edges.
QUIET_ZONE = 4
# Medium error correction: still read when the projector blurs or a corner is hidden.
ERROR_LEVEL = "m"


def join_url() -> str | None:
    """The address learners open (access code included), or None when the kit is not serving a class."""
    return os.environ.get(JOIN_URL_VAR, "").strip() or None


def teacher_code() -> str | None:
    """The teacher's code of this class, or None when none is set."""
    return os.environ.get(TEACHER_CODE_VAR, "").strip() or None


def is_teacher_code(given: str | None) -> bool:
    """Whether ``given`` is the teacher's code (compared in constant time); False when none is set."""
    expected = teacher_code()
    if not expected or not given:
        return False
    return hmac.compare_digest(given.strip().encode("utf-8"), expected.encode("utf-8"))


def qr_modules(text: str) -> list[list[bool]]:
    """The QR code of ``text`` as rows of modules (True = dark), without the quiet zone."""
    import segno  # imported when a code is drawn: a tenth of a second a kernel need not spend

    code = segno.make_qr(text, error=ERROR_LEVEL, boost_error=False)
    return [[bool(module) for module in row] for row in code.matrix]


def qr_svg(text: str, *, size: str = "100%", label: str = "") -> Markup:
    """An SVG drawing of the QR code of ``text``: dark runs of each row as one path, a quiet zone around.

    ``size`` is the width and height attribute (the drawing scales to it); ``label`` its accessible name.
    """
    rows = qr_modules(text)
    side = len(rows) + 2 * QUIET_ZONE
    runs: list[str] = []
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if not row[x]:
                x += 1
                continue
            start = x
            while x < len(row) and row[x]:
                x += 1
            runs.append(f"M{start + QUIET_ZONE} {y + QUIET_ZONE}h{x - start}v1h-{x - start}z")
    return Markup(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" width="{size}" height="{size}"'
        ' shape-rendering="crispEdges" role="img" aria-label="{label}" data-role="join-qr" data-modules="{modules}">'
        '<rect width="{side}" height="{side}" fill="#fff"/>'
        '<path fill="#000" d="{path}"/></svg>'
    ).format(side=side, size=size, label=label or text, modules=len(rows), path="".join(runs))


def join_qr_svg(size: str = "100%") -> Markup | None:
    """The QR code of :func:`join_url` as SVG markup, or None when the kit is not serving a class."""
    url = join_url()
    return qr_svg(url, size=size) if url else None


def classroom_qr_svg() -> str:
    """The join address's QR code as SVG text for the teacher's dashboard; "" when the kit is not serving a class."""
    svg = join_qr_svg()
    return str(svg) if svg is not None else ""
