"""Fresh ``best_play`` items, one lesson idea each (lessons 9 and 10): a seeded construction deals an
endgame that shows the idea, the exact solver values every legal play, and the deal is kept only when the
idea's play is the unique best by at least ``MARGIN`` points; the cheapest wrong plays are offered beside
it, each with its computed cost and a ``why`` in both languages.

The ideas: ``cash`` (cash the sure winner before it is ruffed), ``draw`` (draw the trumps first),
``partner_lead`` (lead to the partner's strength), ``feed`` (give points to the partner's sure trick),
``no_overtake`` (do not overtake the partner), ``duck`` (let a poor trick go, keep the winner).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from ...engine.cards import Card
from ...engine.follow import legal_plays as engine_follows
from ...engine.trump import TRUMP, Trump
from ...solver.search import Searcher
from ...solver.solve import searcher_for
from ...words import Message
from ..text import Text
from ._deal import Context, DealSpec, Pack, context, finish, plain_suits
from ._strategy_deal import (
    ATTEMPTS,
    Build,
    Valued,
    beats_so_far,
    clear_best,
    codes_of,
    difficulty_of,
    fill,
    hand_size,
    idea_of,
    is_top,
    is_trump,
    legal_plays,
    points_before,
    rotated,
    shuffled_options,
    start_position,
    suit_is,
    table_fields,
    take,
    tempting,
    top_of,
    two_plain,
    valued,
    why_texts,
    winning_seat,
)

IDEAS = ("cash", "draw", "partner_lead", "feed", "no_overtake", "duck")
GROUP_IDEAS = {"lead_well": ("cash", "draw"), "with_partner": ("partner_lead", "feed", "no_overtake", "duck")}
"""The ideas each lesson block teaches (lesson 9's ``lead_well``, lesson 10's ``with_partner``)."""

Construct = Callable[[random.Random, Pack, Trump, int], Build | None]
Shows = Callable[[Trump, Build, Searcher, tuple[Card, ...]], bool]


def _cash(rng: random.Random, pack: Pack, trump: Trump, n: int) -> Build | None:
    """The mover holds the top card of a plain suit; an opponent short in it holds trumps to ruff later."""
    suit, other = two_plain(rng, trump)
    top = top_of(trump, pack, suit)
    if top is None:
        return None
    mover = fill(pack, [top], n, suit_is(trump, other))
    short = rng.choice((1, 3))
    hands: list[list[Card]] = [mover, [], [], []]
    hands[short] = fill(pack, take(pack, suit_is(trump, suit, points=True), 1), n, suit_is(trump, TRUMP))
    hands[4 - short] = fill(pack, take(pack, suit_is(trump, suit), rng.randint(1, 2)), n)
    hands[2] = fill(pack, [], n, suit_is(trump, other))
    return Build(hands)


def _draw(rng: random.Random, pack: Pack, trump: Trump, n: int) -> Build | None:
    """The mover holds the top trump and the top of a plain suit; each opponent one low trump, void in it."""
    suit, other = two_plain(rng, trump)
    high, top = top_of(trump, pack, TRUMP), top_of(trump, pack, suit)
    if high is None or top is None:
        return None
    third = next(iter(set(plain_suits(trump)) - {suit, other}), other)
    mover = fill(pack, [high, top], n, suit_is(trump, third))
    hands: list[list[Card]] = [mover, [], [], []]
    for seat in (1, 3):
        hands[seat] = fill(pack, take(pack, suit_is(trump, TRUMP), 1), n, suit_is(trump, other))
    hands[2] = fill(pack, take(pack, suit_is(trump, suit, points=True), 1), n, suit_is(trump, suit))
    return Build(hands)


def _partner_lead(rng: random.Random, pack: Pack, trump: Trump, n: int) -> Build | None:
    """The partner holds the top of a plain suit; the mover a low card of it; the opponents its points."""
    suit, other = two_plain(rng, trump)
    top = top_of(trump, pack, suit)
    if top is None:
        return None
    hands: list[list[Card]] = [[], [], [], []]
    hands[2] = fill(pack, [top], n, suit_is(trump, other))
    hands[0] = fill(pack, take(pack, suit_is(trump, suit, points=False), 1), n, suit_is(trump, other))
    for seat in (1, 3):
        hands[seat] = fill(pack, take(pack, suit_is(trump, suit, points=True), 1), n)
    return Build(hands)


def _follow_of(rng: random.Random, lead: list[Card], hand: list[Card], trump: Trump,
               keep_points: bool = False) -> list[Card]:
    """A legal follow of ``lead`` from ``hand``, drawn by the seed (one without points, with ``keep_points``)."""
    plays = [list(play) for play in engine_follows(lead, hand, trump, limit=100)]
    if keep_points:
        least = min(sum(card.points for card in play) for play in plays)
        plays = [play for play in plays if sum(card.points for card in play) == least]
    return rng.choice(plays)


def _partner_leads(rng: random.Random, pack: Pack, trump: Trump, n: int, lead: Card,
                   mover: list[Card], suit: str, rich: bool = False) -> Build:
    """The partner (2) has led ``lead``, the opponent (3) followed; the mover (0) holds ``mover``. With
    ``rich``, each opponent holds two cards of the suit, one with points (for a winner kept to catch)."""
    partner = fill(pack, [lead], n)
    hands = []
    for _ in range(2):
        cards = take(pack, suit_is(trump, suit, points=True), 1) if rich else []
        cards += take(pack, suit_is(trump, suit), (2 if rich else rng.randint(1, 2)) - len(cards))
        hands.append(fill(pack, cards, n))
    behind, after = hands
    played = _follow_of(rng, [lead], behind, trump, keep_points=rich)
    left = list(behind)
    for card in played:
        left.remove(card)
    partner.remove(lead)
    return Build([mover, after, partner, left], [(2, [lead]), (3, played)])


def _feed(rng: random.Random, pack: Pack, trump: Trump, n: int) -> Build | None:
    """The partner leads the top of a suit; the mover holds a ten or king of it and a card without points."""
    suit = rng.choice(two_plain(rng, trump))
    top = top_of(trump, pack, suit)
    rich = take(pack, lambda card: trump.suit_of(card) == suit and card.points == 10, 1)
    if top is None or not rich:
        return None
    mover = fill(pack, rich + take(pack, suit_is(trump, suit, points=False), 1), n)
    return _partner_leads(rng, pack, trump, n, top, mover, suit)


def _no_overtake(rng: random.Random, pack: Pack, trump: Trump, n: int) -> Build | None:
    """The partner leads the second card of a suit; the mover holds the top one and a low one."""
    suit = rng.choice(two_plain(rng, trump))
    top = top_of(trump, pack, suit)
    second = top_of(trump, pack, suit, below=top)
    if top is None or second is None:
        return None
    mover = fill(pack, [top, *take(pack, suit_is(trump, suit, points=False), 1)], n)
    return _partner_leads(rng, pack, trump, n, second, mover, suit, rich=True)


def _duck(rng: random.Random, pack: Pack, trump: Trump, n: int) -> Build | None:
    """An opponent (3) leads a low card; the mover holds the second card of the suit and a low one, the
    opponent behind (1) the top one alone: the second card spent now falls to it, kept it wins later."""
    suit, other = two_plain(rng, trump)
    top = top_of(trump, pack, suit)
    second = top_of(trump, pack, suit, below=top)
    low = take(pack, suit_is(trump, suit, points=False, below=6), 1)
    if top is None or second is None or not low:
        return None
    mover = fill(pack, [second, *take(pack, suit_is(trump, suit, points=False), 1)], n, suit_is(trump, other))
    leader = fill(pack, low + take(pack, suit_is(trump, suit, points=True), 1), n, suit_is(trump, other))
    leader.remove(low[0])
    behind = fill(pack, [top], n, suit_is(trump, other))
    return Build([mover, behind, fill(pack, [], n, suit_is(trump, other)), leader], [(3, low)])


def _shows_cash(trump: Trump, build: Build, searcher: Searcher, answer: tuple[Card, ...]) -> bool:
    hands = [*build.hands]
    return len(set(answer)) == 1 and not is_trump(trump, answer) and is_top(trump, answer[0], 0, hands)


def _shows_draw(trump: Trump, build: Build, searcher: Searcher, answer: tuple[Card, ...]) -> bool:
    return is_trump(trump, answer) and len(set(answer)) == 1


def _shows_partner_lead(trump: Trump, build: Build, searcher: Searcher, answer: tuple[Card, ...]) -> bool:
    if len(answer) != 1 or is_trump(trump, answer):
        return False
    suit = trump.suit_of(answer[0])
    partner = [card for card in build.hands[2] if trump.suit_of(card) == suit]
    return any(is_top(trump, card, 2, build.hands) for card in partner) and not is_top(trump, answer[0], 0,
                                                                                      build.hands)


def _shows_feed(trump: Trump, build: Build, searcher: Searcher, answer: tuple[Card, ...]) -> bool:
    return sum(card.points for card in answer) >= 10 and winning_seat(searcher, build.trick) == 2 and not (
        beats_so_far(searcher, build.trick, tuple(sorted(card.index for card in answer))))


def _declines(trump: Trump, build: Build, searcher: Searcher, answer: tuple[Card, ...], winner: set[int]) -> bool:
    """The answer does not take the trick from ``winner`` although the mover could."""
    if winning_seat(searcher, build.trick) not in winner:
        return False
    if beats_so_far(searcher, build.trick, tuple(sorted(card.index for card in answer))):
        return False
    hand = build.hands[0]
    return any(beats_so_far(searcher, build.trick, tuple(sorted(c.index for c in play)))
               for play in engine_follows(build.trick[0][1], hand, trump, limit=100))


def _shows_no_overtake(trump: Trump, build: Build, searcher: Searcher, answer: tuple[Card, ...]) -> bool:
    return _declines(trump, build, searcher, answer, {2})


def _shows_duck(trump: Trump, build: Build, searcher: Searcher, answer: tuple[Card, ...]) -> bool:
    """An opponent's trick so far, and the answer keeps back the mover's highest card of the led suit."""
    suit = trump.suit_of(build.trick[0][1][0])
    held = [trump.step(card) for card in build.hands[0] if trump.suit_of(card) == suit]
    if winning_seat(searcher, build.trick) not in (1, 3) or not held:
        return False
    return all(trump.suit_of(card) != suit or trump.step(card) < max(held) for card in answer)


CONSTRUCT: dict[str, tuple[Construct, Shows]] = {
    "cash": (_cash, _shows_cash), "draw": (_draw, _shows_draw),
    "partner_lead": (_partner_lead, _shows_partner_lead), "feed": (_feed, _shows_feed),
    "no_overtake": (_no_overtake, _shows_no_overtake), "duck": (_duck, _shows_duck),
}


def block_ideas(group: str, questions: Sequence[object]) -> tuple[str, ...]:
    """The ideas a lesson block of best-play items teaches (all of them for a block not named here)."""
    return GROUP_IDEAS.get(group, IDEAS)


def generate(rng: random.Random, spec: DealSpec | None = None) -> dict[str, Any]:
    """A fresh best-play item showing one idea (``spec.idea``, else drawn): constructed, solved, kept
    only when the idea's play is the unique best by ``MARGIN`` points."""
    from .best_play import play_value

    ctx = context(rng, spec, no_trump_share=0.1)
    idea = idea_of(spec, IDEAS, rng)
    construct, shows = CONSTRUCT[idea]
    trump = ctx.trump
    for _ in range(ATTEMPTS):
        n = hand_size(rng, spec)
        built = construct(rng, Pack(rng), trump, n)
        if built is None or any(len(hand) != n - len(dict(built.trick).get(seat, ()))
                                for seat, hand in enumerate(built.hands)):
            continue
        shift = (ctx.leader - built.leader) % 4
        table = rotated(built, shift)
        attacking = rng.random() < 0.5
        points = points_before(rng, built)
        fields = table_fields(table, shift % 4, attacking, points, rng)
        position = start_position(ctx, table, fields["dealer"], points)
        trick = tuple((seat, tuple(cards)) for seat, cards in table.trick)
        plays = legal_plays(position, trick)
        if len(plays) < 2:
            continue
        found = valued(plays, partial(play_value, position, trick), position.is_attacker(shift % 4))
        best = clear_best(found)
        if best is None or not shows(trump, built, searcher_for(position), best.cards):
            continue
        total = play_value(position, trick, best.play)
        return _item(ctx, idea, fields, best, found, (total, 1 if position.is_attacker(shift % 4) else -1), rng, spec)
    raise RuntimeError(f"no {idea} position found in {ATTEMPTS} constructions")


