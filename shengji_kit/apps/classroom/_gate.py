"""The teacher-code gate: the dashboard shows nothing of the class unless the teacher opened it.

On one machine the kernel's ``$SHENGJI_KIT_TEACHER_CODE`` must equal the page address's
``?teacher=`` value (compared in constant time). On JupyterHub (``$SHENGJI_KIT_CLASS_SERVICE_URL``
set) the hub service decides: its client's ``is_teacher()`` answers for the signed-in user.
"""

from __future__ import annotations

import hmac
import importlib
import os
from collections.abc import Mapping

TEACHER_CODE_ENV = "SHENGJI_KIT_TEACHER_CODE"
SERVICE_URL_ENV = "SHENGJI_KIT_CLASS_SERVICE_URL"
TEACHER_PARAMETER = "teacher"


def _hub_says_teacher() -> bool:
    """Ask the hub service (``classroom.service_client``, imported only on JupyterHub) whether this user teaches."""
    client = importlib.import_module("shengji_kit.classroom.service_client")
    asker = getattr(client, "is_teacher", None)
    if asker is None:
        asker = client.ServiceClassStore().is_teacher
    return bool(asker())


def teacher_refusal(query: Mapping[str, str], environ: Mapping[str, str] | None = None) -> str | None:
    """None when the dashboard may be shown, else the catalogue code that says why not."""
    env = os.environ if environ is None else environ
    if env.get(SERVICE_URL_ENV, "").strip():
        try:
            return None if _hub_says_teacher() else "cls_gate_hub_refused"
        except Exception:  # an unreachable service refuses, it never opens the page
            return "cls_gate_hub_refused"
    code = env.get(TEACHER_CODE_ENV, "").strip()
    if not code:
        return "cls_gate_not_set"
    given = query.get(TEACHER_PARAMETER, "").strip()
    if not given:
        return "cls_gate_needed"
    return None if hmac.compare_digest(given.encode("utf-8"), code.encode("utf-8")) else "cls_gate_wrong"
