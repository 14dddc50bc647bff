"""Lesson 8, counting and chances: the widgets ``lessons/08_chances.ipynb`` shows.

Each function builds its own widget (a cell may run before any other) and shows a bilingual
message instead of a traceback when something goes wrong.
"""

from __future__ import annotations

import html
import re

import ipywidgets
from markupsafe import Markup

from ...engine.trump import Trump
from ...render.lesson_panels.card_counter import count_cards
from ...render.lesson_panels.chance_charts import (
    CHART_SAMPLES,
    gain_scene,
    kitty_scene,
    split_scene,
)
from ...widgets.language import SESSION
from ...widgets.surface import CardSurface
from ...words.catalogue import text
from .cells import safely

__all__ = ["card_counter", "gain_chart", "kitty_chart", "split_chart"]

START_HAND = "BJ H2 HA HK HQ H10 H9 SA SA SK SJ S9 S5 S3 C3 C4 C7 C8 C9 D4 D6 D8 D10 DJ DQ"


class CardCounter(ipywidgets.VBox):
    """Text boxes for the hand, the cards played and the card asked about; the figures follow them."""

    def __init__(self, hand: str, played: str, card: str, trump: Trump) -> None:
        self.trump = trump
        self.hand = ipywidgets.Textarea(value=hand, layout=ipywidgets.Layout(width="100%"))
        self.played = ipywidgets.Textarea(value=played, layout=ipywidgets.Layout(width="100%"))
        self.card = ipywidgets.Text(value=card)
        self.labels = [ipywidgets.HTML() for _ in range(3)]
        self.result = ipywidgets.HTML()
        super().__init__([self.labels[0], self.hand, self.labels[1], self.played, self.labels[2], self.card,
                          self.result])
        self.add_class("sk-counter")
        for box in (self.hand, self.played, self.card):
            box.observe(self.update, names="value")
        SESSION.observe(self.update, names="lang")
        self.update()

    def update(self, _change: object = None) -> None:
        lang = str(SESSION.lang)
        for label, code in zip(self.labels, ("l8_counter_hand", "l8_counter_played", "l8_counter_card"), strict=True):
            label.value = str(Markup("<b>{label}</b>").format(label=text(code, lang)))
        self.result.value = str(count_cards(self.hand.value, self.played.value, self.card.value, self.trump, lang))

    def __repr__(self) -> str:
        """What a text-only front end shows instead of the boxes: the figures in words, not a Python repr."""
        return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", self.result.value)).split())


def card_counter(hand: str = START_HAND, played: str = "", card: str = "CA", level: str = "2",
                 suit: str | None = "H") -> CardCounter | CardSurface:
    """Type a hand and the cards played; see where a missing card may be, sampled beside exact."""
    return safely(lambda: CardCounter(hand, played, card, Trump(level, suit)))


def kitty_chart(samples: int = CHART_SAMPLES) -> CardSurface:
    """The kitty's points over random deals."""
    return safely(lambda: CardSurface(kitty_scene(samples)))


def gain_chart(samples: int = CHART_SAMPLES) -> CardSurface:
    """Single or pair on the last trick: what the kitty adds."""
    return safely(lambda: CardSurface(gain_scene(samples)))


def split_chart(samples: int = CHART_SAMPLES) -> CardSurface:
    """How six missing clubs split."""
    return safely(lambda: CardSurface(split_scene(samples)))
