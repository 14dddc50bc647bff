"""Exceptions of the engine; each carries a stable ``code`` and a bilingual message."""

from __future__ import annotations

from collections.abc import Mapping


class RuleError(ValueError):
    """A play, lead or action that the rules do not allow.

    ``code`` is stable (tests and front ends key on it); ``message(lang)`` explains it in
    ``"en"`` or ``"zh"`` from the message catalogue (``catalogue.py``).
    """

    def __init__(self, code: str, params: Mapping[str, object] | None = None) -> None:
        self.code = code
        self.params: dict[str, object] = dict(params or {})
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        from .catalogue import text

        return text(self.code, lang, **self.params)


class CardError(RuleError):
    """Card text that is not a card; names the bad token."""

    def __init__(self, detail: str, token: str) -> None:
        self.detail = detail
        self.token = token
        super().__init__("bad_card", {"token": token})
