"""Cards as small integers for hot loops: per-trump tables indexed by face (0..53).

A hand in the hot path is a count array ``counts[face]`` (0, 1 or 2 copies). ``IndexTables``
holds, for one trump context, everything a play-out needs per face: effective suit, step,
points, the sort position, and each effective suit's faces strongest first. Card objects stay
at the edges (``CARDS[face]`` turns a face back into a ``Card``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from .cards import CARDS, Card
from .trump import TRUMP, PlayStyle, Trump

EFFECTIVE_SUITS: tuple[str, ...] = (TRUMP, "S", "H", "C", "D")
"""Effective suits in the order a sorted hand shows them: trumps first, then ♠ ♥ ♣ ♦."""
FACE_POINTS: tuple[int, ...] = tuple(card.points for card in CARDS)


@dataclass(frozen=True, slots=True)
class IndexTables:
    """Per-face lookups for one trump context; build them with ``index_tables(trump)``."""

    trump: Trump
    suit_of: tuple[str, ...]
    step: tuple[int, ...]
    points: tuple[int, ...]
    order: tuple[int, ...]
    """All 54 faces in sorted-hand order (trumps first, strongest first inside each suit)."""
    position: tuple[int, ...]
    """``position[face]``: where the face sits in ``order`` (smaller sorts first)."""
    suit_faces: dict[str, tuple[int, ...]]
    """Each effective suit's faces, strongest first (the suits in ``EFFECTIVE_SUITS`` order)."""


@cache
def _tables(level: str, suit: str | None, style: PlayStyle) -> IndexTables:
    trump = Trump(level, suit, style)
    keys = trump.tables.sort_key
    order = tuple(sorted(range(54), key=lambda face: keys[face]))
    position = [0] * 54
    for place, face in enumerate(order):
        position[face] = place
    suit_of = trump.tables.suit_of
    suit_faces = {s: tuple(face for face in order if suit_of[face] == s) for s in EFFECTIVE_SUITS}
    return IndexTables(trump, suit_of, trump.tables.step, FACE_POINTS, order, tuple(position), suit_faces)


def index_tables(trump: Trump) -> IndexTables:
    """The (cached) face tables of ``trump``, kept in its ``memo`` so a hot loop finds them at once."""
    found = trump.memo.get("index_tables")
    if found is None:
        found = trump.memo["index_tables"] = _tables(trump.level, trump.suit, trump.style)
    return found  # type: ignore[return-value]


def face_counts(cards: Iterable[Card]) -> list[int]:
    """A count array (copies held of each face) from cards."""
    counts = [0] * 54
    for card in cards:
        counts[card.index] += 1
    return counts


def faces_in_order(counts: Sequence[int], tables: IndexTables) -> list[int]:
    """Every copy held, as faces in sorted-hand order."""
    return [face for face in tables.order if counts[face] for _ in range(counts[face])]


def cards_of(faces: Iterable[int]) -> tuple[Card, ...]:
    """The ``Card`` objects of faces."""
    return tuple(CARDS[face] for face in faces)
