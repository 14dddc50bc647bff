"""Lesson 7's live deal: a set-up round-1 deal that pauses whenever South may declare or overturn.

The deal is a real ``Round`` (``game.round``) with a deck from ``arrange_deck``: South gets ♠2 and
a little joker early and the second little joker later; East gets ♦2, the big joker and the second
♦2. The other seats are simple bots: they show the first declaration or overturn they may, and
otherwise wait. Every step is the engine's own event, so the learner reads the engine's ruling.
Buttons: ``data-action="show"`` / ``data-value="S2 LJ"``, ``data-action="wait"``,
``data-action="redeal"``, ``data-action="restart"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from markupsafe import Markup

from ...engine.cards import Card, parse_cards
from ...game.actions import BURY, DEAL_ON, DECLARE, OVERTURN, PASS, REDEAL, Action, Event
from ...game.deal import HAND_SIZE, arrange_deck
from ...game.round import Round
from ...puzzles.kinds.declare import candidate_showings
from ...words import Message, text
from ..hands import hand_html
from ..table import lang_button

YOU = 0
LEVEL = "2"
SOUTH_CARDS = "S2 LJ SA SK S9 LJ C3 C4"
EAST_CARDS = "D2 BJ D2"
KITTY_CARDS = "S2 H2 H2 C2 C2 BJ"
"""The other level cards and the last big joker lie in the kitty, so the bots' chances are the scripted ones."""
SHOWING = (DECLARE, OVERTURN)
STOPS = (BURY, "play", "done")
MAX_STEPS = 500


def lesson_deck(seed: int = 7) -> list[Card]:
    """The set-up deck of the live deal (dealt from South)."""
    return arrange_deck({YOU: SOUTH_CARDS, 1: EAST_CARDS}, KITTY_CARDS, first=YOU, seed=seed)


def codes(cards: tuple[Card, ...] | list[Card]) -> str:
    """Cards as the buttons carry them: ``"S2 LJ"``."""
    return " ".join(card.code for card in cards)


