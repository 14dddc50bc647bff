"""Options read from the page address (``?seed=7&delay=0&rules=classic``) that Voila hands the kernel."""

from __future__ import annotations

import os
import secrets
from urllib.parse import parse_qs

from ..engine.rules import PRESET_NAMES


def query_options(query: str | None = None) -> dict[str, str]:
    """The page's query parameters (Voila puts the query string in ``QUERY_STRING``)."""
    text = os.environ.get("QUERY_STRING", "") if query is None else query
    return {key: values[-1] for key, values in parse_qs(text).items() if values}


def seed_option(options: dict[str, str], default: int | None = None) -> int:
    """``seed`` from the address when it is a whole number, else ``default``, else a fresh random seed."""
    raw = options.get("seed", "")
    if raw.lstrip("-").isdigit():
        return int(raw)
    return default if default is not None else secrets.randbelow(1_000_000)


def delay_option(options: dict[str, str], default: float) -> float:
    """``delay`` (seconds between bot moves, 0 to 5) from the address, else ``default``."""
    try:
        value = float(options.get("delay", default))
    except ValueError:
        return default
    return min(max(value, 0.0), 5.0) if value == value else default


def rules_option(options: dict[str, str], default: str) -> str:
    """``rules`` (a preset name) from the address when it names one, else ``default``."""
    value = options.get("rules", default)
    return value if value in PRESET_NAMES else default
