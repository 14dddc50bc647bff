"""Build ``site/``: the lessons, the play app and the trainer as Voici pages that compute in the browser.

``make site`` runs this with ``.site-venv/bin/python`` (the pinned tools of ``requirements.txt``).
The Pyodide core comes from npm (``pyodide@0.29.0``), every Python package from PyPI as a wheel;
both are kept in ``.site-cache/`` so a second build downloads nothing. The core's package lock is
rewritten to list only the wheels the site carries (with their checksums), and the kernel loads
the kit and its dependencies from there when it starts: no page asks another host for anything.
"""

from __future__ import annotations

import argparse
import base64
import csv
import gzip
import hashlib
import html as html_text
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
PYODIDE_NPM = "pyodide@0.29.0"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
PYODIDE_URL = "/static/pyodide/pyodide.js"  # Voici pages take "/" as their base: the site sits at a host's root


@dataclass(frozen=True)
class Wheel:
    """One pure-Python wheel the site carries: its PyPI name and version, what it imports, what it needs."""

    name: str
    version: str
    imports: tuple[str, ...]
    depends: tuple[str, ...] = ()


# The kernel's own packages (the versions Pyodide 0.29's lock names) and the kit's browser dependencies.
# numpy has no wheel for Pyodide on PyPI: the kit runs without it (shengji_kit/chances/sampler.py).
WHEELS = (
    Wheel("micropip", "0.11.0", ("micropip",), ("packaging",)),
    Wheel("packaging", "24.2", ("packaging",)),
    Wheel("traitlets", "5.14.3", ("traitlets",)),
    Wheel("decorator", "5.2.1", ("decorator",)),
    Wheel("pygments", "2.19.1", ("pygments",)),
    Wheel("six", "1.17.0", ("six",)),
    Wheel("wcwidth", "0.2.13", ("wcwidth",)),
    Wheel("prompt-toolkit", "3.0.50", ("prompt_toolkit",), ("wcwidth",)),
    Wheel("executing", "2.2.0", ("executing",)),
    Wheel("asttokens", "3.0.0", ("asttokens",), ("six",)),
    Wheel("pure-eval", "0.2.3", ("pure_eval",)),
    Wheel("stack-data", "0.6.3", ("stack_data",), ("executing", "asttokens", "pure-eval")),
    Wheel("matplotlib-inline", "0.1.7", ("matplotlib_inline",), ("traitlets",)),
    Wheel("ipython", "9.0.2", ("IPython",), (
        "asttokens", "decorator", "executing", "matplotlib-inline", "prompt-toolkit", "pure-eval", "pygments",
        "six", "stack-data", "traitlets", "wcwidth",
    )),
    Wheel("comm", "0.2.3", ("comm",), ("traitlets",)),
    Wheel("typing-extensions", "4.15.0", ("typing_extensions",)),
    Wheel("jupyterlab-widgets", "3.0.17", ("jupyterlab_widgets",)),
    Wheel("ipywidgets", "8.1.9", ("ipywidgets",), ("comm", "ipython", "traitlets", "jupyterlab-widgets")),
    Wheel("psygnal", "0.16.1", ("psygnal",), ("typing-extensions",)),
    Wheel("anywidget", "0.11.0", ("anywidget",), ("ipywidgets", "psygnal", "typing-extensions")),
    Wheel("mistune", "3.4.0", ("mistune",)),
    Wheel("platformdirs", "4.14.9", ("platformdirs",)),
)
MARKUPSAFE = Wheel("markupsafe", "3.0.2", ("markupsafe",))  # built from its sdist without the C speedups
KIT_DEPENDS = ("anywidget", "ipywidgets", "markupsafe", "mistune", "platformdirs", "typing-extensions")
# The kernel installs these at start unless they are preloaded; sqlite3 is a Pyodide-built module
# only its CDN has, so the lock names an empty placeholder for it and `import sqlite3` fails as usual.
# jedi (and parso, 1.6 MB and 0.7-0.8 s of imports) serves only code completion, which no page offers:
# an empty placeholder too, and IPython's completer finds it missing (JEDI_INSTALLED False).
PLACEHOLDERS = (("sqlite3", "1.0.0"), ("jedi", "0.0.0"))
KERNEL_WHEELS = ("piplite", "pyodide-kernel", "ipykernel", "widgetsnbextension")
PRELOADED = ("micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython",
             "widgetsnbextension", "shengji-kit")


