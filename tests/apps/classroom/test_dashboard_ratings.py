"""The teacher's dashboard shows each learner's rating and weakest set, and the class's, from the real class
store's events (SQLite), by the trainer's replay, in English and Chinese."""

from __future__ import annotations

import statistics

from html_tree import Element, parse
from widgets.class_env import NOW, TEACHER_CODE, class_store, event, solved  # noqa: F401  (fixture)

from shengji_kit.apps.classroom import DashboardScene
from shengji_kit.classroom.store_protocol import ATTEMPT, ClassEvent, ClassStoreAPI
from shengji_kit.practice.rating import Rating, rate_attempt
from shengji_kit.practice.ratings_from_events import puzzle_start
from shengji_kit.puzzles import Puzzle, default_bank

WHO_WINS, THROWS, COUNTING = "01-who-wins", "03-throws", "06-counting"


def dashboard(store: ClassStoreAPI) -> DashboardScene:
    return DashboardScene(lambda: store, query={"teacher": TEACHER_CODE},
                          environ={"SHENGJI_KIT_TEACHER_CODE": TEACHER_CODE}, clock=lambda: NOW)


def wrong(learner: str, puzzle: Puzzle, minutes_ago: float) -> ClassEvent:
    return event(learner, puzzle.id, ATTEMPT, minutes_ago, "x", False, puzzle.set_id)


def right(learner: str, puzzle: Puzzle, minutes_ago: float) -> list[ClassEvent]:
    return solved(learner, puzzle.id, minutes_ago, group=puzzle.set_id)


def games(*results: tuple[Puzzle, bool]) -> Rating:
    """A learner's rating after first tries at puzzles nobody tried before, by ``rate_attempt`` by hand."""
    rating = Rating()
    for puzzle, won in results:
        rating, _ = rate_attempt(rating, puzzle_start(puzzle.difficulty), won)
    return rating


def nearest_ten(rating: Rating) -> int:
    return int(round(rating.rating / 10) * 10)


def said(rating: Rating, lang: str = "en") -> str:
    """The uncertainty words of docs/decisions.md ("Ratings"): 250 up a first guess, 150 still settling."""
    assert rating.deviation >= 150, "two games: never surer than still settling"
    first = rating.deviation >= 250
    if lang == "zh":
        return "只是初步估计" if first else "还在变动"
    return "a first guess" if first else "still settling"


def rows(html: str) -> dict[str, Element]:
    return {row.attrs["data-rated-learner"]: row for row in parse(html).find(data_role="ratings-table").find_all("tr")
            if "data-rated-learner" in row.attrs}


def test_each_learners_rating_and_weakest_set_and_the_classs(class_store: ClassStoreAPI) -> None:  # noqa: F811
    bank = default_bank()
    who, throws, counting = (list(bank.get_set(s).puzzles) for s in (WHO_WINS, THROWS, COUNTING))
    class_store.record([
        *right("ann", who[0], 50), wrong("ann", throws[0], 40),
        wrong("bo", counting[0], 30), *right("bo", who[1], 25),
        wrong("cy", throws[1], 20), *right("cy", counting[1], 15),
        event("dee", "no-such-item", ATTEMPT, 5, "x", False, "02_tractors"),  # a lesson exercise: not rated
    ])
    ann = games((who[0], True), (throws[0], False))
    bo = games((counting[0], False), (who[1], True))
    cy = games((throws[1], False), (counting[1], True))
    scene = dashboard(class_store)
    html = scene.render("en")
    found = rows(html)
    assert set(found) == {"ann", "bo", "cy", "dee"}
    for name, rating, weakest in (("ann", ann, THROWS), ("bo", bo, COUNTING), ("cy", cy, THROWS)):
        row = found[name]
        assert row.attrs["data-rating"] == str(nearest_ten(rating)) and row.attrs["data-weakest"] == weakest
        cells = row.find_all("td")
        assert cells[0].text == f"about {nearest_ten(rating)}, {said(rating)}"
        assert cells[1].text == bank.get_set(weakest).title("en")
    assert found["dee"].attrs["data-rating"] == "" and found["dee"].find_all("td")[0].text == "no rating yet"
    median = int(round(statistics.median([ann.rating, bo.rating, cy.rating]) / 10) * 10)
    line = parse(html).find(data_role="ratings-class")
    assert (line.attrs["data-median"], line.attrs["data-weakest"]) == (str(median), THROWS)
    assert line.text == (f"The class: median rating about {median} (3 learners rated). "
                         f"Most learners are weakest in {bank.get_set(THROWS).title('en')} (2 of 3).")
    zh = scene.render("zh")
    assert parse(zh).find(data_role="ratings").find("h3").text == "等级分"
    assert rows(zh)["ann"].find_all("td")[0].text == f"约 {nearest_ten(ann)}，{said(ann, 'zh')}"
    assert rows(zh)["bo"].find_all("td")[1].text == bank.get_set(COUNTING).title("zh")
    assert rows(zh)["dee"].find_all("td")[0].text == "还没有等级分"
    assert parse(zh).find(data_role="ratings-class").text == (
        f"全班：等级分中位数约 {median}（3 位学习者有等级分）。"
        f" 最多学习者最弱的题组：{bank.get_set(THROWS).title('zh')}（3 人中有 2 人）。")


def test_the_ratings_follow_new_events_and_share_the_puzzle_ratings(class_store: ClassStoreAPI) -> None:  # noqa: F811
    bank = default_bank()
    puzzle = bank.get_set(WHO_WINS).puzzles[0]
    scene = dashboard(class_store)
    assert parse(scene.render("en")).find(data_role="ratings-class").text == (
        "No ratings yet: a learner's first try at each trainer puzzle counts towards theirs.")
    assert not parse(scene.render("en")).has(data_role="ratings-table")
    class_store.record(right("ann", puzzle, 10))
    scene.refresh()
    class_store.record([wrong("bo", puzzle, 5)])
    scene.refresh()  # bo meets the puzzle as ann left it: the class's one replay
    ann, after_ann = rate_attempt(Rating(), puzzle_start(puzzle.difficulty), True)
    bo, _ = rate_attempt(Rating(), after_ann, False)
    found = rows(scene.render("en"))
    assert found["ann"].attrs["data-rating"] == str(nearest_ten(ann))
    assert found["bo"].attrs["data-rating"] == str(nearest_ten(bo))
    assert found["ann"].attrs["data-weakest"] == "" and found["ann"].find_all("td")[1].text == "—", "one set only"
