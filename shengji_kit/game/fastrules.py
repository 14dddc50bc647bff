"""The hot rules over faces (ints 0..53) and count arrays: listing leads and follows, trick winners.

Every function here gives exactly what the engine gives (same plays, same order, same winner).
Done over counts: every lead listing; follows of a single or a pair, of a hand short in the
led suit, of a lead without pairs or a hand without pairs in the suit; winners of tricks led by
a single or a pair. The rest (tractor matching, throws' winners) is handed to the engine over
``Card`` objects, so the rules stay written once; tests/game/test_fast_rules.py proves the
equality on random positions.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TypeVar

from ..engine.card_index import EFFECTIVE_SUITS, IndexTables, cards_of, faces_in_order
from ..engine.cards import CARDS
from ..engine.follow import legal_plays
from ..engine.tricks import trick_winner
from ..engine.trump import TRUMP

Faces = tuple[int, ...]
T = TypeVar("T")


SINGLE_FACES: tuple[Faces, ...] = tuple((face,) for face in range(54))
PAIR_FACES: tuple[Faces, ...] = tuple((face, face) for face in range(54))


def lead_faces(counts: Sequence[int], tables: IndexTables, held: Mapping[str, list[int]] | None = None) -> list[Faces]:
    """Every distinct single, pair and tractor of the hand, in ``engine.legal_leads`` order."""
    return lead_listing(counts, tables, SINGLE_FACES, PAIR_FACES, _same, held)


def _same(faces: Faces) -> Faces:
    return faces


def lead_listing(
    counts: Sequence[int],
    tables: IndexTables,
    singles: Sequence[T],
    pairs: Sequence[T],
    tractor: Callable[[Faces], T],
    held_faces: Mapping[str, list[int]] | None = None,
) -> list[T]:
    """``lead_faces`` with each play turned into ``singles[face]``, ``pairs[face]`` or ``tractor(faces)``.

    (``TrickPlay`` lists shared actions this way without building the faces first.) ``held_faces``,
    when the caller keeps it, is each suit's held faces strongest first (``held_by_suit``).
    """
    found: list[T] = []
    suit_faces = tables.suit_faces
    for suit in EFFECTIVE_SUITS:
        held = [face for face in suit_faces[suit] if counts[face]] if held_faces is None else held_faces[suit]
        if not held:
            continue
        found += [singles[face] for face in held]
        doubled = [face for face in held if counts[face] >= 2]
        if doubled:
            found += [pairs[face] for face in doubled]
            if len(doubled) >= 2:
                found += [tractor(faces) for faces in _tractors(doubled, tables.step)]
    return found


def held_by_suit(counts: Sequence[int], tables: IndexTables) -> dict[str, list[int]]:
    """Each effective suit's held faces (each once), strongest first."""
    return {suit: [face for face in faces if counts[face]] for suit, faces in tables.suit_faces.items()}


def single_follows(suit: str, counts: Sequence[int], tables: IndexTables) -> list[int]:
    """The faces that may follow a single of ``suit``: the suit's held faces, or every held face."""
    pool = [face for face in tables.suit_faces[suit] if counts[face]]
    return pool or [face for face in tables.order if counts[face]]


def _tractors(pairs: list[int], step: Sequence[int]) -> Iterator[Faces]:
    """Tractors from pair faces (strongest first), in the engine's order."""
    by_step: dict[int, list[int]] = {}
    for face in pairs:
        by_step.setdefault(step[face], []).append(face)
    steps = sorted(by_step)
    for i in range(len(steps)):
        run_end = i
        while run_end + 1 < len(steps) and steps[run_end + 1] == steps[run_end] + 1:
            run_end += 1
        for last in range(i + 1, run_end + 1):
            choices = [by_step[s] for s in steps[i : last + 1]]
            for faces in itertools.product(*choices):
                yield tuple(face for face in reversed(faces) for _ in (0, 1))


