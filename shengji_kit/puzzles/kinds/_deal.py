"""What every kind's generator shares: the learner's wishes (``DealSpec``), the trump context drawn from
them, a shuffled two-deck pack to deal from, and ``finish``, which reads the fresh item with the kind's
own ``parse`` and writes its explanation from the engine's judgement of the right answer."""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ...engine.cards import RANKS, SUITS, Card, full_deck
from ...engine.errors import RuleError
from ...engine.follow import legal_plays
from ...engine.rules import PRESET_NAMES
from ...engine.shapes import TRACTOR, shape
from ...engine.trump import TRUMP, Trump
from ...game.position_table import PositionTable, read_position_table
from ...words import Message, text
from ..fields import Raw
from ..model import Question

NO_TRUMP = "none"
DIFFICULTIES = (1, 2, 3, 4, 5)


class DealSpecError(ValueError):
    """A wish a generator cannot meet (an unknown preset, level, suit, seat or difficulty); ``line`` says
    which, in both languages."""

    def __init__(self, line: Message) -> None:
        self.line = line
        super().__init__(line.render("en"))


@dataclass(frozen=True)
class DealSpec:
    """What a fresh item should be like; ``None`` leaves the choice to the seeded generator."""

    difficulty: int | None = None
    preset: str | None = None
    level: str | None = None
    suit: str | None = None
    """``S``, ``H``, ``C``, ``D``, or ``none`` for no-trump."""
    leader: int | None = None
    idea: str | None = None
    """What the item should show or ask (a strategy idea such as ``cash``, a round-flow question such as
    ``attackers``); the kind's generator refuses one it does not know."""

    def __post_init__(self) -> None:
        if self.difficulty is not None and self.difficulty not in DIFFICULTIES:
            raise DealSpecError(Message("gen_bad_difficulty", {"value": repr(self.difficulty)}))
        if self.preset is not None and self.preset not in PRESET_NAMES:
            raise DealSpecError(Message("gen_bad_preset", {"value": repr(self.preset),
                                                          "known": ", ".join(PRESET_NAMES)}))
        if self.level is not None and self.level not in RANKS:
            raise DealSpecError(Message("gen_bad_level", {"value": repr(self.level)}))
        if self.suit is not None and self.suit not in (*SUITS, NO_TRUMP):
            raise DealSpecError(Message("gen_bad_suit", {"value": repr(self.suit)}))
        if self.leader is not None and (isinstance(self.leader, bool) or self.leader not in (0, 1, 2, 3)):
            raise DealSpecError(Message("gen_bad_leader", {"value": repr(self.leader)}))


ANY = DealSpec()


@dataclass(frozen=True)
class Context:
    """The drawn circumstances of one item: preset, trump, leading seat and difficulty."""

    preset: str
    trump: Trump
    leader: int
    difficulty: int

    def position(self, **fields: Any) -> dict[str, Any]:
        """A ``[puzzle.position]`` table with this context and ``fields``."""
        return {"rules": self.preset, "level": self.trump.level, "trump": self.trump.suit or NO_TRUMP, **fields}


def context(rng: random.Random, spec: DealSpec | None, no_trump_share: float = 0.15) -> Context:
    """Draw what ``spec`` leaves open: each level 2–A, each suit (no-trump now and then), each seat."""
    spec = spec or ANY
    preset = spec.preset or rng.choice(PRESET_NAMES)
    level = spec.level or rng.choice(RANKS)
    if spec.suit is not None:
        suit = None if spec.suit == NO_TRUMP else spec.suit
    else:
        suit = None if rng.random() < no_trump_share else rng.choice(SUITS)
    leader = spec.leader if spec.leader is not None else rng.randrange(4)
    difficulty = spec.difficulty or rng.choice(DIFFICULTIES)
    return Context(preset, Trump(level, suit), leader, difficulty)


