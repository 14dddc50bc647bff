"""The teacher's dashboard (``notebooks/classroom.ipynb``): the class live, the projector, polls, CSV."""

from .dashboard import ClassroomDashboard, DashboardScene, classroom_dashboard

__all__ = ["ClassroomDashboard", "DashboardScene", "classroom_dashboard"]
