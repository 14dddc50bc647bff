"""docs/house-rules.md explains every switch: one ``### `field` `` section per field of ``Rules``."""

from __future__ import annotations

from pathlib import Path

from shengji_kit.engine.rules import switch_fields

DOC = Path(__file__).resolve().parents[2] / "docs" / "house-rules.md"


def test_every_switch_has_a_section_in_the_house_rules_guide() -> None:
    text = DOC.read_text(encoding="utf-8")
    missing = [switch.name for switch in switch_fields() if f"### `{switch.name}`" not in text]
    assert not missing, f"docs/house-rules.md has no section for {missing}"
