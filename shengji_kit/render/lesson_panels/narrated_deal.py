"""A narrated deal (Bridge Master style): the last tricks of a round, the learner playing one seat.

The deal is data (``puzzles/lesson_data/narrated/<name>.toml``): an open endgame position, a title and
introduction, and idea notes, each with the claims it makes (``narrated_claims``). The solver plays the other
seats and values each of the learner's plays against the best one in the position actually reached; after
a trick comes that verdict, then the notes whose claims hold there. Buttons: ``data-action`` = ``play``
(``data-value`` the cards), ``restart``.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from markupsafe import Markup

from ...engine.cards import CARDS, Card
from ...engine.scoring import kitty_multiplier, points
from ...engine.tricks import trick_winner
from ...game.input_checks import read_toml
from ...game.position_table import read_position_table
from ...puzzles.answers import cards_text
from ...puzzles.fields import read_text, require
from ...puzzles.kinds.best_play import TrickPlays, play_value
from ...puzzles.loader import LESSON_DATA_DIR
from ...puzzles.text import Text
from ...solver._moves import Play
from ...solver.position import Position
from ...solver.solve import searcher_for, start_hands
from ...words.catalogue import text
from ..table_data import PlayedCards
from ..tricks import trick_centre_html
from .narrated_claims import Note, TrickSeen, read_note

NARRATED_DIR = LESSON_DATA_DIR / "narrated"
LEARNER = 0


@dataclass(frozen=True)
class DealScript:
    """A narrated deal's data: the open position, its title and introduction, the idea notes."""

    name: str
    title: Text
    intro: Text
    start: Position
    notes: tuple[Note, ...]


@cache
def load_script(name: str, folder: Path = NARRATED_DIR) -> DealScript:
    """Read ``<folder>/<name>.toml``; a wrong file raises. That every note shows on the best line is proven by
    ``tests/lessons/test_narrated_lines.py``, not here: at eight cards a hand it costs seconds of search."""
    data = read_toml(folder / f"{name}.toml")
    deal = require(data, "deal")
    start = Position.from_table(read_position_table(require(deal, "position")))
    notes = tuple(read_note(item, f"note.{i}") for i, item in enumerate(require(data, "note")))
    return DealScript(name, read_text(require(deal, "title"), "title"), read_text(require(deal, "intro"), "intro"),
                      start, notes)


def _cards(play: Play) -> tuple[Card, ...]:
    return tuple(CARDS[i] for i in play)


@dataclass(frozen=True)
class Decision:
    """One play of the learner: what was played, the solver's best, the points it cost, how many plays were legal."""

    trick: int
    played: tuple[Card, ...]
    best: tuple[Card, ...]
    cost: int
    choices: int
    total: int
    """The attackers' final total under best play after this play."""


