"""Print the Jupyter Server settings (JSON) that make Voila serve the kit as `shengji-kit serve` does.

The single-user image runs it at build time into /etc/jupyter/jupyter_server_config.d/ (Dockerfile);
the settings are taken from shengji_kit.apps.serving.serve.voila_command, so the hub and `serve` never drift apart.
"""

import json
from typing import Any

from shengji_kit.apps.serving import serve

SECTIONS = ("VoilaConfiguration", "VoilaExecutor", "KernelManager", "MappingKernelManager")


def settings() -> dict[str, dict[str, Any]]:
    """``--Section.name=value`` flags of the Voila command, as ``{Section: {name: value}}``."""
    found: dict[str, dict[str, Any]] = {}
    for flag in serve.voila_command():
        name, _, value = flag.removeprefix("--").partition("=")
        section, _, trait = name.partition(".")
        if section in SECTIONS and trait:
            found.setdefault(section, {})[trait] = _typed(value)
    # Voila as a server extension loads MathJax from a CDN unless the server says "none".
    found["ServerApp"] = {"tornado_settings": {"mathjax_url": None, "mathjax_config": None}}
    return found


def _typed(value: str) -> Any:
    """``"90"`` → 90, ``"False"`` → false; anything else stays text."""
    if value in ("True", "False"):
        return value == "True"
    try:
        return int(value)
    except ValueError:
        return value


if __name__ == "__main__":
    print(json.dumps(settings(), indent=1, ensure_ascii=False))
