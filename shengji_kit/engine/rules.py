"""The rules a round is played by: ``Rules``, its two shipped presets, and house-rules tables.

Contract for every switch (a field of ``Rules``; docs/house-rules.md has one section per field):

* Allowed values come from the field's annotation: ``bool``, ``int``, ``float`` (an int is taken
  too), ``str``, or ``tuple[str, ...]``; plus optional field metadata ``{"choices": (...)}`` (the
  allowed values) or ``{"range": (low, high)}`` (inclusive numbers). ``switch_problem`` checks a
  value against them, so the house-rules reader, ``Rules.__post_init__`` and the property tests'
  sampler (``sample_values``) all follow the annotation and metadata, and a new field joins them
  with no change to their code.
* A new field has a default (the value both presets used before it existed), so a rules file
  that leaves it out, an old record and a Python caller keep working.
* An impossible combination raises ``RuleError`` (a catalogue code) from ``Rules.__post_init__``:
  append a function ``(rules) -> RuleError | None`` to ``COMBINATION_CHECKS``.
* Labels: ``house_switch_<field>`` names the switch and ``house_value_<field>_<value>`` each
  value (bools ``_true``/``_false``; numbers need none), in every language (tests/engine check it).
* ``name`` and ``title`` (metadata ``{"switch": False}``) are no switches: ``name`` is the preset's
  or the house file's name, ``title`` the file's own ``{en=…, zh=…}`` title, written by ``{rules:rules}``.

``rules_from_table`` reads a ``[rules]`` table (``based_on`` a preset, then any switch); a bad field is
a ``RuleError`` naming it. The presets are themselves such tables (``engine/presets/*.toml``, package
data read once like the message catalogue), so they go through the same reader.
"""

from __future__ import annotations

import difflib
import tomllib
import types
import typing
from collections.abc import Callable, Iterator, Mapping
from dataclasses import MISSING, Field, dataclass, field, fields, replace
from functools import cache
from importlib import resources
from typing import Any

from ..words.message import Message
from .errors import RuleError

PRESET_NAMES = ("super_tycoon", "classic")
NOT_A_SWITCH = {"switch": False}
TABLE_KEYS = ("based_on", "title")
"""Keys of a ``[rules]`` table besides the switches."""

KITTY_SCHEMES = ("by_shape", "per_card", "doubling")
MANDATORY_LEVEL_CHOICES = ("none", "10_K", "5_10_K", "5_10_K_A")
MANDATORY_LEVELS: dict[str, frozenset[str]] = {
    "none": frozenset(),
    "10_K": frozenset({"10", "K"}),
    "5_10_K": frozenset({"5", "10", "K"}),
    "5_10_K_A": frozenset({"5", "10", "K", "A"}),
}
OVERTURN_ORDERS = ("jokers_ranked", "jokers_equal", "more_cards")
NO_DECLARATION_CHOICES = ("kitty_card", "redeal", "dealer_choice")
THROW_COMPARES = ("every_part", "highest_part")
THROW_PENALTY_POINTS = tuple(range(0, 45, 5))
"""Penalty points per failed throw: multiples of 5 (every total is one) from 0 to 40."""
DECK_SIZE = 108


