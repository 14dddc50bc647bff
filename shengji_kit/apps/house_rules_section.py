"""The rules page's house-rules section: a rule set side by side with both presets, each difference
shown on the same position as the engine judges it under every rule set (``house_demos``).

The learner picks a preset, a house-rules file of the class data folder (``NAME.toml``), or pastes a
file; a file that cannot be read is shown with its error in the learner's language and nothing else
changes. The table and the demonstrations read ``Rules``' fields, so a new switch appears unasked.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from markupsafe import Markup

from ..data_folder import data_dir
from ..engine.errors import RuleError
from ..engine.rules import PRESET_NAMES, Rules, switch_fields, value_label
from ..game.house_demos import SwitchDemo, all_demos
from ..game.house_file import read_rules_file, read_rules_text
from ..widgets.surface import Observable
from ..words import Message, text
from .page_options import HOUSE_NAME

MAX_CLASS_FILES = 20
PASTED_NAME = "pasted.toml"


def class_rules_files(folder: Path | None = None) -> list[str]:
    """The names of the house-rules files in the class data folder (``gran`` for ``gran.toml``), sorted."""
    where = folder or data_dir()
    try:
        found = sorted(path.stem for path in where.glob("*.toml") if HOUSE_NAME.fullmatch(path.stem))
    except OSError:
        return []
    return found[:MAX_CLASS_FILES]


def switch_value(switch: str, value: object, lang: str) -> str:
    """A switch's value in ``lang``: its label (``house_value_<switch>_<value>``), or the number as written."""
    label = value_label(switch, value)
    if label is not None:
        return text(label, lang)
    return f"{value:g}" if isinstance(value, float) else str(value)


