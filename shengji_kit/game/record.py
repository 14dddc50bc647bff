"""Round records (JSON, version 1), like PBN for bridge: save, load, replay, rebuild (``Round.record`` builds one).

A record holds the four hands at the first lead, the trump, the buried kitty and every trick;
``replay`` pushes it through the engine again and rejects it, naming the trick and seat, where
it does not hold. Extra fields (``actions``, ``declarations`` …) allow a full rebuild from the seed.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..data_folder import write_atomically
from ..engine.cards import Card, codes, full_deck, parse_card
from ..engine.errors import CardError, RuleError
from ..engine.rules import PRESET_NAMES, Rules, rules_from_table
from ..engine.trump import Trump
from ..words import Message
from .actions import Action
from .input_checks import UTF16_BOMS, parse_json
from .result import RoundResult, score_round
from .round import RECORD_FORMAT as FORMAT
from .round import RECORD_VERSION as VERSION
from .round import ReplayRefused, Round
from .trickplay import Checked, Trick, TrickPlay

SWITCHES_FIELD = "rules_switches"
"""Every switch of the rules the round was played by (a record names only its preset before house rules)."""
TITLE_FIELD = "rules_title"
"""A house file's own title, ``{"en": …, "zh": …}``, when the rules have one."""
REQUIRED = (
    "format", "version", "rules", "seed", "dealer", "level", "trump", "hands", "buried", "tricks",
    "attackers_points", "kitty_points", "kitty_multiplier", "total", "outcome", "next_dealer",
)


# --- files -----------------------------------------------------------------------------


def save(record: Mapping[str, Any], path: str | Path) -> Path:
    """Write ``record`` as JSON atomically (a temporary file renamed over the target)."""
    target = Path(path)
    text = json.dumps(record, ensure_ascii=False, indent=1)
    try:
        write_atomically(target, text + "\n")
    except OSError as error:
        raise RecordFileError(error, target) from error
    return target


def load(path: str | Path) -> dict[str, Any]:
    """Read and check a record file.

    A file that cannot be read raises ``RecordFileError`` (both an ``OSError`` and a ``RuleError``);
    bad content raises ``RuleError`` naming the field (``InputError`` for deep nesting and huge numbers).
    """
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise RecordFileError(error, path) from error
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        if data.startswith(UTF16_BOMS):
            raise RuleError("record_bad_json", {"detail": Message("input_utf16")}) from None
        raise RuleError("record_bad_json", {"detail": f"not UTF-8 text ({error.reason})"}) from error
    return loads(text)


class RecordFileError(RuleError, OSError):
    """A record file that cannot be read or written: an ``OSError`` (``errno``, ``filename`` kept)
    that also explains itself in both languages like every ``RuleError`` (code ``record_io``)."""

    def __init__(self, error: OSError, path: str | Path) -> None:
        super().__init__("record_io", {"path": str(path), "detail": error.strerror or str(error)})
        self.errno = error.errno
        self.strerror = error.strerror
        self.filename = str(path)


def loads(text: str) -> dict[str, Any]:
    """Parse and check a record from JSON text (a UTF-8 byte-order mark is dropped; nesting deeper than
    ``input_checks.MAX_DEPTH`` or a number too long for Python is an ``InputError``, a ``RuleError`` too)."""
    try:
        data = parse_json(text)
    except json.JSONDecodeError as error:
        raise RuleError("record_bad_json", {"detail": str(error)}) from error
    parse(data)
    assert isinstance(data, dict)
    return data


# --- checking the fields -------------------------------------------------------------------


@dataclass(frozen=True)
class ParsedTrick:
    leader: int
    attempt: tuple[Card, ...] | None
    plays: tuple[tuple[Card, ...], ...]
    winner: int
    points: int


@dataclass(frozen=True)
class ParsedRecord:
    """A record's fields, type-checked, with cards parsed."""

    rules: Rules
    trump: Trump
    dealer: int
    levels: tuple[str, str]
    hands: tuple[tuple[Card, ...], ...]
    buried: tuple[Card, ...]
    tricks: tuple[ParsedTrick, ...]
    data: Mapping[str, Any]