def run(command: list[str], **options: object) -> None:
    """Run one build step, stopping the build with its output when it fails."""
    subprocess.run(command, check=True, **options)  # type: ignore[call-overload]


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pyodide_core(cache: Path) -> Path:
    """The unpacked npm package of the Pyodide core (downloaded once into the cache)."""
    unpacked = cache / "npm" / "package"
    if (unpacked / "pyodide.asm.wasm").exists():
        return unpacked
    (cache / "npm").mkdir(parents=True, exist_ok=True)
    run(["npm", "pack", "--silent", PYODIDE_NPM], cwd=cache / "npm", stdout=subprocess.DEVNULL)
    tarball = next((cache / "npm").glob("pyodide-*.tgz"))
    with tarfile.open(tarball) as archive:
        archive.extractall(cache / "npm", filter="data")
    return unpacked


def pypi_wheel(wheel: Wheel, folder: Path) -> Path:
    """The pure wheel of ``wheel`` from PyPI (downloaded once)."""
    stem = wheel.name.replace("-", "_").lower()
    found = [path for path in folder.glob("*.whl") if path.name.lower().startswith(f"{stem}-{wheel.version}-")]
    if found:
        return found[0]
    run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:", "--platform", "any",
         "--implementation", "py", "--python-version", "3.13", "--abi", "none", "--dest", str(folder),
         f"{wheel.name}=={wheel.version}"])
    return pypi_wheel(wheel, folder)


def markupsafe_wheel(folder: Path) -> Path:
    """MarkupSafe as a pure wheel, built from its sdist with the speedups switched off (once)."""
    found = list(folder.glob(f"markupsafe-{MARKUPSAFE.version}-py3-none-any.whl"))
    if found:
        return found[0]
    sources = folder / "sdist"
    run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary=:all:", "--dest", str(sources),
         f"markupsafe=={MARKUPSAFE.version}"])
    archive = next(sources.glob("markupsafe-*.tar.gz"))
    with tarfile.open(archive) as tar:
        tar.extractall(sources, filter="data")
    source = next(path for path in sources.iterdir() if path.is_dir())
    setup = source / "setup.py"
    setup.write_text("from setuptools import setup\nsetup()\n", encoding="utf-8")  # no C extension
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "--wheel-dir",
         str(folder), str(source)])
    built = next(folder.glob("markupsafe-*.whl"))
    target = folder / f"markupsafe-{MARKUPSAFE.version}-py3-none-any.whl"
    built.rename(target)
    return target


def placeholder_wheel(folder: Path, name: str, version: str) -> Path:
    """A wheel with metadata and no module: it satisfies the kernel's install of a module the site lacks."""
    target = folder / f"{name}-{version}-py3-none-any.whl"
    if target.exists():
        return target
    info = f"{name}-{version}.dist-info"
    files = {
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: shengji-kit\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = io.StringIO()
    writer = csv.writer(record)
    with zipfile.ZipFile(target, "w") as archive:
        for path, text in files.items():
            archive.writestr(path, text)
            digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=").decode()
            writer.writerow([path, f"sha256={digest}", len(text.encode())])
        writer.writerow([f"{info}/RECORD", "", ""])
        archive.writestr(f"{info}/RECORD", record.getvalue())
    return target


def kit_wheel(folder: Path) -> Path:
    """The kit's own wheel, built from this checkout (every build: the code may have changed)."""
    for old in folder.glob("shengji_kit-*.whl"):
        old.unlink()
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "--wheel-dir",
         str(folder), str(ROOT)], env={**os.environ, "PIP_NO_CACHE_DIR": "1"})
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    return next(folder.glob("shengji_kit-*.whl"))


