"""Reading a learner's answer: a seat, cards, groups of cards, a number. Bad input becomes a Message."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..engine.cards import Card, parse_cards
from ..engine.errors import CardError
from ..engine.follow import missing_cards
from ..words import Message
from ..words.catalogue import combinations_text
from .model import AnswerError, Choice
from .text import Text

__all__ = [
    "AnswerError", "answer_cards", "answer_groups", "answer_int", "answer_seat", "answer_yes_no", "seat_text",
    "yes_no_choices",
]


def seat_text(seat: int) -> Text:
    """A seat's name in both languages: ``East`` / ``东家``."""
    return Text.of("puzzle_choice_seat", seat=seat)


def answer_seat(answer: object, seats: Sequence[int] = (0, 1, 2, 3)) -> int:
    """A seat among ``seats``, given as an int or a digit string."""
    value = answer.strip() if isinstance(answer, str) else answer
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value not in seats:
        raise AnswerError(Message("puzzle_bad_seat", {"value": repr(answer), "seats": ", ".join(map(str, seats))}))
    return value


def answer_int(answer: object) -> int:
    """A whole number, given as an int or as text."""
    value = answer.strip() if isinstance(answer, str) else answer
    if isinstance(value, str) and value.lstrip("-").isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise AnswerError(Message("puzzle_bad_number", {"value": repr(answer)}))
    return value


def answer_cards(answer: object) -> list[Card]:
    """Cards given as text (``"SA SK"``) or as a list of tokens or cards."""
    if not isinstance(answer, str | list | tuple):
        raise AnswerError(Message("puzzle_bad_cards", {"value": repr(answer)}))
    try:
        return list(parse_cards(answer))
    except CardError as error:
        raise AnswerError(Message(error.code, error.params)) from None


def answer_groups(answer: object) -> list[list[Card]]:
    """Groups of cards: a list whose items are card texts or card lists."""
    if isinstance(answer, str):
        items: list[object] = [part for part in answer.split("|") if part.strip()]
    elif isinstance(answer, list | tuple):
        items = list(answer)
    else:
        raise AnswerError(Message("puzzle_bad_cards", {"value": repr(answer)}))
    return [answer_cards(item) for item in items]


def missing_from(held: Sequence[Card], cards: Sequence[Card]) -> list[Card]:
    """The cards of ``cards`` that ``held`` does not contain (counting copies)."""
    return missing_cards(held, cards)


def same_cards(a: Sequence[Card], b: Sequence[Card]) -> bool:
    """True when ``a`` and ``b`` hold the same cards, copies counted, in any order."""
    return Counter(card.index for card in a) == Counter(card.index for card in b)


def cards_text(cards: Sequence[Card], lang: str = "en") -> str:
    """Cards as a learner reads them in ``lang``, a pair as one word and spaces between: ``♥3♥3 ♠A``,
    a joker by name (``Big Joker`` / ``大王``)."""
    return combinations_text(cards, lang)


YES, NO = "yes", "no"


def answer_yes_no(answer: object) -> bool:
    """Yes or no: ``True``/``False`` or the texts ``yes``/``no`` (also ``true``/``false``)."""
    if isinstance(answer, bool):
        return answer
    value = answer.strip().lower() if isinstance(answer, str) else None
    if value in (YES, "true"):
        return True
    if value in (NO, "false"):
        return False
    raise AnswerError(Message("ex_bad_yes_no", {"value": repr(answer)}))


def yes_no_choices() -> list[Choice]:
    """The two offered answers of a yes-or-no kind."""
    return [Choice(YES, Text.of("ui_yes")), Choice(NO, Text.of("ui_no"))]
