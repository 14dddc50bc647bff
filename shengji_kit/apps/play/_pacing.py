"""Bots move one at a time with a short, visible delay; with a delay of 0 they move at once.

Delays run on the kernel's asyncio loop (Jupyter and Voila have one running); outside a running
loop (plain scripts, tests) every step runs immediately.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

log = logging.getLogger(__name__)


class Pacer:
    """Runs ``step`` after ``seconds``; at most one pending step at a time."""

    def __init__(self) -> None:
        self._handle: asyncio.TimerHandle | None = None

    @property
    def pending(self) -> bool:
        return self._handle is not None

    def later(self, seconds: float, step: Callable[[], None]) -> bool:
        """Schedule ``step``; returns False (and schedules nothing) when it must run now instead."""
        if seconds <= 0:
            return False
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        self.cancel()
        self._handle = loop.call_later(seconds, self._run, step)
        return True

    def cancel(self) -> None:
        """Drop the pending step, if any."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _run(self, step: Callable[[], None]) -> None:
        self._handle = None
        try:
            step()
        except Exception:  # a failing bot must not kill the kernel's loop
            log.exception("a paced step failed")
