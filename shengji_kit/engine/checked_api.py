"""The checked entry points of the engine's public API (docs/rules.md §11): validate once at the edge.

Each function here accepts cards as text (``"SA SK"``), one ``Card`` or a list of cards / tokens,
refuses impossible input with a ``CardError`` / ``RuleError`` that names the bad value (more
than two copies of a card, a trick of six plays, something that is not a ``Trump``…), then calls
the engine module of the same name. Those module functions trust their callers (bots, the solver,
the game) to pass valid ``Card`` sequences and skip the checks, so the hot paths pay nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from . import follow, scoring, shapes, throws, tricks
from .cards import Card, CardsLike, as_cards, check_copies, coerce_cards
from .errors import CardError, RuleError
from .explain import Verdict
from .rules import Rules
from .shapes import Shape
from .throws import ThrowCheck
from .trump import Trump

PLAYERS = 4


def _trump(trump: object) -> Trump:
    if not isinstance(trump, Trump):
        raise RuleError("bad_trump", {"value": repr(trump)})
    return trump


def _plays(plays: object, what: str) -> list[tuple[Card, ...]]:
    """A list of card groups (each one play or one hand); text or a lone card is not a list of them."""
    if not isinstance(plays, list | tuple) and (isinstance(plays, str | Card) or not isinstance(plays, Iterable)):
        raise CardError(f"{what}: not a list of card groups: {plays!r}", token=repr(plays), code="not_cards")
    return [coerce_cards(group) for group in plays]


def shape(cards: CardsLike, trump: Trump) -> Shape:
    """The format of a lead (``shapes.shape``); mixed suits or no cards raise ``RuleError``."""
    return shapes.shape(as_cards(cards), _trump(trump))


def points(cards: CardsLike) -> int:
    """Point total: 5s count 5, 10s and Ks count 10."""
    return scoring.points(as_cards(cards))


def kitty_multiplier(last_lead: CardsLike, trump: Trump, rules: Rules | str | None = None) -> int:
    """The kitty multiplier for the cards actually led to the last trick (docs/rules.md §7)."""
    return scoring.kitty_multiplier(as_cards(last_lead), _trump(trump), rules)


def check_follow(lead: CardsLike, hand: CardsLike, play: CardsLike, trump: Trump) -> Verdict:
    """May ``play`` follow ``lead`` from ``hand`` (the whole hand before playing)?"""
    lead_cards, hand_cards, play_cards = coerce_cards(lead), coerce_cards(hand), coerce_cards(play)
    check_copies(lead_cards, hand_cards)
    return follow.check_follow(lead_cards, hand_cards, play_cards, _trump(trump))


def trick_winner(plays: Iterable[CardsLike], trump: Trump) -> int:
    """Index into ``plays`` (``plays[0]`` is the lead, 1 to 4 plays of equal size) of the winner."""
    groups = _plays(plays, "plays")
    if not groups:
        raise RuleError("trick_no_plays")
    if len(groups) > PLAYERS:
        raise RuleError("trick_too_many_plays", {"count": len(groups)})
    lead_count = len(groups[0])
    for number, group in enumerate(groups[1:], start=2):
        if len(group) != lead_count:
            raise RuleError("trick_size_mismatch", {"number": number, "count": len(group), "lead_count": lead_count})
    check_copies(*groups)
    return tricks.trick_winner(groups, _trump(trump))


def check_throw(
    throw: CardsLike, others: Iterable[CardsLike], trump: Trump, rules: Rules | str | None = None
) -> ThrowCheck:
    """Does a lead stand against the other three hands, given in turn order after the thrower?"""
    thrown = coerce_cards(throw)
    hands = _plays(others, "others")
    if len(hands) > PLAYERS - 1:
        raise RuleError("too_many_hands", {"count": len(hands)})
    check_copies(thrown, *hands)
    return throws.check_throw(thrown, hands, _trump(trump), rules)


def legal_plays(
    lead: CardsLike | None,
    hand: CardsLike,
    trump: Trump,
    limit: int | None = 2000,
    include_throws: bool = False,
) -> Iterator[list[Card]]:
    """Stream the distinct legal plays lazily, at most ``limit`` (None: all) of them.

    See ``follow.legal_plays``: with ``include_throws`` the throws of a long suit number in the
    millions, so take what you need (``limit`` or ``itertools.islice``) rather than ``list()``-ing all.
    """
    lead_cards, hand_cards = _lead_and_hand(lead, hand)
    if limit is not None and (type(limit) is not int or limit < 0):
        raise RuleError("bad_limit", {"value": repr(limit)})
    checked_trump = _trump(trump)
    if lead_cards is not None:
        shapes.shape(lead_cards, checked_trump)  # an empty or mixed lead is refused now, not on first use
    return follow.legal_plays(lead_cards, hand_cards, checked_trump, limit, bool(include_throws))


def legal_leads(hand: CardsLike, trump: Trump, include_throws: bool = False) -> Iterator[list[Card]]:
    """Every distinct single, pair and tractor of ``hand``, lazily; optionally every throw too."""
    _, hand_cards = _lead_and_hand(None, hand)
    return follow.legal_leads(hand_cards, _trump(trump), bool(include_throws))


def playable_cards(lead: CardsLike | None, hand: CardsLike, trump: Trump) -> set[Card]:
    """The cards of ``hand`` that are part of at least one legal play (for highlighting)."""
    lead_cards, hand_cards = _lead_and_hand(lead, hand)
    return follow.playable_cards(lead_cards, hand_cards, _trump(trump))


def _lead_and_hand(lead: CardsLike | None, hand: CardsLike) -> tuple[Sequence[Card] | None, tuple[Card, ...]]:
    lead_cards = None if lead is None else coerce_cards(lead)
    hand_cards = coerce_cards(hand)
    check_copies(lead_cards or (), hand_cards)
    return lead_cards, hand_cards
