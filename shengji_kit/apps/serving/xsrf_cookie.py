"""Voila hook: every notebook page sets the ``_xsrf`` cookie that its tab-closed shutdown request needs.

When a tab closes, Voila's page sends ``POST voila/api/shutdown/<kernel>`` with the ``_xsrf``
cookie's value; without that cookie Voila 0.5 refuses the request (voila-dashboards/voila#1458)
and the kernel lingers until culled. Nothing in Voila sets the cookie. A ``prelaunch_hook`` could
(it gets the request handler), but Voila refuses a prelaunch hook together with pre-started
kernels (``preheat_kernel``), whose pages are rendered before any request. So the page handler
itself reads the token, which sets the cookie, before the page streams out, pre-rendered or not.
shengji_kit/jupyter/voila.py installs this in the Voila server process.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

_MARK = "_shengji_sets_xsrf_cookie"


def ensure_xsrf_cookie(handler: Any) -> None:
    """Give the browser the ``_xsrf`` cookie unless it already has one (tornado does that check)."""
    handler.xsrf_token  # noqa: B018  (reading the token sets the cookie when the request has none)


def set_xsrf_cookie_on_pages() -> None:
    """Make Voila's notebook page handler set the ``_xsrf`` cookie on every page (idempotent)."""
    from voila.handler import VoilaHandler

    original: Any = VoilaHandler.get_generator
    if getattr(original, _MARK, False):
        return

    async def get_generator(self: Any, path: str | None = None) -> AsyncIterator[str]:
        # Before the first chunk: the cookie must go out with the response headers.
        ensure_xsrf_cookie(self)
        async for chunk in original(self, path=path):
            yield chunk

    setattr(get_generator, _MARK, True)
    VoilaHandler.get_generator = get_generator
