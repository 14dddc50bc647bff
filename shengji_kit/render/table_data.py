"""What a card table shows, as plain data: the controller fills a ``TableScene``, render draws it."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import Card
from ..engine.trump import Trump

LEARNER = 0
"""The learner's seat: South, drawn at the bottom."""


@dataclass(frozen=True)
class PlayedCards:
    """Cards one seat played to a trick (or showed to declare)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class ActionButton:
    """A button under the table: ``action`` goes to ``data-action``, ``value`` to ``data-value``."""

    action: str
    label: str
    value: str = ""
    enabled: bool = True
    primary: bool = False
    cards: tuple[Card, ...] = ()
    """Cards drawn on the button (a declaration shows the cards it reveals)."""
    hint: str = ""
    """What the button means (a glossary line): its tooltip and accessible description."""


@dataclass(frozen=True)
class SummaryLine:
    """One labelled figure of the end-of-round summary."""

    role: str
    label: str
    value: str
    hint: str = ""
    """What the figure means (a glossary line), shown as a tooltip."""


@dataclass(frozen=True)
class Summary:
    """The end-of-round summary: a title, labelled figures, and the kitty that was buried."""

    title: str
    lines: tuple[SummaryLine, ...]
    kitty: tuple[Card, ...] = ()
    coach: str = ""
    """The coach's block under the figures (hints used, the review button or table), as HTML."""


@dataclass(frozen=True)
class LogLine:
    """One line of the game log: the text, the cards it is about, its kind (declare, trick …)."""

    kind: str
    text: str
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class SeatBox:
    """What is shown for one seat: name, cards left, and badges."""

    seat: int
    name: str
    cards_left: int
    dealer: bool = False
    leader: bool = False
    winning: bool = False
    to_act: bool = False
    team_level: str = ""


@dataclass(frozen=True)
class TableScene:
    """Everything the table widget draws, already in the chosen language."""

    lang: str
    seats: tuple[SeatBox, ...]
    hand: tuple[Card, ...]
    selected: frozenset[int] = frozenset()
    playable: frozenset[Card] | None = None
    trump: Trump | None = None
    status: tuple[tuple[str, str, str], ...] = ()
    """(role, label, value) figures in the top bar: trump, level, dealer, points …"""
    trick: tuple[PlayedCards, ...] = ()
    trick_winner: int | None = None
    trick_done: bool = False
    """The trick in the centre is complete (shown until the next lead)."""
    previous: tuple[PlayedCards, ...] = ()
    previous_winner: int | None = None
    show_previous: bool = False
    message: str = ""
    message_kind: str = "info"
    message_key: str = ""
    """New for each new message (the widget's live region says the message when its key is new)."""
    message_cards: tuple[Card, ...] = ()
    """Cards the message is about (the cards that stopped a failed throw)."""
    prompt: str = ""
    actions: tuple[ActionButton, ...] = ()
    summary: Summary | None = None
    kitty: tuple[Card, ...] = ()
    kitty_label: str = ""
    hinted: frozenset[int] = frozenset()
    """Positions in the hand of the coach's suggested play (drawn with ``sk-hinted``)."""
    coach: str = ""
    """The coach's panel next to the hand (the hint's reasons), as HTML."""
    review: str = ""
    """The finished round review, drawn full-width under the board, as HTML."""
    message_hint: str = ""
    """A glossary line for the message (a failed throw's penalty in base stakes)."""
    status_hints: tuple[tuple[str, str], ...] = ()
    """(role, glossary line) tooltips for the top bar's figures."""
    last_trick: tuple[PlayedCards, ...] = ()
    """The trick the learner last played in, kept beside the centre until the learner moves."""
    last_winner: int | None = None
    last_title: str = ""
    bidding: tuple[str, ...] = ()
    """While dealing: cards dealt so far and every declaration or overturn, in order."""
    log: tuple[LogLine, ...] = ()
    log_title: str = ""
    rules_href: str = ""
    rules_label: str = ""
