"""Exceptions of the engine; each carries a stable ``code`` and a bilingual message."""

from __future__ import annotations

from collections.abc import Mapping

from ..words.catalogue import text

TOKEN_LIMIT = 40
"""Bad values are echoed in messages up to this many characters, then cut with an ellipsis."""

PARAM_LIMIT = 2000
"""Any other message parameter is cut at this length (a card list of 108 cards fits)."""

_BAD_VALUE_KEYS = frozenset({"token", "value", "level", "suit", "total", "name", "seat", "dealer", "steps"})


def clip(text: str, limit: int = TOKEN_LIMIT) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis, so a huge bad value stays readable."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class RuleError(ValueError):
    """A play, lead or action that the rules do not allow.

    ``code`` is stable (tests and front ends key on it); ``message(lang)`` explains it in
    ``"en"`` or ``"zh"`` from the message catalogue (``catalogue.py``). Bad values named in
    ``params`` are clipped (``clip``) so a megabyte of junk is never echoed whole.
    """

    def __init__(self, code: str, params: Mapping[str, object] | None = None) -> None:
        self.code = code
        self.params: dict[str, object] = {
            key: _clip_param(key, value) for key, value in (params or {}).items()
        }
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        return text(self.code, lang, **self.params)


def _clip_param(key: str, value: object) -> object:
    if isinstance(value, str):
        return clip(value, TOKEN_LIMIT if key in _BAD_VALUE_KEYS else PARAM_LIMIT)
    if key in _BAD_VALUE_KEYS and not isinstance(value, int | float | bool | None):
        return clip(repr(value))
    return value


class CardError(RuleError):
    """Card text (or a value where cards are expected) that is not a card; names the bad token.

    ``code`` is ``bad_card`` unless a more helpful one applies (``card_rank_one`` for ``S1``,
    ``not_cards`` for a value that is neither card text nor cards).
    """

    def __init__(self, detail: str, token: str, code: str = "bad_card") -> None:
        self.detail = clip(detail, TOKEN_LIMIT + 40)
        self.token = clip(token)
        super().__init__(code, {"token": self.token})