def lock_entry(name: str, version: str, path: Path, imports: tuple[str, ...], depends: tuple[str, ...]) -> dict:
    return {
        "name": name, "version": version, "file_name": path.name, "install_dir": "site", "sha256": sha256(path),
        "package_type": "package", "imports": list(imports), "depends": list(depends),
        "unvendored_tests": False, "shared_library": False,
    }


def pyodide_folder(cache: Path, target: Path, kernel_wheels: Path, compile_python: list[str] | None) -> list[Path]:
    """Fill ``target`` (the site's static/pyodide) with the core and every wheel, their bytecode added by
    ``compile_python`` (the runtime's Python version; None: source only); write its lock."""
    core = pyodide_core(cache)
    wheels = cache / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    target.mkdir(parents=True, exist_ok=True)
    for name in ("pyodide.mjs", "pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip"):
        shutil.copy2(core / name, target / name)
    lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages: dict[str, dict] = {}
    carried: list[Path] = []
    for wheel in (*WHEELS, MARKUPSAFE):
        path = markupsafe_wheel(wheels) if wheel is MARKUPSAFE else pypi_wheel(wheel, wheels)
        packages[wheel.name] = lock_entry(wheel.name, wheel.version, path, wheel.imports, wheel.depends)
        carried.append(path)
    for name in KERNEL_WHEELS:
        stem = name.replace("-", "_")
        path = sorted(kernel_wheels.glob(f"{stem}-*.whl"))[-1]
        version = path.name.split("-")[1]
        depends = {"ipykernel": ("comm", "ipython"), "pyodide-kernel": ("ipykernel",)}.get(name, ())
        packages[name] = lock_entry(name, version, path, (stem,), depends)
        carried.append(path)
    for name, version in PLACEHOLDERS:
        empty = placeholder_wheel(wheels, name, version)
        packages[name] = lock_entry(name, version, empty, (), ())
        carried.append(empty)
    kit = kit_wheel(wheels)
    packages["shengji-kit"] = lock_entry("shengji-kit", kit.name.split("-")[1], kit, ("shengji_kit",), KIT_DEPENDS)
    carried.append(kit)
    for path in carried:
        shutil.copy2(path, target / path.name)
    if compile_python is not None:
        precompile(compile_python, target / "python_stdlib.zip", [target / path.name for path in carried])
        for entry in packages.values():  # the wheels changed: their checksums with them
            entry["sha256"] = sha256(target / entry["file_name"])
    lock["packages"] = packages
    (target / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
    return carried


def runtime_python(core: Path) -> str:
    """The Python version of the Pyodide runtime (``3.13.2``), as its package lock names it."""
    lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    return str(lock["info"]["python"])


def compiling_python(version: str) -> list[str] | None:
    """A command running a Python of the runtime's major.minor ``version`` (its bytecode is the only one the
    runtime reads): $SITE_COMPILE_PYTHON, python3.13 on PATH, or a pyenv-installed 3.13. Without one the site
    is built from source only (it works, its pages start slower), and the build says how to get the bytecode."""
    minor = ".".join(version.split(".")[:2])
    candidates: list[list[str]] = []
    if os.environ.get("SITE_COMPILE_PYTHON"):
        candidates.append([os.environ["SITE_COMPILE_PYTHON"]])
    if shutil.which(f"python{minor}"):
        candidates.append([f"python{minor}"])  # a pyenv shim fails here unless its version is selected
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    candidates += [[str(found)] for found in sorted(pyenv.glob(f"{minor}.*/bin/python{minor}"), reverse=True)]
    for command in candidates:
        probe = subprocess.run([*command, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                               capture_output=True, text=True)
        if probe.returncode == 0 and probe.stdout.strip() == minor:
            return command
    print(f"note: no Python {minor} found (Pyodide runs {version}), so the site is built without precompiled "
          f"bytecode and its pages start a few seconds slower; install Python {minor} or name it in "
          "SITE_COMPILE_PYTHON to precompile", file=sys.stderr)
    return None


def precompile(python: list[str], stdlib: Path, wheels: list[Path]) -> None:
    """Add ``.pyc`` beside every ``.py`` of the stdlib zip and the wheels (deploy/site/bytecode.py)."""
    script = str(HERE / "bytecode.py")
    run([*python, script, "stdlib", str(stdlib)])
    run([*python, script, "wheels", *map(str, wheels)])


def contents(staging: Path) -> None:
    """The notebooks the site shows, as they are in the repository: lessons/, the two apps and the rules."""
    shutil.rmtree(staging, ignore_errors=True)
    (staging / "lessons").mkdir(parents=True)
    for lesson in sorted((ROOT / "lessons").glob("*.ipynb")):
        shutil.copy2(lesson, staging / "lessons" / lesson.name)
    (staging / "notebooks").mkdir()
    for app in ("play.ipynb", "puzzles.ipynb", "rules.ipynb"):  # rules: the play app links to it
        shutil.copy2(ROOT / "notebooks" / app, staging / "notebooks" / app)


def kernel_settings() -> dict:
    """The Pyodide kernel's settings: the core from the site, the kit preloaded, never PyPI."""
    return {
        "pyodideUrl": PYODIDE_URL,
        "disablePyPIFallback": True,
        "pipliteUrls": [],
        "loadPyodideOptions": {"packages": list(PRELOADED)},
    }


def lite_config(lite_dir: Path) -> None:
    """jupyter-lite.json: the kernel takes Pyodide from the site and preloads the kit, never PyPI."""
    lite_dir.mkdir(parents=True, exist_ok=True)
    settings = kernel_settings()
    config = {"jupyter-lite-schema-version": 0,
              "jupyter-config-data": {"litePluginSettings": {KERNEL_PLUGIN: settings}}}
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=2), encoding="utf-8")