@dataclass(frozen=True)
class Rules:
    """Every switch of a rule set; the presets differ in the first ten and ``mandatory_levels`` (docs/rules.md §4-8)."""

    name: str = field(metadata=NOT_A_SWITCH)
    throw_check_opponents_only: bool
    """Only the thrower's two opponents are checked for a card that beats a thrown part (not the partner)."""
    throw_penalty: float = field(metadata={"range": (0.0, 1.0)})
    """The thrower's team pays this many base stakes for a failed throw."""
    tractor_kitty_scales: bool
    """Tractor kitty multiplier is 4·k (super_tycoon) rather than a flat 4 (classic)."""
    max_attacker_levels: int = field(metadata={"range": (1, 12)})
    wrap_after_ace: bool
    declare_needs_joker: bool
    overturn_needs_joker: bool
    redeal_allowed: bool
    kitty_exchange: bool
    """Later-round overturns take and re-bury the kitty (反主炒底)."""
    match_points: bool
    # --- house switches: the kitty, levels and declaring (docs/house-rules.md) ---
    kitty_scheme: str = field(default="by_shape", metadata={"choices": KITTY_SCHEMES})
    """The kitty multiplier: by the largest component's shape, ×2 per card led, or 2^(largest component's cards)."""
    kitty_size: int = field(default=8, metadata={"range": (4, 12)})
    """Cards in the kitty; each hand gets (108 − kitty_size) / 4 (so a multiple of 4)."""
    kitty_shown_at_end: bool = True
    """The kitty is turned up for all at the end; False: only when the attackers capture it."""
    level_step: int = field(default=40, metadata={"choices": (40, 20)})
    """Points per level in the score table (pivot 80; the defenders gain at most 3)."""
    attacker_levels_capped: bool = True
    """The attackers gain at most ``max_attacker_levels``; False: no cap."""
    mandatory_levels: str = field(default="none", metadata={"choices": MANDATORY_LEVEL_CHOICES})
    """Levels a climb may not pass over (必打): it stops there; a team already on one climbs on."""
    overturn_order: str = field(default="jokers_ranked", metadata={"choices": OVERTURN_ORDERS})
    """big-joker pair > little-joker pair > level pair; joker pairs equal; or only more cards beat fewer."""
    lock_allowed: bool = True
    """A pair of level cards may be declared (定主); False: declarations show one level card."""
    redeal_below: int = field(default=15, metadata={"range": (5, 60)})
    """With ``redeal_allowed``, an attacker holding fewer points than this may ask for a redeal (暴动)."""
    no_declaration: str = field(default="kitty_card", metadata={"choices": NO_DECLARATION_CHOICES})
    """Rounds 2+ when nobody declares: the kitty's third card decides, the cards are dealt again, or the
    scheduled dealer names the trump by showing a card of that suit (a joker: no-trump)."""
    # --- house switches: throws (docs/house-rules.md) ---
    throws_allowed: bool = True
    """A lead of several combinations of one suit (甩牌) may be tried; False: such a lead is refused."""
    throw_compare: str = field(default="every_part", metadata={"choices": THROW_COMPARES})
    """A throw fails when a checked hand beats any of its parts, or only when one beats its highest part."""
    throw_penalty_points: int = field(default=0, metadata={"choices": THROW_PENALTY_POINTS})
    """Points the other side gains per failed throw (on top of ``throw_penalty``'s stakes): a defender's
    failure adds them to the attackers' total, an attacker's takes them off (never below 0)."""
    title: tuple[tuple[str, str], ...] = field(default=(), metadata=NOT_A_SWITCH)
    """A house file's own title as (language, text) pairs; empty for the presets (the catalogue names them)."""

    def __post_init__(self) -> None:
        for switch in switch_fields():
            problem = switch_problem(switch, getattr(self, switch.name))
            if problem is not None:
                raise problem
        for check in COMBINATION_CHECKS:
            conflict = check(self)
            if conflict is not None:
                raise conflict

    @staticmethod
    def preset(name: str | None = None) -> Rules:
        """``"super_tycoon"`` (also what ``None`` means) or ``"classic"``."""
        key = "super_tycoon" if name is None else str(name).strip().lower()
        if key not in PRESET_NAMES:
            raise RuleError("bad_rules", {"name": str(name), "known": ", ".join(PRESET_NAMES)})
        return _presets()[key]

    @property
    def is_preset(self) -> bool:
        """Whether these are exactly one of the shipped presets (then its name alone says them)."""
        return self.name in PRESET_NAMES and self == Rules.preset(self.name)

    def switches(self) -> dict[str, object]:
        """Every switch and its value, in field order (what a record stores)."""
        return {switch.name: getattr(self, switch.name) for switch in switch_fields()}

    def differences(self, other: Rules) -> tuple[str, ...]:
        """The switches whose values differ between these rules and ``other``."""
        mine, theirs = self.switches(), other.switches()
        return tuple(name for name in mine if mine[name] != theirs[name])

    def words(self, kind: str, lang: str) -> str | None:
        """``{rules:rules}`` for a rule set the catalogue has no term for: its title in ``lang``, else its name."""
        if kind != "rules":
            return None
        titles = dict(self.title)
        return titles.get(lang) or titles.get("en") or self.name

    def __str__(self) -> str:
        return self.name