class NarratedDeal:
    """The live deal: the solver plays the other seats, the learner's plays are compared with its best."""

    def __init__(self, script: DealScript) -> None:
        self.script = script
        self.restart()

    def restart(self) -> None:
        self.position = self.script.start
        self.trick: list[tuple[int, tuple[Card, ...]]] = []
        self.done: list[TrickSeen] = []
        """Finished tricks, as the notes' claims see them."""
        self.shown: list[tuple[int, ...]] = []
        """For each finished trick, the notes shown after it (each note once, where its claims first hold)."""
        self.choices: dict[int, int] = {}
        """Each seat's number of distinct legal plays in the trick under way."""
        self.decisions: list[Decision] = []
        self.final: int | None = None
        """The attackers' final total once the last trick is played."""
        self._advance()

    def warm(self) -> threading.Thread | None:
        """Value the learner's plays of this turn in the background (a first turn of eight cards a hand takes
        seconds; the learner reads the introduction meanwhile, and the first grade looks the values up).
        None where no thread can start (Pyodide in the static site): the first grade does the work instead."""
        if self.finished or self.seat_to_play != LEARNER or sys.platform == "emscripten":
            return None
        thread = threading.Thread(target=self.options, daemon=True, name="narrated-deal")
        try:
            thread.start()
        except RuntimeError:  # "can't start new thread"
            return None
        return thread

    @property
    def finished(self) -> bool:
        return self.final is not None

    @property
    def seat_to_play(self) -> int:
        return (self.position.leader + len(self.trick)) % 4

    def _frozen(self) -> TrickPlays:
        return tuple(self.trick)

    def options(self) -> list[tuple[tuple[Card, ...], int]]:
        """Every distinct legal play of the seat to move, with the attackers' final total after it."""
        position, trick = self.position, self._frozen()
        searcher = searcher_for(position)
        start = start_hands(position)
        classes = searcher.classes(start)
        plays = tuple(tuple(sorted(c.index for c in cards)) for _seat, cards in trick)
        found = (searcher.follows(start, position.leader, plays, classes) if trick
                 else searcher.leads(start, position.leader, classes))
        return [(_cards(play), play_value(position, trick, play)) for play in found]

    def _legal_count(self) -> int:
        """The mover's distinct legal plays, equal cards merged only when identical (a real choice, or none)."""
        position, trick = self.position, self._frozen()
        searcher = searcher_for(position, merging=False)
        start = start_hands(position)
        classes = searcher.classes(start)
        plays = tuple(tuple(sorted(c.index for c in cards)) for _seat, cards in trick)
        found = (searcher.follows(start, position.leader, plays, classes) if trick
                 else searcher.leads(start, position.leader, classes))
        return len(found)

    def play_best_line(self) -> None:
        """Play the learner's best play at every turn to the end (the line the notes are written for)."""
        while not self.finished:
            self.play(_codes(self._best(LEARNER)[0]))

    def _best(self, seat: int) -> tuple[tuple[Card, ...], int]:
        ranked = self.options()
        pick = max if self.position.is_attacker(seat) else min
        return pick(ranked, key=lambda option: option[1])

    def _advance(self) -> None:
        """Let the solver play every seat but the learner's, up to the learner's turn or the end."""
        while not self.finished and self.seat_to_play != LEARNER:
            self._play(self._best(self.seat_to_play)[0])

    def _play(self, cards: tuple[Card, ...]) -> None:
        seat = self.seat_to_play
        self.choices[seat] = self._legal_count()
        self.trick.append((seat, cards))
        if len(self.trick) < 4:
            return
        position = self.position
        played = {s: c for s, c in self.trick}
        hands = [list(position.hands[s]) for s in range(4)]
        for s, cards_of in played.items():
            for card in cards_of:
                hands[s].remove(card)
        plays = tuple(c for _s, c in self.trick)
        winner = (position.leader + trick_winner(plays, position.trump_context)) % 4
        gained = times = 0
        if position.is_attacker(winner):
            gained = points(card for play in plays for card in play)
            if not hands[0]:
                times = kitty_multiplier(plays[0], position.trump_context, position.rules)
                gained += points(position.kitty) * times
        seen = TrickSeen(position, tuple(self.trick), winner, tuple(tuple(h) for h in hands), times, self.choices)
        shown = {i for trick in self.shown for i in trick}
        self.shown.append(tuple(i for i, note in enumerate(self.script.notes) if i not in shown and note.holds(seen)))
        self.done.append(seen)
        self.trick, self.choices = [], {}
        if not hands[0]:
            self.final = position.points + gained
            return
        self.position = Position(position.rules, position.level, position.trump, position.dealer, winner,
                                 tuple(tuple(h) for h in hands), position.kitty, position.points + gained)

    def play(self, value: str) -> bool:
        """The learner plays ``value`` (cards text); False when it is not one of the legal plays."""
        if self.finished or self.seat_to_play != LEARNER:
            return False
        wanted = sorted(value.split())
        options = self.options()
        chosen = next((o for o in options if sorted(card.code for card in o[0]) == wanted), None)
        if chosen is None:
            return False
        best = self._best(LEARNER)
        cost = best[1] - chosen[1] if self.position.is_attacker(LEARNER) else chosen[1] - best[1]
        self.decisions.append(Decision(len(self.done) + 1, chosen[0], best[0], cost, self._legal_count(), chosen[1]))
        self._play(chosen[0])
        self._advance()
        return True

    def handle(self, message: Mapping[str, Any]) -> None:
        action = message.get("action")
        if action == "restart":
            self.restart()
        elif action == "play":
            self.play(str(message.get("value", "")))

    # --- drawing --------------------------------------------------------------------------

    def render(self, lang: str) -> str:
        script = self.script
        parts = [Markup("<h4>{}</h4><p>{}</p>").format(script.title(lang), script.intro(lang))]
        for number, seen in enumerate(self.done, start=1):
            shown = tuple(PlayedCards(seat, cards) for seat, cards in seen.plays)
            parts.append(Markup('<div class="sk-narrated-trick" data-role="trick-{n}"><b>{head}</b>{felt}').format(
                n=number, head=text("narr_trick_head", lang, number=number),
                felt=trick_centre_html(shown, seen.winner, lang, done=True, role=f"narrated-{number}"),
            ))
            parts.extend(self._decision_html(number, lang))
            parts.extend(Markup('<p data-role="note">{}</p>').format(script.notes[i].text(lang))
                         for i in self.shown[number - 1])
            parts.append(Markup("</div>"))
        parts.append(self._now_html(lang))
        return str(Markup('<div class="sk-panel" data-role="narrated-deal" lang="{lang}">{body}</div>').format(
            lang=lang, body=Markup("").join(parts)))

    def _decision_html(self, number: int, lang: str) -> list[Markup]:
        shown = []
        for decision in self.decisions:
            if decision.trick != number:
                continue
            shown.append(Markup('<p data-role="verdict" data-kind="{kind}">{line}</p>').format(
                kind="error" if decision.cost > 0 else "ok", line=verdict(decision, lang)))
        return shown

    def _now_html(self, lang: str) -> Markup:
        position = self.position
        if self.final is not None:
            lost = sum(d.cost for d in self.decisions if d.cost > 0)
            return Markup('<p data-role="summary">{}</p>{}').format(
                text("narr_done", lang, total=self.final, lost=lost), self._restart(lang))
        shown = tuple(PlayedCards(seat, cards) for seat, cards in self.trick)
        felt = trick_centre_html(shown, None, lang, done=False, role="narrated-now") if shown else Markup("")
        hand = Markup(" ").join(Markup('<button data-action="play" data-value="{v}">{label}</button>').format(
            v=_codes(cards), label=cards_text(self.position.trump_context.sorted(cards), lang))
            for cards, _value in self.options())
        return Markup('<div data-role="now"><p>{prompt}</p>{felt}<p>{hand}</p>{restart}</div>').format(
            prompt=text("narr_your_turn", lang, points=position.points, cards=position.hands[LEARNER]),
            felt=felt, hand=hand, restart=self._restart(lang))

    def _restart(self, lang: str) -> Markup:
        return Markup('<button data-action="restart">{}</button>').format(text("narr_restart", lang))


def verdict(decision: Decision, lang: str) -> str:
    """What the learner's play kept or cost against the solver's best, or that there was no choice."""
    if decision.choices <= 1:
        code = "narr_you_forced"
    elif decision.cost > 0:
        code = "narr_you_cost"
    else:
        code = "narr_you_best" if sorted(decision.played) == sorted(decision.best) else "narr_you_tie"
    return text(code, lang, played=decision.played, best=decision.best, cost=decision.cost, total=decision.total)


def _codes(cards: tuple[Card, ...]) -> str:
    return " ".join(card.code for card in cards)
