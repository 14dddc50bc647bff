"""A link to another lesson by its number (``Lesson 4: Who wins the trick``), the one way lessons link
to each other: the end-of-lesson "next lesson" link and lesson 0's "learn more" links."""

from __future__ import annotations

from markupsafe import Markup

from ...kit_files import page_address
from ...puzzles.lesson_list import LessonEntry, lesson_entry
from ...words.catalogue import text


def lesson_anchor(entry: LessonEntry, lang: str, role: str = "lesson-link") -> Markup:
    """An ``<a>`` to ``entry``'s notebook (lessons sit side by side in lessons/), titled in ``lang``."""
    label = text("ex_lesson_link", lang, number=entry.number, title=entry.title(lang))
    return Markup('<a href="{href}" data-role="{role}" data-lesson="{number}">{label}</a>').format(
        href=page_address(entry.notebook), role=role, number=entry.number, label=label
    )


def lesson_links_html(numbers: tuple[int, ...], lang: str) -> Markup:
    """"Learn more:" and a link to each listed lesson whose notebook exists (nothing when none does)."""
    anchors = [lesson_anchor(entry, lang) for number in numbers if (entry := lesson_entry(number)) and entry.exists()]
    if not anchors:
        return Markup("")
    return Markup('<p class="sk-learn-more" data-role="learn-more">{head}{space}{links}</p>').format(
        head=text("l00_learn_more", lang), space="" if lang == "zh" else " ",
        links=Markup(text("term_list_separator", lang)).join(anchors),
    )