def _bad(field: str, detail: Message) -> RuleError:
    return RuleError("record_bad_field", {"field": field, "detail": detail})


def _int(data: Mapping[str, Any], field: str, low: int | None = None, high: int | None = None) -> int:
    value = data.get(field)
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(field, Message("record_detail_integer", {"value": repr(value)}))
    if (low is not None and value < low) or (high is not None and value > high):
        raise _bad(field, Message("record_detail_range", {"low": low, "high": high, "value": value}))
    return value


def _cards(value: object, field: str) -> tuple[Card, ...]:
    if isinstance(value, str):
        value = value.split()
    if not isinstance(value, list):
        raise _bad(field, Message("record_detail_cards"))
    cards: list[Card] = []
    for token in value:
        try:
            if not isinstance(token, str):
                raise CardError("not text", repr(token))
            cards.append(parse_card(token))
        except CardError as error:
            raise RuleError("record_bad_card", {"field": field, "token": repr(token)}) from error
    return tuple(cards)


def parse(data: object) -> ParsedRecord:
    """Check every required field of a record and parse its cards."""
    if not isinstance(data, dict):
        raise RuleError("record_not_object", {"detail": type(data).__name__})
    for field in REQUIRED:
        if field not in data:
            raise RuleError("record_missing", {"field": field})
    if data["format"] != FORMAT:
        raise RuleError("record_format", {"value": repr(data["format"])})
    if data["version"] != VERSION:
        raise RuleError("record_version", {"value": repr(data["version"])})
    rules = record_rules(data)
    _int(data, "seed")
    dealer = _int(data, "dealer", 0, 3)
    try:
        trump = Trump(data["level"], data["trump"])
    except (RuleError, AttributeError, TypeError) as error:
        raise _bad("level", Message("record_detail_trump", {"error": str(error)})) from error
    levels = (trump.level, trump.level)
    if isinstance(data.get("levels"), list) and len(data["levels"]) == 2:
        try:
            levels = (Trump(data["levels"][0]).level, Trump(data["levels"][1]).level)
        except (RuleError, AttributeError) as error:
            raise _bad("levels", Message("record_detail_levels")) from error
    hands_value = data["hands"]
    if not isinstance(hands_value, list) or len(hands_value) != 4:
        raise _bad("hands", Message("record_detail_hands"))
    hands = tuple(_cards(hand, f"hands[{seat}]") for seat, hand in enumerate(hands_value))
    buried = _cards(data["buried"], "buried")
    if len(buried) != rules.kitty_size:
        raise _bad("buried", Message("record_detail_buried", {"count": len(buried)}))
    everything = Counter(card.index for hand in (*hands, buried) for card in hand)
    if everything != Counter(card.index for card in full_deck()):
        raise _bad("hands", Message("record_detail_deck"))
    for field in ("attackers_points", "kitty_points", "kitty_multiplier", "total"):
        _int(data, field, 0, 10_000)
    _int(data, "next_dealer", 0, 3)
    if "penalty_points" in data:
        _int(data, "penalty_points", -10_000, 10_000)
    outcome = data["outcome"]
    if not isinstance(outcome, dict) or not {"side", "levels", "deal_passes"} <= set(outcome):
        raise _bad("outcome", Message("record_detail_outcome"))
    return ParsedRecord(rules, trump, dealer, levels, hands, buried, _tricks(data["tricks"]), data)


def record_rules(data: Mapping[str, Any]) -> Rules:
    """The rules a record was played by: its full switch set (``rules_switches``) when it has one, else the
    preset it names (records saved before house rules); a bad set is refused naming the field."""
    name = data["rules"] if isinstance(data["rules"], str) else repr(data["rules"])
    switches = data.get(SWITCHES_FIELD)
    if switches is None:
        try:
            return Rules.preset(name)
        except RuleError as error:
            raise _bad("rules", Message(error.code, error.params)) from error
    title = data.get(TITLE_FIELD)
    table = {**switches, "title": title} if isinstance(switches, dict) and title else switches
    try:
        rules = rules_from_table(table, name)
    except RuleError as error:
        reason = Message(error.code, error.params)
        raise _bad(SWITCHES_FIELD, Message("house_record_switches", {"value": name, "reason": reason})) from error
    return Rules.preset(name) if name in PRESET_NAMES and rules == Rules.preset(name) else rules


