"""axe-core in the browser tests: the npm package vendored in .ci/node_modules, injected into a page.

axe-core never comes from a CDN: ``.ci/run`` and ``make test`` install it with npm into
``.ci/node_modules``; without it the accessibility tests fail and say how to get it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]
AXE_SCRIPT = ROOT / ".ci" / "node_modules" / "axe-core" / "axe.min.js"
MISSING = (
    f"axe-core is not installed ({AXE_SCRIPT} is missing), and the accessibility tests need it: run "
    "`npm install --prefix .ci --no-save axe-core@4 configurable-http-proxy@5` in the repository (both at "
    "once: a second --no-save install removes the first's), or `make test`, which does it when npm is there."
)
# WCAG 2.2 AA, as the issue asks, plus axe's best practices (region, heading-order) and the one
# experimental rule a scan of the play app found (a card's visible text inside its name, WCAG 2.5.3).
TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice")
EXTRA_RULES = ("label-content-name-mismatch",)
SEVERE = ("serious", "critical")


class AxeMissing(RuntimeError):
    """axe.min.js is not in .ci/node_modules."""


@dataclass(frozen=True)
class Violation:
    """One axe rule broken on a page: its id, impact, summary and the elements (CSS targets)."""

    rule: str
    impact: str
    summary: str
    targets: tuple[str, ...]

    def line(self) -> str:
        shown = ", ".join(self.targets[:6]) + (f" … ({len(self.targets)} in all)" if len(self.targets) > 6 else "")
        return f"{self.rule} [{self.impact}] {self.summary}: {shown}"


def axe_script() -> Path:
    """The vendored axe.min.js, or AxeMissing saying how to install it."""
    if not AXE_SCRIPT.is_file():
        raise AxeMissing(MISSING)
    return AXE_SCRIPT


_RUN = """async ([tags, extra]) => {
  const rules = Object.fromEntries(extra.map((id) => [id, { enabled: true }]));
  const options = { runOnly: { type: "tag", values: tags }, rules, resultTypes: ["violations"] };
  const result = await window.axe.run(document, options);
  return result.violations.map((v) => ({
    rule: v.id, impact: v.impact || "", summary: v.help,
    targets: v.nodes.map((n) => n.target.join(" ")),
  }));
}"""


def scan(page: Page) -> list[Violation]:
    """Run axe over the whole page as it is drawn now; every violation, worst first."""
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(path=str(axe_script()))
    found: list[dict[str, Any]] = page.evaluate(_RUN, [list(TAGS), list(EXTRA_RULES)])
    order = {"critical": 0, "serious": 1, "moderate": 2, "minor": 3}
    violations = [
        Violation(str(v["rule"]), str(v["impact"]), str(v["summary"]), tuple(map(str, v["targets"]))) for v in found
    ]
    return sorted(violations, key=lambda v: (order.get(v.impact, 4), v.rule))


def severe(violations: list[Violation]) -> list[Violation]:
    """The serious and critical ones, which no page may have."""
    return [v for v in violations if v.impact in SEVERE]


def report(where: str, violations: list[Violation]) -> str:
    """A failure message: the page, then one line per violation (id, impact, summary, targets)."""
    return f"{where}: {len(violations)} serious or critical axe violations\n" + "\n".join(
        "  " + v.line() for v in violations
    )
