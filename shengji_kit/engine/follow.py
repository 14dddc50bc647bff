"""Following 跟牌 (docs/rules.md §5): check a follow, and list the legal follows and leads.

A follow is scored by (a) pairs sitting in tractors that match the lead's tractors and
(b) pairs played, capped at the lead's pairs; it is legal when no choice from the hand
scores higher. The best score a hand can reach is computed directly, never by trying subsets.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence

from .cards import Card
from .explain import OK, Verdict
from .shapes import (
    Shape,
    max_tractor_match,
    pair_counts,
    pair_faces,
    runs,
    shape,
)
from .trump import Trump

Score = tuple[int, int]


def follow_score(cards: Sequence[Card], lead: Shape, trump: Trump) -> Score:
    """(a, b) of docs/rules.md §5 for cards of the lead's suit."""
    per_step = pair_counts(cards, trump)
    matched = max_tractor_match(per_step, lead.tractor_lengths)
    return matched, min(lead.pair_count, sum(per_step))


def follow_duty(hand_suit: Sequence[Card], lead: Shape, trump: Trump) -> Score:
    """The score a follow from ``hand_suit`` (the hand's cards of the led suit) must reach.

    Today's rule (``follow_duty="full"``) asks for the best the hand can score. ``"pairs"`` drops
    the tractor criterion (a), ``"suit"`` every shape duty; with ``follow_keep_longer`` the pairs
    of a held run longer than the lead's longest component do not count (docs/decisions.md).
    """
    style = trump.style
    if style.follow_duty == "suit":
        return (0, 0)
    if style.keep_longer:
        per_step = _free_pairs(pair_counts(hand_suit, trump), lead)
        best = (max_tractor_match(per_step, lead.tractor_lengths), min(lead.pair_count, sum(per_step)))
    else:
        best = follow_score(hand_suit, lead, trump)
    return (0, best[1]) if style.follow_duty == "pairs" else best


def _free_pairs(per_step: list[int], lead: Shape) -> list[int]:
    """Pair counts without one pair on every step of a run longer than every led component."""
    longest = max(1, *(component.pairs for component in lead.components))
    for first, last in runs(per_step):
        if last - first + 1 > longest:
            for s in range(first, last + 1):
                per_step[s] -= 1
    return per_step


def _reaches(got: Score, duty: Score) -> bool:
    """Whether a follow's score meets the duty in both criteria."""
    return got[0] >= duty[0] and got[1] >= duty[1]


def missing_cards(hand: Sequence[Card], play: Sequence[Card]) -> list[Card]:
    """The cards of ``play`` that ``hand`` does not hold (counting copies)."""
    held: Counter[int] = Counter(card.index for card in hand)
    missing: list[Card] = []
    for card in play:
        if held[card.index] > 0:
            held[card.index] -= 1
        else:
            missing.append(card)
    return missing


def check_follow(
    lead: Sequence[Card], hand: Sequence[Card], play: Sequence[Card], trump: Trump
) -> Verdict:
    """May ``play`` follow ``lead`` from ``hand`` (the whole hand before playing)?

    Unchecked: trusted callers pass valid cards; ``shengji_kit.check_follow`` checks its input.
    """
    try:
        lead_shape = shape(lead, trump)
    except ValueError as error:
        code = getattr(error, "code", "mixed_suits")
        return Verdict(False, code, getattr(error, "params", {}))
    n = len(lead)
    if len(play) != n:
        return Verdict(False, "wrong_count", {"lead_count": n, "count": len(play)})
    missing = missing_cards(hand, play)
    if missing:
        return Verdict(False, "not_in_hand", {"cards": tuple(missing)})
    suit = lead_shape.suit
    suit_of = trump.tables.suit_of
    hand_suit = [card for card in hand if suit_of[card.index] == suit]
    play_suit = [card for card in play if suit_of[card.index] == suit]
    if len(hand_suit) < n:
        if len(play_suit) < len(hand_suit):
            return Verdict(
                False, "must_play_all_suit", {"suit": suit, "cards": tuple(trump.sorted(hand_suit))}
            )
        return OK
    if len(play_suit) < n:
        return Verdict(
            False, "must_follow_suit", {"suit": suit, "held": len(hand_suit), "count": n}
        )
    if lead_shape.pair_count == 0:
        return OK
    if trump.today_follow:
        best = follow_score(hand_suit, lead_shape, trump)
        got = follow_score(play_suit, lead_shape, trump)
        if got >= best:
            return OK
    else:
        best = follow_duty(hand_suit, lead_shape, trump)
        got = follow_score(play_suit, lead_shape, trump)
        if _reaches(got, best):
            return OK
    return _shape_refusal(lead_shape, hand_suit, best, got, trump)


