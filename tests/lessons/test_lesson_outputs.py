"""Every lesson notebook, executed top to bottom in a real kernel, shows no Python value on the page.

A learner in Voila sees each cell's output: it must be a widget (drawn in the learner's language) or
rendered HTML, never a repr (``'a string'``, ``[Card(S8), ...]``, a bare ``0`` or ``(0, 1)``,
``<... object at 0x...>``), printed text (it cannot follow the language switch) or a traceback.
All eight lessons run in one kernel (one start-up, cells are self-contained) to keep this quick.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "lessons").glob("[0-9][0-9]_*.ipynb"))
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
CELL_TIMEOUT_S = 120

# What a Python value looks like when Jupyter prints its repr instead of drawing it.
REPR_PATTERNS = (
    ("a quoted string", re.compile(r"""^\s*[rbuf]?(['"]).*\1\s*$""", re.S)),
    ("a Card(...) value", re.compile(r"Card\(")),
    ("a list", re.compile(r"^\s*\[.*\]\s*$", re.S)),
    ("a tuple", re.compile(r"^\s*\(.*\)\s*$", re.S)),
    ("a bare number", re.compile(r"^\s*[-+]?\d+(\.\d+)?\s*$")),
    ("an object repr", re.compile(r"<[^>]* object at 0x[0-9a-f]+>")),
    ("True, False or None", re.compile(r"^\s*(True|False|None)\s*$")),
)
HTML_FORBIDDEN = (("a Card(...) value", "Card("), ("an object repr", " object at 0x"))


def repr_problem(plain: str) -> str | None:
    """Which repr a text/plain-only output looks like (None when it looks like none)."""
    return next((name for name, pattern in REPR_PATTERNS if pattern.search(plain)), None)


def output_problems(output: dict[str, Any]) -> list[str]:
    """What is wrong with one cell output as a learner would see it."""
    kind = output.get("output_type")
    if kind == "stream":
        return [f"printed text on {output.get('name')}: {''.join(output.get('text', ''))[:120]!r}"]
    if kind == "error":
        return [f"a traceback: {output.get('ename')}: {output.get('evalue')}"]
    data = output.get("data", {})
    if WIDGET_VIEW in data:
        return []  # a widget; Jupyter always adds a text/plain repr beside it, which nobody sees
    html = "".join(data.get("text/html", ""))
    if html:
        return [f"HTML showing {name}" for name, needle in HTML_FORBIDDEN if needle in html]
    if "image/svg+xml" in data or "image/png" in data:
        return []
    plain = "".join(data.get("text/plain", ""))
    problem = repr_problem(plain)
    if problem is not None:
        return [f"text/plain only, {problem}: {plain[:120]!r}"]
    return [f"text/plain only (not drawn, not in the learner's language): {plain[:120]!r}"] if plain else []


def widget_problems(notebook: nbformat.NotebookNode) -> list[str]:
    """Python values inside what the widgets drew (their saved ``html``/``value`` traits)."""
    states = notebook.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    found = []
    for model_id, model in states.items():
        state = model.get("state", {})
        for trait in ("html", "value"):
            drawn = state.get(trait)
            if isinstance(drawn, str):
                found += [f"widget {model_id} {trait} shows {name}"
                          for name, needle in HTML_FORBIDDEN if needle in drawn]
    return found


@pytest.fixture(scope="module")
def executed() -> Iterator[dict[str, nbformat.NotebookNode]]:
    """Every lesson notebook run in order in one kernel (started with this checkout on its path)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))}
    manager = KernelManager(kernel_name="python3")
    manager.start_kernel(env=env, cwd=str(ROOT / "lessons"))
    runs: dict[str, nbformat.NotebookNode] = {}
    try:
        for path in NOTEBOOKS:
            notebook = nbformat.read(path, as_version=4)
            client = NotebookClient(
                notebook, km=manager, timeout=CELL_TIMEOUT_S, allow_errors=True, store_widget_state=True,
                resources={"metadata": {"path": str(path.parent)}},
            )
            client.execute()  # the kernel is ours: it stays up for the next notebook
            if client.kc is not None:
                client.kc.stop_channels()
            runs[path.stem] = notebook
        yield runs
    finally:
        manager.shutdown_kernel(now=True)


@pytest.mark.slow  # every lesson notebook run in one kernel: make test runs it, make check does not
@pytest.mark.parametrize("slug", [path.stem for path in NOTEBOOKS])
def test_no_cell_output_is_a_python_value(executed: dict[str, nbformat.NotebookNode], slug: str) -> None:
    notebook = executed[slug]
    problems = [
        f"cell {number}: {problem}"
        for number, cell in enumerate(notebook.cells)
        if cell.cell_type == "code"
        for output in cell.get("outputs", [])
        for problem in output_problems(output)
    ]
    problems += widget_problems(notebook)
    assert not problems, "\n".join(problems)


@pytest.mark.slow  # every lesson notebook run in one kernel: make test runs it, make check does not
def test_every_code_cell_of_lessons_one_to_three_draws_a_widget(executed: dict[str, nbformat.NotebookNode]) -> None:
    """Lessons 1–3 show a widget under every code cell (so each follows the learner's language)."""
    for slug in ("01_trump_ranking", "02_tractors", "03_following"):
        for number, cell in enumerate(executed[slug].cells):
            if cell.cell_type == "code":
                kinds = [output.get("data", {}) for output in cell.get("outputs", [])]
                assert any(WIDGET_VIEW in data for data in kinds), (slug, number, cell.source)


@pytest.mark.parametrize(
    ("shown", "problem"),
    [
        ("'The lead is ♦ and you still hold 2 cards'", "a quoted string"),
        ("[Card(S8), Card(CK), Card(H3), Card(D6)]", "a Card(...) value"),
        ("0", "a bare number"),
        ("(0, 1)", "a tuple"),
        ("<shengji_kit.engine.explain.Verdict object at 0x7f0a1c2d3e40>", "an object repr"),
    ],
)
def test_the_reprs_the_issue_names_are_caught(shown: str, problem: str) -> None:
    assert repr_problem(shown) == problem
    assert output_problems({"output_type": "execute_result", "data": {"text/plain": shown}})


def test_widgets_and_drawn_html_pass_and_printed_text_does_not() -> None:
    widget = {"output_type": "execute_result", "data": {"text/plain": "CardSurface(...)", WIDGET_VIEW: {}}}
    assert output_problems(widget) == []
    assert output_problems({"output_type": "display_data", "data": {"text/html": "<svg></svg>"}}) == []
    assert output_problems({"output_type": "display_data", "data": {"text/html": "<p>[Card(S8)]</p>"}})
    assert output_problems({"output_type": "stream", "name": "stdout", "text": "不行：…"})
