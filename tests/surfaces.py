"""Every HTML surface the kit draws, in both languages, reached by playing through them for real.

Used by the escaping test: each surface is rendered after the catalogue's messages were given
markup, and none of that markup may turn into elements.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from shengji_kit.apps.lessons import trump_ranking_lesson as lesson
from shengji_kit.apps.play.controller import TableController
from shengji_kit.apps.serving import serve
from shengji_kit.engine.cards import codes, parse_cards
from shengji_kit.engine.trump import Trump
from shengji_kit.game import Round, Trick
from shengji_kit.game.bots import RandomBot, RuleBot, play_round
from shengji_kit.practice import ProgressStore, TrainerSession
from shengji_kit.practice.html import trainer_html
from shengji_kit.puzzles import Bank, default_bank
from shengji_kit.puzzles.bank import load_bank
from shengji_kit.puzzles.loader import DATA_DIR
from shengji_kit.render.records import record_html, trick_record_html
from shengji_kit.render.tricks import trick_html
from shengji_kit.widgets.hand import HandScene
from shengji_kit.widgets.switch import language_switch

LANGS = ("en", "zh")
Surface = tuple[str, str]
"""(a name saying what was drawn, the HTML)"""


def _both(name: str, render: Callable[[str], str]) -> Iterator[Surface]:
    for lang in LANGS:
        yield f"{name} [{lang}]", render(lang)


# --- the card table ------------------------------------------------------------------------


def _controller(seed: int) -> TableController:
    bots = {seat: RandomBot(seed * 10 + seat) for seat in (1, 2, 3)}
    return TableController(Round.new(seed), bots, delay=0)


def _learner_moves(ctrl: TableController, seed: int) -> Iterator[str]:
    """Play the learner's seat with a random bot through the widget's messages; yield each phase."""
    chooser = RandomBot(seed)
    for _ in range(400):
        rnd = ctrl.round
        if rnd.result is not None:
            return
        yield rnd.phase
        action = chooser.choose(rnd.view(0), rnd.legal_actions(0))
        if action.kind in ("play", "bury"):
            ctrl.selection.clear()
            for card in action.cards:
                index = next(i for i, held in enumerate(ctrl.selection.cards)
                             if held == card and i not in ctrl.selection.selected)
                ctrl.handle({"type": "click", "card": card.code, "index": index})
            ctrl.handle({"type": "action", "action": action.kind})
        elif action.kind in ("declare", "overturn"):
            ctrl.handle({"type": "action", "action": "declare", "value": codes(action.cards)})
        else:
            ctrl.handle({"type": "action", "action": action.kind})


def table_surfaces(seed: int = 5) -> Iterator[Surface]:
    """The table in every phase the learner meets: declaring, burying, playing, refusals, the summary."""
    seen: set[str] = set()
    for start in range(seed, seed + 40):
        ctrl = _controller(start)
        for phase in _learner_moves(ctrl, start):
            if phase not in seen:
                seen.add(phase)
                yield from _both(f"table {phase} (seed {start})", ctrl.render)
                if phase in ("declare", "bury", "play"):
                    ctrl.handle({"type": "action", "action": "declare", "value": "SA"})
                    ctrl.handle({"type": "action", "action": "play"})
                    yield from _both(f"table {phase} refused (seed {start})", ctrl.render)
            if phase == "play" and ctrl.view.tricks and "previous" not in seen:
                seen.add("previous")
                ctrl.handle({"type": "action", "action": "previous"})
                yield from _both(f"table previous trick (seed {start})", ctrl.render)
                ctrl.handle({"type": "action", "action": "previous"})
        if "summary" not in seen:
            seen.add("summary")
            yield from _both(f"table summary (seed {start})", ctrl.render)
        if {"declare", "bury", "play"} <= seen:
            return


# --- records ------------------------------------------------------------------------------


def record_surfaces() -> Iterator[Surface]:
    rnd = play_round(Round.new(4), [RuleBot(16 + seat) for seat in range(4)])
    record = json.loads(json.dumps(rnd.record()))
    yield from _both("record", lambda lang: record_html(record, lang))
    yield from _both("finished trick", lambda lang: trick_record_html(rnd.view(0).tricks[0], lang))
    plays = tuple(tuple(parse_cards(text)) for text in ("SK", "SA", "S3", "H4"))
    failed = Trick(3, 0, plays, 1, 10, tuple(parse_cards("SK SQ SQ")), 1)
    yield from _both("failed throw", lambda lang: trick_record_html(failed, lang))
    from shengji_kit.render.table_data import PlayedCards
    yield from _both("trick list", lambda lang: trick_html([PlayedCards(1, tuple(parse_cards("H2 H3")))], 1, lang))


# --- lesson 1 and the hand widget -----------------------------------------------------------


def lesson_surfaces() -> Iterator[Surface]:
    explorer = lesson.trump_explorer(level="2", suit="S", seed=4)
    yield from _both("explorer", explorer.scene.render)
    explorer.handle({"type": "click", "card": "", "index": 0})
    yield from _both("explorer, a card explained", explorer.scene.render)
    explorer.handle({"type": "action", "action": "suit", "value": "none"})
    yield from _both("explorer, no trump", explorer.scene.render)
    yield from _both("point cards", lesson.point_cards().scene.render)
    yield from _both("language switch", language_switch().scene.render)
    from shengji_kit.apps.lessons import cells as lessons
    from shengji_kit.apps.lessons import tractors_lesson as tractors

    for slug, group in (
        ("01_trump_ranking", "is_trump"), ("01_trump_ranking", "which_wins"), ("01_trump_ranking", "order"),
        ("02_tractors", "spot_the_tractor"), ("02_tractors", "is_tractor"), ("02_tractors", "longest_tractor"),
    ):
        widget = lessons.exercises(slug, group, seed=3)
        scene = widget.scene
        yield from _both(f"{slug} {group} asked", scene.render)
        widget.handle({"type": "answer", "answer": "yes"})
        widget.handle({"type": "answer", "answer": "0"})
        for index in (0, 1):
            widget.handle({"type": "click", "index": index})
        widget.handle({"type": "action", "action": "group"})
        widget.handle({"type": "action", "action": "check"})
        widget.handle({"type": "action", "action": "hint"})
        yield from _both(f"{slug} {group} answered", scene.render)
        for _ in range(12):
            widget.handle({"type": "action", "action": "next"})
        yield from _both(f"{slug} {group} dealt", scene.render)
    yield from _both("no such lesson", lessons.exercises("99_none", "none").scene.render)
    yield from _both("lesson links", lessons.links(1).scene.render)
    yield from _both("tractor finder", tractors.tractor_finder().scene.render)
    yield from _both("combination reading", tractors.read("C7 H7", "7", "S").scene.render)
    hand = HandScene("H3 H3 H9 SA BJ", Trump("2", "S"), lead="H7 H7")
    yield from _both("hand", hand.render)
    hand.handle({"type": "click", "index": 3})
    hand.handle({"type": "action", "action": "play"})
    yield from _both("hand, refused", hand.render)
    leading = HandScene("H3 H3 H9 SA BJ", Trump("2", "S"))
    leading.handle({"type": "action", "action": "play"})
    yield from _both("hand, nothing selected", leading.render)
    leading.handle({"type": "click", "index": 0})
    leading.handle({"type": "action", "action": "play"})
    yield from _both("hand, played", leading.render)


# --- lessons 5 and 6: the throw table, the scoreboard, the tables, the exercise blocks --------


def throws_and_scoring_surfaces() -> Iterator[Surface]:
    from shengji_kit.apps.lessons import scoring_lesson as scoring
    from shengji_kit.apps.lessons import throws_lesson as throws

    table = throws.throw_table()
    yield from _both("throw table", table.scene.render)
    for code in ("CA", "CJ"):
        index = next(i for i, card in enumerate(table.scene.hand.cards) if card.code == code)
        table.handle({"type": "click", "index": index})
    table.handle({"type": "action", "action": "check"})
    yield from _both("throw table, checked", table.scene.render)
    table.handle({"type": "action", "action": "reveal"})
    yield from _both("throw table, revealed", table.scene.render)
    table.handle({"type": "action", "action": "rules", "value": "classic"})
    yield from _both("throw table, classic", table.scene.render)
    board = scoring.scoreboard()
    yield from _both("scoreboard, start", board.scene.render)
    board.handle({"type": "action", "action": "next"})
    yield from _both("scoreboard, a trick", board.scene.render)
    board.handle({"type": "action", "action": "last"})
    yield from _both("scoreboard, the end", board.scene.render)
    yield from _both("kitty table", scoring.kitty_table().scene.render)
    yield from _both("level table", scoring.level_table().scene.render)
    for module, groups in (
        (throws, ("will_it_stand", "forced", "safest_throw")),
        (scoring, ("count_trick", "attackers_total", "levels_dealer", "kitty", "climb")),
    ):
        for group in groups:
            widget = module.exercises(group)
            yield from _both(f"{group} asked", widget.scene.render)
            widget.handle({"type": "answer", "answer": widget.scene.puzzle.question.choices()[0].value})
            widget.handle({"type": "action", "action": "hint"})
            yield from _both(f"{group} answered", widget.scene.render)


def lessons_456_live_surfaces() -> Iterator[Surface]:
    """Lessons 4–6's live panels, including refusals of typed text that holds markup."""
    from shengji_kit.apps.lessons import scoring_lesson as scoring
    from shengji_kit.apps.lessons import throws_lesson as throws
    from shengji_kit.apps.lessons import winning_lesson as winning

    typed = "<i>X</i> HK"
    yield from _both("example tricks", winning.who_wins(["DK DK", "S3 S3", "D5 D6", "D9 D10"]).scene.render)
    panel = throws.try_throw("HA HQ HQ", east="H5 C3", north="HK HK D4", west="C6 D9")
    yield from _both("throw panel", panel.scene.render)
    for action, value in (("set-2", typed), ("set-2", "HK H9 D4"), ("rules", "classic"), ("set-0", "")):
        panel.handle({"type": "action", "action": action, "value": value})
        yield from _both(f"throw panel, {action} {value!r}", panel.scene.render)
    for name, widget, moves in (
        ("points panel", scoring.try_count(), (("go", typed), ("go", "SK S5"))),
        ("kitty panel", scoring.try_kitty("SA SA", "SA SK"), (("quick", "SA SK"), ("go", typed))),
        ("outcome panel", scoring.try_outcome(60, 80), (("quick", "80"), ("go", typed), ("go", "35"))),
        ("climb panel", scoring.try_climb(), (("level", "K"), ("steps", "3"))),
        ("live scoreboard", scoring.scoreboard(), (("play", typed), ("another", ""), ("rules", "classic"))),
    ):
        for action, value in moves:
            widget.handle({"type": "action", "action": action, "value": value})
            yield from _both(f"{name}, {action} {value!r}", widget.scene.render)