COMBINATION_CHECKS: list[Callable[[Rules], RuleError | None]] = []
"""Impossible combinations: each returns the ``RuleError`` (code ``house_conflict_*``) or None."""


def hand_size(rules: Rules) -> int:
    """Cards dealt to each seat: (108 − kitty) / 4 (25 with the usual 8-card kitty)."""
    return (DECK_SIZE - rules.kitty_size) // 4


def _uneven_hands(rules: Rules) -> RuleError | None:
    """A kitty that leaves the other cards unequal over four hands."""
    rest = DECK_SIZE - rules.kitty_size
    return RuleError("house_scoring_uneven_hands", {"size": rules.kitty_size, "rest": rest}) if rest % 4 else None


COMBINATION_CHECKS.append(_uneven_hands)


@cache
def switch_fields() -> tuple[Field[Any], ...]:
    """The fields of ``Rules`` that are switches (all but ``name`` and ``title``)."""
    return tuple(item for item in fields(Rules) if item.metadata.get("switch", True))


def switch_kind(switch: Field[Any]) -> type:
    """The annotation's base type: bool, int, float, str, or tuple (a tuple of str)."""
    hints = _hints()
    annotation = hints[switch.name]
    origin = typing.get_origin(annotation)
    if origin in (tuple, types.GenericAlias) or annotation is tuple:
        return tuple
    return annotation if isinstance(annotation, type) else type(annotation)


_HINTS: dict[str, Any] = {}


def _hints() -> dict[str, Any]:
    if not _HINTS:
        _HINTS.update(typing.get_type_hints(Rules))
    return _HINTS


def switch_problem(switch: Field[Any], value: Any) -> RuleError | None:
    """The ``RuleError`` for ``value`` as this switch's value (wrong type, not a choice, out of range), or None."""
    kind = switch_kind(switch)
    params: dict[str, object] = {"switch": switch.name, "value": _shown(value)}
    if not _has_kind(value, kind):
        return RuleError("house_wrong_type", {**params, "expected": _expected(kind)})
    choices = switch.metadata.get("choices")
    if choices is not None:
        given = value if kind is tuple else (value,)
        outside = [item for item in given if item not in choices]
        if outside:
            shown = ", ".join(_shown(choice) for choice in choices)
            return RuleError("house_not_a_choice", {**params, "value": _shown(outside[0]), "choices": shown})
    span = switch.metadata.get("range")
    if span is not None and not span[0] <= value <= span[1]:
        return RuleError("house_out_of_range", {**params, "low": f"{span[0]:g}", "high": f"{span[1]:g}"})
    return None


def _has_kind(value: object, kind: type) -> bool:
    if kind is bool:
        return isinstance(value, bool)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if kind is tuple:
        return isinstance(value, tuple | list) and all(isinstance(item, str) for item in value)
    return isinstance(value, kind)


def _expected(kind: type) -> Message:
    """How a value of this kind is written, in the reader's language (``house_expected_<kind>``)."""
    return Message(f"house_expected_{kind.__name__}")


