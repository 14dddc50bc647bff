"""The most-missed list names each item by its title in the dashboard's language, its id kept in data-item."""

from __future__ import annotations

import pytest
from html_tree import parse
from widgets.class_env import TEACHER_CODE, class_store, event  # noqa: F401  (fixture)

from shengji_kit.apps.classroom import DashboardScene
from shengji_kit.classroom.store_protocol import ATTEMPT, ClassStoreAPI

ITEMS = [
    # (item id, group, English title, Chinese title)
    ("win-highest-card", "01-who-wins", "The highest card of the led suit", "首发花色里谁最大"),
    ("l2-spot-neighbours", "02_tractors", "Spot the tractor", "找拖拉机"),
    ("l11-bury-keep-the-tractor", "11_kitty", "Empty diamonds, keep the tractor", "盖空方块，留住拖拉机"),
]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_missed_items_show_their_titles_dealt_ones_their_lesson_and_unknown_ones_their_id(
    class_store: ClassStoreAPI, lang: str,  # noqa: F811
) -> None:
    dealt = "dealt-123-02_tractors-spot_the_tractor"
    class_store.record([
        *(event("ann", item, ATTEMPT, 2, "x", False, group) for item, group, _, _ in ITEMS),
        event("ann", dealt, ATTEMPT, 2, "x", False, "02_tractors"),
        event("ann", "no-such-item", ATTEMPT, 2, "x", False, "01-who-wins"),
    ])
    scene = DashboardScene(lambda: class_store, query={"teacher": TEACHER_CODE},
                           environ={"SHENGJI_KIT_TEACHER_CODE": TEACHER_CODE})
    missed = parse(scene.render(lang)).find(data_role="most-missed")
    for item, _, en, zh in ITEMS:
        line = missed.find("li", data_item=item).text
        assert (zh if lang == "zh" else en) in line and item not in line
    dealt_line = missed.find("li", data_item=dealt).text
    lesson = "对子和拖拉机" if lang == "zh" else "Pairs and tractors"
    assert lesson in dealt_line and ("随机发的练习" if lang == "zh" else "a dealt exercise") in dealt_line
    assert dealt not in dealt_line
    assert "no-such-item" in missed.find("li", data_item="no-such-item").text

