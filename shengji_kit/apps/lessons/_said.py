"""What a lesson's "try it" helper returns: one catalogue message shown in both languages, so a
learner's own experiment (or a mistake in it) reads as a sentence, never as a traceback."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from markupsafe import Markup

from ...engine.errors import RuleError
from ...words.catalogue import LANGUAGES, text


@dataclass(frozen=True)
class Said:
    """Sentences per language (``en``, ``zh``); ``ok`` is False when they explain a refusal."""

    lines: dict[str, list[str]]
    ok: bool = True

    def __call__(self, lang: str = "en") -> str:
        return "\n".join(self.lines.get(lang, []))

    def __repr__(self) -> str:
        return "\n".join(self(lang) for lang in LANGUAGES)

    def _repr_html_(self) -> str:
        kind = "info" if self.ok else "error"
        paragraphs = Markup("").join(
            Markup('<p lang="{lang}">{line}</p>').format(lang=lang, line=line)
            for lang in LANGUAGES
            for line in self.lines.get(lang, [])
        )
        return str(Markup('<div class="sk-message" data-kind="{kind}">{p}</div>').format(kind=kind, p=paragraphs))


def say(*messages: tuple[str, dict[str, object]]) -> Said:
    """The catalogue messages ``(code, params)`` in every language."""
    return Said({lang: [text(code, lang, **params) for code, params in messages] for lang in LANGUAGES})


def try_it(build: Callable[[], Said], error_code: str) -> Said:
    """``build()``; ``error_code`` with the engine's reason when it refuses the learner's input;
    the lessons' general "this cell could not run" message for anything else."""
    try:
        return build()
    except RuleError as error:
        return Said({lang: [text(error_code, lang, why=error.message(lang))] for lang in LANGUAGES}, ok=False)
    except Exception as error:  # a learner's experiment shows a message, not a traceback
        failed = f"{type(error).__name__}: {error}"
        return Said({lang: [text("ex_cell_failed", lang, error=failed)] for lang in LANGUAGES}, ok=False)
