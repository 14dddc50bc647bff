"""The shared cache of compiled page templates: filled once, reused by the next exporter, same pages."""

from __future__ import annotations

import runpy

from jinja2 import Environment
from nbconvert.exporters.templateexporter import TemplateExporter
from traitlets.config import Config

from shengji_kit.apps.serving import serve
from shengji_kit.apps.serving.template_cache import (
    SHARED,
    SharedTemplateCache,
    share_compiled_templates,
)


def test_two_exporters_share_compiled_templates_and_render_the_same() -> None:
    share_compiled_templates()
    share_compiled_templates()  # installing twice changes nothing
    first = TemplateExporter(template_name="lab")
    html_one = first.environment.get_template("index.html.j2")
    assert first.environment.bytecode_cache is SHARED and len(SHARED) > 0
    cached = len(SHARED)
    second = TemplateExporter(template_name="lab")
    assert second.environment is not first.environment
    html_two = second.environment.get_template("index.html.j2")
    assert len(SHARED) == cached, "nothing is compiled a second time"
    assert html_one.filename == html_two.filename


def test_environments_that_compile_differently_do_not_share() -> None:
    cache = SharedTemplateCache()
    plain, asynchronous = Environment(bytecode_cache=cache), Environment(bytecode_cache=cache, enable_async=True)
    source = "{{ 1 + 1 }}"
    one = cache.get_bucket(plain, "t", None, source)
    other = cache.get_bucket(asynchronous, "t", None, source)
    assert one.key != other.key


def test_the_voila_config_file_installs_the_cache() -> None:
    runpy.run_path(str(serve.JUPYTER_DIR / "voila.py"), {"get_config": lambda: Config()})
    assert TemplateExporter(template_name="lab").environment.bytecode_cache is SHARED
