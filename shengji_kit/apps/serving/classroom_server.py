"""The Voila server of a class (``shengji-kit serve --classroom``): no address answers without the class code.

Voila's own token check covers its pages, the kernel API and the tree listing, but not its static
files, themes and lab extensions; here every handler is guarded the same way, except the page that
asks for the code. That page is ours: bilingual, no script, nothing from other hosts. A learner who
opens an address with ``?token=CODE`` (the join address, the QR code) or types the code there gets
a login cookie, signed with a key derived from the code (see ``serve_classroom.cookie_secret``).
Started as ``python -m shengji_kit.apps.serving.classroom_server`` with Voila's arguments; the class code and the
cookie key arrive in the environment and are removed from it before any kernel starts.
"""

from __future__ import annotations

import ipaddress
import os
import sys
from typing import Any, cast

from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.auth.login import LoginFormHandler
from jupyter_server.auth.logout import LogoutHandler
from jupyter_server.base.handlers import JupyterHandler
from markupsafe import Markup
from tornado.websocket import WebSocketHandler
from voila.app import Voila
from voila.voila_identity_provider import VoilaLoginHandler

from ...words.catalogue import text
from .serve_classroom import CLASS_CODE_VAR, COOKIE_SECRET_VAR, bilingual
from .tables_api import SETTINGS_KEY, TablesService, tables_handlers

HTTP_METHODS = ("get", "head", "post", "put", "delete", "patch", "options")
# Handlers kernels call from this machine without a browser's cookie: a pre-started kernel
# (Voila's preheat_kernel) asks /voila/query/<kernel id> for its page's request. From another
# machine they need the code like everything else. The shared tables' API (tables_api.py) is called by
# the pages' kernels too; its seats are guarded by their tokens, its teacher routes by the teacher code.
KERNEL_CALLED = ("RequestInfoSocketHandler", "TablesHandler")
# jupyter_server marks handlers that anyone may open with this attribute (@allow_unauthenticated).
OPEN_MARK = "__allow_unauthenticated"
# ``/login?left=1``: where ``/logout`` sends the learner; the code page then says they have left.
LEFT_MARK = "left"
LOGIN_PAGE = Markup(
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
    '<meta name="viewport" content="width=device-width, initial-scale=1">'
    "<title>{title}</title><style>"
    "body{{font-family:system-ui,sans-serif;margin:0;background:#f4f1ea;color:#222}}"
    "main{{max-width:30rem;margin:12vh auto;padding:2rem;background:#fff;border-radius:.5rem;"
    "box-shadow:0 1px 4px rgba(0,0,0,.15)}}"
    "h1{{font-size:1.5rem;margin-top:0}} label{{display:block;font-weight:600;margin:1rem 0 .4rem}}"
    "input{{font-size:1.5rem;padding:.4rem;width:100%;box-sizing:border-box;letter-spacing:.1em}}"
    "button{{margin-top:1rem;font-size:1.2rem;padding:.5rem 1.5rem}}"
    "[data-role=login-error]{{color:#a00;font-weight:600}}"
    '</style></head><body><main data-role="class-login">'
    "<h1>{title}</h1><p>{help}</p>{error}"
    '<form method="post" action="{action}">{xsrf}'
    '<input type="hidden" name="next" value="{next}">'
    '<label for="class-code">{label}</label>'
    '<input id="class-code" name="password" type="text" autocomplete="off" autocapitalize="none"'
    ' spellcheck="false" autofocus required>'
    '<button type="submit" data-role="login-submit">{button}</button>'
    "</form></main></body></html>\n"
)


class ClassroomLoginHandler(VoilaLoginHandler):
    """The page that asks for the class code, in English and Chinese; the code is checked by Voila's
    identity provider as its token (``process_login_form``), which then sets the login cookie."""

    def _render(self, message: dict[str, str] | None = None) -> None:
        error = Markup("")
        if message and message.get("error"):
            error = Markup('<p data-role="login-error" role="alert">{wrong}</p>').format(
                wrong=bilingual("classroom_login_wrong")
            )
        elif self.get_argument(LEFT_MARK, default=""):
            error = Markup('<p data-role="logged-out" role="status">{left}</p>').format(
                left=bilingual("serving_logged_out")
            )
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.write(
            LOGIN_PAGE.format(
                title=bilingual("classroom_login_title"),
                help=Markup("{en}<br><span lang=\"zh\">{zh}</span>").format(
                    en=text("classroom_login_help", "en"), zh=text("classroom_login_help", "zh")
                ),
                error=error,
                action=f"{self.base_url}login",
                xsrf=Markup(self.xsrf_form_html()),
                next=self.get_argument("next", default=self.base_url),
                label=bilingual("classroom_login_label"),
                button=bilingual("classroom_login_button"),
            )
        )


