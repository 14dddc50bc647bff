"""The learner's Tables page against a real ``serve --classroom``: the list of tables, sitting by the
"sit here" button, playing a card by the messages the table widget's JS sends, a classmate's page
seeing it, a reload taking the seat up again, refusals and a lost server said in the learner's language."""

from __future__ import annotations

import re
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from benchmarks.tables import CODE, TEACHER, class_server
from shengji_kit.apps.classroom.projector import ProjectorCatalogue, RecordProjection
from shengji_kit.apps.tables.seat_keeper import SeatKeeper
from shengji_kit.apps.tables.tables_app import TablesApp, TablesSurface, tables_app
from shengji_kit.classroom.identity import reset_current_learner, set_current_learner
from shengji_kit.classroom.tables.client import TableClient
from shengji_kit.engine.cards import parse_card
from shengji_kit.game.actions import Action
from shengji_kit.game.record import load, rebuild, replay
from shengji_kit.puzzles import default_bank
from shengji_kit.widgets import learner_bar
from shengji_kit.widgets.language import SESSION

pytestmark = pytest.mark.slow  # one class server for the module


@pytest.fixture(scope="module")
def class_data() -> Iterator[tuple[str, Path]]:
    """The class server's URL and its data folder."""
    with tempfile.TemporaryDirectory(prefix="tables-page-") as folder, class_server(Path(folder)) as (url, _):
        yield url, Path(folder)


@pytest.fixture(scope="module")
def server_url(class_data: tuple[str, Path]) -> str:
    return class_data[0]


@pytest.fixture(autouse=True)
def fresh_learner() -> Iterator[None]:
    reset_current_learner()
    SESSION.lang = "en"
    yield
    reset_current_learner()
    SESSION.lang = "en"


ANNS_BROWSER, OTHER_BROWSER = "a" * 32, "b" * 32


def page(url: str | None, learner: str, keeper: SeatKeeper, follow: bool = False,
         browser: str = ANNS_BROWSER) -> TablesSurface:
    """A learner's page in ``browser``: the learner bar's name and the browser's id (as its first message
    brings them), then the app as the notebook builds it."""
    learner_bar._BROWSER["id"] = browser
    set_current_learner(learner)
    surface = TablesSurface(TablesApp(url, keeper, live=False, follow=follow))
    return surface


def app_of(surface: TablesSurface) -> TablesApp:
    scene = surface.scene
    assert isinstance(scene, TablesApp)
    return scene


def sit_message(table: str, seat: int) -> dict[str, Any]:
    return {"type": "action", "action": "sit", "value": f"{table}:{seat}"}


def step(surface: TablesSurface) -> Action | None:
    """One move by clicks, as the JS sends them, when the seat is to act; the action taken (None: not its turn)."""
    app = app_of(surface)
    app.poll()
    message = app.message or {}
    legal = [Action.from_json(entry) for entry in message.get("legal") or []]
    if not legal:
        return None
    chosen = next((action for action in legal if action.kind not in ("overturn", "redeal")), legal[0])
    if chosen.kind in ("play", "bury"):
        surface.handle({"type": "action", "action": "clear", "value": ""})
        cards = app.selection.cards
        taken: set[int] = set()
        for card in chosen.cards:
            index = next(i for i, held in enumerate(cards) if held == card and i not in taken)
            taken.add(index)
            surface.handle({"type": "click", "card": card.code, "index": index})
        surface.handle({"type": "action", "action": chosen.kind, "value": ""})
    elif chosen.kind in ("declare", "overturn"):
        surface.handle({"type": "action", "action": "declare", "value": " ".join(c.code for c in chosen.cards)})
    else:
        surface.handle({"type": "action", "action": chosen.kind.replace("_", "-"), "value": ""})
    return chosen


