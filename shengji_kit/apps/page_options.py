"""Options read from the page address (``?seed=7&delay=0&rules=classic``) that Voila hands the kernel.

A value that cannot be used never stops the page: it falls back, and an ``Message`` says (in
both languages) which option was not used and what was used instead. Every option goes through one
strict reader (``read_number``, ``read_choice``): ASCII digits only, bounded length and range.
"""

from __future__ import annotations

import os
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from urllib.parse import parse_qs

from ..data_folder import data_dir
from ..engine.errors import RuleError
from ..engine.rules import PRESET_NAMES, Rules
from ..game.house_file import read_rules_file
from ..words import Message
from .serving.page_request import wait_for_page

DELAY_RANGE = (0.0, 5.0)
MAX_DIGITS = 18
"""The longest whole number an option may hold (a seed); ``int()`` of 5000 digits raises, of ``²`` too."""
SHOWN_LENGTH = 24  # a long bad value is shown cut to this many characters
SPACES = " \t"


@dataclass(frozen=True)
class Number:
    """A numeric option: ``name``, its ``default`` (None: the caller picks one), the range ``low``–``high``.

    Only ASCII digits are read (``-`` first when ``signed``, one ``.`` when ``decimals``), at most
    ``MAX_DIGITS`` of them; out of range is clamped when ``clamp``, else the default is used.
    """

    name: str
    default: float | None
    low: float
    high: float
    signed: bool = False
    decimals: bool = False
    clamp: bool = False

    def pattern(self) -> re.Pattern[str]:
        sign = "-?" if self.signed or self.clamp else ""
        fraction = r"(\.[0-9]{1,6})?" if self.decimals else ""
        return re.compile(rf"{sign}[0-9]{{1,{MAX_DIGITS}}}{fraction}")


@dataclass(frozen=True)
class Choice:
    """An option naming one of ``known`` (exactly, or in another case with a note), else ``default``."""

    name: str
    default: str
    known: tuple[str, ...]
    code: str = "page_option_ignored"


SEED = Number("seed", None, -(10**MAX_DIGITS - 1), 10**MAX_DIGITS - 1, signed=True)
DELAY = Number("delay", 0.7, DELAY_RANGE[0], DELAY_RANGE[1], decimals=True, clamp=True)


def option_note(
    name: str, given: str, used: str, code: str = "page_option_ignored", low: float | None = None,
    high: float | None = None, known: tuple[str, ...] = PRESET_NAMES,
) -> Message:
    """The note for address option ``name`` given as ``given`` but used as ``used`` (a long value cut short)."""
    shown = given if len(given) <= SHOWN_LENGTH else given[:SHOWN_LENGTH] + "…"
    low = DELAY_RANGE[0] if low is None else low
    high = DELAY_RANGE[1] if high is None else high
    return Message(code, {
        "name": name, "given": shown, "used": used,
        "low": f"{low:g}", "high": f"{high:g}", "known": ", ".join(known),
    })


def query_options(query: str | None = None) -> dict[str, str]:
    """The page's query parameters (Voila puts the query string in ``QUERY_STRING``).

    In a kernel Voila started ahead of its page, this first waits for the page request.
    """
    if query is None:
        wait_for_page()
    text_ = os.environ.get("QUERY_STRING", "") if query is None else query
    return {key: values[-1] for key, values in parse_qs(text_).items() if values}


def read_number(options: Mapping[str, str], option: Number) -> tuple[float | None, Message | None]:
    """The one strict reader of a numeric option: its value, or the default with a note naming the option."""
    raw = options.get(option.name)
    if raw is None:
        return option.default, None
    given = raw.strip(SPACES)
    if not option.pattern().fullmatch(given):
        return option.default, option_note(option.name, raw, _shown(option.default), low=option.low, high=option.high)
    value: float = float(given) if option.decimals else int(given)
    if option.low <= value <= option.high:
        return value, None
    if not option.clamp:
        return option.default, option_note(
            option.name, raw, _shown(option.default), "page_option_clamped", option.low, option.high
        )
    used = min(max(value, option.low), option.high)
    return used, option_note(option.name, raw, _shown(used), "page_option_clamped", option.low, option.high)