def follow_faces(
    lead: Faces, counts: Sequence[int], tables: IndexTables, limit: int | None = None
) -> list[Faces]:
    """The listed follows of ``lead`` (``engine.legal_plays`` order), up to ``limit``.

    Done here: single and pair leads, a hand short in the led suit, a lead without pairs, a
    hand without pairs in the suit. A lead with pairs against a hand with pairs (tractor
    matching, or a pair under a house follow duty) goes to the engine.
    """
    suit = tables.suit_of[lead[0]]
    n = len(lead)
    if n == 1:
        single = SINGLE_FACES
        singles: list[Faces] = [single[face] for face in single_follows(suit, counts, tables)]
        return singles if limit is None else singles[:limit]
    held = [face for face in tables.suit_faces[suit] if counts[face]]
    in_suit = sum([counts[face] for face in held])
    if in_suit < n:
        must = tuple(face for face in held for _ in range(counts[face]))
        others = [face for face in tables.order if counts[face] and tables.suit_of[face] != suit]
        return [must + rest for rest in _multiset_combinations(others, counts, n - in_suit, limit)]
    if len(set(lead)) == n or in_suit == len(held):
        # No pair led, or none held in the suit: any n cards of the suit.
        return _multiset_combinations(held, counts, n, limit)
    if n == 2 and tables.trump.today_follow:
        pairs: list[Faces] = [(face, face) for face in held if counts[face] >= 2]
        return pairs if limit is None else pairs[:limit]
    hand = cards_of(faces_in_order(counts, tables))
    found = legal_plays(cards_of(lead), hand, tables.trump, limit=limit)
    return [tuple(card.index for card in play) for play in found]


RAW_COMBINATIONS = 3000
"""Above this many combinations of the cards (copies counted) ``_multiset_combinations`` walks
the distinct ones directly instead of filtering repeats out of ``itertools.combinations``."""


def _multiset_combinations(faces: list[int], counts: Sequence[int], size: int, limit: int | None) -> list[Faces]:
    """The first ``limit`` distinct choices of ``size`` cards (copies counted) from faces in order,
    in lexicographic order (``itertools.combinations`` of the sorted cards, repeats dropped)."""
    pool = [face for face in faces for _ in range(counts[face])]
    combos = itertools.combinations(pool, size)
    if len(pool) == len(faces):
        return list(combos if limit is None else itertools.islice(combos, limit))
    found: list[Faces] = []
    if limit == 0:
        return found
    if math.comb(len(pool), size) > RAW_COMBINATIONS:
        return _distinct_combinations(faces, counts, size, limit)
    seen: set[Faces] = set()
    for combo in combos:
        if combo not in seen:
            seen.add(combo)
            found.append(combo)
            if len(found) == limit:
                break
    return found


def _distinct_combinations(faces: list[int], counts: Sequence[int], size: int, limit: int | None) -> list[Faces]:
    """``_multiset_combinations`` without making the repeats: as many copies of the earlier faces
    as possible first, which is lexicographic order (slower per choice, but never walks repeats)."""
    found: list[Faces] = []
    copies = [min(counts[face], size) for face in faces]
    room = [0] * (len(faces) + 1)
    for i in range(len(faces) - 1, -1, -1):
        room[i] = room[i + 1] + copies[i]
    cap = limit if limit is not None else -1

    def pick(i: int, left: int, chosen: Faces) -> bool:
        if not left:
            found.append(chosen)
            return len(found) == cap
        if room[i] < left:
            return False
        face = faces[i]
        return any(pick(i + 1, left - take, chosen + (face,) * take) for take in range(min(copies[i], left), -1, -1))

    pick(0, size, ())
    return found


def short_play_key(play: Sequence[int], lead_suit: str, tables: IndexTables) -> tuple[int, int] | None:
    """``engine.play_key`` of a play against a lead of one single or one pair of ``lead_suit``.

    (0, step) follows the led suit, (1, step) ruffs it, None cannot take the trick.
    """
    face = play[0]
    if len(play) == 2 and play[1] != face:
        return None  # two singles never beat a pair
    face_suit = tables.suit_of[face]
    if face_suit == lead_suit:
        return (0, tables.step[face])
    if face_suit == TRUMP:
        return (1, tables.step[face])
    return None


def winner_index(plays: Sequence[Faces], tables: IndexTables) -> int:
    """Index into ``plays`` of the play that takes the trick (``engine.trick_winner``)."""
    lead = plays[0]
    if not (len(lead) == 1 or (len(lead) == 2 and lead[0] == lead[1])):
        return trick_winner([[CARDS[face] for face in play] for play in plays], tables.trump)
    suit = tables.suit_of[lead[0]]
    winner, best = 0, (0, tables.step[lead[0]])
    for i in range(1, len(plays)):
        key = short_play_key(plays[i], suit, tables)
        if key is not None and key > best:
            winner, best = i, key
    return winner


def sort_faces(faces: Faces, tables: IndexTables) -> Faces:
    """Faces in sorted-hand order."""
    if len(faces) < 2:
        return faces
    position = tables.position
    return tuple(sorted(faces, key=lambda face: position[face]))
