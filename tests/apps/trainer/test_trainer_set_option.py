"""``?set=<id>`` (the lesson's "practise this set" link) opens that set in the trainer; an unknown set is
named in a note, in both languages, and the first set is used."""

from __future__ import annotations

import pytest
from html_tree import parse

from shengji_kit.apps.trainer.trainer_app import trainer_app
from shengji_kit.puzzles import Bank
from shengji_kit.widgets.language import SESSION


def test_the_address_opens_the_named_set(bank: Bank, monkeypatch: pytest.MonkeyPatch) -> None:
    chosen = bank.sets[-1]
    assert chosen.id != bank.sets[0].id
    monkeypatch.setenv("QUERY_STRING", f"set={chosen.id}")
    widget = trainer_app("ada")
    try:
        assert widget.mode == chosen.id and bank.get(widget.puzzle_id).set_id == chosen.id
        tree = parse(widget.html)
        assert tree.find("button", data_action="mode", data_value=chosen.id).attrs.get("aria-pressed") == "true"
        assert not tree.find(data_role="message").find_all("p")
    finally:
        widget.close()


@pytest.mark.parametrize("given", ["no-such-set", "01-WHO-WINS-2", "x" * 5000])
def test_an_unknown_set_is_named_and_the_first_set_is_used(
    bank: Bank, monkeypatch: pytest.MonkeyPatch, given: str
) -> None:
    monkeypatch.setenv("QUERY_STRING", f"set={given}")
    widget = trainer_app("ada")
    try:
        first = bank.sets[0]
        assert widget.mode == first.id and bank.get(widget.puzzle_id).set_id == first.id
        note = parse(widget.html).find("p", data_notice="input_set_unknown")
        assert note is not None and f"set={given[:24]}" in note.text and first.id in note.text
        SESSION.lang = "zh"
        zh = parse(widget.html).find("p", data_notice="input_set_unknown").text
        assert "题组" in zh and "改用" in zh
        widget.handle({"type": "action", "action": "mode", "value": "auto"})
        assert not parse(widget.html).has("p", data_notice="input_set_unknown")
    finally:
        SESSION.lang = "en"
        widget.close()


def test_without_a_set_option_the_trainer_chooses(bank: Bank, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "seed=3")
    widget = trainer_app("ada")
    try:
        assert widget.mode == "auto"
    finally:
        widget.close()


def test_every_lessons_practise_link_opens_its_set(bank: Bank) -> None:
    from shengji_kit.puzzles.lesson_list import lesson_list

    linked = {entry.trainer_set for entry in lesson_list() if entry.trainer_set}
    assert linked
    for set_id in sorted(linked):
        widget = trainer_app("ada", query={"set": set_id})
        try:
            assert widget.mode == set_id and "input_set_unknown" not in widget.html
        finally:
            widget.close()
