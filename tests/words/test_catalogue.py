"""The message catalogue: data files per language, one ``text()`` entry point, strict rendering."""

from __future__ import annotations

import ast
import fnmatch
import pathlib
import re
import tomllib

import pytest

import shengji_kit as sk
from shengji_kit.engine.scoring import ATTACKERS, Outcome
from shengji_kit.words import Message, languages_from
from shengji_kit.words.catalogue import (
    LANGUAGES,
    MessageError,
    Template,
    load_catalogue,
    templates,
    text,
)

PACKAGE = pathlib.Path(sk.__file__).parent
CODE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)+$|^ok$")



def parse_source(source: str) -> ast.Module:
    """``ast.parse``, tried again when CPython 3.11.7 says "AST constructor recursion depth mismatch": its AST
    state is shared by the interpreter's threads (python/cpython#106905, fixed in 3.11.8), so a thread a
    server test left running can make one parse fail; the source itself is fine."""
    for _ in range(4):
        try:
            return ast.parse(source)
        except SystemError:
            continue
    return ast.parse(source)

def fields(template: Template) -> set[tuple[str, str]]:
    """A template's placeholders as (name, kind); English-only plurals are left out."""
    return {(f.name, f.kind) for f in template.fields if f.kind != "plural"}


def test_every_code_exists_in_both_languages() -> None:
    assert set(templates("en")) == set(templates("zh"))
    assert len(templates("en")) > 300


def test_every_text_is_written() -> None:
    for lang in LANGUAGES:
        for code, template in templates(lang).items():
            assert template.source.strip() or code.startswith("join_"), (lang, code)


def test_placeholders_agree_between_languages() -> None:
    zh = templates("zh")
    for code, en in templates("en").items():
        assert fields(en) == fields(zh[code]), code


def test_plurals_count_a_number_the_text_shows() -> None:
    for lang in LANGUAGES:
        for code, template in templates(lang).items():
            plain = {f.name for f in template.fields if f.kind == ""}
            for field in template.fields:
                if field.kind == "plural":
                    assert field.name in plain, (lang, code, field.name)


# --- every code the package uses exists -----------------------------------------------------

CODE_CALLS = {
    "text": 0, "Message": 0, "RuleError": 0,
    "Verdict": 1, "Feedback": 1, "Question": 1,
}
CODE_KEYWORDS = {"code", "label_code", "prompt_code"}
CODE_PREFIXES = (
    "ui_", "trainer_", "puzzle_", "l1_", "event_", "record_", "position_", "solver_", "role_",
    "win_", "note_", "q_", "how_", "rank_in_", "must_",
)
PREFIX = "..."
"""Marks the literal start of an f-string code (``f"event_{kind}"``): some code must start so."""


