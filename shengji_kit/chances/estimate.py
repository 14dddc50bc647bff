"""A sampled probability with its standard error, and the exact value when one is known."""

from __future__ import annotations

from dataclasses import dataclass
from math import sqrt

from ..words.catalogue import text


@dataclass(frozen=True)
class Estimate:
    """``probability`` over ``samples`` deals; ``exact`` is the closed form when there is one."""

    probability: float
    samples: int
    exact: float | None = None

    @property
    def standard_error(self) -> float:
        """√(p(1−p)/n), with p the exact value when known, else (hits + 1) / (n + 2), so that a
        sampled 0% or 100% still shows an honest error."""
        p = self.exact if self.exact is not None else (self.probability * self.samples + 1) / (self.samples + 2)
        return sqrt(max(p * (1 - p), 0.0) / self.samples)

    def agrees(self, sigmas: float = 5.0) -> bool:
        """Whether the sampled value lies within ``sigmas`` standard errors of the exact one."""
        if self.exact is None:
            return True
        return abs(self.probability - self.exact) <= sigmas * self.standard_error + 1e-12

    def percent(self, digits: int = 1) -> str:
        """``"42.3%"`` — the sampled value, ready to print."""
        return f"{100 * self.probability:.{digits}f}%"

    def describe(self, lang: str = "en") -> str:
        """``51.5% (20,000 sampled deals, ± 0.4%); exact: 51.4%`` in ``en`` or ``zh``."""
        params: dict[str, object] = {
            "sampled": self.percent(),
            "samples": f"{self.samples:,}",
            "error": f"{100 * self.standard_error:.1f}%",
        }
        if self.exact is None:
            return text("ui_chances_estimate", lang, **params)
        params["exact"] = f"{100 * self.exact:.1f}%"
        return text("ui_chances_estimate_exact", lang, **params)


def from_hits(hits: int, samples: int, exact: float | None = None) -> Estimate:
    return Estimate(hits / samples, samples, exact)
