"""Fresh ``kitty_endgame`` items, one lesson idea each (lesson 11). The exact solver values every lead, and
the deal is kept only when the idea's lead is the unique best by at least ``MARGIN`` points.

The ideas: ``kitty_pair`` (the attackers win the kitty with a pair or tractor on the last trick: the mover
holds a high pair, now and then a tractor, and sure winners, and leads a single first) and ``guard`` (the
defenders keep a trump pair whole for the last trick, so the attackers' pair cannot take it and the kitty
times four: built card by card in ``_guard``, and kept only when the solver's best line still holds the
pair whole at the last trick and wins it, ``guard_kept``, and leading one card of it costs at least twice
the kitty's points).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from ...engine.cards import SUITS, Card
from ...engine.trump import TRUMP, Trump
from ...solver.position import Position
from ...words import Message
from ._deal import Context, DealSpec, DealSpecError, Pack, context, finish
from ._strategy_deal import (
    ATTEMPTS,
    Build,
    Valued,
    clear_best,
    codes_of,
    difficulty_of,
    fill,
    idea_of,
    legal_plays,
    rotated,
    start_position,
    suit_is,
    table_fields,
    take,
    tempting,
    top_of,
    two_plain,
    valued,
    why_texts,
)

IDEAS = ("kitty_pair", "guard")
GROUP_IDEAS = dict(win_the_last_trick=("kitty_pair",), guard_the_last_trick=("guard",))
"""The ideas each lesson-11 block teaches (written as keywords: the block names are not message codes)."""


def _high_pair(rng: random.Random, pack: Pack, trump: Trump, pairs: int) -> list[Card]:
    """A pair (or a tractor of ``pairs`` pairs) among the higher trumps left twice in the pack."""
    if pairs > 1:
        return pack.tractor(trump, TRUMP, pairs)
    faces = sorted(pack.doubled(suit_is(trump, TRUMP)), key=trump.step, reverse=True)[:4]
    if not faces:
        return []
    face = rng.choice(faces)
    pack.take_cards([face, face])
    return [face, face]


def _construct(rng: random.Random, pack: Pack, trump: Trump, n: int, tractor: bool) -> Build | None:
    """The mover (0) leads holding a high trump pair (or tractor) and the top of a plain suit; the others
    follow that suit and hold single trumps, some above the pair; the kitty holds points."""
    suit, other = two_plain(rng, trump)
    guard = _high_pair(rng, pack, trump, 2 if tractor else 1)
    top = top_of(trump, pack, suit)
    if not guard or top is None:
        return None
    mover = fill(pack, [*guard, top], n, suit_is(trump, suit, below=trump.steps_in(suit) - 3))
    hands: list[list[Card]] = [mover, [], [], []]
    for seat in (1, 2, 3):
        cards = take(pack, suit_is(trump, suit), rng.randint(1, 2))
        cards += take(pack, lambda card: trump.suit_of(card) == TRUMP and card not in guard, 1)
        hands[seat] = fill(pack, cards, n, suit_is(trump, other))
    kitty = take(pack, lambda card: card.points > 0, rng.randint(1, 3))
    kitty += take(pack, lambda card: card.points == 0, rng.randint(0, 2))
    return Build(hands, kitty=kitty)


def _keeps_guard(trump: Trump, build: Build, answer: Sequence[Card]) -> bool:
    """The answer leads none of the mover's trump pairs' cards (it keeps them for the last trick)."""
    hand = build.hands[0]
    paired = {card for card in hand if hand.count(card) == 2 and trump.suit_of(card) == TRUMP}
    return bool(paired) and not paired & set(answer)


TOP = 10_000
"""A step above every card."""


def _guard(rng: random.Random, pack: Pack, trump: Trump) -> Build | None:
    """The guard lesson built on purpose (three cards a hand). The mover (0, a defender) holds the guard,
    a trump pair, and a low trump; one attacker a trump above the guard's cards and a plain pair; the other
    attacker three trumps between the low one and the guard; the partner plain cards. Leading the low
    trump draws the high one, and the guard, kept whole, beats the attackers' pair on the last trick.
    Split (one card of it led), the high trump wins and the attackers' pair takes the last trick and the
    kitty times four; spent first (the pair led), the low trump loses the last trick and the kitty twice."""
    def trumps_between(low: int, high: int) -> list[Card]:
        return [card for card in dict.fromkeys(pack.cards)
                if trump.suit_of(card) == TRUMP and low < trump.step(card) < high]

    faces = [face for face in pack.doubled(suit_is(trump, TRUMP)) if trumps_between(trump.step(face), TOP)]
    if not faces:
        return None
    face = rng.choice(faces)
    pack.take_cards([face, face])
    high = rng.choice(trumps_between(trump.step(face), TOP))
    pack.take_cards([high])
    lows = [card for card in trumps_between(-1, trump.step(face))
            if len(trumps_between(trump.step(card), trump.step(face))) >= 3]
    if not lows:
        return None
    low = rng.choice(lows)
    middle = rng.sample(trumps_between(trump.step(low), trump.step(face)), 3)
    pack.take_cards([low, *middle])
    pair = pack.pair(lambda card: trump.suit_of(card) != TRUMP)
    if not pair:
        return None
    hands: list[list[Card]] = [[face, face, low], [], [], []]
    seat = rng.choice((1, 3))
    hands[seat] = [high, *pair]
    hands[4 - seat] = middle
    hands[2] = take(pack, lambda card: trump.suit_of(card) != TRUMP, 3)
    kitty = take(pack, lambda card: card.points > 0, rng.randint(1, 3))
    kitty += take(pack, lambda card: card.points == 0, rng.randint(0, 2))
    return Build(hands, kitty=kitty)


def guard_kept(position: Position) -> bool:
    """Along the solver's best line the defending mover still holds a trump pair of the deal whole when the
    last trick is played, plays it there, and the defenders win that trick (the kitty is guarded)."""
    from .endgame import solved

    line = solved(position).line
    mover = position.leader
    trump = position.trump_context
    hand = list(position.hands[mover])
    for trick in line[:-1]:
        for at, cards in zip(trick.seats, trick.plays, strict=True):
            if at == mover:
                for card in cards:
                    hand.remove(card)
    last = line[-1]
    played = dict(zip(last.seats, last.plays, strict=True))[mover]
    kept = {card for card in hand if hand.count(card) == 2 and trump.suit_of(card) == TRUMP}
    return bool(kept) and any(played.count(card) == 2 for card in kept) and not position.is_attacker(last.winner)


def _guards(position: Position, build: Build, best: Valued, found: Sequence[Valued]) -> bool:
    """The defenders' best lead keeps the guard pair whole for the last trick (``guard_kept``), and leading
    one card of it (splitting the pair) costs at least the kitty's points twice over."""
    kitty = sum(card.points for card in build.kitty)
    hand = build.hands[0]
    paired = {card for card in hand if hand.count(card) == 2}
    split = [one for one in found if len(one.cards) == 1 and one.cards[0] in paired]
    return (kitty > 0 and bool(split) and all(one.cost >= 2 * kitty for one in split)
            and not paired & set(best.cards) and guard_kept(position))


