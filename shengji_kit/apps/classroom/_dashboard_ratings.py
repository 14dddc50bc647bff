"""The dashboard's ratings panel: the class's line (median rating, the set most learners are weakest in)
and one row per learner (rating rounded with its uncertainty in words, weakest set).

DOM hooks: ``data-role="ratings"`` (the section), ``ratings-class`` (with ``data-median`` and
``data-weakest``), ``ratings-table``; each row ``data-rated-learner`` (not ``data-learner``, which marks
the grid's rows) with ``data-rating`` (the rounded rating, empty before a game) and ``data-weakest``.
"""

from __future__ import annotations

from collections.abc import Mapping

from markupsafe import Markup

from ...classroom.identity import learner_label
from ...practice.class_ratings import ClassRatings, LearnerRating
from ...practice.rating_words import about, certainty
from ...words.catalogue import text


def _title(set_id: str | None, titles: Mapping[str, tuple[str, str]], lang: str) -> str:
    if set_id is None:
        return "—"
    en, zh = titles.get(set_id, (set_id, set_id))
    return zh if lang == "zh" else en


def _class_line(ratings: ClassRatings, titles: Mapping[str, tuple[str, str]], lang: str) -> Markup:
    if ratings.median is None:
        return Markup('<p data-role="ratings-class" data-median="" data-weakest="">{t}</p>').format(
            t=text("cls_ratings_class_none", lang))
    median = int(round(ratings.median / 10.0) * 10)
    line = text("cls_ratings_class", lang, rating=median, count=ratings.rated)
    if ratings.weakest is not None:
        line += " " + text("cls_ratings_class_weakest", lang, set=_title(ratings.weakest, titles, lang),
                           count=ratings.weakest_count, total=ratings.rated)
    return Markup('<p data-role="ratings-class" data-median="{median}" data-weakest="{weakest}">{line}</p>').format(
        median=median, weakest=ratings.weakest or "", line=line)


def _row(line: LearnerRating, titles: Mapping[str, tuple[str, str]], lang: str) -> Markup:
    rating = line.rating
    said = text("cls_ratings_none", lang) if rating is None else text(
        "cls_ratings_value", lang, rating=about(rating), certainty=certainty(rating))
    return Markup(
        '<tr data-rated-learner="{learner}" data-rating="{value}" data-weakest="{weakest}">'
        '<th scope="row">{label}</th><td>{said}</td><td>{weakest_title}</td></tr>'
    ).format(learner=line.learner, value="" if rating is None else about(rating), weakest=line.weakest or "",
             label=learner_label(line.learner, lang), said=said,
             weakest_title=_title(line.weakest, titles, lang) if rating is not None else "")


def ratings_html(ratings: ClassRatings, titles: Mapping[str, tuple[str, str]], lang: str) -> Markup:
    """The ratings section in ``lang`` (``titles``: each set's title in English and Chinese)."""
    rows = Markup("").join(_row(line, titles, lang) for line in ratings.learners)
    table = Markup()
    if ratings.learners:
        table = Markup(
            '<div class="sk-grid-wrap" tabindex="0" role="region" aria-label="{title}">'
            '<table class="sk-grid" data-role="ratings-table"><thead><tr><th scope="col">{learner}</th>'
            '<th scope="col">{rating}</th><th scope="col">{weakest}</th></tr></thead><tbody>{rows}</tbody>'
            "</table></div>"
        ).format(title=text("cls_ratings_title", lang), learner=text("cls_ratings_learner", lang),
                 rating=text("cls_ratings_rating", lang), weakest=text("cls_ratings_weakest", lang), rows=rows)
    return Markup('<section data-role="ratings"><h3>{title}</h3>{line}{table}</section>').format(
        title=text("cls_ratings_title", lang), line=_class_line(ratings, titles, lang), table=table)