TEXTS_PLACEHOLDER = "window.shengjiSiteTexts = null; /* sk-site-texts */"


def site_texts(download_mb: float) -> dict[str, dict[str, str]]:
    """The "preparing Python" texts of the kit's catalogue (words/texts/*/site.toml), per language."""
    import tomllib

    texts = {}
    for lang in ("en", "zh"):
        table = tomllib.loads((ROOT / "shengji_kit/words/texts" / lang / "site.toml").read_text(encoding="utf-8"))
        texts[lang] = {"preparing": table["site_preparing_python"],
                       "first": table["site_preparing_first"].replace("{size}", f"{download_mb:.0f} MB")}
    return texts


CONFIG_OPEN = '<script id="jupyter-config-data" type="application/json">'


def with_kernel_settings(config: dict) -> dict:
    """``config`` (jupyter-config-data) with the kernel's settings replaced by the site's own."""
    plugins = config.setdefault("litePluginSettings", {})
    plugins[KERNEL_PLUGIN] = kernel_settings()
    return config


# The kit's icon: a playing card, as SVG for the pages (a red heart) and as a 32-pixel ICO (a PNG inside, a red
# diamond: drawn pixel by pixel) for browsers that ask for /favicon.ico on their own.
FAVICON_SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect x="6" y="2" width="20" height="28" rx="3" fill="#fff" stroke="#1f2937" stroke-width="2"/>
<path d="M16 24c-6-4.5-8-7.5-8-10.5a4 4 0 0 1 8-1.5a4 4 0 0 1 8 1.5c0 3-2 6-8 10.5z" fill="#c62828"/>
</svg>
"""
ICON_LINK = '<link rel="icon" href="data:;base64,=">'  # Voila's template: "no icon", so no favicon request
SITE_NAME = {"en": "shengji-kit", "zh": "升级工具箱"}
MERMAID_MARK = "mermaid.esm.min.mjs"  # nbconvert's lab template: a script importing mermaid from cdnjs


def favicon_png(size: int = 32) -> bytes:
    """The icon as a ``size``-pixel PNG: a white card with a dark edge and a red diamond."""
    import struct
    import zlib

    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            u, v = (x + 0.5) / size * 32, (y + 0.5) / size * 32
            inside = 6 <= u <= 26 and 2 <= v <= 30
            edge = inside and not (8 <= u <= 24 and 4 <= v <= 28)
            heart = abs(u - 16) / 7 + abs(v - 16) / 8 <= 1
            colour = (31, 41, 55, 255) if edge else (198, 40, 40, 255) if heart else (
                (255, 255, 255, 255) if inside else (0, 0, 0, 0))
            row += bytes(colour)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
            + chunk(b"IEND", b""))


def favicon_ico(png: bytes, size: int = 32) -> bytes:
    """An ICO file holding one PNG image (every current browser reads it)."""
    import struct

    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", size, size, 0, 0, 1, 32, len(png), 22) + png


def write_favicon(output: Path) -> None:
    """``favicon.svg`` and ``favicon.ico`` at the site's root: the pages name the first, browsers ask for the second."""
    (output / "favicon.svg").write_text(FAVICON_SVG, encoding="utf-8")
    (output / "favicon.ico").write_bytes(favicon_ico(favicon_png()))