def _shape_refusal(
    lead: Shape, hand_suit: Sequence[Card], best: Score, got: Score, trump: Trump
) -> Verdict:
    if got[0] < best[0]:
        example = _example_tractor(hand_suit, max(lead.tractor_lengths), trump)
        code = "must_play_tractor" if lead.kind == "tractor" else "must_match_tractors"
        return Verdict(False, code, {"suit": lead.suit, "example": example})
    pairs = trump.sorted(_pair_cards(hand_suit))
    example = tuple(pairs[: 2 * best[1]])
    if lead.kind == "pair":
        return Verdict(False, "must_play_pair", {"suit": lead.suit, "example": example})
    return Verdict(
        False,
        "must_play_pairs",
        {
            "suit": lead.suit,
            "example": example,
            "lead_pairs": lead.pair_count,
            "needed": best[1],
            "played": got[1],
        },
    )


def _pair_cards(cards: Sequence[Card]) -> list[Card]:
    """Both cards of every pair held."""
    return [face for face in pair_faces(cards) for _ in range(2)]


def _example_tractor(cards: Sequence[Card], length: int, trump: Trump) -> tuple[Card, ...]:
    """Some tractor of ``length`` pairs (or the longest held) from ``cards``."""
    step = trump.tables.step
    faces_by_step: dict[int, Card] = {}
    for card in trump.sorted(_pair_cards(cards)):
        faces_by_step.setdefault(step[card.index], card)
    per_step = pair_counts(cards, trump)
    for first, last in runs(per_step):
        if last - first + 1 >= length:
            chosen = [faces_by_step[s] for s in range(last, last - length, -1)]
            return tuple(card for face in chosen for card in (face, face))
    return tuple(trump.sorted(_pair_cards(cards)))


# --- enumeration -----------------------------------------------------------------------


def _distinct_combinations(cards: Sequence[Card], size: int, trump: Trump) -> Iterator[tuple[Card, ...]]:
    """Multiset combinations of ``cards`` of ``size`` (two copies of a face are one choice)."""
    sort_key = trump.tables.sort_key
    ordered = sorted(cards, key=lambda card: sort_key[card.index])
    if len(set(ordered)) == len(ordered):
        yield from itertools.combinations(ordered, size)
        return
    seen: set[tuple[Card, ...]] = set()
    for combo in itertools.combinations(ordered, size):
        if combo not in seen:
            seen.add(combo)
            yield combo


def legal_plays(
    lead: Sequence[Card] | None,
    hand: Sequence[Card],
    trump: Trump,
    limit: int | None = 2000,
    include_throws: bool = False,
) -> Iterator[list[Card]]:
    """Stream the distinct legal plays (each a list of cards), at most ``limit`` of them.

    With ``lead=None`` the plays are leads: every single, pair and tractor (throws only when
    ``include_throws``; whether a throw stands is ``check_throw``'s question). Following a lead,
    every yielded play passes ``check_follow``.

    The stream is lazy and keeps no list of what it yielded for throws, so taking the first N
    is quick whatever the hand. But the throws of a long suit number in the millions (a 33-card
    trump-heavy hand has about ten million): with ``include_throws`` and ``limit=None``, take what
    you need (``itertools.islice``) and never ``list()`` the whole stream.
    Unchecked: trusted callers pass valid cards; ``shengji_kit.legal_plays`` checks its input.
    """
    source = legal_leads(hand, trump, include_throws) if lead is None else _follows(lead, hand, trump)
    return itertools.islice(source, limit) if limit is not None else source