class Pack:
    """The 108 cards shuffled by ``rng``; cards taken from it are gone, so no card appears thrice."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.cards = full_deck()
        rng.shuffle(self.cards)

    def take(self, wanted: Callable[[Card], bool], count: int) -> list[Card]:
        """Up to ``count`` cards that ``wanted`` accepts, in shuffled order."""
        found: list[int] = []
        for at, card in enumerate(self.cards):
            if len(found) == count:
                break
            if wanted(card):
                found.append(at)
        taken = set(found)
        cards = [self.cards[at] for at in found]
        self.cards = [card for at, card in enumerate(self.cards) if at not in taken]
        return cards

    def take_cards(self, cards: Iterable[Card]) -> bool:
        """Take exactly these cards (copies counted); False, and nothing taken, when the pack lacks one."""
        wanted = Counter(card.index for card in cards)
        held = Counter(card.index for card in self.cards)
        if any(held[index] < count for index, count in wanted.items()):
            return False
        left: list[Card] = []
        for card in self.cards:
            if wanted[card.index]:
                wanted[card.index] -= 1
            else:
                left.append(card)
        self.cards = left
        return True

    def doubled(self, wanted: Callable[[Card], bool]) -> list[Card]:
        """The faces ``wanted`` accepts that the pack still holds twice, in shuffled order."""
        held = Counter(card.index for card in self.cards)
        return [card for card in dict.fromkeys(self.cards) if held[card.index] == 2 and wanted(card)]

    def pair(self, wanted: Callable[[Card], bool]) -> list[Card]:
        """Both copies of one face that ``wanted`` accepts (empty when none is left twice)."""
        faces = self.doubled(wanted)
        if not faces:
            return []
        face = self.rng.choice(faces)
        self.take_cards([face, face])
        return [face, face]

    def tractor(self, trump: Trump, suit: str, pairs: int) -> list[Card]:
        """A tractor of ``pairs`` pairs in effective suit ``suit`` (empty when the pack holds none)."""
        doubled = self.doubled(lambda card: trump.suit_of(card) == suit)
        by_step: dict[int, list[Card]] = {}
        for card in doubled:
            by_step.setdefault(trump.step(card), []).append(card)
        starts = [step for step in by_step if all(step + k in by_step for k in range(pairs))]
        self.rng.shuffle(starts)
        for start in starts:
            faces = [self.rng.choice(by_step[start + k]) for k in range(pairs)]
            cards = [face for face in faces for _ in range(2)]
            if is_one_tractor(cards, trump, pairs) and self.take_cards(cards):
                return cards
        return []


def is_one_tractor(cards: Sequence[Card], trump: Trump, pairs: int) -> bool:
    """Do ``cards`` form one tractor of ``pairs`` pairs?"""
    try:
        found = shape(cards, trump)
    except RuleError:
        return False
    return found.kind == TRACTOR and found.components[0].pairs == pairs


def plain_suits(trump: Trump) -> list[str]:
    """The suits that are not trump (all four at no-trump)."""
    return [suit for suit in SUITS if suit != trump.suit]


def led_suit(rng: random.Random, trump: Trump, trump_share: float = 0.3) -> str:
    """An effective suit to lead: trumps now and then, else a plain suit."""
    return TRUMP if rng.random() < trump_share else rng.choice(plain_suits(trump))


def deal_lead(rng: random.Random, pack: Pack, trump: Trump, suit: str, difficulty: int) -> list[Card]:
    """A lead of one combination in ``suit``: a single (1), a pair (2), a tractor (3–5, longer when harder)."""
    in_suit: Callable[[Card], bool] = lambda card: trump.suit_of(card) == suit  # noqa: E731
    if difficulty >= 3:
        pairs = 2 if difficulty < 5 or rng.random() < 0.5 else 3
        found = pack.tractor(trump, suit, pairs)
        if found:
            return found
    if difficulty >= 2:
        found = pack.pair(in_suit)
        if found:
            return found
    return pack.take(in_suit, 1)


def deal_follower_hand(rng: random.Random, pack: Pack, trump: Trump, suit: str, size: int) -> list[Card]:
    """A hand of ``size`` cards, with some of ``suit`` (now a pair, now none), so following is a question."""
    in_suit: Callable[[Card], bool] = lambda card: trump.suit_of(card) == suit  # noqa: E731
    hand: list[Card] = []
    if rng.random() < 0.6:
        hand += pack.pair(in_suit)
    hand += pack.take(in_suit, rng.randrange(0, max(1, size - len(hand)) // 2 + 2))
    hand += pack.take(lambda card: True, max(0, size - len(hand)))
    return hand[:size] if len(hand) > size else hand


def random_follow(rng: random.Random, lead: Sequence[Card], hand: Sequence[Card], trump: Trump) -> list[Card]:
    """One legal follow of ``lead`` from ``hand``, chosen at random among the first few hundred."""
    plays = list(legal_plays(lead, hand, trump, limit=300))
    return rng.choice(plays)


def codes(cards: Iterable[Card]) -> str:
    """Cards as the files write them: ``"SA S10 BJ"``."""
    return " ".join(card.code for card in cards)


def trick_table(leader: int, plays: Sequence[Sequence[Card]]) -> dict[str, str]:
    """A position's ``trick``: each play by seat, from ``leader`` round in turn order."""
    return {str((leader + k) % 4): codes(play) for k, play in enumerate(plays)}


def sentences(lines: Iterable[Message]) -> dict[str, str]:
    """Messages as one paragraph per language (each language joins sentences its own way)."""
    found = list(lines)
    return {lang: text("join_sentences", lang).join(line.render(lang) for line in found) for lang in ("en", "zh")}


