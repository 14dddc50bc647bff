"""The example in docs/chances.md runs and gives the figures its comments state."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "chances.md"


def test_docs_example_figures() -> None:
    block = re.search(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert block, "docs/chances.md has a python example"
    ns: dict[str, Any] = {}
    exec(block.group(1), ns)  # the doc's own example
    ace = ns["ace"]
    assert (ace.probability, ace.samples) == (0.5154, 20000)
    assert ace.describe("en") == "51.5% (20,000 sampled deals, ± 0.4%); exact: 51.4%"
    assert ace.describe("zh") == "51.5%（模拟20,000次，误差约 ± 0.4%）；精确值：51.4%"
    assert ns["chance_split"]("S", (6, 5), ns["sit"]).exact == pytest.approx(0.102, abs=0.001)
    assert ns["stands"].samples == 5000
    void = ns["chance_partner_holds"]("♠A", ns["east_void"])
    assert void.exact is None and round(void.probability, 2) == 0.68
    gain = ns["gain"]
    assert round(gain.single, 1) == 29.6 and round(gain.pair, 1) == 59.2
