"""A live "follow the lead" table for lessons 3 and 4: a trick in progress, the learner's hand with
the playable cards lifted (``playable_cards``), and a Play button judged by ``check_follow``.

With ``show_winner`` (lesson 4) a legal play is added to the trick and ``trick_winner`` says who
takes it. Buttons: ``data-action`` = ``play``, ``clear``, ``next``; a card click toggles it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from ...engine.cards import Card, parse_cards
from ...engine.explain import Verdict
from ...engine.follow import check_follow, playable_cards
from ...engine.tricks import trick_winner
from ...engine.trump import Trump
from ...words.catalogue import text
from ..hands import hand_html
from ..selection import Selection
from ..table import lang_button
from ..table_data import LEARNER, PlayedCards
from ..tricks import trick_centre_html

Sentence = tuple[str, Mapping[str, object]]


def trump_context(trump: Trump, lang: str) -> str:
    """``Level 2, spades trump.`` / ``打2，黑桃为主。``: the trump a table is played under."""
    described = trump.describe(lang)
    return f"{described}。" if lang == "zh" else f"{described[0].upper()}{described[1:]}."



@dataclass(frozen=True)
class FollowPosition:
    """A trick led by ``leader``, the plays so far (in order), and South's hand, under ``trump``."""

    trump: Trump
    leader: int
    plays: tuple[tuple[Card, ...], ...]
    hand: tuple[Card, ...]

    @property
    def lead(self) -> tuple[Card, ...]:
        return self.plays[0]

    def played(self) -> tuple[PlayedCards, ...]:
        return tuple(PlayedCards((self.leader + i) % 4, cards) for i, cards in enumerate(self.plays))


def follow_position(level: str, suit: str | None, leader: int, plays: Sequence[str], hand: str) -> FollowPosition:
    """A position written as card text; the plays run from ``leader`` up to the seat before South."""
    if (leader + len(plays)) % 4 != LEARNER or not 1 <= len(plays) <= 3:
        raise ValueError(f"{len(plays)} plays from seat {leader} do not lead up to South")
    return FollowPosition(
        Trump(level, suit), leader, tuple(tuple(parse_cards(p)) for p in plays), tuple(parse_cards(hand))
    )


def _button(action: str, label: str, primary: bool = False) -> Markup:
    cls = "sk-button sk-primary" if primary else "sk-button"
    return Markup('<button type="button" class="{cls}" data-action="{action}">{label}</button>').format(
        cls=cls, action=action, label=label
    )


class FollowTable:
    """Positions to follow, one at a time; the learner picks cards and plays them; the engine judges."""

    def __init__(
        self, positions: Sequence[FollowPosition], show_winner: bool = False, title: str = "l3_table_title"
    ) -> None:
        if not positions:
            raise ValueError("a follow table needs at least one position")
        self.positions = tuple(positions)
        self.show_winner = show_winner
        self.title = title
        self.index = 0
        self._start()

    @property
    def position(self) -> FollowPosition:
        return self.positions[self.index]

    def _start(self) -> None:
        self.hand = Selection(self.position.hand, self.position.trump)
        self.sentences: list[Sentence] = []
        self.kind = "info"
        self.result: tuple[tuple[PlayedCards, ...], int] | None = None

    def playable(self) -> set[Card]:
        """The cards of the hand that belong to at least one legal follow."""
        return playable_cards(self.position.lead, self.position.hand, self.position.trump)

    def play(self, cards: Sequence[Card]) -> bool:
        """Judge ``cards`` as South's follow; say why in ``sentences``. True when it was allowed."""
        position = self.position
        need = len(position.lead)
        self.result = None
        if len(cards) != need:
            self.sentences, self.kind = [("l3_pick_count", {"count": need, "picked": len(cards)})], "info"
            return False
        verdict = check_follow(position.lead, position.hand, cards, position.trump)
        if not verdict.ok:
            self.sentences = [("l3_refused", {"why": verdict})]
            self.kind = "error"
            return False
        self.sentences, self.kind = [("l3_legal", {"cards": tuple(cards), "lead": position.lead})], "ok"
        if self.show_winner:
            plays = [*position.plays, tuple(cards)]
            winner = trick_winner(plays, position.trump)
            seat = (position.leader + winner) % 4
            played = (*position.played(), PlayedCards(LEARNER, tuple(cards)))
            self.result = (played, seat)
            if seat == LEARNER:
                self.sentences.append(("l4_you_win", {"cards": tuple(cards)}))
            else:
                self.sentences.append(("l4_you_lose", {"cards": tuple(cards), "seat": seat, "best": plays[winner]}))
                self.kind = "info"
        return True

    def handle(self, message: Mapping[str, Any]) -> None:
        kind, action = message.get("type"), message.get("action")
        if kind == "click":
            index = int(message.get("index", -1))
            code = message.get("card")
            self.hand.toggle(index, str(code) if code else None)
        elif action == "play":
            self.play(self.hand.chosen())
        elif action == "clear":
            self._start()
        elif action == "next":
            self.index = (self.index + 1) % len(self.positions)
            self._start()

    def _say(self, lang: str) -> str:
        parts = []
        for code, params in self.sentences:
            rendered = {k: (v.message(lang) if isinstance(v, Verdict) else v) for k, v in params.items()}
            parts.append(text(code, lang, **rendered))
        return text("join_sentences", lang).join(parts)

    def render(self, lang: str) -> Markup:
        position = self.position
        need = len(position.lead)
        prompt_code = "l4_try_prompt" if self.show_winner else "l3_table_prompt"
        prompt = text("join_sentences", lang).join(
            (
                trump_context(position.trump, lang),
                text(prompt_code, lang, leader=position.leader, lead=position.lead, count=need),
            )
        )
        plays, winner = self.result if self.result is not None else (position.played(), None)
        if self.sentences:
            note = self._say(lang)
        else:
            note = text("l3_position", lang, number=self.index + 1, total=len(self.positions))
        buttons = _button("play", text("l3_play", lang), primary=True) + _button("clear", text("l3_clear", lang))
        if len(self.positions) > 1:
            buttons += _button("next", text("l3_next", lang))
        return Markup(
            '<div class="sk-panel" data-role="follow-table"><div class="sk-panel-head">'
            '<span class="sk-panel-title">{title}</span>{lang_button}</div>'
            '<div class="sk-legend" data-role="prompt">{prompt}</div>{trick}{hand}'
            '<div class="sk-controls">{buttons}</div>'
            '<div class="sk-message" data-role="message" data-kind="{kind}">{note}</div></div>'
        ).format(
            title=text(self.title, lang),
            lang_button=lang_button(lang),
            prompt=prompt,
            trick=trick_centre_html(plays, winner, lang, done=winner is not None),
            hand=hand_html(self.hand.cards, self.hand.selected, self.playable(), position.trump, lang, LEARNER),
            buttons=buttons,
            kind=self.kind,
            note=note,
        )