class ClassroomLogoutHandler(LogoutHandler):
    """``/logout``: forget the login cookie and go back to the code page, which says the learner has left.

    jupyter_server's own handler renders ``logout.html``, a template Voila's server does not have (500).
    """

    @allow_unauthenticated
    def get(self) -> None:
        self.identity_provider.clear_login_cookie(self)
        self.redirect(f"{self.base_url}login?{LEFT_MARK}=1")


_GUARDED: dict[type, type] = {}


def guarded(handler: type) -> type:
    """``handler`` made to refuse anyone without the class code (login cookie or ``?token=``).

    A handler outside jupyter_server gets its ``JupyterHandler`` (whose ``prepare`` checks the user);
    methods jupyter_server leaves open to anyone (static files, themes, lab extensions) are closed.
    The login and logout pages stay open: they are how a learner gets in.
    """
    if issubclass(handler, (LoginFormHandler, LogoutHandler)):
        return handler
    if handler in _GUARDED:
        return _GUARDED[handler]
    if issubclass(handler, JupyterHandler):
        bases: tuple[type, ...] = (handler,)
    elif issubclass(handler, WebSocketHandler):
        bases = (handler, JupyterHandler)  # as jupyter_server's own websocket handlers are built
    else:
        bases = (JupyterHandler, handler)  # as jupyter_server's FileFindHandler is built
    namespace: dict[str, Any] = {"__doc__": f"{handler.__name__}, for learners with the class code only."}
    if handler.__name__ in KERNEL_CALLED:
        namespace["prepare"] = _prepare_letting_local_kernels_in
    for name in HTTP_METHODS:
        method = getattr(handler, name, None)
        if method is not None and getattr(method, OPEN_MARK, False):
            namespace[name] = _closed(method)
    made = type(f"Class{handler.__name__}", bases, namespace)
    _GUARDED[handler] = made
    return made


def from_this_machine(remote_ip: str | None, local_ip: str | None = None) -> bool:
    """Whether a request comes from this machine, where the kernels run: from a loopback address,
    or from the very address it reached (a kernel calling the server on its LAN address)."""
    try:
        remote = ipaddress.ip_address(remote_ip or "")
    except ValueError:
        return False
    if remote.is_loopback:
        return True
    try:
        return local_ip is not None and remote == ipaddress.ip_address(local_ip)
    except ValueError:
        return False


def local_address(handler: Any) -> str | None:
    """The address of this server that the request reached, or None when it cannot be told."""
    try:
        return str(handler.request.connection.stream.socket.getsockname()[0])
    except (AttributeError, OSError, IndexError, TypeError):
        return None


async def _prepare_letting_local_kernels_in(self: Any, *args: Any, **kwargs: Any) -> Any:
    """``prepare`` of a :data:`KERNEL_CALLED` handler: this machine passes, the others need the code."""
    if from_this_machine(self.request.remote_ip, local_address(self)):
        return None
    return await JupyterHandler.prepare(self, *args, **kwargs)


def _closed(inherited: Any) -> Any:
    """The method ``inherited``, called as it is, but without jupyter_server's open-to-anyone mark."""

    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        return inherited(self, *args, **kwargs)

    method.__name__ = inherited.__name__
    return method


def guard_handlers(handlers: list[Any]) -> list[Any]:
    """Tornado's handler list with every handler class :func:`guarded`."""
    out: list[Any] = []
    for rule in handlers:
        if isinstance(rule, tuple) and len(rule) >= 2 and isinstance(rule[1], type):
            out.append((rule[0], guarded(rule[1]), *rule[2:]))
        else:
            out.append(rule)
    return out


# Voila has no type information: mypy sees its classes as Any.
class ClassroomVoila(Voila):
    """Voila with the class code as its token, every address guarded, and the kit's code page."""

    def initialize(self, argv: Any = None) -> None:
        code = os.environ.pop(CLASS_CODE_VAR, "").strip()
        secret = os.environ.pop(COOKIE_SECRET_VAR, "").strip()
        if not code:
            print(bilingual("classroom_missing_code"), file=sys.stderr)
            raise SystemExit(2)
        super().initialize(argv)
        self.token = code
        if secret:
            self.cookie_secret = bytes.fromhex(secret)

    def init_settings(self) -> dict[str, Any]:
        settings = cast(dict[str, Any], super().init_settings())
        self.identity_provider.login_handler_class = ClassroomLoginHandler
        self.identity_provider.logout_handler_class = ClassroomLogoutHandler
        settings[SETTINGS_KEY] = TablesService.open()
        return settings

    def init_handlers(self) -> list[Any]:
        handlers = cast(list[Any], super().init_handlers())
        return guard_handlers([*tables_handlers(self.base_url), *handlers])


def main() -> None:
    """Run the class's Voila server with the command line Voila takes."""
    ClassroomVoila.launch_instance()


if __name__ == "__main__":
    main()