def tab_title(heading: str, lang: str) -> str:
    """A notebook's title heading as its tab's title: "Lesson 1: Trumps" -> "Lesson 1 · Trumps — shengji-kit"."""
    for colon in (": ", "："):
        if colon in heading:
            heading = " · ".join(part.strip() for part in heading.split(colon, 1))
            break
    return f"{heading} — {SITE_NAME[lang]}"


def page_titles(notebook: Path | None) -> dict[str, str]:
    """The tab titles of a page in both languages, from its notebook's title cells (deploy/site/landing.py)."""
    from landing import titles  # deploy/site/landing.py, beside this file

    if notebook is None or not notebook.is_file():
        return {}
    english, chinese = titles(notebook)
    return {"en": tab_title(english, "en"), "zh": tab_title(chinese, "zh")}


def retitled(html: str, titles: dict[str, str]) -> str:
    """``html`` with its <title> (the file's name) the English tab title, and a line choosing the Chinese one
    when the learner chose Chinese (the language keeper's localStorage key, as static/shengji-lang.js reads it)."""
    if not titles or "<title>" not in html:
        return html
    head, rest = html.split("<title>", 1)
    _, tail = rest.split("</title>", 1)
    choose = ("<script>(function () { const titles = " + json.dumps(titles).replace("</", "<\\/")
              + "; let lang = \"en\"; try { lang = window.localStorage.getItem(\"shengji-kit-language\") || lang; }"
              " catch (error) { /* no storage: English */ } if (titles[lang]) { document.title = titles[lang]; }"
              " })();</script>")
    return head + "<title>" + html_text.escape(titles["en"]) + "</title>\n" + choose + tail


def without_mermaid(html: str) -> str:
    """``html`` without the template's mermaid loader, which imports mermaid from cdnjs when a cell has a diagram:
    no notebook of the site has one, and no page may name another host."""
    while MERMAID_MARK in html:
        mark = html.index(MERMAID_MARK)
        start = html.rindex('<script type="module">', 0, mark)
        end = html.index("</script>", mark) + len("</script>")
        html = html[:start] + html[end:]
    return html


def with_favicon(html: str, prefix: str) -> str:
    """``html`` naming the site's icon (``prefix``: the way from the page to the site's root) in place of none."""
    link = f'<link rel="icon" type="image/svg+xml" href="{prefix}favicon.svg">'
    if ICON_LINK in html:
        return html.replace(ICON_LINK, link)
    return html.replace("</head>", link + "\n</head>", 1)