def _strings(node: ast.AST) -> list[str]:
    """The literal codes an argument can evaluate to (both branches of ``a if c else b``, ``x or "ok"``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _strings(node.body) + _strings(node.orelse)
    if isinstance(node, ast.BoolOp):
        return [code for value in node.values for code in _strings(value)]
    if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
        return [f"{node.values[0].value}{PREFIX}"]
    return []


def used_codes() -> dict[str, str]:
    """Every literal message code in the package source, with the file that uses it."""
    found: dict[str, str] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = parse_source(path.read_text(encoding="utf-8"))
        where = str(path.relative_to(PACKAGE))
        skip: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
            ):
                skip.update(id(n) for n in ast.walk(node.value))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "lazy_names":
                skip.update(id(n) for n in ast.walk(node))  # a package face's names, not codes
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            index = CODE_CALLS.get(name)
            if index is not None and len(node.args) > index:
                for value in _strings(node.args[index]):
                    found.setdefault(value, where)
            for keyword in node.keywords:
                if keyword.arg in CODE_KEYWORDS:
                    for value in _strings(keyword.value):
                        found.setdefault(value, where)
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                skip.update(id(n) for n in ast.walk(node))
        for node in ast.walk(tree):
            if id(node) in skip or not isinstance(node, ast.Constant) or not isinstance(node.value, str):
                continue
            if node.value.startswith(CODE_PREFIXES) and CODE.match(node.value):
                found.setdefault(node.value, where)
    return found


def test_every_literal_code_in_the_package_exists() -> None:
    used = used_codes()
    assert {"ui_play", "must_play_pair", "trainer_title", "puzzle_right", "record_broken"} <= set(used)
    known = set(templates("en"))
    missing = {
        code: where for code, where in used.items()
        if code not in known and not (code.endswith(PREFIX) and any(k.startswith(code[: -len(PREFIX)]) for k in known))
    }
    assert not missing


PARAMS_AT = {"text": 1, "Message": 1, "RuleError": 1, "Verdict": 2, "Feedback": 2}


def literal_calls() -> list[tuple[str, str, set[str]]]:
    """(file, code, parameter names) for calls that name a literal code and list their parameters."""
    calls: list[tuple[str, str, set[str]]] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = str(path.relative_to(PACKAGE))
        for node in ast.walk(parse_source(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name not in PARAMS_AT or len(node.args) <= CODE_CALLS[name]:
                continue
            code_arg = node.args[CODE_CALLS[name]]
            codes = [c for c in _strings(code_arg) if not c.endswith(PREFIX)]
            if not codes or any(k.arg is None for k in node.keywords):
                continue
            if name == "text":
                given = {k.arg for k in node.keywords if k.arg is not None}
            else:
                index = PARAMS_AT[name]
                params = node.args[index] if len(node.args) > index else None
                if params is None:
                    params = next((k.value for k in node.keywords if k.arg == "params"), ast.Dict([], []))
                if not isinstance(params, ast.Dict) or any(k is None for k in params.keys):
                    continue
                given = {k.value for k in params.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)}
            calls.extend((where, code, given) for code in codes)
    return calls


def test_literal_calls_give_every_parameter_their_text_needs() -> None:
    calls = literal_calls()
    assert len(calls) > 150
    for lang in LANGUAGES:
        table = templates(lang)
        for where, code, given in calls:
            needed = {f.name for f in table[code].fields}
            assert needed <= given, (where, code, lang, needed - given)


def test_every_event_kind_has_a_message() -> None:
    from shengji_kit.game import actions

    kinds = {"no_declaration", "reveal", "take_kitty", "throw_ok", "throw_failed", "throw_failed_free", "trick", "done"}
    kinds |= {getattr(actions, name) for name in ("BURY", "DEAL_ON", "DECLARE", "OVERTURN", "PASS", "REDEAL", "PLAY")}
    assert {f"event_{kind}" for kind in kinds} <= set(templates("en"))


# --- rendering ------------------------------------------------------------------------------------

TRUMP = sk.Trump("2", "S")
SAMPLES: dict[str, object] = {
    "cards": tuple(sk.parse_cards("H3 H3")),
    "cards_spaced": tuple(sk.parse_cards("SA H3")),
    "stronger_first": tuple(sk.parse_cards("SA SK")),
    "equal": tuple(sk.parse_cards("H2 D2")),
    "seat": 1,
    "seat_plain": 0,
    "suit": "H",
    "suit_sign": "H",
    "suits": ("S", "H"),
    "rank": "Q",
    "team": 1,
    "phase": "play",
    "trump": TRUMP,
    "outcome": Outcome(ATTACKERS, 1, True),
    "rules": "super_tycoon",
    "numeral": 7,
}


def sample_params(template: Template, count: int) -> dict[str, object]:
    params: dict[str, object] = {}
    plurals = {f.name for f in template.fields if f.kind == "plural"}
    for field in template.fields:
        if field.kind in ("", "plural"):
            params.setdefault(field.name, count if field.name in plurals else "x")
        else:
            params[field.name] = SAMPLES[field.kind]
    return params


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_renders_with_sample_params(lang: str) -> None:
    for code, template in templates(lang).items():
        for count in (1, 2):
            params = sample_params(templates("en")[code], count) | sample_params(template, count)
            out = text(code, lang, **params)
            assert out.strip() or code.startswith("join_"), code
            assert not re.search(r"\{\w+(:[^}]*)?\}", out.replace("{...}", "")), (code, out)


def test_typed_params_are_written_per_language() -> None:
    assert text("must_play_pair", "en", suit="H", example=tuple(sk.parse_cards("H3 H3"))) == (
        "A pair of ♥ was led and you hold ♥3♥3: you must play a pair."
    )
    assert text("must_play_pair", "zh", suit="H", example=tuple(sk.parse_cards("H3 H3"))) == (
        "首家出的是红桃对子，你手里有♥3♥3，必须跟对子。"
    )
    assert text("q_is_trump", "en", card=sk.parse_cards("BJ")[0], trump=TRUMP) == (
        "Playing level 2, spades trump: is Big Joker a trump?"
    )
    assert text("q_is_trump", "zh", card=sk.parse_cards("BJ")[0], trump=TRUMP) == "打2，黑桃为主：大王是主牌吗？"
    assert text("event_pass", "zh", seat=2) == "北家不叫。"
    assert text("mixed_suits", "en", cards=tuple(sk.parse_cards("SA HA")), suits=("S", "H")).endswith(
        "but ♠A ♥A mixes spades and hearts."
    )
    pair_and_jokers = tuple(sk.parse_cards("BJ BJ LJ S2 S2"))
    assert text("mixed_suits", "en", cards=pair_and_jokers, suits=("S",)).endswith(
        "but Big Joker×2 Little Joker ♠2♠2 mixes spades.", ), "a pair is one word, spaces between combinations"
    assert text("trick_play", "en", seat=0, cards=pair_and_jokers[:2]) == "South Big Joker×2", "seat_plain: no (you)"
    assert text("order_right", "en", order=tuple(sk.parse_cards("SA SK"))) == "Strongest first: ♠A > ♠K."
    assert [card.name(lang) for lang in LANGUAGES for card in sk.parse_cards("SQ BJ")] == [
        "queen of spades", "big joker", "黑桃Q", "大王",
    ]


def test_english_plurals() -> None:
    assert text("wrong_count", "en", lead_count=1, count=2) == (
        "1 card was led, so you must play 1 card, not 2."
    )
    assert text("wrong_count", "en", lead_count=2, count=1) == (
        "2 cards were led, so you must play 2 cards, not 1."
    )
    assert text("ui_prompt_follow", "en", count=1) == "Your turn: follow with 1 card."
    assert text("ui_prompt_follow", "en", count=3) == "Your turn: follow with 3 cards."
    assert text("wrong_count", "zh", lead_count=1, count=2) == "首家出了1张牌，你必须出1张，而不是2张。"


def test_nested_messages_render_in_the_same_language() -> None:
    detail = Message("record_detail_buried", {"count": 7})
    assert text("record_bad_field", "en", field="buried", detail=detail) == "Field 'buried' must hold 8 cards, not 7."
    assert text("record_bad_field", "zh", field="buried", detail=detail) == "字段 'buried' 必须是8张牌，而不是7张。"


# --- strictness -----------------------------------------------------------------------------------


def test_unknown_code_raises() -> None:
    with pytest.raises(MessageError, match="no_such_code"):
        text("no_such_code", "en")


def test_missing_parameter_raises() -> None:
    with pytest.raises(MessageError, match="'cards'"):
        text("not_in_hand", "en")


def test_unknown_language_raises_naming_the_known_ones() -> None:
    with pytest.raises(MessageError, match=r"'fr'.*en, zh"):
        text("empty_play", "fr")
    assert issubclass(MessageError, ValueError)


@pytest.mark.parametrize(
    ("code", "params"),
    [
        ("event_pass", {"seat": "East"}),
        ("not_in_hand", {"cards": "♥3♥3"}),
        ("q_order_suit", {"trump": "level 2", "suit": "H"}),
        ("must_play_pair", {"suit": "X", "example": ()}),
        ("ui_prompt_follow", {"count": "two"}),
    ],
)
def test_a_value_of_the_wrong_kind_raises(code: str, params: dict[str, object]) -> None:
    with pytest.raises(MessageError):
        text(code, "en", **params)


def test_rule_error_is_value_error_with_both_messages() -> None:
    with pytest.raises(ValueError) as info:
        sk.parse_cards("SA QQ")
    error = info.value
    assert isinstance(error, sk.RuleError) and error.code == "bad_card"
    assert "QQ" in error.message("en") and "QQ" in error.message("zh")


# --- the data files ---------------------------------------------------------------------------


def write_catalogue(root: pathlib.Path, files: dict[str, str]) -> pathlib.Path:
    for lang in LANGUAGES:
        (root / lang).mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        (root / name).write_text(content, encoding="utf-8")
    return root


def test_a_catalogue_loads_from_files(tmp_path: pathlib.Path) -> None:
    root = write_catalogue(
        tmp_path, {"en/a.toml": 'x_hi = "Hi {who:seat}"\n', "zh/a.toml": 'x_hi = "你好{who:seat}"\n'}
    )
    loaded = load_catalogue(root)
    assert loaded["en"]["x_hi"].fields[0].kind == "seat"


def test_a_toml_syntax_error_names_file_and_code(tmp_path: pathlib.Path) -> None:
    root = write_catalogue(tmp_path, {"en/a.toml": 'x_ok = "fine"\nx_broken = "no end\n', "zh/a.toml": ""})
    with pytest.raises(MessageError, match=r"en/a\.toml.*x_broken"):
        load_catalogue(root)


def test_a_code_twice_in_one_file_is_reported(tmp_path: pathlib.Path) -> None:
    root = write_catalogue(tmp_path, {"en/a.toml": 'x_one = "a"\nx_one = "b"\n', "zh/a.toml": ""})
    with pytest.raises(MessageError, match=r"en/a\.toml.*'x_one'"):
        load_catalogue(root)


def test_a_code_in_two_files_is_reported(tmp_path: pathlib.Path) -> None:
    root = write_catalogue(tmp_path, {"en/a.toml": 'x_one = "a"\n', "en/b.toml": 'x_one = "b"\n', "zh/a.toml": ""})
    with pytest.raises(MessageError, match=r"en/b\.toml.*'x_one'.*en/a\.toml"):
        load_catalogue(root)


@pytest.mark.parametrize("template", ["{who:colour}", "{who!r}", "{who:plural:one}", "{who.name}", "{"])
def test_a_bad_placeholder_is_reported(tmp_path: pathlib.Path, template: str) -> None:
    root = write_catalogue(tmp_path, {"en/a.toml": f'x_bad = "{template}"\n', "zh/a.toml": ""})
    with pytest.raises(MessageError, match=r"en/a\.toml.*'x_bad'"):
        load_catalogue(root)


def test_the_data_files_ship_with_the_package() -> None:
    pyproject = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = pyproject["tool"]["setuptools"]["package-data"]["shengji_kit"]
    names = {lang: sorted(p.name for p in (PACKAGE / "words" / "texts" / lang).glob("*.toml")) for lang in LANGUAGES}
    assert names["en"] == names["zh"]
    assert {"engine.toml", "game.toml", "lessons.toml", "puzzles.toml", "ui.toml"} <= set(names["en"])
    for name in names["en"]:
        assert any(fnmatch.fnmatch(f"catalogue/en/{name}", pattern) for pattern in patterns), name


# --- Message and languages_from -------------------------------------------------------------------


def test_a_message_is_a_frozen_hashable_value_rendered_in_any_language() -> None:
    reason = Message("record_detail_buried", {"count": 7})
    outer = Message("record_bad_field", {"field": "buried", "detail": reason}, "error")
    assert outer.kind == "error" and Message("ok").kind == "info" and Message("ok").params == {}
    assert outer == Message("record_bad_field", {"field": "buried", "detail": reason}, "error")
    assert len({outer, Message("record_bad_field", {"field": "buried", "detail": reason}, "error"), reason}) == 2
    assert outer.render("zh") == "字段 'buried' 必须是8张牌，而不是7张。"
    assert outer.texts() == {lang: outer.render(lang) for lang in LANGUAGES}
    with pytest.raises(AttributeError):
        outer.code = "ok"  # type: ignore[misc]
    with pytest.raises(ValueError, match="kind"):
        Message("ok", {}, "warn")


def test_a_list_of_messages_is_written_as_clauses() -> None:
    clause = Message("record_detail_buried", {"count": 7})
    joined = Message("record_bad_field", {"field": "x", "detail": [clause, clause]}).render("en")
    assert joined.count("not 7") == 2 and text("join_clauses", "en") in joined


def test_languages_from_puts_the_chosen_language_first() -> None:
    assert languages_from("zh") == ("zh", "en") and languages_from("en") == ("en", "zh")
    assert set(languages_from("en")) == set(LANGUAGES)