def test_list_sit_play_see_and_resume(server_url: str, tmp_path: Path) -> None:
    teacher = TableClient(server_url, class_code=CODE, teacher_code=TEACHER)
    table = teacher.open_table("Room Page", seed=5, tier="steady")
    keeper = SeatKeeper(tmp_path / "seats")
    ann = page(server_url, "Ann", keeper)
    html = ann.html
    assert f'data-table="{table}"' in html
    assert html.count(f'data-value="{table}:') == 4  # four free seats, each with its button
    ann.handle(sit_message(table, 0))
    assert app_of(ann).seated and 'data-role="tables-seated"' in ann.html
    bo = page(server_url, "Bo", keeper)
    bo.handle(sit_message(table, 1))
    assert app_of(bo).seated
    # Cy cannot take Ann's seat: the server's reason, in Chinese on a Chinese page
    cy = page(server_url, "Cy", keeper)
    SESSION.lang = "zh"
    cy.handle(sit_message(table, 0))
    assert not app_of(cy).seated
    assert "Ann" in cy.html and "已经坐在" in cy.html and 'data-kind="error"' in cy.html
    SESSION.lang = "en"
    teacher.start(table)

    played = None
    saw_waiting = False
    deadline = time.monotonic() + 120
    while played is None and time.monotonic() < deadline:
        moved = False
        for surface in (ann, bo):
            chosen = step(surface)
            moved = moved or chosen is not None
            if surface is ann and chosen is not None and chosen.kind == "play":
                played = chosen
        app_of(bo).poll()
        seen_by_bo = app_of(bo).view
        if seen_by_bo is not None and seen_by_bo.to_act == 3 and seen_by_bo.result is None:
            assert "Waiting for Ann" in bo.html  # Ann's turn, as Bo's page says it
            saw_waiting = True
        if not moved:
            time.sleep(0.05)
    assert played is not None, "Ann never got to play a card"
    # Bo's page sees Ann's cards on the table (Ann sits at Bo's West: seat 3 as Bo's page draws it)
    app_of(bo).poll()
    view = app_of(bo).view
    assert view is not None
    seen = [cards for seat, cards in view.trick if seat == 3] + [
        trick.play_of(3) for trick in view.tricks]
    assert tuple(played.cards) in seen
    assert re.search(r'data-seat="0"', bo.html) and "Bo (you)" in bo.html
    # every seat is named as the table names it: Bo sits East, so his page never calls him "South (you)", and
    # Ann's cards, drawn at his West, are South's
    assert "South (you)" not in bo.html
    slot_names = {name.strip() for name in re.findall(r'class="sk-slot-name">([^<]*)<', bo.html)}
    assert "South" in slot_names and slot_names <= {"East (you)", "South", "West", "North"}, slot_names
    if view.tricks:  # the game log names each finished trick's winner, as the play app does
        assert "wins trick 1 with" in bo.html

    # a reload of Ann's page (a fresh kernel page, the same learner): the seat and the round as they stand
    app_of(ann).poll()
    hand = app_of(ann).view.hand  # type: ignore[union-attr]
    again = page(server_url, "Ann", keeper, follow=True)
    resumed = app_of(again)
    assert resumed.seated and resumed.mine == 0 and resumed.message is not None
    assert resumed.message["table"] == table
    assert resumed.view is not None and sorted(resumed.view.hand) == sorted(hand)
    assert "Welcome back" in again.html
    # another browser whose learner bar merely says "Ann" (no class list: any name can be typed) finds no seat
    impostor = app_of(page(server_url, "Ann", keeper, follow=True, browser=OTHER_BROWSER))
    assert not impostor.seated and impostor.client is None
    learner_bar._BROWSER["id"] = ANNS_BROWSER
    set_current_learner("Ann")
    # the learner bar switches to Dee: Ann's seat is not Dee's
    set_current_learner("Dee")
    assert not resumed.seated and "Welcome back" not in again.html
    assert saw_waiting


def test_a_learner_without_a_name_is_asked_for_one(server_url: str, tmp_path: Path) -> None:
    teacher = TableClient(server_url, class_code=CODE, teacher_code=TEACHER)
    table = teacher.open_table("Room Nameless", seed=6)
    reset_current_learner()
    surface = TablesSurface(TablesApp(server_url, SeatKeeper(tmp_path), live=False, follow=False))
    surface.handle(sit_message(table, 2))
    assert not app_of(surface).seated
    assert "learner bar" in surface.html


