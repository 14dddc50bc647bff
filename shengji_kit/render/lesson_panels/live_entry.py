"""The pieces the lessons' live "try it" panels share: a typed field, buttons, the rules presets'
names, and a refusal said in every language that keeps what the learner typed.

The field carries ``data-role="number"``: the surface's script sends its text as the ``value`` of
any clicked button that has no ``data-value`` of its own (it is read as cards or as a number).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from markupsafe import Markup

from ...engine.errors import RuleError
from ...words.catalogue import languages_from, text

MAX_TYPED = 200
"""At most this many characters of a field are kept and shown back."""


def rules_name(name: str, lang: str) -> str:
    """A rules preset's name in ``lang``: 超级大亨 / 经典, never the ASCII preset name in Chinese."""
    return text(f"lcb_rules_{name}", lang)


def button(action: str, label: str, value: str = "", pressed: bool | None = None, primary: bool = False) -> Markup:
    """A panel button; ``value`` (when given) is sent instead of the field's text."""
    aria = Markup("") if pressed is None else Markup(' aria-pressed="{p}"').format(p=str(pressed).lower())
    data = Markup(' data-value="{v}"').format(v=value) if value else Markup("")
    names = "sk-button sk-primary" if primary else "sk-button"
    return Markup('<button type="button" class="{names}" data-action="{action}"{data}{aria}>{label}</button>').format(
        names=names, action=action, data=data, aria=aria, label=label
    )


def field(label: str, typed: str, invalid: bool, numeric: bool = False, submit: str = "") -> Markup:
    """The one typed field of a panel, showing ``typed`` (kept after a refusal); Enter in it sends
    the ``submit`` action where the surface's script supports ``data-submit``."""
    mode = Markup(' inputmode="numeric"') if numeric else Markup("")
    enter = Markup(' data-submit="{action}"').format(action=submit) if submit else Markup("")
    return Markup(
        '<label class="sk-control-label sk-entry">{label} <input type="text" class="sk-card-field" '
        'data-role="number" autocomplete="off" autocapitalize="characters" spellcheck="false" '
        'maxlength="{limit}" aria-invalid="{invalid}"{mode}{enter} value="{typed}"></label>'
    ).format(label=label, limit=MAX_TYPED, invalid=str(invalid).lower(), mode=mode, enter=enter, typed=typed)


def typed_text(value: object) -> str:
    """The field's text as sent by the browser, trimmed and bounded."""
    return str(value if value is not None else "").strip()[:MAX_TYPED]


@dataclass(frozen=True)
class Refusal:
    """Why the learner's input was not used, worded in any language when drawn."""

    words: Callable[[str], str]

    @classmethod
    def of(cls, typed: str, error: RuleError) -> Refusal:
        """The engine's reason, with the text typed."""
        return cls(lambda lang: text("lcb_bad_input", lang, typed=typed, why=error.message(lang)))

    @classmethod
    def said(cls, code: str, **params: object) -> Refusal:
        return cls(lambda lang: text(code, lang, **params))

    def html(self, lang: str) -> Markup:
        """The refusal in the learner's language first, then in the others (each tagged with its language)."""
        lines = Markup("").join(
            Markup('<p lang="{lang}">{line}</p>').format(lang=one, line=self.words(one)) for one in languages_from(lang)
        )
        return Markup(
            '<div class="sk-message" data-role="problem" data-kind="error" role="alert">{lines}</div>'
        ).format(lines=lines)
