"""Lesson 8's card counter: from a hand and the cards played, where is a missing card — sampled beside exact.

``count_cards(hand, played, card, trump, lang)`` returns the panel's HTML; bad input becomes a
message in the learner's language (the text boxes may hold anything while being typed).
"""

from __future__ import annotations

from markupsafe import Markup

from ...chances import chance_holds, situation
from ...chances.situation import KITTY
from ...engine.cards import parse_card, parse_cards
from ...engine.errors import RuleError
from ...engine.scoring import points
from ...engine.trump import Trump
from ...words.catalogue import text
from .chance_charts import plain_python_note

SAMPLES = 10_000
"""Modest, so the notebook stays quick; the standard error is shown beside each figure."""
EAST = 1
PARTNER = 2


def count_cards(hand: str, played: str, card: str, trump: Trump, lang: str = "en", seed: int = 0) -> Markup:
    """The unseen cards and the chances that the partner, East and the kitty hold ``card``."""
    try:
        known = situation(parse_cards(hand), trump, parse_cards(played))
        asked = parse_card(card.strip())
        figures = [
            (code, chance_holds(asked, holder, known, samples=SAMPLES, seed=seed))
            for code, holder in (
                ("l8_counter_partner", PARTNER), ("l8_counter_east", EAST), ("l8_counter_kitty", KITTY)
            )
        ]
    except (RuleError, ValueError) as error:
        reason = error.message(lang) if isinstance(error, RuleError) else str(error)
        return Markup('<div class="sk-message" data-role="counter" data-kind="error">{line}</div>').format(
            line=text("l8_counter_error", lang, reason=reason)
        )
    lines = [text("l8_counter_unseen", lang, count=len(known.unseen), points=points(list(known.unseen)))]
    lines += [text(code, lang, card=asked, figure=estimate.describe(lang)) for code, estimate in figures]
    items = Markup("").join(Markup("<li>{line}</li>").format(line=line) for line in lines)
    listed = Markup('<ul class="sk-message" data-role="counter" data-kind="info">{items}</ul>').format(items=items)
    return listed + plain_python_note(lang)
