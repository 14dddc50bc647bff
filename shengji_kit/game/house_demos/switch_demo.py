"""``SwitchDemo``: one house-rules switch shown on one fixed position, its verdict computed per rule set.

The rules page and docs/house-rules.md show the same deal under two settings with the engine's
answer under each, so a difference between rule sets is demonstrated, never asserted.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...engine.rules import Rules
from ...words.message import Message


@dataclass(frozen=True)
class SwitchDemo:
    """A position one switch decides: ``setup`` is what is on the table, ``verdict`` the ruling under ``rules``."""

    switch: str
    """The name of the ``Rules`` field this position shows."""
    setup: Message
    verdict: Callable[[Rules], Message]