def test_outside_the_class_server_the_page_links_the_play_app(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SHENGJI_KIT_JOIN_URL", raising=False)
    surface = tables_app()
    assert 'data-role="tables-no-server"' in surface.html and 'href="play.ipynb"' in surface.html
    SESSION.lang = "zh"
    assert "班级服务器" in surface.html


def test_a_lost_server_is_said_and_asked_again(tmp_path: Path) -> None:
    from benchmarks.tables import free_port

    surface = page(f"http://127.0.0.1:{free_port()}/", "Ann", SeatKeeper(tmp_path))
    assert 'data-role="tables-lost"' in surface.html and "reconnecting" in surface.html


def test_the_play_app_links_the_tables_on_the_class_server_only(monkeypatch: pytest.MonkeyPatch) -> None:
    from shengji_kit.apps.play.play_app import PlayApp

    monkeypatch.delenv("SHENGJI_KIT_JOIN_URL", raising=False)
    assert 'data-role="tables-link"' not in PlayApp(seed=3, delay=0).render("en")
    monkeypatch.setenv("SHENGJI_KIT_JOIN_URL", "http://127.0.0.1:8866/?token=x")
    shown = PlayApp(seed=3, delay=0).render("zh")
    assert 'href="tables.ipynb"' in shown and "班级牌桌" in shown


def test_the_landing_page_lists_the_tables_page() -> None:
    from shengji_kit.apps.serving.serve import catalogue_html

    assert 'data-notebook="notebooks/tables.ipynb"' in str(catalogue_html())


@pytest.fixture(scope="module")
def pin_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A class server whose class list gives Ann the PIN 2468."""
    from shengji_kit.classroom.class_list import set_pin

    class_list = tmp_path_factory.mktemp("class") / "class-list.toml"
    set_pin(class_list, "Ann", "2468")
    with tempfile.TemporaryDirectory(prefix="tables-page-pin-") as folder, \
            class_server(Path(folder), extra=["--class-list", str(class_list)]) as (url, _):
        yield url, class_list


def test_a_learner_with_a_pin_sits_with_the_pass_the_learner_bar_holds(
    pin_server: tuple[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from shengji_kit.classroom.class_list import CLASS_LIST_VAR
    from shengji_kit.widgets.learner_bar import LearnerBarScene

    url, class_list = pin_server
    monkeypatch.setenv(CLASS_LIST_VAR, str(class_list))
    table = TableClient(url, class_code=CODE, teacher_code=TEACHER).open_table("Room Pin", seed=8)
    surface = page(url, "Ann", SeatKeeper(tmp_path))  # the name, but not the PIN: no pass in the bar
    surface.handle(sit_message(table, 1))
    assert not app_of(surface).seated and 'data-kind="error"' in surface.html
    assert LearnerBarScene(show_poll=False).choose("Ann", "2468")  # the bar takes the PIN: it holds a pass
    surface.handle(sit_message(table, 1))
    assert app_of(surface).seated and app_of(surface).mine == 1


def test_a_paused_table_says_so(server_url: str, tmp_path: Path) -> None:
    teacher = TableClient(server_url, class_code=CODE, teacher_code=TEACHER)
    table = teacher.open_table("Room Pause", seed=9, start=False)
    surface = page(server_url, "Eve", SeatKeeper(tmp_path))
    surface.handle(sit_message(table, 0))
    teacher.set_paused(table, True)
    app_of(surface).poll()
    assert 'data-role="tables-paused"' in surface.html and "paused" in surface.html
    SESSION.lang = "zh"  # the same line in Chinese on a Chinese page
    assert 'data-role="tables-paused"' in surface.html and "老师暂停了这张牌桌" in surface.html
    SESSION.lang = "en"
    teacher.set_paused(table, False)
    app_of(surface).poll()
    assert 'data-role="tables-paused"' not in surface.html


def test_a_table_paused_on_the_learners_turn_offers_no_move(server_url: str, tmp_path: Path) -> None:
    teacher = TableClient(server_url, class_code=CODE, teacher_code=TEACHER)
    table = teacher.open_table("Room Held", seed=4, learners=["Fay"])
    surface = page(server_url, "Fay", SeatKeeper(tmp_path))
    surface.handle(sit_message(table, 0))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # the bots play on until the learner is asked
        app_of(surface).poll()
        if (app_of(surface).message or {}).get("legal"):
            break
        time.sleep(0.05)
    moves = re.compile(r'data-action="(play|bury|pass|declare|redeal|deal-on)"')
    assert moves.search(surface.html), "the learner was never asked"
    teacher.set_paused(table, True)
    app_of(surface).poll()
    html = surface.html
    assert not moves.search(html) and "Your turn" not in html
    assert html.count("The teacher has paused this table") == 2  # above the table and as its prompt
    teacher.set_paused(table, False)
    app_of(surface).poll()
    assert moves.search(surface.html)


def test_a_finished_shared_round_is_a_record_the_projector_lists(class_data: tuple[str, Path], tmp_path: Path) -> None:
    """Two learners and two bots play a round to its end by clicks: the round is written to the data folder's
    records as any round record (it replays and rebuilds to the same result), with the seats' names, and the
    teacher's projector lists it and steps through it."""
    url, data = class_data
    teacher = TableClient(url, class_code=CODE, teacher_code=TEACHER)
    table = teacher.open_table("Room Record", seed=11, tier="steady", learners=["Ann", "Bo"])
    keeper = SeatKeeper(tmp_path / "seats")
    ann = page(url, "Ann", keeper)
    ann.handle(sit_message(table, 0))
    bo = page(url, "Bo", keeper, browser=OTHER_BROWSER)
    bo.handle(sit_message(table, 1))
    assert app_of(ann).seated and app_of(bo).seated
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        moved = [step(surface) for surface in (ann, bo)]
        view = app_of(ann).view
        if view is not None and view.result is not None:
            break
        if not any(moved):
            time.sleep(0.05)
    assert app_of(ann).view is not None and app_of(ann).view.result is not None, "the round did not end"  # type: ignore[union-attr]
    path = data / "records" / f"table-{table}-round-001.json"
    deadline = time.monotonic() + 10
    while not path.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    record = load(path)
    assert record["players"] == ["Ann", "Bo", None, None] and record["bots"] == "steady"
    assert record["table"] == "Room Record"
    replayed = replay(record)
    assert replayed.result.total == record["total"]
    assert rebuild(record).result == replayed.result
    catalogue = ProjectorCatalogue(default_bank(), data / "records")
    assert f"record:{path.name}" in [entry.key for entry in catalogue.entries()]
    projection = catalogue.open(f"record:{path.name}")
    assert isinstance(projection, RecordProjection)


def test_after_a_round_the_learner_reviews_their_own_seat(server_url: str, tmp_path: Path) -> None:
    """Ivy plays North at a table of three bots by clicks to the round's end; "Review this round" opens the play app's
    review of her seat (its record from the server), naming North and her own plays, in English and in Chinese. Mid-
    round there is nothing to review; a learner who sits down after the round finds no review of a seat she did not
    play; the learner bar switching to someone else takes the review away."""
    from html_tree import parse

    teacher = TableClient(server_url, class_code=CODE, teacher_code=TEACHER)
    table = teacher.open_table("Room Review", seed=21, tier="steady", learners=[None, None, "Ivy"])
    keeper = SeatKeeper(tmp_path / "seats")
    ivy = page(server_url, "Ivy", keeper, follow=True)
    ivy.handle(sit_message(table, 2))  # the only learner named: the table starts
    app = app_of(ivy)
    assert app.seated and app.mine == 2
    ivy.handle({"type": "action", "action": "review", "value": ""})  # mid-round: nothing is asked, nothing shown
    assert app.coach.review is None and 'data-role="review"' not in ivy.html
    plays: dict[int, tuple[str, ...]] = {}  # Ivy's plays by trick number
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        app.poll()
        view = app.view
        if view is not None and view.result is not None:
            break
        trick = len(view.tricks) + 1 if view is not None else 0
        chosen = step(ivy)
        if chosen is not None and chosen.kind == "play":
            plays[trick] = tuple(card.code for card in chosen.cards)
        elif chosen is None:
            time.sleep(0.05)
    assert app.view is not None and app.view.result is not None, "the round did not end"
    assert plays
    html = ivy.html
    assert 'data-action="review"' in html and "Review this round" in html and 'data-role="review"' not in html

    ivy.handle({"type": "action", "action": "review", "value": ""})  # no loop here: the review is made at once
    review = app.coach.review
    assert review is not None and review.seat == 2 and app.coach.review_error is None
    shown = parse(ivy.html).find(data_role="review")
    assert shown is not None
    reviewed = shown.find(cls="sk-review")
    assert reviewed.attrs["data-reviewed-seat"] == "2"
    assert "Round review for North (you)" in shown.text  # the table's own seat, as the lobby names it
    rows = {int(row.attrs["data-trick"]): row for row in reviewed.find_all("tr") if "data-trick" in row.attrs}
    assert set(rows) == set(plays)  # one row per play of Ivy's, and only hers
    for trick, cards in plays.items():  # each row shows the cards Ivy played in that trick, by name
        cell = rows[trick].find_all("td")[1]
        drawn = [svg.attrs["data-card"] for svg in cell.find_all("svg") if "data-card" in svg.attrs]
        assert sorted(drawn) == sorted(cards)
    first_trick = min(plays)  # and names them as a reader hears them: "ace of spades"
    said = rows[first_trick].find_all("td")[1].text
    assert all(parse_card(code).name("en") in said for code in plays[first_trick])
    SESSION.lang = "zh"  # the same review in the learner's language
    shown_zh = parse(ivy.html).find(data_role="review")
    assert "北家" in shown_zh.text and "复盘" in shown_zh.text
    SESSION.lang = "en"

    # Jo sits down in a bot's seat after the round: the round is over, but not hers to review
    jo = page(server_url, "Jo", keeper, browser=OTHER_BROWSER)
    jo.handle(sit_message(table, 0))
    assert app_of(jo).seated and app_of(jo).view is not None and app_of(jo).view.result is not None  # type: ignore[union-attr]
    jo.handle({"type": "action", "action": "review", "value": ""})
    assert app_of(jo).coach.review is None and 'data-role="review"' not in jo.html
    assert "You did not play South in round 1" in jo.html

    # the learner bar switches to Dee on Ivy's page: Ivy's seat, and her review, are not Dee's
    learner_bar._BROWSER["id"] = ANNS_BROWSER
    set_current_learner("Dee")
    assert not app.seated and app.coach.review is None and 'data-role="review"' not in ivy.html
