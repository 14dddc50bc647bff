"""Property tests: the engine against brute-force readings of RULES.md §3, §5 and §6."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import shengji_kit as sk
from shengji_kit.engine.cards import CARDS, RANKS
from shengji_kit.engine.follow import legal_plays, playable_cards
from shengji_kit.engine.shapes import Shape

# Example counts come from the hypothesis profile (root conftest.py); these tests take seconds.
pytestmark = pytest.mark.slow


@st.composite
def trumps(draw: st.DrawFn) -> sk.Trump:
    level = draw(st.sampled_from(RANKS))
    suit = draw(st.sampled_from(["S", "H", "C", "D", None]))
    return sk.Trump(level, suit)


@st.composite
def card_pools(draw: st.DrawFn, trump: sk.Trump) -> list[sk.Card]:
    """A few neighbouring faces (so pairs and tractors are common), each twice."""
    suit = draw(st.sampled_from(sorted({trump.suit_of(c) for c in CARDS})))
    faces = [c for c in CARDS if trump.suit_of(c) == suit]
    faces.sort(key=trump.step)
    start = draw(st.integers(0, max(0, len(faces) - 6)))
    chosen = faces[start : start + 6]
    extra = draw(st.lists(st.sampled_from(list(CARDS)), max_size=3))
    return [c for c in chosen + extra for _ in range(2)]


def multiset_subsets(cards: Sequence[sk.Card], size: int) -> list[tuple[sk.Card, ...]]:
    return sorted(set(tuple(sorted(combo)) for combo in itertools.combinations(cards, size)))


def pair_faces(cards: Sequence[sk.Card]) -> list[sk.Card]:
    return [c for c, n in Counter(cards).items() for _ in range(n // 2)]


def is_tractor(faces: Sequence[sk.Card], trump: sk.Trump) -> bool:
    steps = sorted(trump.step(f) for f in faces)
    return all(b == a + 1 for a, b in itertools.pairwise(steps))


def brute_match(faces: list[sk.Card], lengths: Sequence[int], trump: sk.Trump) -> int:
    """Most pairs in disjoint exact-length tractors, by trying every choice of pairs."""
    if not lengths:
        return 0
    best = brute_match(faces, lengths[1:], trump)
    for combo in itertools.combinations(range(len(faces)), lengths[0]):
        chosen = [faces[i] for i in combo]
        if is_tractor(chosen, trump):
            rest = [f for i, f in enumerate(faces) if i not in combo]
            best = max(best, lengths[0] + brute_match(rest, lengths[1:], trump))
    return best


def brute_score(cards: Sequence[sk.Card], lead: Shape, trump: sk.Trump) -> tuple[int, int]:
    faces = pair_faces(cards)
    return brute_match(faces, lead.tractor_lengths, trump), min(lead.pair_count, len(faces))


def brute_legal(lead: Sequence[sk.Card], hand: Sequence[sk.Card], trump: sk.Trump) -> set[tuple[sk.Card, ...]]:
    lead_shape = sk.shape(lead, trump)
    n = len(lead)
    suit_cards = [c for c in hand if trump.suit_of(c) == lead_shape.suit]
    plays = multiset_subsets(hand, n)

    def suit_part(play: Sequence[sk.Card]) -> list[sk.Card]:
        return [c for c in play if trump.suit_of(c) == lead_shape.suit]

    if len(suit_cards) < n:
        return {p for p in plays if len(suit_part(p)) == len(suit_cards)}
    candidates = [p for p in plays if len(suit_part(p)) == n]
    scores = {p: brute_score(p, lead_shape, trump) for p in candidates}
    best = max(scores.values())
    return {p for p, s in scores.items() if s == best}


@st.composite
def follow_cases(draw: st.DrawFn) -> tuple[sk.Trump, list[sk.Card], list[sk.Card]]:
    trump = draw(trumps())
    pool = draw(card_pools(trump))
    lead_suit = trump.suit_of(pool[0])
    suit_pool = [c for c in pool if trump.suit_of(c) == lead_suit]
    lead = draw(st.lists(st.sampled_from(suit_pool), min_size=1, max_size=4))
    lead = [c for c, n in Counter(lead).items() for _ in range(min(n, 2))]
    hand = draw(st.lists(st.sampled_from(pool), min_size=len(lead), max_size=9))
    hand = within_two_copies(hand, lead)
    assume(len(hand) >= len(lead))
    return trump, lead, hand


def within_two_copies(cards: Sequence[sk.Card], *taken: Sequence[sk.Card]) -> list[sk.Card]:
    """``cards`` without the copies that, with the ``taken`` cards, would exceed the two decks' two."""
    used = Counter(card for group in taken for card in group)
    return [c for c, n in Counter(cards).items() for _ in range(max(0, min(n, 2 - used[c])))]


@given(follow_cases())
def test_check_follow_matches_brute_force(case: tuple[sk.Trump, list[sk.Card], list[sk.Card]]) -> None:
    trump, lead, hand = case
    expected = brute_legal(lead, hand, trump)
    for play in multiset_subsets(hand, len(lead)):
        assert sk.check_follow(lead, hand, list(play), trump).ok == (play in expected), play
    listed = {tuple(sorted(p)) for p in legal_plays(lead, hand, trump, limit=None)}
    assert listed == expected
    assert playable_cards(lead, hand, trump) == {c for p in expected for c in p}


