"""Lesson 1's exercises: "is this card a trump?", "which card wins this trick?", "put these in order".

Each ``*_question(rng)`` draws a fresh question from a seeded ``random.Random``; the answers
are checked by the engine (``Trump``, ``trick_winner``), never hard-coded.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine.cards import CARDS, RANKS, SUITS, Card, full_deck
from ..engine.tricks import trick_winner
from ..engine.trump import TRUMP, Trump
from ..render.exercises import CHOICE, ORDER, Choice, Feedback, Question
from .trump_facts import Sentence, card_role


def random_trump(rng: random.Random, no_trump_chance: float = 0.15) -> Trump:
    """A random level with a random trump suit (sometimes no trump)."""
    suit = None if rng.random() < no_trump_chance else rng.choice(SUITS)
    return Trump(rng.choice(RANKS), suit)


def _faces(trump: Trump, suit: str) -> list[Card]:
    return [card for card in CARDS if trump.suit_of(card) == suit]


# --- is this card a trump? -------------------------------------------------------------


def is_trump_question(rng: random.Random) -> Question:
    """Show one card and a trump context; the learner answers yes or no."""
    trump = random_trump(rng)
    pool = _faces(trump, TRUMP) if rng.random() < 0.5 else [c for c in CARDS if not trump.is_trump(c)]
    card = rng.choice(pool)
    truth = trump.is_trump(card)

    def check(picks: tuple[str, ...]) -> Feedback:
        said_yes = picks[-1] == "yes"
        code, params = card_role(card, trump)
        return Feedback(said_yes == truth, code, params)

    return Question(
        CHOICE, "q_is_trump", {"card": card, "trump": trump}, trump,
        (Choice("yes", label_code="ui_yes"), Choice("no", label_code="ui_no")),
        check, shown=(card,),
    )


# --- which card wins this trick? -------------------------------------------------------


def _deal_trick(rng: random.Random, trump: Trump) -> list[Card]:
    deck = full_deck()
    rng.shuffle(deck)
    led_suit = TRUMP if rng.random() < 0.25 else rng.choice([s for s in SUITS if s != trump.suit])
    lead = next(card for card in deck if trump.suit_of(card) == led_suit)
    deck.remove(lead)
    plays = [lead]
    for _ in range(3):
        roll = rng.random()
        if roll < 0.62 or led_suit == TRUMP and roll < 0.85:
            wanted = led_suit
        elif roll < 0.85:
            wanted = TRUMP
        else:
            wanted = rng.choice([s for s in SUITS if s != led_suit and s != trump.suit])
        card = next(c for c in deck if trump.suit_of(c) == wanted)
        deck.remove(card)
        plays.append(card)
    return plays


def explain_winner(plays: Sequence[Card], leader: int, trump: Trump) -> tuple[int, Sentence, list[Sentence]]:
    """The winning play's index, the sentence that says why, and notes (ties, discards)."""
    winner = trick_winner([[card] for card in plays], trump)
    card = plays[winner]
    led = trump.suit_of(plays[0])
    params: dict[str, object] = {
        "card": card, "seat": (leader + winner) % 4, "suit": led,
    }
    ruffs = [c for c in plays if trump.suit_of(c) == TRUMP]
    if led == TRUMP:
        code = "win_trump_lead"
    elif trump.suit_of(card) == TRUMP:
        code = "win_ruff" if len(ruffs) == 1 else "win_top_ruff"
    else:
        code = "win_led_suit"
    notes: list[Sentence] = []
    ties = [
        c for i, c in enumerate(plays)
        if i > winner and trump.suit_of(c) == trump.suit_of(card) and trump.step(c) == trump.step(card)
    ]
    if ties:
        notes.append(("note_tie", {"other": ties[0]}))
    discards = [c for c in plays if trump.suit_of(c) not in (led, TRUMP)]
    if discards:
        notes.append(("note_discards", {"cards": tuple(discards)}))
    return winner, (code, params), notes


def which_wins_question(rng: random.Random) -> Question:
    """Four single cards played in turn; the learner clicks the one that takes the trick."""
    trump = random_trump(rng)
    leader = rng.randrange(4)
    plays = _deal_trick(rng, trump)
    winner, (code, params), notes = explain_winner(plays, leader, trump)

    def check(picks: tuple[str, ...]) -> Feedback:
        return Feedback(picks[-1] == str(winner), code, params, tuple(notes))

    choices = tuple(
        Choice(str(i), (card,), seat=(leader + i) % 4) for i, card in enumerate(plays)
    )
    return Question(
        CHOICE, "q_which_wins", {"trump": trump, "leader": leader},
        trump, choices, check,
    )


# --- put these cards in order ----------------------------------------------------------


def _order_cards(rng: random.Random, trump: Trump) -> tuple[str, list[Card]]:
    if rng.random() < 0.6:
        faces = _faces(trump, TRUMP)
        return TRUMP, rng.sample(faces, min(5, len(faces)))
    suit = rng.choice([s for s in SUITS if s != trump.suit])
    return suit, rng.sample(_faces(trump, suit), 5)


def check_order(cards: Sequence[Card], trump: Trump) -> Feedback:
    """Is ``cards`` ordered strongest first (equal cards in any order)? Explains the first slip."""
    best = trump.sorted(cards)
    order: dict[str, object] = {"order": tuple(best)}
    notes: list[Sentence] = []
    for step in sorted({trump.step(c) for c in cards}, reverse=True):
        equal = [c for c in best if trump.step(c) == step]
        if len(equal) > 1:
            notes.append(("note_equal", {"cards": tuple(equal)}))
    for a, b in zip(cards, cards[1:], strict=False):
        if trump.step(b) > trump.step(a):
            why = (card_role(b, trump),) if trump.is_trump(b) else ()
            params = {"higher": b, "lower": a, **order}
            return Feedback(False, "order_wrong", params, (*why, *notes))
    return Feedback(True, "order_right", order, tuple(notes))


def order_question(rng: random.Random) -> Question:
    """Five cards of one effective suit; the learner clicks them strongest first."""
    trump = random_trump(rng)
    suit, cards = _order_cards(rng, trump)
    choices = tuple(Choice(str(i), (card,)) for i, card in enumerate(cards))

    def check(picks: tuple[str, ...]) -> Feedback:
        return check_order([cards[int(p)] for p in picks], trump)

    code = "q_order_trumps" if suit == TRUMP else "q_order_suit"
    return Question(ORDER, code, {"trump": trump, "suit": suit}, trump, choices, check)