def finish_page(html: str, notebook: Path | None, download_mb: float) -> str:
    """One Voici page as the site serves it: Pyodide from the site, its "preparing" texts, its tab title in the
    notebook's name, the kit's icon, and no script naming another host."""
    html = html.replace(TEXTS_PLACEHOLDER, "window.shengjiSiteTexts = "
                        + json.dumps(site_texts(download_mb), ensure_ascii=False) + ";")
    prefix = "./"
    if CONFIG_OPEN in html:
        head, rest = html.split(CONFIG_OPEN, 1)
        body, tail = rest.split("</script>", 1)
        config = with_kernel_settings(json.loads(body))
        prefix = str(config.get("baseUrl", "./"))
        config["faviconUrl"] = prefix + "favicon.ico"
        text = json.dumps(config).replace("</", "<\\/")  # nothing in it may close the script
        html = head + CONFIG_OPEN + text + "</script>" + tail
    return with_favicon(without_mermaid(retitled(html, page_titles(notebook))), prefix)


def finish_pages(output: Path, staging: Path) -> None:
    """Every Voici page and the site's jupyter-lite.json take Pyodide from the site (``jupyter lite build``
    writes its default, the CDN, into each page's config), and the pages get their "preparing" texts (with what a
    cold visit downloads), their tab titles (from ``staging``'s notebooks) and the kit's icon."""
    lite = output / "jupyter-lite.json"
    site_config = json.loads(lite.read_text(encoding="utf-8"))
    with_kernel_settings(site_config["jupyter-config-data"])
    site_config["jupyter-config-data"]["faviconUrl"] = "./favicon.ico"
    lite.write_text(json.dumps(site_config, indent=2), encoding="utf-8")
    download = cold_visit_bytes(output)
    render = output / "voici" / "render"
    for page in (output / "voici").rglob("*.html"):
        notebook = staging / page.relative_to(render).with_suffix(".ipynb") if page.is_relative_to(render) else None
        page.write_text(finish_page(page.read_text(encoding="utf-8"), notebook, download / 1e6), encoding="utf-8")


def cold_visit_bytes(output: Path) -> int:
    """What a first visit of a page downloads: every file of static/pyodide (the core and every wheel its lock
    names, all preloaded by the kernel) and the page's JavaScript (voici/build and the extensions' .js, of which a
    page loads most of the bytes but not every chunk: a little over what one page takes)."""
    pyodide, _ = folder_size(output / "static" / "pyodide")
    scripts = [*(output / "voici" / "build").glob("*.js"), *(output / "extensions").rglob("*.js")]
    return pyodide + sum(path.stat().st_size for path in scripts)


# Already compressed: never precompressed. The stdlib zip and the wheels are zips of deflated members: gzip saves
# 1-3% of them (measured on every one), under the 10% that makes a precompressed copy worth keeping.
PACKED_SUFFIXES = {".png", ".jpg", ".jpeg", ".gif", ".webp", ".woff", ".woff2", ".gz", ".br", ".zip", ".whl",
                   ".ico", ".eot"}
PRECOMPRESS_MIN_BYTES = 1024
PRECOMPRESS_GAIN = 0.9  # kept only when it is at most 90% of the file


def compressed_copies(data: bytes) -> dict[str, bytes]:
    """``data`` gzipped (level 9, no timestamp: the same bytes every build) and, with the brotli module, brotli'd."""
    copies = {".gz": gzip.compress(data, 9, mtime=0)}
    try:
        import brotli  # deploy/site/requirements.txt; without it, gzip alone
    except ImportError:
        return copies
    copies[".br"] = brotli.compress(data, quality=9)
    return copies