def brute_key(play: Sequence[sk.Card], lead: Shape, trump: sk.Trump) -> int | None:
    """Best key over every split of the play that covers the lead, by trying them all."""
    main = lead.main_shape
    best: int | None = None

    def assign(i: int, left: list[sk.Card], top: int) -> None:
        nonlocal best
        if i == len(lead.components):
            if best is None or top > best:
                best = top
            return
        comp = lead.components[i]
        if comp.kind == "single":
            for card in set(left):
                rest = list(left)
                rest.remove(card)
                new_top = max(top, trump.step(card)) if main[0] == "single" else top
                assign(i + 1, rest, new_top)
            return
        faces = sorted(set(pair_faces(left)))
        for combo in itertools.combinations(faces, comp.pairs):
            if comp.pairs > 1 and not is_tractor(combo, trump):
                continue
            if len({trump.step(f) for f in combo}) != len(combo):
                continue
            rest = list(left)
            for face in combo:
                rest.remove(face)
                rest.remove(face)
            piece_top = max(trump.step(f) for f in combo)
            new_top = max(top, piece_top) if comp.shape_key == main else top
            assign(i + 1, rest, new_top)

    assign(0, list(play), -1)
    return best


@given(follow_cases(), st.data())
def test_trick_winner_matches_brute_force(
    case: tuple[sk.Trump, list[sk.Card], list[sk.Card]], data: st.DataObject
) -> None:
    trump, lead, _ = case
    lead_shape = sk.shape(lead, trump)
    plays: list[list[sk.Card]] = [lead]
    for _ in range(3):
        pool = data.draw(card_pools(trump))
        hand = data.draw(st.lists(st.sampled_from(pool), min_size=len(lead), max_size=8))
        hand = within_two_copies(hand, *plays)
        if len(hand) < len(lead):
            return
        options = sorted(brute_legal(lead, hand, trump)) if len(hand) >= len(lead) else []
        if not options:
            return
        plays.append(list(data.draw(st.sampled_from(options))))
    winner = sk.trick_winner(plays, trump)
    best_kind, best_key, expected = 0, brute_key(lead, lead_shape, trump), 0
    for i, play in enumerate(plays[1:], start=1):
        suits = {trump.suit_of(c) for c in play}
        if suits == {lead_shape.suit}:
            kind = 0
        elif suits == {"T"} and lead_shape.suit != "T":
            kind = 1
        else:
            continue
        key = brute_key(play, lead_shape, trump)
        if key is None or (kind == 0 and lead_shape.kind == "throw"):
            continue
        assert best_key is not None
        if (kind, key) > (best_kind, best_key):
            best_kind, best_key, expected = kind, key, i
    assert winner == expected
    if winner:
        assert brute_key(plays[winner], lead_shape, trump) is not None


@given(follow_cases())
def test_shape_conserves_cards(case: tuple[sk.Trump, list[sk.Card], list[sk.Card]]) -> None:
    trump, lead, _ = case
    got = sk.shape(lead, trump)
    assert sorted(got.cards) == sorted(lead)
    assert (got.kind == "throw") == (len(got.components) > 1)


@given(follow_cases(), st.data())
def test_failed_throw_forces_one_beaten_component(
    case: tuple[sk.Trump, list[sk.Card], list[sk.Card]], data: st.DataObject
) -> None:
    trump, lead, hand = case
    others = [hand]
    for _ in range(2):
        others.append(within_two_copies(data.draw(card_pools(trump))[:5], lead, *others))
    result = sk.check_throw(lead, others, trump)
    if result.ok:
        assert sorted(result.forced) == sorted(lead)
        return
    assert result.blocker is not None and result.beaten is not None
    forced = list(result.forced)
    assert sk.shape(forced, trump).kind != "throw"
    assert not Counter(forced) - Counter(lead)
    beater = list(result.beater)
    assert not Counter(beater) - Counter(others[result.blocker])
    assert sk.trick_winner([forced, beater], trump) == 1


@given(
    st.lists(st.sampled_from(list(CARDS)), max_size=5),
    st.lists(st.sampled_from(list(CARDS)), max_size=8),
    st.lists(st.sampled_from(list(CARDS)), max_size=5),
    trumps(),
)
def test_check_follow_never_crashes_on_any_input(
    lead: list[sk.Card], hand: list[sk.Card], play: list[sk.Card], trump: sk.Trump
) -> None:
    try:
        verdict = sk.check_follow(lead, hand, play, trump)
    except sk.RuleError as error:  # impossible input (a third copy of a card) is refused, named
        assert error.code == "too_many_copies"
        assert all(error.message(lang) and "{" not in error.message(lang) for lang in ("en", "zh"))
        return
    if not verdict.ok:
        assert verdict.code
        for lang in ("en", "zh"):
            text = verdict.message(lang)
            assert text and "{" not in text
