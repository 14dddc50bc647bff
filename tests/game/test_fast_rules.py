"""The fast path over faces equals the engine: listed leads and follows, trick winners, whole rounds."""

from __future__ import annotations

import hashlib
import itertools
import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shengji_kit.engine.card_index import face_counts, index_tables
from shengji_kit.engine.cards import CARDS, RANKS, Card
from shengji_kit.engine.follow import check_follow, legal_leads, legal_plays
from shengji_kit.engine.scoring import points
from shengji_kit.engine.tricks import trick_winner
from shengji_kit.engine.trump import Trump
from shengji_kit.game import Round
from shengji_kit.game.bots import RandomBot, RuleBot, play_round
from shengji_kit.game.fastrules import (
    _distinct_combinations,
    follow_faces,
    lead_faces,
    winner_index,
)

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def faces(cards: list[Card] | tuple[Card, ...]) -> tuple[int, ...]:
    return tuple(card.index for card in cards)


@st.composite
def trumps(draw: st.DrawFn) -> Trump:
    return Trump(draw(st.sampled_from(RANKS)), draw(st.sampled_from(["S", "H", "C", "D", None])))


@st.composite
def hands(draw: st.DrawFn, trump: Trump, size: int = 12) -> list[Card]:
    """Up to ``size`` cards (two copies at most), biased towards one suit so pairs and tractors occur."""
    suit = draw(st.sampled_from(sorted({trump.suit_of(card) for card in CARDS})))
    near = [card for card in CARDS if trump.suit_of(card) == suit]
    pool = st.sampled_from(near) | st.sampled_from(list(CARDS))
    drawn = draw(st.lists(pool, max_size=size))
    held: Counter[Card] = Counter()
    for card in drawn:
        if held[card] < 2:
            held[card] += 1
    return trump.sorted(held.elements())


@given(st.data())
@SETTINGS
def test_leads_equal_the_engine(data: st.DataObject) -> None:
    trump = data.draw(trumps())
    hand = data.draw(hands(trump, 25))
    expected = [faces(play) for play in legal_leads(hand, trump)]
    assert lead_faces(face_counts(hand), index_tables(trump)) == expected


@given(st.data())
@SETTINGS
def test_follows_equal_the_engine(data: st.DataObject) -> None:
    trump = data.draw(trumps())
    leader = data.draw(hands(trump, 10))
    leads = list(itertools.islice(legal_leads(leader, trump, include_throws=True), 400))
    if not leads:
        return
    lead = data.draw(st.sampled_from(leads))
    limit = data.draw(st.sampled_from([None, 0, 1, 3, 200]))
    room = Counter({card: 2 for card in CARDS})
    room.subtract(lead)
    hand = []
    for card in data.draw(hands(trump, 14)):
        if room[card] > 0:
            room[card] -= 1
            hand.append(card)
    if len(hand) < len(lead):
        return
    expected = [faces(play) for play in legal_plays(lead, hand, trump, limit=limit)]
    listed = follow_faces(faces(lead), face_counts(hand), index_tables(trump), limit)
    assert listed == expected
    for play in listed:
        assert check_follow(lead, hand, [CARDS[face] for face in play], trump).ok


@given(st.data())
@SETTINGS
def test_winner_equals_the_engine(data: st.DataObject) -> None:
    trump = data.draw(trumps())
    lead = data.draw(st.sampled_from(list(legal_leads(data.draw(hands(trump, 8)), trump)) or [[CARDS[0]]]))
    plays = [list(lead)]
    for _ in range(3):
        hand = data.draw(hands(trump, 12))
        if len(hand) < len(lead):
            return
        follows = list(legal_plays(lead, hand, trump, limit=50))
        plays.append(data.draw(st.sampled_from(follows)))
    assert winner_index([faces(play) for play in plays], index_tables(trump)) == trick_winner(plays, trump)


def reference_listing(rnd: Round, seat: int) -> list[tuple[int, ...]]:
    """What the engine lists for ``seat`` now, from its view (leads, or follows of the lead)."""
    view = rnd.view(seat)
    assert view.trump is not None
    if view.lead is None:
        return [faces(play) for play in legal_leads(view.hand, view.trump)]
    return [faces(play) for play in legal_plays(view.lead, view.hand, view.trump, limit=None)]