def finish(
    kind: str,
    core: dict[str, Any],
    ctx: Context,
    parse: Callable[[Raw, PositionTable], Question],
    answer: object,
    explanation: Iterable[Message] | None = None,
) -> dict[str, Any]:
    """The whole raw item: ``core`` (the kind's fields and position) read by the kind's own ``parse``, its
    explanation the engine's judgement of ``answer`` (unless given), its id drawn from its content."""
    item: dict[str, Any] = {"kind": kind, "difficulty": ctx.difficulty, **core}
    digest = hashlib.sha1(json.dumps(item, sort_keys=True, default=str).encode()).hexdigest()[:12]
    item["id"] = f"gen-{kind.replace('_', '-')}-{digest}"
    item["title"] = Message(f"gen_{kind}_title").texts()
    item["hint"] = Message(f"gen_{kind}_hint").texts()
    if explanation is None:
        question = parse(item, read_position_table(item["position"], required=("rules",)))
        grade = question.grade(answer)
        explanation = (*grade.lines, *grade.reveal)
    item["explanation"] = sentences(explanation)
    return item


def content(item: Raw) -> str:
    """What makes an item itself (its position and fields, not its texts): equal for equal items."""
    kept = {key: value for key, value in item.items() if key not in ("id", "title", "hint", "explanation")}
    return json.dumps(kept, sort_keys=True, default=str)


@dataclass(frozen=True)
class TrickDeal:
    """A trick in progress: the plays so far (the lead first) and the hand of the seat to play next."""

    suit: str
    plays: tuple[tuple[Card, ...], ...]
    hand: tuple[Card, ...]

    @property
    def lead(self) -> tuple[Card, ...]:
        return self.plays[0]


def deal_trick(rng: random.Random, pack: Pack, ctx: Context, played: int, hand_size: int) -> TrickDeal:
    """``played`` plays (1–4, a lead of ``ctx.difficulty``'s shape, legal follows from random hands), then
    the next seat's hand of ``hand_size`` cards."""
    suit = led_suit(rng, ctx.trump)
    lead = deal_lead(rng, pack, ctx.trump, suit, ctx.difficulty)
    plays = [tuple(lead)]
    for _ in range(played - 1):
        hand = deal_follower_hand(rng, pack, ctx.trump, suit, len(lead) + rng.randrange(4))
        plays.append(tuple(random_follow(rng, lead, hand, ctx.trump)))
    hand = deal_follower_hand(rng, pack, ctx.trump, suit, max(hand_size, len(lead))) if played < 4 else []
    return TrickDeal(suit, tuple(plays), tuple(ctx.trump.sorted(hand)))


def hand_size(ctx: Context, low: int = 5) -> int:
    """A hand's size: longer when harder."""
    return low + 2 * ctx.difficulty


def deal_throw(rng: random.Random, pack: Pack, trump: Trump, suit: str, difficulty: int) -> list[Card]:
    """A throw in ``suit`` (several combinations led at once), high cards mostly: two singles (1), a single
    and a pair (2), two pairs or a pair and a single (3), a tractor and a single (4), a tractor and more (5)."""
    top = trump.steps_in(suit)
    while True:
        floor = rng.randint(max(0, top - 6), max(0, top - 2))
        def high(card: Card, floor: int = floor) -> bool:
            return trump.suit_of(card) == suit and trump.step(card) >= floor

        parts: list[Card] = []
        if difficulty >= 4:
            parts += pack.tractor(trump, suit, 2)
        if difficulty in (2, 3, 5):
            parts += pack.pair(high)
        if difficulty == 3 and rng.random() < 0.5:
            parts += pack.pair(high)
        for _ in range(2 if difficulty == 1 else 1):
            parts += pack.take(fresh_high(high, parts), 1)
        try:
            if parts and shape(parts, trump).kind == "throw":
                return trump.sorted(parts)
        except RuleError:
            pass
        pack.cards += parts
        rng.shuffle(pack.cards)


def fresh_high(high: Callable[[Card], bool], held: Sequence[Card]) -> Callable[[Card], bool]:
    """Accept what ``high`` accepts and ``held`` does not hold yet."""
    kept = tuple(held)
    return lambda card: high(card) and card not in kept


def of_suit(trump: Trump, suit: str) -> Callable[[Card], bool]:
    """Accept the cards of effective suit ``suit``."""
    return lambda card: trump.suit_of(card) == suit


def other_hands(rng: random.Random, pack: Pack, trump: Trump, suit: str, size: int) -> list[list[Card]]:
    """Three hands of ``size`` cards, each with some cards of ``suit``."""
    return [deal_follower_hand(rng, pack, trump, suit, size) for _ in range(3)]


def first_trump(rng: random.Random, spec: DealSpec | None) -> Trump:
    """The trump context the first generators draw (suit, then level), with ``spec``'s wishes put over it:
    the draws stay the same, so a seed dealt before wishes existed still deals the same item."""
    spec = spec or ANY
    suit = None if rng.random() < 0.15 else rng.choice(SUITS)
    level = rng.choice(RANKS)
    if spec.suit is not None:
        suit = None if spec.suit == NO_TRUMP else spec.suit
    return Trump(spec.level or level, suit)
