"""The class store keeps no event past its bounds: an answer of at most 2 KB, names and ids of bounded
length, a sane time spent; a refusal names the bound in English and Chinese and stores nothing."""

from __future__ import annotations

import math
from dataclasses import replace
from datetime import UTC, datetime

import pytest

from shengji_kit.classroom.store import (
    MAX_ANSWER_BYTES,
    MAX_NAME_CHARS,
    MAX_REF_CHARS,
    EventRefused,
    SQLClassStore,
)
from shengji_kit.classroom.store_protocol import ATTEMPT, ClassEvent, StoreError
from shengji_kit.words.catalogue import text

GOOD = ClassEvent("ann", "win-highest-card", "01-who-wins", ATTEMPT, datetime(2026, 11, 30, 9, tzinfo=UTC), "2",
                  True, 3.5)


def test_the_longest_answers_and_names_the_store_allows_are_kept(store: SQLClassStore) -> None:
    longest = replace(GOOD, answer="a" * MAX_ANSWER_BYTES, learner="l" * MAX_NAME_CHARS,
                      class_name="c" * MAX_NAME_CHARS, item="i" * MAX_REF_CHARS, group="g" * MAX_REF_CHARS)
    chinese = replace(GOOD, answer="谁" * (MAX_ANSWER_BYTES // 3))  # 3 bytes a character
    store.record([longest, chinese])
    assert [stored.event for stored in store.events("c" * MAX_NAME_CHARS)] == [longest]
    assert [stored.event.answer for stored in store.events()] == [chinese.answer]


@pytest.mark.parametrize(("change", "code"), [
    ({"answer": "a" * (MAX_ANSWER_BYTES + 1)}, "service_answer_too_long"),
    ({"answer": "a" * 900_000}, "service_answer_too_long"),
    ({"answer": "谁" * (MAX_ANSWER_BYTES // 3 + 1)}, "service_answer_too_long"),
    ({"learner": "l" * (MAX_NAME_CHARS + 1)}, "service_field_too_long"),
    ({"class_name": "c" * (MAX_NAME_CHARS + 1)}, "service_field_too_long"),
    ({"item": "i" * (MAX_REF_CHARS + 1)}, "service_field_too_long"),
    ({"group": "g" * 5000}, "service_field_too_long"),
    ({"item": ""}, "service_field_missing"),
    ({"kind": "k" * 5000}, "service_unknown_kind"),
    ({"seconds": -1.0}, "service_bad_seconds"),
    ({"seconds": math.nan}, "service_bad_seconds"),
    ({"seconds": math.inf}, "service_bad_seconds"),
    ({"at": datetime(2026, 11, 30, 9)}, "service_naive_time"),
])
def test_an_event_past_a_bound_is_refused_in_both_languages_and_nothing_is_stored(
    store: SQLClassStore, change: dict[str, object], code: str
) -> None:
    with pytest.raises(EventRefused) as refused:
        store.record([GOOD, replace(GOOD, **change)])  # the good event goes only with the batch
    assert isinstance(refused.value, StoreError) and isinstance(refused.value, ValueError)
    assert refused.value.code == code
    english, chinese = str(refused.value).split(" · ")
    assert english == text(code, "en", **refused.value.params) and chinese == text(code, "zh", **refused.value.params)
    assert len(english) < 300, "the message names the bound, never the whole value"
    assert store.count_events() == 0
    with pytest.raises(EventRefused):
        store.record_import("/old/progress.json", "ann", [replace(GOOD, **change)])
    assert store.count_events() == 0 and store.imported_sources() == set()


@pytest.mark.postgres
def test_the_bounds_fit_postgresql_s_columns(postgres_url: str) -> None:
    """PostgreSQL enforces the column lengths: the longest allowed event is kept, one past is refused first."""
    store = SQLClassStore(postgres_url)
    try:
        test_the_longest_answers_and_names_the_store_allows_are_kept(store)
        with pytest.raises(EventRefused):
            store.record([replace(GOOD, item="i" * (MAX_REF_CHARS + 1))])
        assert store.count_events() == 2
    finally:
        store.close()
