"""Fresh ``kitty_endgame`` items, one lesson idea each (lesson 11): the mover holds a high pair (now and
then a tractor) and sure winners; the kitty, which goes with the last trick multiplied by its size, holds
points. The exact solver values every lead, and the deal is kept only when the idea's lead (a single
first, the pair kept for the last trick) is the unique best by at least ``MARGIN`` points.

The ideas: ``kitty_pair`` (the attackers win the kitty with a pair or tractor on the last trick) and
``guard`` (the defenders guard the last trick with a pair, so the attackers cannot win the kitty).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from ...engine.cards import Card
from ...engine.trump import TRUMP, Trump
from ...words import Message
from ._deal import Context, DealSpec, Pack, context, finish
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


def _construct(rng: random.Random, pack: Pack, trump: Trump, n: int, tractor: bool, winner: bool) -> Build | None:
    """The mover (0) leads holding a high trump pair (or tractor) and, with ``winner``, the top of a plain
    suit (else low cards of it, and an opponent holds a lower trump pair to win the last trick with); the
    others follow that suit and hold single trumps, some above the pair; the kitty holds points."""
    suit, other = two_plain(rng, trump)
    guard = _high_pair(rng, pack, trump, 2 if tractor else 1)
    top = top_of(trump, pack, suit) if winner else None
    if not guard or (winner and top is None):
        return None
    mover = fill(pack, [*guard, *([top] if top else [])], n, suit_is(trump, suit, below=trump.steps_in(suit) - 3))
    hands: list[list[Card]] = [mover, [], [], []]
    rival = rng.choice((1, 3))
    for seat in (1, 2, 3):
        if not winner and seat == rival:
            cards = pack.pair(suit_is(trump, TRUMP, below=trump.step(guard[0]))) + take(pack, suit_is(trump, suit), 1)
        else:
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


def _guards(trump: Trump, build: Build, best: Valued, found: Sequence[Valued]) -> bool:
    """The defenders' best lead keeps the last trick from the attackers: some wrong lead costs at least the
    kitty's points twice over (it lets the kitty go with the last trick)."""
    kitty = sum(card.points for card in build.kitty)
    return kitty > 0 and any(one.cost >= 2 * kitty for one in found[1:])


def generate(rng: random.Random, spec: DealSpec | None = None) -> dict[str, Any]:
    """A fresh kitty endgame showing one idea (``spec.idea``, else drawn): constructed, solved, kept only
    when the idea's lead is the unique best by ``MARGIN`` points."""
    from .endgame import lead_value

    ctx = context(rng, spec, no_trump_share=0.1)
    idea = idea_of(spec, IDEAS, rng)
    trump = ctx.trump
    for _ in range(ATTEMPTS):
        tractor = rng.random() < 0.25 and idea == "kitty_pair"
        n = 5 if tractor else (4 if rng.random() < 0.3 else 3)
        built = _construct(rng, Pack(rng), trump, n, tractor, idea == "kitty_pair")
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
        if not (_keeps_guard(trump, built, best.cards) if idea == "kitty_pair" else _guards(trump, built, best, found)):
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
