"""Lesson 4's trick stepper: the tricks of a recorded round one at a time, the winner marked and
the reason given (``explain_trick``). Buttons: ``data-action`` = ``previous``, ``next``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from ...engine.cards import Card
from ...engine.shapes import shape
from ...engine.tricks import play_key, trick_winner
from ...engine.trump import TRUMP, Trump
from ...game.bots import RuleBot, play_round
from ...game.record import parse
from ...game.round import Round
from ...words.catalogue import text
from ..table import lang_button
from ..table_data import PlayedCards
from ..tricks import trick_centre_html
from .follow_table import trump_context

Sentence = tuple[str, Mapping[str, object]]


@dataclass(frozen=True)
class RecordedTrick:
    """One trick of a record: who led, the plays in order, under which trump."""

    trump: Trump
    leader: int
    plays: tuple[tuple[Card, ...], ...]

    def seat(self, index: int) -> int:
        return (self.leader + index) % 4

    def played(self) -> tuple[PlayedCards, ...]:
        return tuple(PlayedCards(self.seat(i), cards) for i, cards in enumerate(self.plays))


def explain_trick(trick: RecordedTrick) -> tuple[int, list[Sentence]]:
    """The winning seat and why, by the engine: the lead stood, a higher follow, a ruff or over-ruff,
    then notes on equal plays that came later and plays of the wrong shape."""
    trump, plays = trick.trump, trick.plays
    winner = trick_winner(plays, trump)
    lead = shape(plays[0], trump)
    best = plays[winner]
    params = {"seat": trick.seat(winner), "cards": best}
    ruffs = [
        i for i, play in enumerate(plays) if i and (key := play_key(play, lead, trump)) is not None and key[0] == 1
    ]
    if winner == 0:
        code = "l4_why_led"
    elif lead.suit == TRUMP:
        code = "l4_why_trump_lead"
    elif winner in ruffs:
        code = "l4_why_over_ruff" if len(ruffs) > 1 else "l4_why_ruff"
    else:
        code = "l4_why_led_suit"
    sentences: list[Sentence] = [(code, params)]
    top = play_key(best, lead, trump)
    for i, play in enumerate(plays[1:], start=1):
        key = play_key(play, lead, trump)
        if i > winner and key is not None and key == top:
            sentences.append(("l4_note_equal", {"cards": play}))
        suits = {trump.suit_of(card) for card in play}
        if key is None and len(suits) == 1 and suits <= {lead.suit, TRUMP} and _top(play, trump) > _top(best, trump):
            sentences.append(("l4_note_wrong_shape", {"cards": play}))
    return trick.seat(winner), sentences


def reason_text(trick: RecordedTrick, lang: str) -> tuple[int, str]:
    """The winning seat and the engine's reason (``explain_trick``) as one paragraph in ``lang``."""
    winner, sentences = explain_trick(trick)
    return winner, text("join_sentences", lang).join(text(code, lang, **params) for code, params in sentences)


def explained_trick_html(trick: RecordedTrick, lang: str) -> Markup:
    """The trick set round the table (South at the bottom), the winner marked, the reason under it."""
    winner, why = reason_text(trick, lang)
    return Markup(
        '{trick}<div class="sk-message" data-role="message" data-kind="info">{why}</div>'
    ).format(trick=trick_centre_html(trick.played(), winner, lang, done=True, plain=True), why=why)


def _top(play: Sequence[Card], trump: Trump) -> tuple[bool, int]:
    """The strength of a play's highest card: trumps above plain cards, then by rank."""
    return max((trump.is_trump(card), trump.step(card)) for card in play)


def recorded_tricks(seed: int = 7) -> list[RecordedTrick]:
    """The tricks of a seeded round played by four RuleBots, read back from its JSON record."""
    rnd = Round.new(seed=seed, rules="super_tycoon", round_number=1, dealer=0, levels=("2", "2"))
    play_round(rnd, [RuleBot(seat) for seat in range(4)])
    record = parse(rnd.record())
    return [RecordedTrick(record.trump, t.leader, t.plays) for t in record.tricks]


def _button(action: str, label: str, enabled: bool) -> Markup:
    disabled = Markup("") if enabled else Markup(" disabled")
    return Markup('<button type="button" class="sk-button" data-action="{action}"{disabled}>{label}</button>').format(
        action=action, disabled=disabled, label=label
    )


class TrickStepper:
    """Step through ``tricks`` with Previous / Next; each shows its winner and the reason."""

    def __init__(self, tricks: Sequence[RecordedTrick], start: int = 0) -> None:
        if not tricks:
            raise ValueError("the stepper needs at least one trick")
        self.tricks = tuple(tricks)
        self.index = max(0, min(start, len(self.tricks) - 1))

    def handle(self, message: Mapping[str, Any]) -> None:
        action = message.get("action")
        if action == "previous":
            self.index = max(0, self.index - 1)
        elif action == "next":
            self.index = min(len(self.tricks) - 1, self.index + 1)

    def render(self, lang: str) -> Markup:
        trick = self.tricks[self.index]
        winner, why = reason_text(trick, lang)
        total = len(self.tricks)
        return Markup(
            '<div class="sk-panel" data-role="trick-stepper"><div class="sk-panel-head">'
            '<span class="sk-panel-title">{title}</span>{lang_button}</div>'
            '<div class="sk-legend" data-role="trick-number">{number}</div>{trick}'
            '<div class="sk-controls">{previous}{next}</div>'
            '<div class="sk-message" data-role="message" data-kind="info">{why}</div></div>'
        ).format(
            title=text("l4_stepper_title", lang),
            lang_button=lang_button(lang),
            number=text("join_sentences", lang).join(
                (text("l4_trick_number", lang, number=self.index + 1, total=total), trump_context(trick.trump, lang))
            ),
            trick=trick_centre_html(trick.played(), winner, lang, done=True, plain=True),
            previous=_button("previous", text("l4_previous", lang), self.index > 0),
            next=_button("next", text("l4_next", lang), self.index < total - 1),
            why=why,
        )


class ShownTricks:
    """One or more example tricks, each with its winner marked and the engine's reason under it."""

    def __init__(self, tricks: Sequence[RecordedTrick]) -> None:
        if not tricks:
            raise ValueError("at least one trick is needed")
        self.tricks = tuple(tricks)

    def handle(self, message: Mapping[str, Any]) -> None:
        """Nothing to click: the tricks are examples."""

    def _one(self, trick: RecordedTrick, lang: str) -> Markup:
        winner, _ = explain_trick(trick)
        caption = text("join_sentences", lang).join(
            (trump_context(trick.trump, lang), text("lcb_trick_caption", lang, seat=trick.leader))
        )
        return Markup(
            '<div class="sk-shown-trick" data-role="shown-trick" data-winner="{winner}">'
            '<div class="sk-legend">{caption}</div>{body}</div>'
        ).format(winner=winner, caption=caption, body=explained_trick_html(trick, lang))

    def render(self, lang: str) -> Markup:
        return Markup(
            '<div class="sk-panel" data-role="shown-tricks"><div class="sk-panel-head">'
            '<span class="sk-panel-title">{title}</span>{lang_button}</div>{tricks}</div>'
        ).format(
            title=text("lcb_trick_title", lang), lang_button=lang_button(lang),
            tricks=Markup("").join(self._one(trick, lang) for trick in self.tricks),
        )