def generate(rng: random.Random, spec: DealSpec | None = None) -> dict[str, Any]:
    """A fresh kitty endgame showing one idea (``spec.idea``, else drawn): constructed, solved, kept only
    when the idea's lead is the unique best by ``MARGIN`` points."""
    from .endgame import lead_value

    ctx = context(rng, spec, no_trump_share=0.1)
    idea = idea_of(spec, IDEAS, rng)
    if idea == "guard" and ctx.trump.suit is None:
        if spec is not None and spec.suit is not None:
            raise DealSpecError(Message("gen_guard_trump_suit"))
        ctx = replace(ctx, trump=Trump(ctx.trump.level, rng.choice(SUITS)))
    trump = ctx.trump
    for _ in range(ATTEMPTS):
        tractor = rng.random() < 0.25 and idea == "kitty_pair"
        n = 3 if idea == "guard" else (5 if tractor else (4 if rng.random() < 0.3 else 3))
        pack = Pack(rng)
        built = _construct(rng, pack, trump, n, tractor) if idea == "kitty_pair" else _guard(rng, pack, trump)
        if built is None or any(len(hand) != n for hand in built.hands):
            continue
        shift = ctx.leader
        table = rotated(built, shift)
        attacking = idea == "kitty_pair"
        shown = sum(card.points for hand in built.hands for card in hand) + sum(c.points for c in built.kitty)
        points = 5 * rng.randint(0, max(0, min(24, (200 - shown) // 5)))
        fields = table_fields(table, shift, attacking, points, rng)
        position = start_position(ctx, table, fields["dealer"], points)
        found = valued(legal_plays(position, ()), partial(lead_value, position), attacking)
        best = clear_best(found)
        if best is None:
            continue
        if idea == "kitty_pair" and not _keeps_guard(trump, built, best.cards):
            continue
        if idea == "guard" and not _guards(position, built, best, found):
            continue
        return _item(ctx, idea, fields, best, found, lead_value(position, best.play), rng, spec)
    raise RuntimeError(f"no {idea} position found in {ATTEMPTS} constructions")


def _item(ctx: Context, idea: str, fields: dict[str, Any], best: Valued, found: list[Valued], total: int,
          rng: random.Random, spec: DealSpec | None) -> dict[str, Any]:
    from .kitty_endgame import KIND, parse

    trump = ctx.trump
    wrong = [{"lead": codes_of(one.cards, trump), "cost": one.cost,
              "why": why_texts(f"gen_ke_why_{idea}", best.cards, one.cards)} for one in tempting(found, rng)]
    rng.shuffle(wrong)
    answer = codes_of(best.cards, trump)
    core: dict[str, Any] = {"answer": answer, "options": wrong, "position": ctx.position(**fields)}
    side = "attackers" if idea == "kitty_pair" else "defenders"
    lines = [Message("kittyl_best_lead", {"cards": best.cards, "total": total})]
    sign = -1 if idea == "kitty_pair" else 1
    lines += [Message(f"kittyl_lead_cost_{side}", {"cards": one.cards, "total": total + sign * one.cost,
                                                   "cost": one.cost}) for one in tempting(found, rng)]
    item = finish(KIND, core, replace(ctx, difficulty=difficulty_of(found, spec)), parse, answer, lines)
    item.update(title=Message(f"gen_ke_title_{idea}").texts(), hint=Message(f"gen_ke_hint_{idea}").texts())
    return item


def block_ideas(group: str, questions: Sequence[object]) -> tuple[str, ...]:
    """The ideas a lesson block of kitty endgames teaches (all of them for a block not named here)."""
    return GROUP_IDEAS.get(group, IDEAS)