def _follows(lead: Sequence[Card], hand: Sequence[Card], trump: Trump) -> Iterator[list[Card]]:
    """The legal follows, lazily (the lead's shape and the duty are worked out at once)."""
    lead_shape = shape(lead, trump)
    n = len(lead)
    suit_of = trump.tables.suit_of
    hand_suit = [card for card in hand if suit_of[card.index] == lead_shape.suit]
    if len(hand_suit) < n:
        others = [card for card in hand if suit_of[card.index] != lead_shape.suit]
        must = trump.sorted(hand_suit)
        return ([*must, *rest] for rest in _distinct_combinations(others, n - len(hand_suit), trump))
    if lead_shape.pair_count == 0:
        return (list(combo) for combo in _distinct_combinations(hand_suit, n, trump))
    if trump.today_follow:
        best = follow_score(hand_suit, lead_shape, trump)
    else:
        best = follow_duty(hand_suit, lead_shape, trump)
    if best[1] == 0:
        # No pair held in the suit (or none owed): every choice of n cards is as good as any other.
        return (list(combo) for combo in _distinct_combinations(hand_suit, n, trump))
    if not trump.today_follow and best[0]:
        # A lowered duty: list every play with enough pairs, keep those that meet the tractor duty.
        plays = _plays_with_pairs(hand_suit, n, (0, best[1]), trump)
        return (play for play in plays if _reaches(follow_score(play, lead_shape, trump), best))
    return _plays_with_pairs(hand_suit, n, best, trump, lead_shape.tractor_lengths)


def _plays_with_pairs(
    hand_suit: Sequence[Card], n: int, best: Score, trump: Trump, lengths: Sequence[int] = ()
) -> Iterator[list[Card]]:
    """The distinct plays of ``n`` cards holding tractors of ``best[0]`` pairs and ``best[1]`` pairs in all."""
    seen_pairs: set[tuple[int, ...]] = set()
    seen_plays: set[tuple[int, ...]] = set()
    sort_key = trump.tables.sort_key
    for tractor_faces in _tractor_placements(hand_suit, lengths, best[0], trump):
        pair_pool = _pair_faces_left(hand_suit, tractor_faces, trump)
        for extra in itertools.combinations(pair_pool, best[1] - best[0]):
            pair_key = tuple(sorted(face.index for face in (*tractor_faces, *extra)))
            if pair_key in seen_pairs:
                continue
            seen_pairs.add(pair_key)
            chosen = [face for face in (*tractor_faces, *extra) for _ in range(2)]
            remaining = sorted(missing_cards(chosen, hand_suit), key=lambda c: sort_key[c.index])
            singles_needed = n - len(chosen)
            if len(set(remaining)) == len(remaining):
                # No pair among the rest: each choice of pairs gives its own plays.
                for singles in itertools.combinations(remaining, singles_needed):
                    yield [*chosen, *singles]
                continue
            for singles in _distinct_combinations(remaining, singles_needed, trump):
                play = [*chosen, *singles]
                key = tuple(sorted(card.index for card in play))
                if key not in seen_plays:
                    seen_plays.add(key)
                    yield play


def _pair_faces_left(cards: Sequence[Card], used: Sequence[Card], trump: Trump) -> list[Card]:
    """Faces held as pairs in ``cards`` that ``used`` does not already take."""
    taken = Counter(card.index for card in used)
    return [face for face in trump.sorted(pair_faces(cards)) if not taken[face.index]]


def _tractor_placements(
    cards: Sequence[Card], lengths: Sequence[int], target: int, trump: Trump
) -> Iterator[list[Card]]:
    """Ways to pick disjoint tractors of the lead's lengths holding ``target`` pairs in all.

    Each way is the list of faces the tractors use, one face per pair.
    """
    if target == 0:
        yield []
        return
    step = trump.tables.step
    free: dict[int, list[Card]] = {}
    for face in _pair_faces_left(cards, [], trump):
        free.setdefault(step[face.index], []).append(face)
    order = sorted(lengths, reverse=True)

    def place(i: int, total: int) -> Iterator[list[Card]]:
        if total == target:
            yield []
            return
        if i == len(order):
            return
        length = order[i]
        if total + length <= target:
            for start in sorted(free):
                steps = range(start, start + length)
                if not all(free.get(s) for s in steps):
                    continue
                for faces in itertools.product(*(list(free[s]) for s in steps)):
                    for s, face in zip(steps, faces, strict=True):
                        free[s].remove(face)
                    for rest in place(i + 1, total + length):
                        yield [*faces, *rest]
                    for s, face in zip(steps, faces, strict=True):
                        free[s].append(face)
        yield from place(i + 1, total)

    seen: set[tuple[int, ...]] = set()
    for faces in place(0, 0):
        key = tuple(sorted(face.index for face in faces))
        if key not in seen:
            seen.add(key)
            yield faces