# --- lessons 3 and 4: follow tables, trick stepper, exercises ----------------------------------


def lesson_34_surfaces() -> Iterator[Surface]:
    from shengji_kit.apps.lessons import cells as lessons
    from shengji_kit.apps.lessons import following_lesson as following
    from shengji_kit.apps.lessons import winning_lesson as winning

    for name, widget in (("lesson 3 table", following.table("shape")), ("lesson 4 table", winning.table("ruff"))):
        yield from _both(name, widget.scene.render)
        for index in (0, 1):
            widget.handle({"type": "click", "index": index})
        widget.handle({"type": "action", "action": "play"})
        yield from _both(f"{name}, played", widget.scene.render)
    yield from _both("unknown lesson table", following.table("nope").scene.render)
    yield from _both("lesson 3 summary", following.summary().scene.render)
    yield from _both("lesson 4 summary", winning.summary().scene.render)
    stepper = winning.recorded_round(seed=7)
    yield from _both("trick stepper", stepper.scene.render)
    stepper.handle({"type": "action", "action": "next"})
    yield from _both("trick stepper, next", stepper.scene.render)
    for slug, group, answer in (
        ("03_following", "which_legal", "B"), ("03_following", "why_refused", "ok"),
        ("04_winning", "which_wins", "0"), ("04_winning", "smallest", ""),
    ):
        widget = lessons.exercises(slug, group, seed=3)
        widget.handle({"type": "answer", "answer": answer})
        widget.handle({"type": "click", "index": 0})
        widget.handle({"type": "action", "action": "check"})
        yield from _both(f"{slug} {group} answered", widget.scene.render)


