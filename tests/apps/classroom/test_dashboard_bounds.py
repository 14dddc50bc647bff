"""One hostile learner must not make the teacher's dashboard heavy: long answers are cut with an ellipsis
and an item lists only its most given wrong answers, in the report and in the dashboard's panels."""

from __future__ import annotations

from html_tree import parse
from widgets.class_env import NOW, TEACHER_CODE, class_store, event  # noqa: F401  (fixture)

from shengji_kit.apps.classroom import DashboardScene
from shengji_kit.classroom.report import ELLIPSIS, SHOWN_ANSWER_CHARS, SHOWN_ANSWERS, class_report
from shengji_kit.classroom.store import MAX_ANSWER_BYTES
from shengji_kit.classroom.store_protocol import ATTEMPT, ClassStoreAPI, StoredEvent
from shengji_kit.words.catalogue import text


def test_a_huge_answer_is_shown_short_with_an_ellipsis_in_the_report() -> None:
    huge = "S" * 5_000_000  # as an old store (before the bounds) could still hold it
    events = [StoredEvent(1, event("mallory", "ww-002", ATTEMPT, 1, huge, False)),
              StoredEvent(2, event("ann", "ww-002", ATTEMPT, 1, "North", False))]
    missed = class_report(events, NOW).missed[0]
    answers = dict(missed.answers)
    shown = next(answer for answer in answers if answer.startswith("S"))
    assert len(shown) == SHOWN_ANSWER_CHARS and shown.endswith(ELLIPSIS) and answers["North"] == 1


def test_the_dashboard_stays_light_when_one_learner_sends_the_longest_answers(
    class_store: ClassStoreAPI,  # noqa: F811
) -> None:
    hostile = [event("mallory", "ww-002", ATTEMPT, 1, f"{number:04d}" + "谁" * 600, False) for number in range(40)]
    assert all(len(e.answer.encode("utf-8")) <= MAX_ANSWER_BYTES for e in hostile)  # each one the store keeps
    class_store.record([*hostile, event("ann", "ww-002", ATTEMPT, 1, "North", False)])
    scene = DashboardScene(lambda: class_store, query={"teacher": TEACHER_CODE},
                           environ={"SHENGJI_KIT_TEACHER_CODE": TEACHER_CODE}, clock=lambda: NOW)
    for lang in ("en", "zh"):
        page = scene.render(lang)
        assert not any(e.answer in page for e in hostile), "no long answer is drawn whole"
        missed = parse(page).find(data_role="most-missed").find("li", data_item="ww-002")
        shown = [part.attrs["data-answer"] for part in missed.find_all(data_answer=True)]
        assert len(shown) == SHOWN_ANSWERS
        assert all(len(answer) <= SHOWN_ANSWER_CHARS for answer in shown)
        assert any(answer.endswith(ELLIPSIS) for answer in shown)
        more = missed.find(data_role="missed-more")
        assert more.attrs["data-count"] == str(41 - SHOWN_ANSWERS)
        assert text("service_missed_more", lang, count=41 - SHOWN_ANSWERS) in more.text
