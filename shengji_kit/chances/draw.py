"""Draw deals with numpy where it is installed, else in plain Python with fewer samples (the browser).

The static site's Python (Pyodide from npm) has no numpy, so there the chances are sampled by
``plain_sampler`` over at most ``PLAIN_SAMPLES`` deals; the exact figures are computed the same way
everywhere. ``numpy_missing()`` lets a page say so.
"""

from __future__ import annotations

import importlib.util
from functools import cache
from typing import TYPE_CHECKING

from .placements import check_samples

if TYPE_CHECKING:
    from .plain_sampler import PlainDeals
    from .sampler import Deals
    from .situation import Situation

PLAIN_SAMPLES = 2_000
"""The most deals the plain-Python sampler draws for one figure (numpy draws what was asked)."""


@cache
def numpy_missing() -> bool:
    """True when numpy cannot be imported here (the static site's browser Python)."""
    try:
        return importlib.util.find_spec("numpy") is None
    except ValueError:  # a module left in sys.modules without a spec
        return True


def samples_here(samples: int) -> int:
    """How many deals a figure asked with ``samples`` gets here: fewer without numpy."""
    check_samples(samples)
    return min(samples, PLAIN_SAMPLES) if numpy_missing() else samples


def draw_deals(situation: Situation, samples: int, seed: object = 0) -> Deals | PlainDeals:
    """``samples_here(samples)`` deals consistent with ``situation``, by numpy when it is there."""
    if numpy_missing():
        from .plain_sampler import sample_plain_deals

        return sample_plain_deals(situation, samples_here(samples), seed)
    from .sampler import sample_deals

    return sample_deals(situation, samples, seed)  # type: ignore[arg-type]
