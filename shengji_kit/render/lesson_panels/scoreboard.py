"""Lesson 6's live scoreboard: a recorded round stepped through trick by trick, with the
attackers' running count and, after the last trick, the kitty multiplied out and the outcome.

The numbers come from the engine (``points``, ``kitty_multiplier``, ``level_outcome``,
``next_dealer``), not from the record; ``recorded_round`` plays a seeded RuleBot round.
Buttons: ``data-action="first"``, ``"back"``, ``"next"``, ``"last"``; ``LiveScoreboard`` adds
``"play"`` (the typed round number), ``"another"`` and ``"rules"`` (``data-value`` = a preset).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from markupsafe import Markup

from ...engine.rules import PRESET_NAMES
from ...engine.scoring import kitty_multiplier, level_outcome, next_dealer, points
from ...game.bots.base import play_round
from ...game.bots.rule import RuleBot
from ...game.match import Match
from ...game.record import ParsedRecord, ParsedTrick, parse
from ...words.catalogue import text
from ..table import lang_button, trump_badge
from ..table_data import PlayedCards
from ..tricks import trick_centre_html
from .live_entry import Refusal, button, field, rules_name, typed_text

ROUND_SEED = 220
"""A round where the kitty decides the outcome: the attackers' 20 points plus 30 × 2 make 80."""


def recorded_round(seed: int = ROUND_SEED, rules: str = "super_tycoon") -> dict[str, Any]:
    """The record of one round played by four RuleBots from ``seed``."""
    match = Match(seed, rules)
    rnd = match.new_round()
    play_round(rnd, [RuleBot(seed * 10 + seat) for seat in range(4)])
    match.finish(rnd)
    return rnd.record()


class Scoreboard:
    """A round record and how many of its tricks have been played so far (0 to all)."""

    def __init__(self, record: Mapping[str, Any]) -> None:
        self.record: ParsedRecord = parse(record)
        self.step = 0

    @property
    def tricks(self) -> tuple[ParsedTrick, ...]:
        return self.record.tricks

    @property
    def attackers_team(self) -> int:
        """0 for South and North, 1 for East and West: the team that did not deal."""
        return (self.record.dealer + 1) % 2

    def is_attacker(self, seat: int) -> bool:
        return seat % 2 == self.attackers_team

    def go(self, step: int) -> None:
        self.step = max(0, min(step, len(self.tricks)))

    def running(self, step: int | None = None) -> int:
        """The attackers' trick points after ``step`` tricks (default: the current step)."""
        upto = self.step if step is None else step
        return sum(
            points(card for play in trick.plays for card in play)
            for trick in self.tricks[:upto]
            if self.is_attacker(trick.winner)
        )

    @property
    def finished(self) -> bool:
        return self.step == len(self.tricks)

    def kitty_count(self) -> tuple[int, int]:
        """The kitty's points and the multiplier they get (0 when the defenders took the last trick)."""
        last = self.tricks[-1]
        kitty = points(self.record.buried)
        if not self.is_attacker(last.winner):
            return kitty, 0
        return kitty, kitty_multiplier(last.plays[0], self.record.trump, self.record.rules)

    def total(self) -> int:
        """The attackers' total: trick points plus the multiplied kitty."""
        kitty, multiplier = self.kitty_count()
        return self.running(len(self.tricks)) + kitty * multiplier

    def handle(self, message: Mapping[str, Any]) -> None:
        action = message.get("action")
        moves = {"first": 0, "back": self.step - 1, "next": self.step + 1, "last": len(self.tricks)}
        if isinstance(action, str) and action in moves:
            self.go(moves[action])

    # --- drawing -------------------------------------------------------------------------------

    def controls(self, lang: str) -> Markup:
        """Anything drawn above the step line (nothing here; ``LiveScoreboard`` puts its round controls)."""
        return Markup("")

    def _trick_html(self, trick: ParsedTrick, lang: str) -> Markup:
        """The trick set round the table as in lesson 4 (South at the bottom), the winner marked."""
        played = [PlayedCards((trick.leader + index) % 4, tuple(play)) for index, play in enumerate(trick.plays)]
        taken = points(card for play in trick.plays for card in play)
        return Markup('{trick}<div class="sk-legend" data-role="taken">{taken}</div>').format(
            trick=trick_centre_html(played, trick.winner, lang, done=True, plain=True),
            taken=text("lcb_board_taken", lang, seat=trick.winner, points=taken),
        )

    def end_html(self, lang: str) -> Markup:
        """After the last trick: the kitty multiplied out (or lost), the total, the outcome and the next dealer."""
        kitty, multiplier = self.kitty_count()
        last = self.tricks[-1]
        if multiplier:
            kitty_line = text(
                "lcb_board_kitty", lang, kitty=self.record.buried, points=kitty, multiplier=multiplier,
                total=kitty * multiplier, seat=last.winner, lead=last.plays[0],
            )
        else:
            kitty_line = text("lcb_board_kitty_lost", lang, kitty=self.record.buried)
        total = self.total()
        outcome = level_outcome(total, self.record.rules)
        total_line = text(
            "lcb_board_total", lang, total=total, outcome=outcome, dealer=next_dealer(self.record.dealer, outcome)
        )
        return Markup(
            '<div class="sk-message" data-role="kitty" data-kind="info">{kitty_line}</div>'
            '<div class="sk-message" data-role="total" data-kind="ok" data-total="{total}">{total_line}</div>'
        ).format(kitty_line=kitty_line, total=total, total_line=total_line)

    def render(self, lang: str) -> Markup:
        count = len(self.tricks)
        if self.step == 0:
            head = text(
                "lcb_board_start", lang, team=self.attackers_team, dealer=self.record.dealer,
                level=self.record.trump.level,
            )
            body = Markup("")
        else:
            head = text("l6_board_trick", lang, number=self.step, count=count)
            body = self._trick_html(self.tricks[self.step - 1], lang)
        buttons = Markup("").join(
            Markup('<button type="button" class="sk-button" data-action="{a}">{label}</button>').format(
                a=action, label=text(f"l6_board_{action}", lang)
            )
            for action in ("first", "back", "next", "last")
        )
        return Markup(
            '<div class="sk-panel" data-role="scoreboard" data-step="{step}">'
            '<div class="sk-panel-head"><span class="sk-panel-title">{title}</span>{trump}{lang_button}</div>'
            "{controls}"
            '<div class="sk-legend" data-role="step">{head}</div>{body}'
            '<div class="sk-message" data-role="running" data-kind="info" data-points="{running}">{running_line}</div>'
            "{end}"
            '<div class="sk-controls">{buttons}</div></div>'
        ).format(
            step=self.step,
            title=text("l6_board_title", lang),
            trump=trump_badge(self.record.trump, lang),
            lang_button=lang_button(lang),
            controls=self.controls(lang),
            head=head,
            body=body,
            running=self.running(),
            running_line=text("l6_board_running", lang, points=self.running()),
            end=self.end_html(lang) if self.finished else Markup(""),
            buttons=buttons,
        )


