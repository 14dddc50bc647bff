"""Test-wide set-up: learners' progress goes to a throwaway folder, never the real home; the
hypothesis profiles; browser tests last."""

from __future__ import annotations

import os
import tempfile

from hypothesis import HealthCheck, settings

os.environ.setdefault("SHENGJI_KIT_DATA_DIR", tempfile.mkdtemp(prefix="shengji-kit-test-data-"))

# Property-test example counts live here, not in the tests: ``dev`` for the loop while working,
# ``ci`` (more examples) when CI=true; HYPOTHESIS_PROFILE=dev|ci chooses either explicitly.
_PROPERTY_DEFAULTS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("dev", max_examples=100, **_PROPERTY_DEFAULTS)
settings.register_profile("ci", max_examples=500, print_blob=True, **_PROPERTY_DEFAULTS)
_CI = os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if _CI else "dev"))


# The longest browser files (test seconds in docs/testing.md's measured run), handed out first among the
# browser files so that the two workers finish together rather than one waiting out a long last file.
LONGEST_BROWSER_FILES = (
    "test_browser_fit.py", "test_browser_serve_classroom.py", "test_site_browser.py",
    "test_browser_serving.py", "test_browser_two_learners.py", "test_trainer.py", "test_browser_language.py",
)


def pytest_collection_modifyitems(config: object, items: list[object]) -> None:
    """Run the browser tests last, their longest files first.

    Playwright's sync API keeps an asyncio loop running in the main thread for the rest of the
    session, which would break the tests and notebook kernels that run their own loop after it.
    """
    from pathlib import Path

    def order(item: object) -> tuple[bool, int]:
        parts = Path(str(getattr(item, "fspath", ""))).parts
        browser = "browser" in parts or "test_site_browser.py" in parts
        name = parts[-1] if parts else ""
        longest = LONGEST_BROWSER_FILES.index(name) if name in LONGEST_BROWSER_FILES else len(LONGEST_BROWSER_FILES)
        return browser, longest if browser else 0

    items[:] = sorted(items, key=order)
