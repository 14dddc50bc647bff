"""What deploy/site/build.py does to the built site after ``jupyter lite build``, on small folders made here (no
site build): precompressed copies, tab titles, the icon, no script naming another host, the "preparing" figure,
site/build/ left out, and benchmarks/site.py's server sending the precompressed copies."""

from __future__ import annotations

import gzip
import importlib.util
import json
import os
import struct
import sys
import urllib.request
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "deploy" / "site"))

import build  # noqa: E402  (deploy/site/build.py)
from landing import write_landing  # noqa: E402  (deploy/site/landing.py)

TEXT = ("const card = {suit: 'hearts', rank: 'A'};\n" * 200).encode()


def fake_site(folder: Path) -> dict[str, bytes]:
    """A folder shaped like a built site: text that compresses, files too small or already compressed."""
    files = {
        "static/pyodide/pyodide.asm.js": TEXT,
        "voici/render/lessons/01.html": b"<html><body>" + b"<p>lesson</p>" * 300 + b"</body></html>",
        "jupyter-lite.json": json.dumps({"items": list(range(2000))}).encode(),
        "tiny.js": b"let a = 1;\n" * 20,  # under 1 KB
        "noise.bin": os.urandom(20_000),  # does not shrink by 10%
        "voici/build/font.woff2": TEXT,  # already compressed by its format: never touched
        "static/pyodide/kit-0.1-py3-none-any.whl": TEXT,  # a zip: gzip saves 1-3% of real wheels
    }
    for name, data in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    return files


def test_precompressed_files_decompress_to_the_originals(tmp_path: Path) -> None:
    files = fake_site(tmp_path)
    count, raw, packed = build.precompress(tmp_path)
    gzipped = sorted(str(path.relative_to(tmp_path)) for path in tmp_path.rglob("*.gz"))
    assert gzipped == ["jupyter-lite.json.gz", "static/pyodide/pyodide.asm.js.gz", "voici/render/lessons/01.html.gz"]
    for name in gzipped:
        original = files[name.removesuffix(".gz")]
        packed_bytes = (tmp_path / name).read_bytes()
        assert gzip.decompress(packed_bytes) == original
        assert len(packed_bytes) <= 0.9 * len(original)
    assert count == 3
    assert raw == sum(len(files[name.removesuffix(".gz")]) for name in gzipped)
    assert packed == sum((tmp_path / name).stat().st_size for name in gzipped)
    assert build.precompress(tmp_path)[0] == 3  # a second run makes no copy of a copy
    assert not list(tmp_path.rglob("*.gz.gz")) and not list(tmp_path.rglob("*.br.gz"))


def test_brotli_copies_decompress_to_the_originals(tmp_path: Path) -> None:
    brotli = pytest.importorskip("brotli")  # in .site-venv (deploy/site/requirements.txt), where the build runs
    files = fake_site(tmp_path)
    build.precompress(tmp_path)
    copies = sorted(tmp_path.rglob("*.br"))
    assert {str(path.relative_to(tmp_path)) for path in copies} >= {"static/pyodide/pyodide.asm.js.br"}
    for path in copies:
        assert brotli.decompress(path.read_bytes()) == files[str(path.relative_to(tmp_path)).removesuffix(".br")]


def test_the_same_build_gives_the_same_gzip_bytes() -> None:
    assert build.compressed_copies(TEXT)[".gz"] == build.compressed_copies(TEXT)[".gz"]  # no timestamp inside


PAGE = """<!DOCTYPE html><html><head><meta charset="utf-8" />
<title>01_trump_ranking</title>
<script>window.shengjiSiteTexts = null; /* sk-site-texts */</script>
<script type="module">
  document.addEventListener("DOMContentLoaded", async () => {
    const mermaid = (await import("https://cdnjs.cloudflare.com/ajax/libs/mermaid/11.10.0/mermaid.esm.min.mjs")).default;
    const elkUrl = "https://cdnjs.cloudflare.com/ajax/libs/mermaid-layout-elk/0.1.9/mermaid-layout-elk.esm.min.mjs";
  });
</script>
</head><link rel="icon" href="data:;base64,=">
<body>
<script id="jupyter-config-data" type="application/json">{"baseUrl": "../../../",
 "faviconUrl": "../../../voici/favicon.ico", "litePluginSettings": {}}</script>
<script type="module">console.log("the page's own script stays");</script>
</body></html>
"""


def test_a_page_gets_its_lessons_title_the_icon_and_no_other_host() -> None:
    page = build.finish_page(PAGE, ROOT / "lessons" / "01_trump_ranking.ipynb", 33.94)
    assert "<title>Lesson 1 · Trumps and their ranking — shengji-kit</title>" in page
    assert "第一课 · 主牌和大小 — 升级工具箱" in json.loads(page.split("const titles = ", 1)[1].split(";", 1)[0])["zh"]
    assert "01_trump_ranking" not in page
    assert "cdnjs" not in page and "mermaid" not in page and "https://" not in page
    assert "the page's own script stays" in page
    assert '<link rel="icon" type="image/svg+xml" href="../../../favicon.svg">' in page
    assert 'href="data:;base64,="' not in page
    config = json.loads(page.split('type="application/json">', 1)[1].split("</script>", 1)[0])
    assert config["faviconUrl"] == "../../../favicon.ico"
    assert config["litePluginSettings"][build.KERNEL_PLUGIN]["pyodideUrl"] == build.PYODIDE_URL
    texts = json.loads(page.split("window.shengjiSiteTexts = ", 1)[1].split(";</script>", 1)[0])
    assert "about 34 MB" in texts["en"]["first"] and "大约 34 MB" in texts["zh"]["first"]