def _tricks(value: object) -> tuple[ParsedTrick, ...]:
    if not isinstance(value, list):
        raise _bad("tricks", Message("record_detail_tricks"))
    tricks: list[ParsedTrick] = []
    for number, trick in enumerate(value, start=1):
        field = f"tricks[{number - 1}]"
        if not isinstance(trick, dict):
            raise _bad(field, Message("record_detail_object"))
        for key in ("leader", "plays", "winner", "points"):
            if key not in trick:
                raise RuleError("record_missing", {"field": f"{field}.{key}"})
        plays = trick["plays"]
        if not isinstance(plays, list) or len(plays) != 4:
            raise _bad(f"{field}.plays", Message("record_detail_plays"))
        attempt = trick.get("attempt")
        tricks.append(ParsedTrick(
            leader=_int(trick, "leader", 0, 3),
            attempt=None if attempt is None else _cards(attempt, f"{field}.attempt"),
            plays=tuple(_cards(play, f"{field}.plays[{i}]") for i, play in enumerate(plays)),
            winner=_int(trick, "winner", 0, 3),
            points=_int(trick, "points", 0, 200),
        ))
    return tuple(tricks)


# --- replay ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Replay:
    """A record that replayed: the engine's tricks and score."""

    tricks: tuple[Trick, ...]
    result: RoundResult


def _broken(trick: int, seat: int, reason: Message) -> RuleError:
    return RuleError("record_broken", {"trick": trick, "seat": seat, "reason": reason})


def replay(record: Mapping[str, Any]) -> Replay:
    """Replay a record's tricks through the engine; ``RuleError`` names where it breaks."""
    parsed = parse(dict(record))
    play = TrickPlay(parsed.hands, parsed.trump, parsed.rules, parsed.dealer)
    for number, trick in enumerate(parsed.tricks, start=1):
        if play.done:
            raise _broken(number, trick.leader, Message("record_reason_all_played"))
        if trick.leader != play.leader:
            raise _broken(
                number, trick.leader,
                Message("record_reason_leader", {"expected": play.leader, "recorded": trick.leader}),
            )
        for index, cards in enumerate(trick.plays):
            seat = (trick.leader + index) % 4
            checked = _check_play(play, number, seat, cards, trick.attempt if index == 0 else None)
            play.apply(seat, checked)
        done = play.tricks[-1]
        if done.winner != trick.winner:
            raise _broken(
                number, trick.winner,
                Message("record_reason_winner", {"recorded": trick.winner, "actual": done.winner}),
            )
        if done.points != trick.points:
            raise _broken(
                number, trick.winner,
                Message("record_reason_points", {"recorded": trick.points, "actual": done.points}),
            )
    if not play.done:
        seat = play.leader
        raise _broken(len(play.tricks) + 1, seat, Message("record_reason_cards_left"))
    last = play.tricks[-1]
    result = score_round(
        play.attackers_points, parsed.buried, last.plays[0], last.winner, parsed.trump, parsed.rules,
        parsed.dealer, parsed.levels, [seat for seat, _ in play.failed_throws],
    )
    _compare(parsed.data, result)
    return Replay(tuple(play.tricks), result)


def _check_play(
    play: TrickPlay, number: int, seat: int, cards: tuple[Card, ...], attempt: tuple[Card, ...] | None
) -> Checked:
    try:
        if attempt is None:
            checked = play.check(seat, cards)
            if checked.throw is not None and not checked.throw.ok:
                raise _broken(
                    number, seat,
                    Message("record_reason_attempt", {"cards": codes(cards)}),
                )
            return checked
        checked = play.check(seat, attempt)
    except RuleError as error:
        if error.code == "record_broken":
            raise
        raise _broken(number, seat, Message(error.code, error.params)) from error
    if checked.throw is None or checked.throw.ok:
        raise _broken(number, seat, Message("record_reason_throw_stands", {"cards": codes(attempt)}))
    if sorted(card.index for card in checked.cards) != sorted(card.index for card in cards):
        raise _broken(
            number, seat,
            Message("record_reason_forced", {"forced": codes(checked.cards), "cards": codes(cards)}),
        )
    return checked


