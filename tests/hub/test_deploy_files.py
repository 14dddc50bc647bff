"""The Zero to JupyterHub files that cannot run here (no Kubernetes, no Docker) are at least well-formed:
the values parse, their Python compiles, and the Voila settings are those of `shengji-kit serve`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import yaml

from shengji_kit.apps.serving import serve

Z2JH = Path(__file__).resolve().parents[2] / "deploy" / "z2jh"


def test_values_parse_and_their_python_compiles() -> None:
    values = yaml.safe_load((Z2JH / "values.yaml").read_text(encoding="utf-8"))
    assert values["singleuser"]["defaultUrl"] == f"/voila/render/{serve.LANDING_PAGE}"
    for name, source in values["hub"]["extraConfig"].items():
        compile(source, f"values.yaml hub.extraConfig.{name}", "exec")
    assert values["hub"]["loadRoles"]["user"]["scopes"] == ["self", "access:services!service=shengji-class"]


def test_the_single_user_image_gets_the_voila_settings_of_serve() -> None:
    printed = subprocess.run([sys.executable, str(Z2JH / "voila_settings.py")], check=True,
                             capture_output=True, text=True).stdout
    settings = json.loads(printed)
    assert settings["VoilaConfiguration"]["template"] == serve.TEMPLATE
    assert settings["VoilaConfiguration"]["show_tracebacks"] is False
    assert settings["VoilaExecutor"]["timeout"] == serve.CELL_SECONDS