# --- the puzzle trainer ---------------------------------------------------------------------


def _walk_puzzle(session: TrainerSession, puzzle_id: str) -> Iterator[Surface]:
    session.goto(puzzle_id)
    yield from _both(f"trainer {puzzle_id}", lambda lang: trainer_html(session, lang))
    visit = session.visit
    assert visit is not None
    choices = session.choice_values()
    if choices:
        session.answer(choices[-1])
    elif visit.draft.cards:
        session.click_card(0)
        session.click_card(1)
        session.make_group()
        session.submit()
    else:
        session.submit("x")
        yield from _both(f"trainer {puzzle_id} not a number", lambda lang: trainer_html(session, lang))
        session.submit("1")
    yield from _both(f"trainer {puzzle_id} answered", lambda lang: trainer_html(session, lang))
    session.hint()
    for step in range(12):
        show = session.show_me()
        yield from _both(f"trainer {puzzle_id} show me {step}", lambda lang: trainer_html(session, lang))
        if show is None or show.finished:
            break


def trainer_surfaces(bank: Bank | None = None) -> Iterator[Surface]:
    """The trainer on the first two puzzles of every set (every puzzle kind), answered and shown."""
    bank = bank or default_bank()
    session = TrainerSession(bank, ProgressStore.for_learner("escaping"))
    yield from _both("trainer start", lambda lang: trainer_html(session, lang))
    for puzzle_set in bank.sets:
        session.choose_mode(puzzle_set.id)
        for puzzle in puzzle_set.puzzles[:2]:
            yield from _walk_puzzle(session, puzzle.id)