def read_choice(options: Mapping[str, str], option: Choice) -> tuple[str, Message | None]:
    """The one strict reader of a named option: exactly one of ``known``, else the same name in another
    case, else the default; each fallback with a note naming the option."""
    raw = options.get(option.name)
    if raw is None or raw in option.known:
        return raw or option.default, None
    folded = raw.strip(SPACES).lower()
    used = folded if folded in option.known else option.default
    return used, option_note(option.name, raw, used, option.code, known=option.known)


def _shown(value: float | None) -> str:
    return "" if value is None else f"{value:g}" if isinstance(value, float) else str(value)


def checked_whole(
    options: Mapping[str, str], name: str, default: int, low: int, high: int
) -> tuple[int, Message | None]:
    """Option ``name``, a whole number ``low``–``high`` in ASCII digits, else ``default`` with a note."""
    value, note = read_number(options, Number(name, default, low, high))
    return int(value if value is not None else default), note


def checked_seed(options: Mapping[str, str], default: int | None = None) -> tuple[int, Message | None]:
    """``seed`` when it is a whole number of at most 18 digits, else ``default`` or a fresh seed, with a note."""
    used = default if default is not None else secrets.randbelow(1_000_000)
    value, note = read_number(options, replace(SEED, default=used))
    return int(value if value is not None else used), note


def checked_delay(options: Mapping[str, str], default: float) -> tuple[float, Message | None]:
    """``delay`` (seconds between bot moves, 0 to 5), else ``default``; out of range is clamped, with a note."""
    value, note = read_number(options, replace(DELAY, default=default))
    return float(value if value is not None else default), note


def checked_rules(options: Mapping[str, str], default: str) -> tuple[str, Message | None]:
    """``rules`` (a preset name) when it names one exactly, else ``default`` (or the preset it spells in
    another case), with a note."""
    return read_choice(options, Choice("rules", default, tuple(PRESET_NAMES), "page_option_rules"))


HOUSE_NAME = re.compile(r"[A-Za-z0-9_-]{1,40}")
"""A house-rules file name an address may give (``?rules=gran`` reads ``gran.toml`` in the class data folder)."""


def checked_house_rules(
    options: Mapping[str, str], default: str, folder: Path | None = None
) -> tuple[Rules | str, Message | None]:
    """``rules``: a preset (as ``checked_rules``), else the house file ``NAME.toml`` in the class data folder
    (``folder``, else ``data_dir()``); a bad name or a bad file is refused with a note and ``default`` is used."""
    raw = options.get("rules")
    if raw is None or raw.strip(SPACES).lower() in PRESET_NAMES:
        return checked_rules(options, default)
    name = raw.strip(SPACES)
    shown = name if len(name) <= SHOWN_LENGTH else name[:SHOWN_LENGTH] + "…"
    used = Message("term_rules_" + default) if default in PRESET_NAMES else default
    if not HOUSE_NAME.fullmatch(name):
        reason = Message("house_file_bad_name", {"name": shown}, "error")
        return default, _refused(shown, used, reason)
    try:
        return read_rules_file((folder or data_dir()) / f"{name}.toml"), None
    except RuleError as error:
        reason = Message(error.code, error.params, "error")
        return default, _refused(shown, used, reason)


def _refused(given: str, used: object, reason: Message) -> Message:
    """The note for a ``rules`` option naming house rules that cannot be used."""
    return Message("house_page_refused", {"name": "rules", "given": given, "used": used, "reason": reason}, "error")


def seed_option(options: Mapping[str, str], default: int | None = None) -> int:
    """``seed`` from the address when it is a whole number, else ``default``, else a fresh random seed."""
    return checked_seed(options, default)[0]


def delay_option(options: Mapping[str, str], default: float) -> float:
    """``delay`` (seconds between bot moves, 0 to 5) from the address, else ``default``."""
    return checked_delay(options, default)[0]


def rules_option(options: Mapping[str, str], default: str) -> str:
    """``rules`` (a preset name) from the address when it names one, else ``default``."""
    return checked_rules(options, default)[0]


def checked_bots(options: Mapping[str, str], default: str | None = None) -> tuple[str, Message | None]:
    """``bots`` (the opponents' tier: gentle, steady or strong) when it names one, else ``default`` (steady),
    with a note."""
    from ..coach.bot_tiers import DEFAULT_TIER, TIER_NAMES  # the coach only when a page reads the option

    return read_choice(options, Choice("bots", default or DEFAULT_TIER, TIER_NAMES, "tier_page_option"))
