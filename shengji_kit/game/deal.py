"""The seeded deal: the same seed always gives the same cards, on every machine.

The deck is shuffled by ``random.Random`` seeded with a string (hashed with SHA-512 by
Python, so it does not depend on ``PYTHONHASHSEED``). Cards go out one at a time,
counter-clockwise from the first dealer, until 8 remain for the kitty (or the house rules'
``kitty_size``).
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Iterable, Mapping

from ..engine.cards import Card, full_deck, parse_cards

HAND_SIZE = 25
KITTY_SIZE = 8
DEALT_CARDS = 4 * HAND_SIZE


_FULL_DECK: tuple[Card, ...] = tuple(full_deck())


def shuffled_deck(seed: int, deal_number: int = 0) -> list[Card]:
    """The 108 cards in dealing order for ``seed``; ``deal_number`` counts redeals."""
    deck = list(_FULL_DECK)
    shuffle(deck, random.Random(f"shengji-kit/{seed}/{deal_number}"))
    return deck


def shuffle(items: list[Card], rng: random.Random) -> None:
    """``rng.shuffle(items)`` written out: the same Fisher-Yates walk and the same draws from
    ``getrandbits`` as CPython's ``random.shuffle`` (so every seed deals the same cards), without
    a method call per card. tests/game/test_deal.py checks it against ``random.shuffle``."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        size = i + 1
        bits = size.bit_length()
        j = getrandbits(bits)
        while j >= size:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def receiver(first: int, card_number: int) -> int:
    """The seat that receives the ``card_number``-th card (0-based) of a deal begun at ``first``."""
    return (first + card_number) % 4


def dealt_hands(deck: list[Card], first: int, kitty_size: int = KITTY_SIZE) -> list[list[Card]]:
    """The four hands (25 cards with the usual 8-card kitty), by seat, once the whole deal is out."""
    hands: list[list[Card]] = [[], [], [], []]
    for number in range(len(deck) - kitty_size):
        hands[receiver(first, number)].append(deck[number])
    return hands


def kitty_of(deck: list[Card], kitty_size: int = KITTY_SIZE) -> list[Card]:
    """The cards left after the deal (8 unless a house rule sets ``kitty_size``)."""
    return deck[len(deck) - kitty_size:]


def derived_seed(seed: int, index: int) -> int:
    """A seed for the ``index``-th item (round, bot) of a run seeded with ``seed``."""
    digest = hashlib.sha256(f"shengji-kit/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def check_deck(deck: Iterable[Card]) -> list[Card]:
    """The deck as a list; raises ``ValueError`` unless it holds each of the 108 cards once."""
    cards = list(deck)
    if Counter(card.index for card in cards) != Counter(card.index for card in full_deck()):
        raise ValueError("a deck must hold the 108 cards of two decks, each exactly once")
    return cards


def arrange_deck(
    hands: Mapping[int, Iterable[Card] | str],
    kitty: Iterable[Card] | str = (),
    first: int = 0,
    seed: int = 0,
    kitty_size: int = KITTY_SIZE,
) -> list[Card]:
    """A deck in dealing order that gives each seat the cards named for it, dealt first.

    ``hands`` maps seats to (part of) their 25 cards, ``kitty`` names (part of) the 8 kitty
    cards in order (other sizes with ``kitty_size``); the rest is filled from a seeded shuffle.
    For set-up deals in lessons and tests.
    """
    wanted = {seat: list(parse_cards(cards)) for seat, cards in hands.items()}
    kitty_cards = list(parse_cards(kitty))
    pool = Counter(card.index for card in full_deck())
    for card in [*kitty_cards, *(c for cards in wanted.values() for c in cards)]:
        if pool[card.index] == 0:
            raise ValueError(f"{card} is asked for more than twice")
        pool[card.index] -= 1
    hand_size = (len(_FULL_DECK) - kitty_size) // 4
    if any(len(cards) > hand_size for cards in wanted.values()) or len(kitty_cards) > kitty_size:
        raise ValueError(f"a hand holds {hand_size} cards and the kitty {kitty_size}")
    rest: list[Card] = []
    for card in shuffled_deck(seed):
        if pool[card.index] > 0:
            pool[card.index] -= 1
            rest.append(card)
    full = {seat: wanted.get(seat, []) for seat in range(4)}
    for seat in range(4):
        while len(full[seat]) < hand_size:
            full[seat].append(rest.pop())
    kitty_cards += [rest.pop() for _ in range(kitty_size - len(kitty_cards))]
    deck = [full[receiver(first, number)][number // 4] for number in range(4 * hand_size)]
    return check_deck(deck + kitty_cards)