def _compare(data: Mapping[str, Any], result: RoundResult) -> None:
    expected: dict[str, object] = {
        "attackers_points": result.attackers_points,
        "kitty_points": result.kitty_points,
        "kitty_multiplier": result.kitty_multiplier,
        "total": result.total,
        "next_dealer": result.next_dealer,
        "outcome": {
            "side": result.outcome.side, "levels": result.outcome.levels, "deal_passes": result.outcome.deal_passes,
        },
    }
    if "penalty_points" in data or result.penalty_points:
        expected["penalty_points"] = result.penalty_points
    for field, actual in expected.items():
        if data.get(field) != actual:
            raise RuleError("record_mismatch", {"field": field, "recorded": data[field], "actual": actual})


def rebuild(record: Mapping[str, Any]) -> Round:
    """Play a record's ``actions`` again from its seed: the whole round, deal and declaring included."""
    parsed = parse(dict(record))
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise RuleError("record_missing", {"field": "actions"})
    data = parsed.data
    levels = data.get("levels", [parsed.trump.level] * 2)
    decks = [_cards(deck, f"decks[{i}]") for i, deck in enumerate(data.get("decks", []))]
    steps: list[tuple[int, Action]] = []
    for index, entry in enumerate(actions):
        try:
            steps.append((int(entry[0]), Action.from_json(entry[1:])))
        except (TypeError, ValueError, IndexError) as error:
            raise _bad(f"actions[{index}]", Message("record_detail_action", {"error": str(error)})) from error
    try:
        rnd = Round.replay(
            data["seed"], parsed.rules, int(data.get("round_number", 1)), int(data.get("first_dealer", parsed.dealer)),
            (str(levels[0]), str(levels[1])), decks, steps,
        )
    except ReplayRefused as refused:
        reason = refused.refusal
        raise _broken(refused.trick, refused.seat, Message(reason.code, reason.params)) from reason
    check_rebuilt(parsed, rnd)
    return rnd


def _sorted(cards: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple(sorted(card.index for card in cards))


def _trick_fields(trick: ParsedTrick) -> dict[str, object]:
    return {
        "leader": trick.leader, "winner": trick.winner, "points": trick.points,
        "attempt": None if trick.attempt is None else _sorted(trick.attempt),
        "plays": tuple(_sorted(play) for play in trick.plays),
    }


def check_rebuilt(parsed: ParsedRecord, rnd: Round) -> None:
    """A round rebuilt from a record's actions must be the round the record describes.

    Dealer, trump, hands, kitty, every trick (leader, cards, winner, points) and the totals are
    compared; a tampered field raises ``RuleError`` (``record_mismatch``) naming it.
    """
    if rnd.result is None:
        raise RuleError(
            "record_mismatch", {"field": "actions", "recorded": "an unfinished round", "actual": "a finished round"}
        )
    rebuilt = parse(rnd.record())
    simple: dict[str, tuple[object, object]] = {
        "dealer": (parsed.dealer, rebuilt.dealer),
        "trump": (parsed.trump, rebuilt.trump),
        "buried": (_sorted(parsed.buried), _sorted(rebuilt.buried)),
        **{f"hands[{seat}]": (_sorted(mine), _sorted(theirs))
           for seat, (mine, theirs) in enumerate(zip(parsed.hands, rebuilt.hands, strict=True))},
        "tricks": (len(parsed.tricks), len(rebuilt.tricks)),
    }
    for field, (recorded, actual) in simple.items():
        if recorded != actual:
            raise RuleError("record_mismatch", {"field": field, "recorded": recorded, "actual": actual})
    for number, (mine, theirs) in enumerate(zip(parsed.tricks, rebuilt.tricks, strict=True)):
        recorded_fields, actual_fields = _trick_fields(mine), _trick_fields(theirs)
        for key, recorded in recorded_fields.items():
            if recorded != actual_fields[key]:
                raise RuleError("record_mismatch", {
                    "field": f"tricks[{number}].{key}", "recorded": recorded, "actual": actual_fields[key],
                })
    result = rnd.result
    _compare(parsed.data, result)
