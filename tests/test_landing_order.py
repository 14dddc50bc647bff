"""The landing page lists the learner's apps first and the teacher's dashboard last, marked for the teacher."""

from __future__ import annotations

import re

from shengji_kit.apps.serving import serve


def test_the_class_dashboard_is_the_last_app_and_says_it_is_for_the_teacher() -> None:
    html = str(serve.catalogue_html())
    apps = html.split('data-folder="notebooks"', 1)[1]
    listed = re.findall(r'data-notebook="([^"]+)"', apps)
    assert listed[-1] == "notebooks/classroom.ipynb" and len(listed) > 1
    assert "notebooks/play.ipynb" in listed[:-1] and "notebooks/puzzles.ipynb" in listed[:-1]
    last_item = apps.rsplit("<li>", 1)[1]
    assert "For the teacher" in last_item


def test_lessons_still_come_before_apps() -> None:
    folders = [entry.folder for entry in serve.catalogue()]
    assert folders == sorted(folders, key=list(serve.FOLDERS).index)
