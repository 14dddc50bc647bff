"""Waiting in tests for a page's background writes (the spool's writer thread) to reach the class store."""

from __future__ import annotations

import time

from shengji_kit.practice.class_progress import ClassProgress


def written(keeper: object, seconds: float = 15.0) -> None:
    """Wait until the store confirmed every event ``keeper`` (a ``ClassProgress``) handed in; fail after ``seconds``."""
    assert isinstance(keeper, ClassProgress)
    end = time.monotonic() + seconds
    while not keeper.recorder.flush(0.5):
        assert time.monotonic() < end, f"{keeper.pending} events still wait for the store after {seconds} s"
