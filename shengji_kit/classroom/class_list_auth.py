"""JupyterHub's login for a class: the names and hashed passwords of the class list file.

``c.JupyterHub.authenticator_class = "shengji_kit.classroom.class_list_auth.ClassListAuthenticator"``
and ``c.ClassListAuthenticator.class_list = "/path/class-list.toml"``. Only people on the list may
log in; the file is read again when it changes, so a teacher adds a learner without restarting.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jupyterhub.auth import Authenticator
from traitlets import Unicode

from .class_list import ClassMember, load_class_list, verify_password


class ClassListAuthenticator(Authenticator):
    """Log in with a name and password from the class list (see shengji_kit/classroom/class_list.py)."""

    class_list = Unicode("class-list.toml", help="Path of the class list TOML file.").tag(
        config=True, allow_config=True  # the list is who may log in
    )

    _cache: tuple[float, dict[str, ClassMember]] | None = None

    def members(self) -> dict[str, ClassMember]:
        """The class list, read again whenever the file changes."""
        path = Path(self.class_list)
        changed = path.stat().st_mtime
        if self._cache is None or self._cache[0] != changed:
            self._cache = (changed, load_class_list(path))
        return self._cache[1]

    async def authenticate(self, handler: Any, data: dict[str, str]) -> str | None:
        """The user's name when the password matches the class list's hash; None otherwise."""
        name = self.normalize_username(data.get("username", ""))
        member = self.members().get(name)
        if member is None or not verify_password(data.get("password", ""), member.password_hash):
            self.log.warning("Failed class-list login for %r", name)
            return None
        return member.name

    def check_allowed(self, username: str, authentication: Any = None) -> bool:
        """Only the class list's people with a password may log in (a PIN is for a one-machine class only)."""
        member = self.members().get(username)
        return member is not None and bool(member.password_hash)