def _item(ctx: Context, idea: str, fields: dict[str, Any], best: Valued, found: list[Valued],
          total: tuple[int, int], rng: random.Random, spec: DealSpec | None) -> dict[str, Any]:
    """The raw item: the answer and the tempting wrong plays in a seeded order; its explanation the best
    play's total and each wrong play's cost and why (``total`` is the best total and the mover's sign)."""
    trump = ctx.trump
    wrong = tempting(found, rng)
    options: list[dict[str, Any]] = []
    for one in shuffled_options(best, wrong, rng):
        option: dict[str, Any] = {"play": codes_of(one.cards, trump)}
        if one is not best:
            option.update(cost=one.cost, why=why_texts(f"gen_bp_why_{idea}", best.cards, one.cards))
        options.append(option)
    core: dict[str, Any] = {"answer": codes_of(best.cards, trump), "option": options,
                            "position": ctx.position(**fields)}
    from .best_play import KIND, parse

    lines = [Message("lead_bp_best", {"cards": best.cards, "total": total[0]})]
    for one in wrong:
        why = why_texts(f"gen_bp_why_{idea}", best.cards, one.cards)
        lines.append(Message("lead_bp_wrong", {
            "cards": one.cards, "cost": one.cost, "total": total[0] - total[1] * one.cost,
            "why": Text(why["en"].replace("{cost}", str(one.cost)), why["zh"].replace("{cost}", str(one.cost))),
        }))
    item = finish(KIND, core, replace(ctx, difficulty=difficulty_of(found, spec)), parse, "", lines)
    item.update(title=Message(f"gen_bp_title_{idea}").texts(), hint=Message(f"gen_bp_hint_{idea}").texts())
    return item
