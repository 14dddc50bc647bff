"""The teacher's dashboard (``notebooks/classroom.ipynb``): the class live, the projector, polls, CSV."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...lazy_names import lazy_names

if TYPE_CHECKING:
    from .dashboard import ClassroomDashboard, DashboardScene, classroom_dashboard

__getattr__, __dir__ = lazy_names(__name__, {
    ".dashboard": ("ClassroomDashboard", "DashboardScene", "classroom_dashboard"),
})

__all__ = [
    "ClassroomDashboard", "DashboardScene", "classroom_dashboard",
]