class HouseComparison(Observable):
    """The chosen rule set (``chosen``, or the ``error`` that kept it from being read) against the presets."""

    def __init__(self, folder: Path | None = None) -> None:
        super().__init__()
        self.folder = folder
        self.source = "preset:classic"
        self.chosen: Rules | None = Rules.preset("classic")
        self.error: Message | None = None
        self.pasted = ""

    def pick(self, source: str) -> None:
        """``preset:NAME``, ``class:NAME`` (a file of the class folder) or ``pasted`` (the text in ``pasted``)."""
        kind, _, name = source.partition(":")
        try:
            if kind == "preset" and name in PRESET_NAMES:
                rules = Rules.preset(name)
            elif kind == "class" and name in class_rules_files(self.folder):
                rules = read_rules_file((self.folder or data_dir()) / f"{name}.toml")
            elif kind == "pasted":
                rules = read_rules_text(self.pasted, PASTED_NAME, "pasted")
            else:
                return
        except RuleError as error:
            self.source, self.chosen, self.error = source, None, Message(error.code, error.params, "error")
            return
        self.source, self.chosen, self.error = source, rules, None

    def handle(self, message: Mapping[str, Any]) -> None:
        if message.get("type") != "action":
            return
        action, value = message.get("action"), str(message.get("value", ""))
        if action == "pick":
            self.pick(value)
        elif action == "paste":
            self.pasted = str(message.get("typed", ""))
            self.pick("pasted")

    # --- drawing -----------------------------------------------------------------------------

    def render(self, lang: str) -> str:
        parts = [
            Markup('<h2 id="house-rules">{}</h2><p>{}</p>').format(
                text("house_page_title", lang), text("house_page_intro", lang)
            ),
            self._sources(lang),
        ]
        if self.error is not None:
            parts.append(Markup('<p class="sk-message" data-kind="error" data-role="house-error">{}</p>').format(
                text("house_page_error", lang, reason=self.error)
            ))
        elif self.chosen is not None:
            parts.append(self._table(self.chosen, lang))
            parts.append(self._demos(self.chosen, lang))
        return str(Markup('<section class="sk-panel sk-house" data-role="house-rules" data-source="{}">{}</section>')
                   .format(self.source, Markup("").join(parts)))

    def _sources(self, lang: str) -> Markup:
        buttons = [(f"preset:{name}", text(f"term_rules_{name}", lang)) for name in PRESET_NAMES]
        buttons += [
            (f"class:{name}", text("house_page_class_file", lang, name=name)) for name in class_rules_files(self.folder)
        ]
        shown = Markup("").join(
            Markup('<button type="button" class="sk-button" data-action="pick" data-value="{}" aria-pressed="{}">'
                   '{}</button>').format(value, "true" if value == self.source else "false", label)
            for value, label in buttons
        )
        paste = Markup(
            '<label class="sk-house-paste">{label}<textarea data-role="typed" rows="6" spellcheck="false">{text}'
            '</textarea></label><button type="button" class="sk-button" data-action="paste">{show}</button>'
        ).format(label=text("house_page_paste_label", lang), text=self.pasted, show=text("house_page_show", lang))
        return Markup('<fieldset class="sk-house-sources"><legend>{}</legend><div class="sk-buttons">{}</div>{}'
                      '</fieldset>').format(text("house_page_source", lang), shown, paste)

    def _table(self, chosen: Rules, lang: str) -> Markup:
        presets = [Rules.preset(name) for name in PRESET_NAMES]
        header = Markup("<tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th>{}</tr>").format(
            text("house_page_switch", lang), text("house_page_chosen", lang),
            Markup("").join(
                Markup('<th scope="col">{}</th>').format(text(f"term_rules_{p.name}", lang)) for p in presets
            ),
        )
        rows = []
        for switch in switch_fields():
            name = switch.name
            values = [getattr(chosen, name), *(getattr(p, name) for p in presets)]
            differs = any(values[0] != other for other in values[1:])
            rows.append(Markup('<tr data-switch="{}" data-differs="{}"><th scope="row">{}</th>{}</tr>').format(
                name, "true" if differs else "false", text(f"house_switch_{name}", lang),
                Markup("").join(Markup("<td>{}</td>").format(switch_value(name, v, lang)) for v in values),
            ))
        count = len(self._differing(chosen))
        summary = text("house_page_differs", lang, count=count) if count else text("house_page_same", lang)
        return Markup('<p data-role="house-summary">{}</p><div class="sk-table-scroll"><table class="sk-house-table">'
                      "<thead>{}</thead><tbody>{}</tbody></table></div>").format(
            summary, header, Markup("").join(rows)
        )

    @staticmethod
    def _differing(chosen: Rules) -> list[str]:
        found: list[str] = []
        for preset in (Rules.preset(name) for name in PRESET_NAMES):
            found += [name for name in chosen.differences(preset) if name not in found]
        return found

    def _demos(self, chosen: Rules, lang: str) -> Markup:
        """For each switch the rule sets disagree on (both presets differ too when the chosen is one)."""
        demos: dict[str, SwitchDemo] = {demo.switch: demo for demo in all_demos()}
        sets = [chosen, *(Rules.preset(name) for name in PRESET_NAMES if Rules.preset(name) != chosen)]
        switches = [name for name in (s.name for s in switch_fields())
                    if len({repr(getattr(rules, name)) for rules in sets}) > 1]
        blocks = []
        for name in switches:
            demo = demos.get(name)
            if demo is None:
                body = Markup("<p>{}</p>").format(text("house_page_no_demo", lang))
            else:
                verdicts = Markup("").join(
                    Markup('<li data-rules="{}" data-kind="{}">{}</li>').format(
                        rules.name, verdict.kind, verdict.render(lang)
                    ) for rules in sets for verdict in (demo.verdict(rules),)
                )
                body = Markup('<p>{}</p><ul aria-label="{}">{}</ul>').format(
                    demo.setup.render(lang), text("house_page_verdicts", lang), verdicts
                )
            blocks.append(Markup('<div class="sk-house-demo" data-switch="{}"><h3>{}</h3>{}</div>').format(
                name, text(f"house_switch_{name}", lang), body
            ))
        return Markup("").join(blocks)
