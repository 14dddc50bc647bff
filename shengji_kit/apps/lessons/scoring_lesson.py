"""Lesson 6, points, the kitty and levels 分数、底牌和升级: what ``lessons/06_scoring.ipynb``
shows, cell by cell.

Every function builds its own widget or answer (a cell may run before any other) and shows a
bilingual message instead of a traceback when something is wrong.
"""

from __future__ import annotations

from ...engine import checked_api as api
from ...engine.cards import parse_cards
from ...engine.rules import PRESET_NAMES
from ...engine.scoring import climb as climb_level
from ...engine.scoring import level_outcome, next_dealer
from ...engine.trump import Trump
from ...render.lesson_panels.live_entry import rules_name
from ...render.lesson_panels.scoreboard import ROUND_SEED, LiveScoreboard
from ...render.lesson_panels.scoring_tables import KittyTable, LevelTable
from ...render.lesson_panels.scoring_tries import ClimbPanel, KittyPanel, OutcomePanel, PointsPanel
from ...widgets.surface import CardSurface
from ...widgets.switch import language_switch
from ...words import LANGUAGES, text
from . import cells as lesson
from .notice import Said, say, try_it

__all__ = [
    "climb", "count", "exercises", "kitty", "kitty_table", "language_switch", "level_table", "links",
    "outcome", "scoreboard", "try_climb", "try_count", "try_kitty", "try_outcome",
]

SLUG = "06_scoring"
NUMBER = 6


def count(cards: str) -> Said:
    """Try it: the points in ``cards`` (5s count 5, 10s and Ks count 10)."""

    def build() -> Said:
        return say(("l6_try_points", {"cards": tuple(parse_cards(cards)), "points": api.points(cards)}))

    return try_it(build, "l6_try_error")


def _per_preset(code: str, params: dict[str, dict[str, object]]) -> Said:
    """``code`` once per rules preset, in every language, the preset named in that language (超级大亨 / 经典)."""
    return Said({
        lang: [text(code, lang, rules=rules_name(name, lang), **params[name]) for name in PRESET_NAMES]
        for lang in LANGUAGES
    })


def kitty(last_lead: str, level: str = "2", trump: str | None = "H") -> Said:
    """Try it: the kitty multiplier of a last trick led with ``last_lead``, in both presets."""

    def build() -> Said:
        cards = tuple(parse_cards(last_lead))
        return _per_preset("l6_try_multiplier", {
            name: {"cards": cards, "multiplier": api.kitty_multiplier(cards, Trump(level, trump), name)}
            for name in PRESET_NAMES
        })

    return try_it(build, "l6_try_error")


def outcome(total: int) -> Said:
    """Try it: the level outcome of the attackers' ``total`` and who deals next, in both presets."""

    def build() -> Said:
        results = {name: level_outcome(total, name) for name in PRESET_NAMES}
        return _per_preset("l6_try_outcome", {
            name: {"total": total, "outcome": result, "dealer": next_dealer(0, result)}
            for name, result in results.items()
        })

    return try_it(build, "l6_try_error")


def climb(level: str, steps: int) -> Said:
    """Try it: the level reached from ``level`` after ``steps`` levels, in both presets."""

    def build() -> Said:
        return _per_preset("l6_try_climb", {
            name: {"start": level, "steps": steps, "end": climb_level(level, steps, name)} for name in PRESET_NAMES
        })

    return try_it(build, "l6_try_error")


def kitty_table() -> CardSurface:
    """The kitty multiplier by the last lead, super_tycoon and classic side by side."""
    return lesson.safely(lambda: CardSurface(KittyTable()))


def level_table() -> CardSurface:
    """The level table of both presets side by side, with who deals next."""
    return lesson.safely(lambda: CardSurface(LevelTable()))


def scoreboard(seed: int = ROUND_SEED, rules: str = "super_tycoon") -> CardSurface:
    """A RuleBot round from ``seed``, stepped through trick by trick with the running count; the learner
    picks another round (a typed number or "deal another") and the rules on the panel."""
    return lesson.safely(lambda: CardSurface(LiveScoreboard(seed, rules)))


def try_count(cards: str = "SK S10 S5 H3") -> CardSurface:
    """Try it, live: type any cards and count their points."""
    return lesson.safely(lambda: CardSurface(PointsPanel(cards)))


def try_kitty(last_lead: str = "DQ DQ DJ DJ", *quick: str, level: str = "2", trump: str | None = "H") -> CardSurface:
    """Try it, live: type a last lead (or pick one of ``quick``) and see the kitty's multiplier in both presets."""
    return lesson.safely(lambda: CardSurface(KittyPanel(last_lead, quick, Trump(level, trump))))


def try_outcome(total: int = 60, *quick: int) -> CardSurface:
    """Try it, live: type the attackers' total (or click a ``quick`` one): the level outcome and next dealer."""
    return lesson.safely(lambda: CardSurface(OutcomePanel(str(total), [str(value) for value in quick])))


def try_climb(level: str = "8", steps: int = 3) -> CardSurface:
    """Try it, live: pick a level and the levels won; where the climb ends in both presets."""
    return lesson.safely(lambda: CardSurface(ClimbPanel(level, steps)))


def exercises(group: str, seed: int | None = None) -> CardSurface:
    """One block of the lesson's exercises (``shengji_kit/puzzles/lesson_data/06_scoring.toml``)."""
    return lesson.exercises(SLUG, group, seed=seed)


def links() -> CardSurface:
    """The end of the lesson: the next lesson and the counting set of the puzzle trainer."""
    return lesson.links(NUMBER)