def precompress(folder: Path) -> tuple[int, int, int]:
    """Write ``name.gz`` (and ``name.br``) beside every file of ``folder`` over 1 KB that is not already compressed,
    each kept only where it saves 10% or more. Hosts that serve such files as they are (nginx gzip_static, Caddy
    precompressed) send them to a browser that accepts the encoding.
    Returns the files precompressed, their bytes and their gzipped bytes."""
    count = raw = packed = 0
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or path.stat().st_size <= PRECOMPRESS_MIN_BYTES:
            continue
        if path.suffix.lower() in PACKED_SUFFIXES:
            continue
        data = path.read_bytes()
        kept = {suffix: copy for suffix, copy in compressed_copies(data).items()
                if len(copy) <= PRECOMPRESS_GAIN * len(data)}
        for suffix, copy in kept.items():
            path.with_name(path.name + suffix).write_bytes(copy)
        if ".gz" in kept:
            count, raw, packed = count + 1, raw + len(data), packed + len(kept[".gz"])
    return count, raw, packed


# site/build/ is JupyterLite's own app (the lab's bundle, fonts, licences: 18 MB) that no Voici page loads; only
# the settings and themes its pages' configuration names (settingsUrl, themesUrl) are kept, so nothing named 404s.
KEPT_OF_BUILD = ("schemas", "themes")


def drop_unused_build(output: Path) -> int:
    """Remove what no page loads from ``output/build``; returns the bytes removed."""
    build_dir = output / "build"
    if not build_dir.is_dir():
        return 0
    removed = 0
    for path in build_dir.iterdir():
        if path.name in KEPT_OF_BUILD:
            continue
        if path.is_dir():
            removed += folder_size(path)[0]
            shutil.rmtree(path)
        else:
            removed += path.stat().st_size
            path.unlink()
    return removed


def folder_size(folder: Path) -> tuple[int, int]:
    """Bytes and file count under ``folder``."""
    files = [path for path in folder.rglob("*") if path.is_file()]
    return sum(path.stat().st_size for path in files), len(files)


def build(output: Path, cache: Path, bytecode: bool = True) -> None:
    """The whole build (with precompiled bytecode unless ``bytecode`` is False); prints its size and time."""
    started = time.monotonic()
    compile_python = compiling_python(runtime_python(pyodide_core(cache))) if bytecode else None
    cache.mkdir(parents=True, exist_ok=True)
    staging, lite_dir = cache / "contents", cache / "lite"
    contents(staging)
    lite_config(lite_dir)
    shutil.rmtree(output, ignore_errors=True)
    env = {**os.environ, "JUPYTER_PATH": str(ROOT / "shengji_kit" / "jupyter")}
    run([str(Path(sys.executable).parent / "jupyter"), "lite", "build", "--apps", "voici",
         "--lite-dir", str(lite_dir), "--contents", str(staging), "--output-dir", str(output),
         "--no-sourcemaps", "--VoilaConfiguration.template=shengji", "--log-level", "WARN"],
        env=env, cwd=cache)
    kernel_wheels = Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    pyodide_folder(cache, output / "static" / "pyodide", kernel_wheels, compile_python)
    dropped = drop_unused_build(output)
    write_favicon(output)
    finish_pages(output, staging)
    from landing import write_landing  # deploy/site/landing.py, beside this file

    write_landing(output, staging)
    size, count = folder_size(output)
    packed_count, raw, packed = precompress(output)
    print(f"site: {output} — {count} files, {size / 1e6:.1f} MB ({dropped / 1e6:.1f} MB of unused build/ left out); "
          f"{packed_count} files ({raw / 1e6:.1f} MB) precompressed to {packed / 1e6:.1f} MB gzipped; "
          f"built in {time.monotonic() - started:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=ROOT / "site")
    parser.add_argument("--cache", type=Path, default=ROOT / ".site-cache")
    parser.add_argument("--no-bytecode", action="store_true", help="ship source only (no Python of the runtime's "
                        "version at hand); the kernel then compiles every module on every visit")
    options = parser.parse_args()
    sys.path.insert(0, str(HERE))
    build(options.output.resolve(), options.cache.resolve(), bytecode=not options.no_bytecode)


if __name__ == "__main__":
    main()
