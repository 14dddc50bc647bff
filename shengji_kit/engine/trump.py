"""The trump context of a round: which cards are trumps, each card's effective suit and step.

Everything is looked up in tables built once per (level, trump suit) and cached, so the hot
paths (following, trick winner, throws) never recompute a card's rank.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from ..words.catalogue import text
from .cards import (
    BIG_JOKER_INDEX,
    LITTLE_JOKER_INDEX,
    RANKS,
    SUITS,
    SYMBOL_SUITS,
    Card,
    parse_card,
    parse_cards,
)
from .errors import CardError, RuleError

if TYPE_CHECKING:
    from .rules import Rules

TRUMP = "T"
"""The effective-suit letter of every trump card."""

_NO_TRUMP_WORDS = {None, "", "none", "None", "NONE", "NT", "nt", "no-trump", "无主"}

STEP_SLOTS = 20
"""Room for every step a card can have (steps run 0..18 when every tractor link is broken)."""


@dataclass(frozen=True, slots=True)
class PlayStyle:
    """The house switches that change how cards combine and must follow (``Rules.follow_*``, ``tractor_*``).

    The default is both presets' play. A ``Trump`` carries one, so every rule that takes a trump
    context (shapes, follows, tricks, throws) honours it with no extra argument.
    """

    follow_duty: str = "full"
    keep_longer: bool = False
    skip_level: bool = True
    level_pairs: bool = True
    jokers: bool = True

    @property
    def breaks(self) -> int:
        """Which tractor links are broken, as bits: 1 across the level rank, 2 副主–正主, 4 the jokers."""
        return (0 if self.skip_level else 1) | (0 if self.level_pairs else 2) | (0 if self.jokers else 4)


PLAY_AS_PRESETS = PlayStyle()


@cache
def play_style_of(
    follow_duty: str, keep_longer: bool, skip_level: bool, level_pairs: bool, jokers: bool
) -> PlayStyle:
    """The (shared) ``PlayStyle`` of these switch values."""
    return PlayStyle(follow_duty, keep_longer, skip_level, level_pairs, jokers)


@dataclass(frozen=True, slots=True)
class TrumpTables:
    """Per-card lookups for one trump context, indexed by ``Card.index``."""

    suit_of: tuple[str, ...]
    step: tuple[int, ...]
    sort_key: tuple[tuple[int, int, int], ...]
    steps_in_suit: dict[str, int]
    slots: int
    """One past the highest step of any card: the length a per-step count list needs."""


def normalise_level(level: str | int) -> str:
    """``"2"``..``"10"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``; also accepts ints 2..10 and ``T``.

    ``1`` is refused like the card rank 1 (ace or ten?); so is a bool.
    """
    if isinstance(level, bool) or not isinstance(level, str | int):
        raise RuleError("bad_level", {"level": repr(level)})
    text = str(level).strip().upper()
    if text == "T":
        text = "10"
    if text not in RANKS:
        raise RuleError("bad_level", {"level": str(level)})
    return text


def normalise_suit(suit: str | None) -> str | None:
    """A suit letter S/H/C/D (symbols accepted), or None for no-trump."""
    if suit is None:
        return None
    if not isinstance(suit, str):
        raise RuleError("bad_suit", {"suit": repr(suit)})
    if suit in _NO_TRUMP_WORDS:
        return None
    text = SYMBOL_SUITS.get(suit.strip(), suit.strip().upper())
    if text not in SUITS:
        raise RuleError("bad_suit", {"suit": suit})
    return text


@dataclass(frozen=True, init=False)
class Trump:
    """Level rank plus trump suit (``suit=None`` for no-trump).

    ``Trump(level="2", suit="S")``; suit and level also accept ``"♠"`` and ``"10"``. ``style`` is the
    house play switches (today's play by default); ``trump.under(rules)`` sets it from a rule set.
    """

    level: str
    suit: str | None
    style: PlayStyle
    tables: TrumpTables = field(compare=False, repr=False, hash=False)
    breaks: int = field(compare=False, repr=False, hash=False)
    """``style.breaks``, kept for the shape caches' keys."""
    today_follow: bool = field(compare=False, repr=False, hash=False)
    """The follow duty is today's (``full``, nothing kept back): the hot paths need no house branch."""
    memo: dict[str, object] = field(compare=False, repr=False, hash=False)
    """Tables other modules derive from this context, kept with it (``card_index.index_tables``)."""
    hash_value: int = field(compare=False, repr=False, hash=False)
    """The hash of level, suit and style, worked out once: trump contexts key many caches."""

    def __init__(self, level: str | int = "2", suit: str | None = None, style: PlayStyle = PLAY_AS_PRESETS) -> None:
        lvl = normalise_level(level)
        st = normalise_suit(suit)
        object.__setattr__(self, "level", lvl)
        object.__setattr__(self, "suit", st)
        object.__setattr__(self, "style", style)
        object.__setattr__(self, "tables", _build_tables(lvl, st, style.breaks))
        object.__setattr__(self, "breaks", style.breaks)
        object.__setattr__(self, "today_follow", style.follow_duty == "full" and not style.keep_longer)
        object.__setattr__(self, "memo", {})
        object.__setattr__(self, "hash_value", hash((lvl, st, style.breaks, style.follow_duty, style.keep_longer)))

    def __hash__(self) -> int:
        return self.hash_value

    def under(self, rules: Rules) -> Trump:
        """This trump context played by ``rules``' play switches (itself when they are already its own)."""
        style = play_style_of(
            rules.follow_duty, rules.follow_keep_longer, rules.tractor_skip_level,
            rules.tractor_level_pairs, rules.tractor_jokers,
        )
        return self if style == self.style else _styled(self.level, self.suit, style)

    def is_trump(self, card: Card | str) -> bool:
        """Is ``card`` (a ``Card`` or card text such as ``"SA"``) a trump?"""
        return self.suit_of(card) == TRUMP

    def suit_of(self, card: Card | str) -> str:
        """The effective suit: ``"S"``, ``"H"``, ``"C"``, ``"D"``, or ``"T"`` for trumps."""
        return self.tables.suit_of[card.index if isinstance(card, Card) else _one_card(card).index]

    def step(self, card: Card | str) -> int:
        """The card's strength inside its effective suit (0 = lowest; equal steps are equal)."""
        return self.tables.step[card.index if isinstance(card, Card) else _one_card(card).index]

    def steps_in(self, effective_suit: str) -> int:
        """One past the suit's highest step (its distinct steps, plus any broken tractor link's empty step)."""
        return self.tables.steps_in_suit[effective_suit]

    def sort_key(self, card: Card | str) -> tuple[int, int, int]:
        """Trumps first, then ♠ ♥ ♣ ♦; strongest first inside each group."""
        return self.tables.sort_key[card.index if isinstance(card, Card) else _one_card(card).index]

    def sorted(self, cards: Iterable[Card] | str) -> list[Card]:
        """Cards (or card text) grouped trumps first, then suits, strongest first."""
        keys = self.tables.sort_key
        if isinstance(cards, str):
            cards = parse_cards(cards)
        try:
            return sorted(cards, key=lambda card: keys[card.index])
        except (AttributeError, TypeError):
            return sorted(parse_cards(cards), key=lambda card: keys[card.index])

    def describe(self, lang: str = "en") -> str:
        """``level 2, spades trump`` / ``打2，黑桃为主``; no-trump says so."""
        return text("trump_of", lang, trump=self)

    def words(self, kind: str, lang: str) -> str | None:
        """How the catalogue writes a ``{name:trump}`` placeholder (``words.catalogue.Worded``)."""
        if kind != "trump":
            return None
        if self.suit is None:
            return text("trump_no_suit", lang, level=self.level)
        return text("trump_suit", lang, level=self.level, suit=self.suit)

    def __repr__(self) -> str:
        style = "" if self.style == PLAY_AS_PRESETS else f", style={self.style!r}"
        return f"Trump(level={self.level!r}, suit={self.suit!r}{style})"


@cache
def _styled(level: str, suit: str | None, style: PlayStyle) -> Trump:
    return Trump(level, suit, style)


def _one_card(value: object) -> Card:
    """``value`` as a card: a ``Card`` or one card's text; ``CardError`` otherwise."""
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return parse_card(value)
    raise CardError(f"not a card: {value!r}", token=repr(value), code="not_cards")


@cache
def _build_tables(level: str, trump_suit: str | None, breaks: int = 0) -> TrumpTables:
    """Steps in strength order; a broken tractor link (``PlayStyle.breaks``) leaves an empty step
    between two ranks, so no run of pairs crosses it while every comparison stays the same."""
    level_rank = RANKS.index(level)
    plain_ranks = [r for r in range(13) if r != level_rank]
    gap_at_level = 1 if breaks & 1 and 0 < level_rank < 12 else 0
    plain_step = [i + (gap_at_level if r > level_rank else 0) for i, r in enumerate(plain_ranks)]
    off_level = plain_step[-1] + 1
    trump_level = off_level + 1 + (1 if breaks & 2 else 0)
    suit_of: list[str] = [""] * 54
    step: list[int] = [0] * 54
    for suit_index, suit in enumerate(SUITS):
        for rank_index in range(13):
            index = suit_index * 13 + rank_index
            if rank_index == level_rank:
                suit_of[index] = TRUMP
                if trump_suit is None:
                    step[index] = 0
                else:
                    step[index] = trump_level if suit == trump_suit else off_level
            else:
                suit_of[index] = TRUMP if suit == trump_suit else suit
                step[index] = plain_step[plain_ranks.index(rank_index)]
    top_level_step = 0 if trump_suit is None else trump_level
    suit_of[LITTLE_JOKER_INDEX] = suit_of[BIG_JOKER_INDEX] = TRUMP
    step[LITTLE_JOKER_INDEX] = top_level_step + 1
    step[BIG_JOKER_INDEX] = top_level_step + 2 + (1 if breaks & 4 else 0)
    group = {TRUMP: 0, "S": 1, "H": 2, "C": 3, "D": 4}
    sort_key = tuple(
        (group[suit_of[i]], -step[i], i // 13 if i < LITTLE_JOKER_INDEX else 0) for i in range(54)
    )
    steps_in_suit = {s: off_level for s in SUITS}
    steps_in_suit[TRUMP] = step[BIG_JOKER_INDEX] + 1
    return TrumpTables(tuple(suit_of), tuple(step), sort_key, steps_in_suit, max(step) + 1)


def cards_of_suit(cards: Iterable[Card], effective_suit: str, trump: Trump) -> list[Card]:
    """The cards whose effective suit is ``effective_suit``."""
    suit_of = trump.tables.suit_of
    return [card for card in cards if suit_of[card.index] == effective_suit]