@pytest.mark.parametrize("kind", ["random", "rule"])
@pytest.mark.parametrize("seed", range(6))
def test_rounds_follow_the_engine_step_by_step(kind: str, seed: int) -> None:
    """Every listed play set is the engine's, every play legal, every trick scored as the engine does.

    With the same listings the bots make the same choices, so the round is the reference round.
    """
    rnd = Round.new(seed, "classic" if seed % 3 == 2 else "super_tycoon")
    bots = [RandomBot(seed * 4 + s) if kind == "random" else RuleBot(seed * 4 + s) for s in range(4)]
    read = 0
    while rnd.to_act is not None:
        seat = rnd.to_act
        actions = rnd.legal_actions(seat, limit=None)
        if rnd.phase == "play":
            assert [faces(action.cards) for action in actions] == reference_listing(rnd, seat)
        view = rnd.view(seat)
        action = bots[seat].choose(view, rnd.legal_actions(seat))
        if rnd.phase == "play" and view.lead is not None:
            assert view.trump is not None
            assert check_follow(view.lead, view.hand, action.cards, view.trump).ok
        rnd.act(seat, action)
        tricks = rnd.view(0).tricks
        for trick in tricks[read:]:
            assert trick.winner == trick.seat_of(trick_winner(trick.plays, view.trump))  # type: ignore[arg-type]
            assert trick.points == sum(points(play) for play in trick.plays)
        read = len(tricks)
        assert sum(rnd.all_cards().values()) == 108
    result = rnd.result
    assert result is not None
    dealer = result.dealer
    won = sum(t.points for t in rnd.view(0).tricks if t.winner % 2 != dealer % 2)
    assert result.attackers_points == won


REFERENCE_ROUNDS = {
    # digest of the accepted actions, attackers' points, total: taken with the engine-only
    # trick play of main before the fast path (same seeds, same bots)
    "random-0": ("7952efbdf61e4a74", 125, 165),
    "random-1": ("d5ff5efa80b84f2e", 145, 145),
    "random-2": ("8c8260ec6e71217b", 115, 115),
    "random-3": ("046cd0f8d1cc2546", 115, 115),
    "rule-0": ("95ef7b67a65ce06d", 75, 75),
    "rule-1": ("053c4d02772f03dd", 55, 55),
    "rule-2": ("fd49ec8bfe65b5e5", 125, 125),
    "rule-3": ("62ba93921ff1c62e", 20, 20),
}


@pytest.mark.parametrize("name", sorted(REFERENCE_ROUNDS))
def test_self_play_gives_the_reference_round(name: str) -> None:
    kind, seed_text = name.split("-")
    seed = int(seed_text)
    rnd = Round.new(seed, "classic" if seed == 3 else "super_tycoon")
    bots = [(RandomBot if kind == "random" else RuleBot)(seed * 4 + s) for s in range(4)]
    play_round(rnd, bots)
    text = json.dumps([[seat, action.to_json()] for seat, action in rnd.actions])
    assert rnd.result is not None
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    assert (digest, rnd.result.attackers_points, rnd.result.total) == REFERENCE_ROUNDS[name]


@settings(max_examples=200, deadline=None)
@given(
    faces=st.lists(st.integers(0, 53), unique=True, max_size=14),
    doubled=st.sets(st.integers(0, 53)),
    size=st.integers(1, 9),
    limit=st.sampled_from([None, 1, 7, 200]),
)
def test_distinct_combinations_are_the_filtered_combinations(
    faces: list[int], doubled: set[int], size: int, limit: int | None
) -> None:
    """Walking the distinct choices directly gives what filtering ``itertools.combinations`` gives."""
    counts = [2 if face in doubled else 1 for face in range(54)]
    pool = [face for face in faces for _ in range(counts[face])]
    expected = list(dict.fromkeys(itertools.combinations(pool, size)))
    if limit is not None:
        expected = expected[:limit]
    assert _distinct_combinations(faces, counts, size, limit) == expected