def test_apps_are_titled_by_their_names() -> None:
    assert build.page_titles(ROOT / "notebooks" / "play.ipynb")["en"] == "Play a round — shengji-kit"
    assert build.tab_title("第一课：主牌和大小", "zh") == "第一课 · 主牌和大小 — 升级工具箱"
    assert build.page_titles(None) == {}  # a page with no notebook (Voici's tree) keeps its own title
    assert build.retitled(PAGE, {}) == PAGE


def test_the_icon_is_an_svg_and_an_ico_holding_a_png(tmp_path: Path) -> None:
    build.write_favicon(tmp_path)
    svg = ElementTree.parse(tmp_path / "favicon.svg").getroot()
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"
    ico = (tmp_path / "favicon.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    width, height, _, _, _, _, size, offset = struct.unpack("<BBBBHHII", ico[6:22])
    assert (reserved, kind, count, width, height, offset) == (0, 1, 1, 32, 32, 22)
    png = ico[offset:offset + size]
    assert len(png) == size and png.startswith(b"\x89PNG\r\n\x1a\n")
    assert struct.unpack(">II", png[16:24]) == (32, 32)  # IHDR's width and height


def test_the_landing_page_names_the_icon(tmp_path: Path) -> None:
    staging = tmp_path / "contents"
    for folder in ("lessons", "notebooks"):
        (staging / folder).mkdir(parents=True)
    (staging / "lessons" / "01_trump_ranking.ipynb").write_bytes((ROOT / "lessons/01_trump_ranking.ipynb").read_bytes())
    page = write_landing(tmp_path, staging).read_text(encoding="utf-8")
    assert '<link rel="icon" type="image/svg+xml" href="favicon.svg">' in page


def test_the_preparing_figure_counts_pyodide_and_the_pages_javascript(tmp_path: Path) -> None:
    sizes = {"static/pyodide/pyodide.asm.wasm": 3000, "static/pyodide/kit.whl": 500, "voici/build/1.js": 200,
             "extensions/anywidget/static/main.js": 40, "voici/build/1.js.LICENSE.txt": 7, "voici/build/a.woff": 9,
             "build/bundle.js": 11}
    for name, size in sizes.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(b"x" * size)
    assert build.cold_visit_bytes(tmp_path) == 3000 + 500 + 200 + 40


def test_unused_build_output_is_left_out(tmp_path: Path) -> None:
    for name in ("build/bundle.js", "build/fonts/a.woff", "build/schemas/all.json", "build/themes/light.css"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(b"x" * 10)
    assert build.drop_unused_build(tmp_path) == 20
    assert sorted(path.name for path in (tmp_path / "build").iterdir()) == ["schemas", "themes"]
    assert build.drop_unused_build(tmp_path / "nothing") == 0


def benchmark_module() -> ModuleType:
    """benchmarks/site.py (its name would shadow Python's ``site`` module on the path)."""
    spec = importlib.util.spec_from_file_location("site_benchmark", ROOT / "benchmarks" / "site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["site_benchmark"] = module
    spec.loader.exec_module(module)
    return module


def test_the_benchmarks_server_sends_the_precompressed_file_to_a_browser_that_accepts_gzip(tmp_path: Path) -> None:
    files = fake_site(tmp_path)
    build.precompress(tmp_path)
    bench = benchmark_module()
    for plain in (False, True):
        server = bench.Server(tmp_path, plain=plain)
        try:
            address = f"http://127.0.0.1:{server.port}/static/pyodide/pyodide.asm.js"
            with urllib.request.urlopen(urllib.request.Request(address, headers={"Accept-Encoding": "gzip"})) as answer:
                body, encoding, kind = answer.read(), answer.headers["Content-Encoding"], answer.headers["Content-Type"]
            with urllib.request.urlopen(address) as answer:  # no Accept-Encoding: the file itself
                assert answer.read() == files["static/pyodide/pyodide.asm.js"]
                assert answer.headers["Content-Encoding"] is None
        finally:
            server.close()
        assert kind == "text/javascript"  # the original's type, not gzip's
        if plain:
            assert encoding is None and body == files["static/pyodide/pyodide.asm.js"]
        else:
            assert encoding == "gzip" and gzip.decompress(body) == files["static/pyodide/pyodide.asm.js"]
        sent, gzipped = bench.sent_since(server, 0)
        assert (sent, gzipped) == (len(body) + len(files["static/pyodide/pyodide.asm.js"]), 0 if plain else 1)
        assert bench.served_since(server, 0) == {"200": 2}
    assert bench.sizes(tmp_path)[0] == len(files)  # the precompressed copies are not counted as the site's files
