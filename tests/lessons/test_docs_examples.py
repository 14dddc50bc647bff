"""Every worked example of docs/lessons.md loads and its answer checks out with the engine."""

from __future__ import annotations

import re
from pathlib import Path

from shengji_kit.puzzles import check_paths

DOC = Path(__file__).resolve().parents[2] / "docs" / "lessons.md"
HEADER = '[set]\ntitle = { en = "Docs", zh = "文档" }\ndescription = { en = "Examples", zh = "例子" }\n\n'


def test_every_kind_has_a_worked_example_that_checks_out(tmp_path: Path) -> None:
    blocks = re.findall(r"```toml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    items = [block for block in blocks if block.startswith("[[puzzle]]")]
    path = tmp_path / "docs.toml"
    path.write_text(HEADER + "\n".join(items), encoding="utf-8")
    report = check_paths([path])
    assert report.problems == ()
    from shengji_kit.puzzles import KINDS

    assert set(report.by_kind) == set(KINDS) and report.puzzles == len(items)