def playable_cards(lead: Sequence[Card] | None, hand: Sequence[Card], trump: Trump) -> set[Card]:
    """The cards of ``hand`` that are part of at least one legal play (for highlighting).

    Unchecked (trusted callers pass valid cards); ``shengji_kit.playable_cards`` checks its input.
    """
    if lead is None:
        return set(hand)
    lead_shape = shape(lead, trump)
    n = len(lead)
    suit_of = trump.tables.suit_of
    hand_suit = [card for card in hand if suit_of[card.index] == lead_shape.suit]
    if len(hand_suit) <= n:
        return set(hand) if len(hand_suit) < n else set(hand_suit)
    if lead_shape.pair_count == 0:
        return set(hand_suit)
    duty = follow_score if trump.today_follow else follow_duty
    best = duty(hand_suit, lead_shape, trump)
    pairs_in_hand = sum(pair_counts(hand_suit, trump))
    needed_pairs = best[1]
    free_cards = n - 2 * needed_pairs
    if best[0] == 0 and ((needed_pairs == pairs_in_hand and free_cards > 0) or needed_pairs == 0):
        # Every pair must be played and the rest is any card, or no pair can be played.
        return set(hand_suit)
    found: set[Card] = set()
    for play in _follows(lead, hand, trump):
        found.update(play)
        if len(found) == len(set(hand_suit)):
            break
    return found


def legal_leads(hand: Sequence[Card], trump: Trump, include_throws: bool = False) -> Iterator[list[Card]]:
    """Every distinct single, pair and tractor in ``hand``; optionally every throw too (lazily).

    Unchecked (trusted callers pass valid cards); ``shengji_kit.engine.legal_leads`` checks its input.
    """
    suit_of = trump.tables.suit_of
    by_suit: dict[str, list[Card]] = {}
    for card in trump.sorted(hand):
        by_suit.setdefault(suit_of[card.index], []).append(card)
    for cards in by_suit.values():
        yield from _single_combination_leads(cards, trump)
    if include_throws:
        for cards in by_suit.values():
            faces = list(dict.fromkeys(cards))
            held = Counter(card.index for card in cards)
            copies = [held[face.index] for face in faces]
            for size in range(2, len(cards) + 1):
                for combo in _multiset_combinations(faces, copies, size):
                    if shape(combo, trump).kind == "throw":
                        yield combo


def _multiset_combinations(faces: Sequence[Card], copies: Sequence[int], size: int) -> Iterator[list[Card]]:
    """Each distinct choice of ``size`` cards from ``faces`` held ``copies`` times, lazily, in face order.

    Unlike ``_distinct_combinations`` it remembers nothing it yielded: memory stays small however
    many choices there are.
    """
    available = [0] * (len(faces) + 1)
    for i in range(len(faces) - 1, -1, -1):
        available[i] = available[i + 1] + copies[i]
    chosen: list[Card] = []

    def choose(i: int, left: int) -> Iterator[list[Card]]:
        if left == 0:
            yield list(chosen)
            return
        if available[i] < left:
            return
        face = faces[i]
        for take in range(min(copies[i], left), -1, -1):
            chosen.extend([face] * take)
            yield from choose(i + 1, left - take)
            del chosen[len(chosen) - take :]

    return choose(0, size)


def _single_combination_leads(cards: Sequence[Card], trump: Trump) -> Iterator[list[Card]]:
    step = trump.tables.step
    seen: set[int] = set()
    for card in cards:
        if card.index not in seen:
            seen.add(card.index)
            yield [card]
    held_pairs = trump.sorted(pair_faces(cards))
    for face in held_pairs:
        yield [face, face]
    by_step: dict[int, list[Card]] = {}
    for face in held_pairs:
        by_step.setdefault(step[face.index], []).append(face)
    steps = sorted(by_step)
    for i in range(len(steps)):
        run_end = i
        while run_end + 1 < len(steps) and steps[run_end + 1] == steps[run_end] + 1:
            run_end += 1
        for last in range(i + 1, run_end + 1):
            choices = [by_step[s] for s in steps[i : last + 1]]
            for faces in itertools.product(*choices):
                yield [card for face in reversed(faces) for card in (face, face)]