MAX_SEED = 999_999


class LiveScoreboard(Scoreboard):
    """A ``Scoreboard`` whose round the learner picks: a typed round number, "deal another", the preset."""

    def __init__(self, seed: int = ROUND_SEED, rules: str = "super_tycoon") -> None:
        self.seed, self.rules = seed, rules
        self.typed = str(seed)
        self.problem: Refusal | None = None
        super().__init__(recorded_round(seed, rules))

    def play(self, seed: int, rules: str) -> None:
        """Record the round of ``seed`` under ``rules`` and show it from its start."""
        self.record = parse(recorded_round(seed, rules))
        self.seed, self.rules, self.step, self.problem = seed, rules, 0, None

    def handle(self, message: Mapping[str, Any]) -> None:
        action, value = message.get("action"), message.get("value", "")
        if action == "play":
            typed = typed_text(value)
            self.typed = typed
            if typed.isascii() and typed.isdigit() and int(typed) <= MAX_SEED:
                self.play(int(typed), self.rules)
            else:
                self.problem = Refusal.said("lcb_board_bad_seed", typed=typed)
        elif action == "another":
            self.play((self.seed + 1) % (MAX_SEED + 1), self.rules)
            self.typed = str(self.seed)
        elif action == "rules" and value in PRESET_NAMES:
            self.play(self.seed, str(value))
        else:
            super().handle(message)

    def controls(self, lang: str) -> Markup:
        rules = Markup("").join(
            button("rules", rules_name(name, lang), name, name == self.rules) for name in PRESET_NAMES
        )
        return Markup(
            '<div class="sk-legend" data-role="round" data-seed="{seed}" data-rules="{rules_value}">{round}</div>'
            '<div class="sk-controls" role="group"><span class="sk-control-label">{rules_label}</span>{rules}</div>'
            '<div class="sk-controls">{field}{play}{another}</div>'
            '<div class="sk-legend">{help}</div>{problem}'
        ).format(
            seed=self.seed, rules_value=self.rules,
            round=text("lcb_board_round", lang, seed=self.seed, rules=rules_name(self.rules, lang)),
            rules_label=text("lcb_rules_label", lang), rules=rules,
            field=field(
                text("lcb_board_field", lang), self.typed, self.problem is not None, numeric=True, submit="play"
            ),
            play=button("play", text("lcb_board_play", lang)),
            another=button("another", text("lcb_board_another", lang), primary=True),
            help=text("lcb_board_seed_help", lang),
            problem=self.problem.html(lang) if self.problem else Markup(""),
        )
