"""The kit as the static site's browser Python sees it: no numpy, no SQLite, no server libraries.

A child interpreter starts with a ``sitecustomize`` that puts None in ``sys.modules`` for each
missing module (so importing one fails as it does in Pyodide), then imports every app module a
page imports, runs every code cell of the lessons and the two apps, and draws lesson 8's figures
with the plain-Python sampler. The exact figures must equal those computed here with numpy.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MISSING = ("numpy", "sqlite3", "_sqlite3", "sqlalchemy", "alembic", "psycopg", "segno", "websockets", "voila",
           "jupyterlab", "jupyter_server", "tornado")
BLOCKER = "import sys\nfor name in {names!r}:\n    sys.modules[name] = None\n"

CHILD = r'''
import json, sys, importlib, pkgutil
import shengji_kit.apps.lessons as lessons
from shengji_kit.chances.draw import PLAIN_SAMPLES, numpy_missing
assert numpy_missing()
for info in pkgutil.iter_modules(lessons.__path__):
    importlib.import_module(f"shengji_kit.apps.lessons.{info.name}")
importlib.import_module("shengji_kit.apps.play.play_app")
importlib.import_module("shengji_kit.apps.trainer.trainer_app")
ran = []
for path in sys.argv[1:]:
    notebook = json.load(open(path, encoding="utf-8"))
    space = {}
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            exec(compile("".join(cell["source"]), path, "exec"), space)
    ran.append(path)
from shengji_kit.render.lesson_panels.chance_charts import split_scene, kitty_scene
from shengji_kit.chances import kitty_points, situation, split_distribution
from shengji_kit.engine.cards import parse_cards
from shengji_kit.render.lesson_panels import chance_charts as charts
known = situation(parse_cards(charts.SPLIT_HAND), charts.SPLIT_TRUMP, parse_cards(charts.SPLIT_PLAYED))
splits = split_distribution("C", known)
kitty = kitty_points(samples=50_000)
print(json.dumps({
    "ran": ran,
    "loaded": sorted(name for name in {"numpy", "sqlite3", "sqlalchemy"} if sys.modules.get(name) is not None),
    "splits": {"-".join(map(str, k)): [e.probability, e.exact, e.samples] for k, e in splits.items()},
    "kitty_exact": {str(p): q for p, q in kitty.exact.items()}, "kitty_samples": kitty.samples,
    "kitty_mean": kitty.mean, "kitty_exact_mean": kitty.exact_mean,
    "split_page": {lang: split_scene().render(lang) for lang in ("en", "zh")},
    "plain_samples": PLAIN_SAMPLES,
}))
'''


def run_without(tmp_path: Path) -> dict[str, object]:
    """Run the child without the missing modules; its JSON report."""
    (tmp_path / "sitecustomize.py").write_text(BLOCKER.format(names=MISSING), encoding="utf-8")
    notebooks = [*sorted((ROOT / "lessons").glob("*.ipynb")), ROOT / "notebooks/play.ipynb",
                 ROOT / "notebooks/puzzles.ipynb"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)]),
           "SHENGJI_KIT_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run([sys.executable, "-c", CHILD, *map(str, notebooks)], capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    report: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return report


@pytest.mark.slow  # every page run in a fresh interpreter: make test runs it, make check does not
def test_every_page_runs_without_numpy_or_sqlite(tmp_path: Path) -> None:
    from shengji_kit.chances import kitty_points, situation, split_distribution
    from shengji_kit.engine.cards import parse_cards
    from shengji_kit.render.lesson_panels import chance_charts as charts

    report = run_without(tmp_path)
    assert len(report["ran"]) == len(list((ROOT / "lessons").glob("*.ipynb"))) + 2  # type: ignore[arg-type]
    assert report["loaded"] == []
    known = situation(parse_cards(charts.SPLIT_HAND), charts.SPLIT_TRUMP, parse_cards(charts.SPLIT_PLAYED))
    with_numpy = split_distribution("C", known)
    plain = report["splits"]
    assert isinstance(plain, dict)
    for pattern, estimate in with_numpy.items():
        sampled, exact, samples = plain["-".join(map(str, pattern))]
        assert exact == estimate.exact  # the same exact figures
        assert samples == report["plain_samples"] < estimate.samples  # fewer samples
        assert abs(sampled - exact) < 5 * (exact * (1 - exact) / samples) ** 0.5 + 1e-9
    kitty = kitty_points()
    assert report["kitty_exact"] == {str(p): q for p, q in kitty.exact.items()}  # type: ignore[union-attr]
    assert report["kitty_exact_mean"] == kitty.exact_mean
    assert report["kitty_samples"] == report["plain_samples"]
    page = report["split_page"]
    assert isinstance(page, dict)
    assert "without numpy" in page["en"] and "没有 numpy" in page["zh"]
    assert "without numpy" not in str(charts.split_scene().render("en"))  # with numpy: nothing to say
