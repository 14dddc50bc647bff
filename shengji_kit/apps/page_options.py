"""Options read from the page address (``?seed=7&delay=0&rules=classic``) that Voila hands the kernel.

A value that cannot be used never stops the page: it falls back, and an ``Message`` says (in
both languages) which option was not used and what was used instead.
"""

from __future__ import annotations

import math
import os
import re
import secrets
from urllib.parse import parse_qs

from ..engine.rules import PRESET_NAMES
from ..words import Message
from .serving.page_request import wait_for_page

SEED_PATTERN = re.compile(r"-?[0-9]{1,18}")
DELAY_RANGE = (0.0, 5.0)
SHOWN_LENGTH = 24  # a long bad value is shown cut to this many characters


def option_note(name: str, given: str, used: str, code: str = "page_option_ignored") -> Message:
    """The note for address option ``name`` given as ``given`` but used as ``used`` (a long value cut short)."""
    shown = given if len(given) <= SHOWN_LENGTH else given[:SHOWN_LENGTH] + "…"
    low, high = DELAY_RANGE
    return Message(code, {
        "name": name, "given": shown, "used": used,
        "low": f"{low:g}", "high": f"{high:g}", "known": ", ".join(PRESET_NAMES),
    })


def query_options(query: str | None = None) -> dict[str, str]:
    """The page's query parameters (Voila puts the query string in ``QUERY_STRING``).

    In a kernel Voila started ahead of its page, this first waits for the page request.
    """
    if query is None:
        wait_for_page()
    text_ = os.environ.get("QUERY_STRING", "") if query is None else query
    return {key: values[-1] for key, values in parse_qs(text_).items() if values}


def checked_seed(options: dict[str, str], default: int | None = None) -> tuple[int, Message | None]:
    """``seed`` when it is a whole number of at most 18 digits, else ``default`` or a fresh seed, with a note."""
    raw = options.get("seed")
    if raw is not None and SEED_PATTERN.fullmatch(raw.strip()):
        return int(raw.strip()), None
    used = default if default is not None else secrets.randbelow(1_000_000)
    return used, None if raw is None else option_note("seed", raw, str(used))


def checked_delay(options: dict[str, str], default: float) -> tuple[float, Message | None]:
    """``delay`` (seconds between bot moves, 0 to 5), else ``default``; out of range is clamped, with a note."""
    raw = options.get("delay")
    if raw is None:
        return default, None
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        return default, option_note("delay", raw, f"{default:g}")
    low, high = DELAY_RANGE
    if low <= value <= high:
        return value, None
    used = min(max(value, low), high)
    return used, option_note("delay", raw, f"{used:g}", "page_option_clamped")


def checked_rules(options: dict[str, str], default: str) -> tuple[str, Message | None]:
    """``rules`` (a preset name) when it names one exactly, else ``default`` (or the preset it spells in
    another case), with a note."""
    raw = options.get("rules")
    if raw is None or raw in PRESET_NAMES:
        return raw or default, None
    folded = raw.strip().lower()
    used = folded if folded in PRESET_NAMES else default
    return used, option_note("rules", raw, used, "page_option_rules")


def seed_option(options: dict[str, str], default: int | None = None) -> int:
    """``seed`` from the address when it is a whole number, else ``default``, else a fresh random seed."""
    return checked_seed(options, default)[0]


def delay_option(options: dict[str, str], default: float) -> float:
    """``delay`` (seconds between bot moves, 0 to 5) from the address, else ``default``."""
    return checked_delay(options, default)[0]


def rules_option(options: dict[str, str], default: str) -> str:
    """``rules`` (a preset name) from the address when it names one, else ``default``."""
    return checked_rules(options, default)[0]
