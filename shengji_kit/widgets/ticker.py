"""A step run again and again on the kernel's asyncio loop: how pages follow the class store live.

Jupyter and Voila run an asyncio loop in the kernel; a ``Ticker`` schedules ``step`` every
``seconds`` on it, so widgets update in the browser without a reload. Outside a running loop
(plain scripts, tests) nothing is scheduled and the caller runs ``step`` itself.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

log = logging.getLogger(__name__)


class Ticker:
    """Runs ``step`` every ``seconds`` once started, until stopped; a failing step is logged, not fatal."""

    def __init__(self, seconds: float, step: Callable[[], None]) -> None:
        self.seconds = seconds
        self.step = step
        self._loop: asyncio.AbstractEventLoop | None = None
        self._handle: asyncio.TimerHandle | None = None

    @property
    def running(self) -> bool:
        return self._handle is not None

    def start(self) -> bool:
        """Start ticking; False (nothing scheduled) when no asyncio loop runs in this thread."""
        try:
            self._loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        self.stop()
        self._handle = self._loop.call_later(self.seconds, self._tick)
        return True

    def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _tick(self) -> None:
        try:
            self.step()
        except Exception:  # a failing refresh must not stop the next one, nor the kernel's loop
            log.exception("a periodic refresh failed")
        if self._handle is not None and self._loop is not None:
            self._handle = self._loop.call_later(self.seconds, self._tick)