class LiveDeal:
    """A round-1 deal under ``rules``, run by bots until South has a choice; the log keeps every event."""

    def __init__(self, rules: str = "super_tycoon", seed: int = 7) -> None:
        self.rules = rules
        self.seed = seed
        self.restart()

    def restart(self) -> None:
        """Deal the same set-up cards again from the start."""
        self.deck = lesson_deck(self.seed)
        self.round = Round.new(self.seed, self.rules, round_number=1, dealer=YOU, decks=[self.deck])
        self.events: list[Event] = []
        self.note: tuple[str, dict[str, object]] | None = None
        self.run_bots()

    # --- the engine between the learner's choices ------------------------------------

    def bot_action(self, seat: int) -> Action:
        """A bot shows the first declaration or overturn it may, else waits (passes, keeps no redeal)."""
        actions = self.round.legal_actions(seat)
        for action in actions:
            if action.kind in SHOWING:
                return action
        for kind in (DEAL_ON, PASS):
            for action in actions:
                if action.kind == kind:
                    return action
        return actions[0]

    def run_bots(self) -> None:
        """Let the bots act until South has a choice or the deal is over (kitty taken)."""
        for _ in range(MAX_STEPS):
            seat = self.round.to_act
            if seat is None or self.finished:
                return
            if seat == YOU:
                if self.choices():
                    return
                self.record(self.round.act(YOU, self.bot_action(YOU)))
                continue
            self.record(self.round.act(seat, self.bot_action(seat)))

    def record(self, event: Event) -> None:
        self.events.extend(event.all())

    @property
    def finished(self) -> bool:
        return self.round.phase in STOPS

    def choices(self) -> list[Action]:
        """South's real choices now: declarations, overturns or a redeal (waiting is always offered too)."""
        if self.round.to_act != YOU or self.finished:
            return []
        return [a for a in self.round.legal_actions(YOU) if a.kind in (*SHOWING, REDEAL)]

    # --- the learner -----------------------------------------------------------------

    def choose(self, kind: str, cards: str = "") -> None:
        """South shows ``cards`` (kind declare or overturn as the phase asks), waits, or asks for a redeal."""
        if self.round.to_act != YOU or self.finished:
            return
        if kind == "wait":
            actions = self.round.legal_actions(YOU)
            waiting = [a for a in actions if a.kind == DEAL_ON] or [a for a in actions if a.kind == PASS]
            self.record(self.round.act(YOU, waiting[0]))
            self.note = ("l7_deal_you_waited", {})
        elif kind == "redeal":
            self.record(self.round.act(YOU, Action.redeal()))
            self.note = None
        else:
            action = next((a for a in self.choices() if codes(a.cards) == cards), None)
            if action is None:
                action = self.showing(cards)
            verdict = self.round.check(YOU, action)
            if not verdict.ok:
                self.note = ("l7_deal_refused", {"reason": Message(verdict.code or "ok", verdict.params)})
                return
            event = self.round.act(YOU, action)
            self.record(event)
            self.note = ("l7_deal_you_declared", {"cards": action.cards, "trump": self.round.trump})
        self.run_bots()

    def showing(self, cards: str) -> Action:
        """``cards`` shown as a declaration while nothing stands, else as an overturn (the engine judges it)."""
        shown = parse_cards(cards)
        return Action.declare(shown) if self.round.trump is None else Action.overturn(shown)

    def tries(self) -> list[tuple[Card, ...]]:
        """Level cards and jokers South could show but the rules do not allow now (to see the refusal)."""
        if not any(a.kind in SHOWING for a in self.choices()):
            return []
        legal = {codes(a.cards) for a in self.choices()}
        return [c for c in candidate_showings(self.round.view(YOU).hand, LEVEL) if codes(c) not in legal]

    def handle(self, message: Mapping[str, Any]) -> None:
        action = str(message.get("action", ""))
        if action == "restart":
            self.restart()
        elif action in ("show", "wait", "redeal"):
            self.choose(action, str(message.get("value", "")))

    # --- drawing ---------------------------------------------------------------------

    def status(self, lang: str) -> str:
        """What South is asked now, or how the deal ended."""
        if self.finished:
            return text("l7_deal_end", lang, trump=self.round.trump, seat=self.round.dealer)
        shown = " ".join(text("l7_deal_show", lang, cards=a.cards) for a in self.choices() if a.kind in SHOWING)
        received = len(self.round.view(YOU).hand)
        if self.round.deal_number > 0 or not 0 < received <= HAND_SIZE or self.round.phase != "deal":
            return text("l7_deal_question", lang, options=shown or "—")
        card = self.deck[(received - 1) * 4]
        head = text("l7_deal_card", lang, number=received, card=card)
        return text("join_sentences", lang).join([head, text("l7_deal_question", lang, options=shown or "—")])

    def render(self, lang: str) -> Markup:
        view = self.round.view(YOU)
        buttons: list[Markup] = []
        for action in self.choices():
            if action.kind == REDEAL:
                label = text("event_redeal", lang, seat=YOU, dealer=self.round.dealer, points="<15")
                buttons.append(Markup(
                    '<button type="button" class="sk-button" data-action="redeal">{label}</button>'
                ).format(label=label))
                continue
            value = codes(action.cards)
            buttons.append(Markup(
                '<button type="button" class="sk-button sk-primary" data-action="show" data-value="{value}">'
                '{label}</button>'
            ).format(value=value, label=text("l7_deal_show", lang, cards=action.cards)))
        for cards in self.tries():
            buttons.append(Markup(
                '<button type="button" class="sk-button" data-action="show" data-value="{value}">{label}</button>'
            ).format(value=codes(cards), label=text("l7_deal_show", lang, cards=cards)))
        if self.choices():
            buttons.append(Markup('<button type="button" class="sk-button" data-action="wait">{label}</button>')
                           .format(label=text("l7_deal_pass", lang)))
        buttons.append(Markup('<button type="button" class="sk-button" data-action="restart">{label}</button>')
                       .format(label=text("l7_deal_restart", lang)))
        log = Markup("").join(
            Markup("<li>{line}</li>").format(line=event.message(lang)) for event in self.events[-8:]
        )
        note = text(self.note[0], lang, **self.note[1]) if self.note else ""
        return Markup(
            '<div class="sk-panel" data-role="live-deal"><div class="sk-panel-head">'
            '<span class="sk-panel-title">{title}</span>{lang_button}</div>'
            "{hand}"
            '<div class="sk-message" data-role="message" data-kind="info">{status}</div>'
            '<div class="sk-message" data-role="note" data-kind="info">{note}</div>'
            '<div class="sk-controls">{buttons}</div>'
            '<ol class="sk-log" data-role="log">{log}</ol></div>'
        ).format(
            title=text("l7_deal_title", lang), lang_button=lang_button(lang),
            hand=hand_html(view.hand, (), None, self.round.trump, lang, YOU, mark_trumps=self.round.trump is not None),
            status=self.status(lang), note=note, buttons=Markup("").join(buttons), log=log,
        )