def _shown(value: object) -> str:
    """A value as the teacher wrote it in TOML (true, 0.5, "pairs")."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_shown(item) for item in value) + "]"
    return str(value)


def value_label(switch: str, value: object) -> str | None:
    """The catalogue code that names ``value`` of ``switch`` (``house_value_<switch>_<value>``); None for numbers."""
    if isinstance(value, bool):
        return f"house_value_{switch}_{'true' if value else 'false'}"
    if isinstance(value, str):
        return f"house_value_{switch}_{value}"
    return None


def nearest_switch(name: str) -> str:
    """The switch whose name is closest to a misspelt ``name`` (for "did you mean …")."""
    names = [switch.name for switch in switch_fields()]
    found = difflib.get_close_matches(name.strip().lower(), names, n=1, cutoff=0.0)
    return found[0] if found else names[0]


def rules_from_table(table: object, name: str = "house") -> Rules:
    """The rules a ``[rules]`` table describes: ``based_on`` a preset (or every switch given), then any switch.

    Raises ``RuleError`` naming the first bad key (``RuleError.params["switch"]``): an unknown switch
    (with the nearest name), a wrong type, a value outside its choices or range, an impossible combination.
    """
    if not isinstance(table, Mapping):
        raise RuleError("house_not_table", {"value": _shown(table)})
    known = {switch.name: switch for switch in switch_fields()}
    for key in table:
        if key not in known and key not in TABLE_KEYS:
            raise RuleError("house_unknown_switch", {"switch": str(key), "nearest": nearest_switch(str(key))})
    values: dict[str, object] = {}
    based_on = table.get("based_on")
    if based_on is not None:
        if not isinstance(based_on, str) or based_on.strip().lower() not in PRESET_NAMES:
            params = {"switch": "based_on", "value": _shown(based_on), "known": ", ".join(PRESET_NAMES)}
            raise RuleError("house_bad_based_on", params)
        values = Rules.preset(based_on).switches()
    for key, switch in known.items():
        if key in table:
            value = table[key]
            problem = switch_problem(switch, value)
            if problem is not None:
                raise problem
            values[key] = _stored(value, switch_kind(switch))
        elif key not in values:
            if switch.default is MISSING:
                raise RuleError("house_missing_switch", {"switch": key, "known": ", ".join(PRESET_NAMES)})
            values[key] = switch.default
    return Rules(name=name, title=_title(table.get("title")), **values)  # type: ignore[arg-type]


def _stored(value: Any, kind: type) -> object:
    """A checked value as ``Rules`` keeps it: a list as a tuple, a whole number given for a float as a float."""
    if kind is tuple:
        return tuple(value)
    if kind is float:
        return float(value)
    return value


def _title(value: object) -> tuple[tuple[str, str], ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        value = {"en": value}
    if not isinstance(value, Mapping) or not value or not all(
        isinstance(k, str) and isinstance(v, str) and v.strip() for k, v in value.items()
    ):
        raise RuleError("house_bad_title", {"switch": "title", "value": _shown(str(value))})
    return tuple((str(lang), str(words).strip()) for lang, words in value.items())


def sample_values(switch: Field[Any]) -> Iterator[object]:
    """Values a property test may give ``switch``: its choices, both bools, or points across its range."""
    kind = switch_kind(switch)
    choices = switch.metadata.get("choices")
    span = switch.metadata.get("range")
    if choices is not None:
        yield from ((choice,) if kind is tuple else choice for choice in choices)
    elif kind is bool:
        yield from (False, True)
    elif span is not None and kind is int:
        yield from range(int(span[0]), int(span[1]) + 1)
    elif span is not None:
        low, high = float(span[0]), float(span[1])
        yield from (low, (low + high) / 2, high, low + (high - low) / 4)


_PRESETS: dict[str, Rules] = {}


def _presets() -> dict[str, Rules]:
    """The shipped presets, read once from ``engine/presets/<name>.toml`` by ``rules_from_table``."""
    if not _PRESETS:
        for name in PRESET_NAMES:
            _PRESETS[name] = replace(rules_from_table(_preset_table(name), name), title=())
    return _PRESETS


def _preset_table(name: str) -> dict[str, Any]:
    """The ``[rules]`` table of the file ``engine/presets/<name>.toml``, as written."""
    folder = resources.files(__package__).joinpath("presets")
    return dict(tomllib.loads(folder.joinpath(f"{name}.toml").read_text(encoding="utf-8"))["rules"])


def preset_file_table(name: str) -> dict[str, Any]:
    """The ``[rules]`` table of a shipped preset's file, as written (tests check it lists every switch)."""
    return _preset_table(Rules.preset(name).name)


def rules_value(rules: Rules) -> str | dict[str, object]:
    """How a file or record writes ``rules``: a preset's name, else an inline ``[rules]`` table of every switch."""
    if rules.is_preset:
        return rules.name
    table: dict[str, object] = {key: list(value) if isinstance(value, tuple) else value
                                for key, value in rules.switches().items()}
    return {"title": dict(rules.title), **table} if rules.title else table


def resolve_rules(rules: Rules | str | Mapping[str, object] | None) -> Rules:
    """Accept a Rules object, a preset name, a ``[rules]`` table, or None (the default preset)."""
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, Mapping):
        return rules_from_table(rules)
    return Rules.preset(rules)
