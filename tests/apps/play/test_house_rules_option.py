"""The play app's ``?rules=NAME``: the house-rules file NAME.toml in the class data folder, or a refusal
in both languages with the default rules; never a traceback."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shengji_kit.apps.play.play_app import PlayApp, play_app
from shengji_kit.data_folder import DATA_DIR_ENV
from shengji_kit.widgets.language import SESSION

GRAN = '[rules]\nbased_on = "classic"\ntitle = { en = "Gran\'s rules", zh = "外婆家的规矩" }\nthrow_penalty = 1.0\n'


@pytest.fixture
def class_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path))
    (tmp_path / "gran.toml").write_text(GRAN, encoding="utf-8")
    (tmp_path / "typo.toml").write_text(GRAN.replace("throw_penalty", "throw_penalti"), encoding="utf-8")
    return tmp_path


def test_a_class_rules_file_is_played_and_named_on_the_table(
    class_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("QUERY_STRING", "rules=gran&delay=0&seed=4")
    widget = play_app()
    app: PlayApp = widget.scene  # type: ignore[assignment]
    assert app.match.rules.name == "gran" and app.match.rules.throw_penalty == 1.0
    assert app.controller.round.rules == app.match.rules
    assert re.search(r'data-role="rules"[^>]*>Rules: Gran&#39;s rules', widget.html)
    SESSION.lang = "zh"
    assert re.search(r'data-role="rules"[^>]*>规则：外婆家的规矩', widget.html)


@pytest.mark.parametrize(
    ("name", "said_en", "said_zh"),
    [
        ("typo", "throw_penalty", "throw_penalty"),
        ("nobody", "nobody.toml", "nobody.toml"),
        ("..%2Fsecret", "letters, digits", "字母"),
    ],
)
def test_a_bad_class_rules_file_falls_back_with_a_notice(
    class_folder: Path, monkeypatch: pytest.MonkeyPatch, name: str, said_en: str, said_zh: str
) -> None:
    monkeypatch.setenv("QUERY_STRING", f"rules={name}&delay=0&seed=4")
    widget = play_app()
    app: PlayApp = widget.scene  # type: ignore[assignment]
    assert app.match.rules.name == "super_tycoon"
    notes = re.findall(r'data-role="page-note" data-option="rules">([^<]*)<', widget.html)
    assert len(notes) == 1 and said_en in notes[0] and "Traceback" not in widget.html
    SESSION.lang = "zh"
    notes = re.findall(r'data-role="page-note" data-option="rules">([^<]*)<', widget.html)
    assert len(notes) == 1 and said_zh in notes[0] and "改用" in notes[0]
