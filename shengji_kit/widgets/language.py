"""The learner's language for this notebook session: one switch that every widget follows."""

from __future__ import annotations

import traitlets

LANGUAGES = ("en", "zh")


class SessionLanguage(traitlets.HasTraits):
    """Holds the chosen language; widgets observe ``lang`` and redraw when it changes."""

    lang = traitlets.Enum(LANGUAGES, default_value="en")

    def toggle(self) -> str:
        """Switch between English and Chinese; returns the new language."""
        self.lang = "zh" if self.lang == "en" else "en"
        return str(self.lang)


SESSION = SessionLanguage()


def current_language() -> str:
    """The session's language, ``"en"`` or ``"zh"``."""
    return str(SESSION.lang)


def set_language(lang: str) -> None:
    """Choose the session's language (``"en"`` or ``"zh"``); every open widget redraws."""
    SESSION.lang = lang