def marked_bank(folder: Path, mark: str) -> Bank:
    """The shipped puzzle bank with ``mark`` put in front of every English and Chinese text."""
    quoted = mark.replace("\\", "\\\\").replace('"', '\\"')
    for source in sorted(DATA_DIR.glob("*.toml")):
        text = source.read_text(encoding="utf-8")
        text = re.sub(r'\b(en|zh) = "', lambda m: f'{m.group(1)} = "{quoted}', text)
        (folder / source.name).write_text(text, encoding="utf-8")
    bank = load_bank([folder])
    assert not bank.problems, bank.problems
    return bank


# --- the landing page -----------------------------------------------------------------------


def landing_surfaces(root: Path, mark: str) -> Iterator[Surface]:
    """The landing page's catalogue over notebooks whose title and summary carry ``mark``."""
    (root / "lessons").mkdir(parents=True, exist_ok=True)
    notebook = {"cells": [{"cell_type": "markdown", "source": f"# {mark}Lesson\n{mark}summary"}]}
    (root / "lessons" / "01_x.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    yield "landing page", serve.catalogue_html(root)


def lessons_7_8_surfaces() -> Iterator[Surface]:
    """Lesson 7's live deal (asked, refused, over) and lesson 8's counter and charts."""
    from shengji_kit.engine.trump import Trump as _Trump
    from shengji_kit.render.lesson_panels.card_counter import count_cards
    from shengji_kit.render.lesson_panels.chance_charts import gain_scene, kitty_scene, split_scene
    from shengji_kit.render.lesson_panels.live_deal import LiveDeal

    deal = LiveDeal()
    yield from _both("live deal asked", deal.render)
    deal.choose("show", "S2")
    yield from _both("live deal refused", deal.render)
    deal.choose("show", "S2 LJ")
    deal.choose("show", "LJ LJ")
    yield from _both("live deal over", deal.render)
    hand = "BJ H2 HA HK HQ H10 H9 SA SA SK SJ S9 S5 S3 C3 C4 C7 C8 C9 D4 D6 D8 D10 DJ DQ"
    yield from _both("card counter", lambda lang: str(count_cards(hand, "", "CA", _Trump("2", "H"), lang)))
    yield from _both("card counter, bad input", lambda lang: str(count_cards("XX", "", "CA", _Trump("2", "H"), lang)))
    for scene in (kitty_scene(samples=500), gain_scene(samples=500), split_scene(samples=500)):
        yield from _both(scene.role, lambda lang, scene=scene: str(scene.render(lang)))


# --- the classroom: the learner bar with its poll, the teacher's dashboard ----------------------


def classroom_surfaces(tmp: Path, mark: str) -> Iterator[Surface]:
    """The learner bar (named, editing, refused, polled, revealed) and the dashboard (refused, live, projecting)."""
    from datetime import UTC, datetime

    from shengji_kit.apps.classroom import DashboardScene
    from shengji_kit.classroom.identity import reset_current_learner, set_current_learner
    from shengji_kit.classroom.store import SQLClassStore
    from shengji_kit.classroom.store_protocol import ATTEMPT, POLL_REVEALED, ClassEvent
    from shengji_kit.widgets.learner_bar import LearnerBarScene

    store = SQLClassStore(f"sqlite:///{tmp / 'class.sqlite3'}")
    name = mark + "Ann"
    now = datetime.now(UTC)
    store.record([ClassEvent(name, "win-highest-card", "01-who-wins", ATTEMPT, now, mark + "East", False)])
    try:
        bar = LearnerBarScene(lambda: store, "default")
        yield from _both("learner bar, unnamed", bar.render)
        bar.handle({"type": "action", "action": "switch"})
        bar.handle({"type": "action", "action": "name", "value": " "})
        yield from _both("learner bar, name refused", bar.render)
        set_current_learner(name)
        teacher = {"SHENGJI_KIT_TEACHER_CODE": "c"}
        yield from _both("dashboard, refused", DashboardScene(lambda: store, query={}, environ=teacher).render)
        dash = DashboardScene(lambda: store, query={"teacher": "c"}, environ=teacher, stuck_minutes=0)
        dash.project("puzzle:win-highest-card")
        dash.open_poll()
        bar.tick()
        bar.answer(bar.poll.options[0] if bar.poll else "")
        dash.refresh()
        yield from _both("learner bar, poll open", bar.render)
        yield from _both("dashboard, poll open", dash.render)
        if dash.poll is not None:
            store.set_poll_state(dash.poll.id, POLL_REVEALED)
        bar.tick()
        dash.refresh()
        yield from _both("learner bar, poll revealed", bar.render)
        yield from _both("dashboard, poll revealed", dash.render)
        dash.project("record:sample")
        yield from _both("dashboard, record", dash.render)
        yield from tables_desk_surfaces(store, mark)
    finally:
        store.close()
        reset_current_learner()


def tables_desk_surfaces(store: Any, mark: str) -> Iterator[Surface]:
    """The dashboard's table controls on a hall in this process: the form (named seats), a paused table, the
    close question, a watched table's hands, the projected table, a refusal."""
    from shengji_kit.apps.classroom import DashboardScene
    from shengji_kit.classroom.tables.client import TableClient, TableRefused
    from shengji_kit.classroom.tables.hall import TableError, TableHall
    from shengji_kit.classroom.tables.seat_wire import refusal_to_json

    class HallClient(TableClient):
        """The teacher's client, answered by ``hall`` without HTTP (refusals as the server sends them)."""

        def __init__(self, hall: TableHall) -> None:
            super().__init__("http://127.0.0.1:1/", teacher_code="c")
            self.hall = hall

        def _call(self, method: str, path: str, body: Any = None, timeout: float | None = None) -> Any:
            raise TableRefused(409, refusal_to_json(TableError("tables_unknown_route", {"route": path})))

        def listing(self) -> dict[str, Any]:
            return {"tables": self.hall.tables(), "store": None}

        def open_table(self, name: str, **options: Any) -> str:
            options.pop("start", None)
            return self.hall.open_table(name, **options)

        def set_paused(self, table: str, paused: bool) -> None:
            self.hall.set_paused(table, paused)

        def watch(self, table: str) -> dict[str, Any]:
            return self.hall.teacher_view(table)

    hall = TableHall()
    try:
        dash = DashboardScene(lambda: store, query={"teacher": "c"}, environ={"SHENGJI_KIT_TEACHER_CODE": "c"},
                              table_client=HallClient(hall))

        def send(action: str, value: str = "", **fields: str) -> None:
            dash.handle({"type": "action", "action": action, "value": value, "fields": fields})

        send("table-form-seating", "named")
        send("table-open", **{"table-name": mark + "Room"})
        yield from _both("dashboard, a table opened", dash.render)
        table = dash.tables.tables[0]["table"]
        hall.start(table)
        send("table-pause", table)
        send("table-watch", table)
        send("table-project", table)
        yield from _both("dashboard, a table watched and projected", dash.render)
        send("table-close", table)
        send("table-start", table)  # refused: the client has no such route here
        yield from _both("dashboard, a table to close, a refusal", dash.render)
    finally:
        hall.shutdown()


def all_surfaces(tmp: Path, mark: str) -> Iterator[Surface]:
    yield from classroom_surfaces(tmp, mark)
    yield from table_surfaces()
    yield from record_surfaces()
    yield from lesson_surfaces()
    yield from throws_and_scoring_surfaces()
    yield from lessons_456_live_surfaces()
    yield from lessons_7_8_surfaces()
    yield from lesson_34_surfaces()
    yield from trainer_surfaces()
    puzzles = tmp / "puzzles"
    puzzles.mkdir(parents=True, exist_ok=True)
    yield from trainer_surfaces(marked_bank(puzzles, mark))
    yield from landing_surfaces(tmp / "site", mark)
