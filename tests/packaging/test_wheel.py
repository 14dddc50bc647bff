"""The built wheel carries what it serves, and a fresh install outside the checkout serves it.

The wheel is built from a copy of the checkout's files (what a commit holds), installed with pip
into a new virtual environment in a temporary folder, and run from another folder with its own
home, so nothing can come from the checkout or this test's environment.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import urllib.error
import urllib.request
import venv
import zipfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import psutil
import pytest
from playwright.sync_api import expect, sync_playwright

from shengji_kit.apps.serving import serve
from shengji_kit.kit_files import CHECKOUT_DIR, JUPYTER_DIR, PACKAGE_DIR, kit_files
from shengji_kit.words.catalogue import text

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))
import chromium  # tests/browser helpers
from checkout_files import git_checkout_files  # tests/ helper
from live_server import VoilaServer, free_port, stop_server, wait_until_answers

pytestmark = pytest.mark.slow

LESSON = "lessons/01_trump_ranking.ipynb"
PAGE_TIMEOUT_MS = 90_000
ERROR_OUTPUT = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
# Variables that would let the installed kit see the checkout or this test's settings.
LEAKY_VARIABLES = ("PYTHONPATH", "VIRTUAL_ENV", "SHENGJI_KIT_DATA_DIR", "PYTHONHOME")
# Folders that never belong to the source, for a checkout without git.
NOT_SOURCE = {
    ".venv",
    ".git",
    "build",
    "dist",
    "test-artifacts",
    "__pycache__",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    ".hypothesis",
    "bundled",
}


def checkout_files() -> list[str]:
    """The files a commit of the checkout would hold: tracked plus new, minus ignored.

    Outside a git checkout (an unpacked sdist): every file but caches, builds and the venv.
    """
    listed = git_checkout_files(CHECKOUT_DIR)
    if listed is not None:
        return listed
    return [
        path.relative_to(CHECKOUT_DIR).as_posix()
        for path in CHECKOUT_DIR.rglob("*")
        if path.is_file()
        and not NOT_SOURCE.intersection(path.relative_to(CHECKOUT_DIR).parts)
        and ".egg-info" not in path.as_posix()
    ]


@dataclass(frozen=True)
class Dists:
    """The sdist and the wheel built from a clean copy of the checkout."""

    sdist: Path
    wheel: Path

    def wheel_names(self) -> set[str]:
        with zipfile.ZipFile(self.wheel) as archive:
            return set(archive.namelist())


@dataclass(frozen=True)
class InstalledKit:
    """A fresh venv with the wheel installed, a folder outside the checkout and a home to run in."""

    venv: Path
    workdir: Path
    env: dict[str, str]

    def command(self, *args: str) -> list[str]:
        return [str(self.venv / "bin" / "shengji-kit"), *args]

    def run(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            self.command(*args),
            cwd=self.workdir,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=120,
        )

    def package_dir(self) -> Path:
        found = subprocess.run(
            [
                str(self.venv / "bin" / "python"),
                "-c",
                "import shengji_kit; print(shengji_kit.__file__)",
            ],
            cwd=self.workdir,
            env=self.env,
            capture_output=True,
            text=True,
            check=True,
        )
        return Path(found.stdout.strip()).parent


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> Dists:
    """``python -m build`` (sdist, then the wheel from it) on a copy of the checkout's files."""
    source = tmp_path_factory.mktemp("source")
    for name in checkout_files():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(CHECKOUT_DIR / name, source / name)
    out = tmp_path_factory.mktemp("dist")
    built = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(source)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    return Dists(next(out.glob("*.tar.gz")), next(out.glob("*.whl")))


@pytest.fixture(scope="module")
def installed(dists: Dists, tmp_path_factory: pytest.TempPathFactory) -> InstalledKit:
    """The wheel installed by pip (with its dependencies and the serve and classroom extras) into a new venv."""
    root = tmp_path_factory.mktemp("installed")
    venv.create(root / "venv", with_pip=True)
    env = {key: value for key, value in os.environ.items() if key not in LEAKY_VARIABLES}
    env = {key: value for key, value in env.items() if not key.startswith("JUPYTER")}
    env["HOME"] = str(root / "home")
    (root / "home").mkdir()
    (root / "work").mkdir()
    pip = subprocess.run(
        [str(root / "venv" / "bin" / "python"), "-m", "pip", "install", "-q", f"{dists.wheel}[serve,classroom]"],
        cwd=root / "work",
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert pip.returncode == 0, pip.stdout[-3000:] + pip.stderr[-3000:]
    return InstalledKit(root / "venv", root / "work", env)


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file under ``folder`` (bytecode caches aside) with its size and modification time."""
    return {
        path.relative_to(folder).as_posix(): (path.stat().st_size, path.stat().st_mtime_ns)
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


# --- what the wheel holds ----------------------------------------------------------------


def test_wheel_carries_the_notebooks_template_data_and_static_files(dists: Dists) -> None:
    names = dists.wheel_names()
    files = kit_files()
    expected = {
        f"shengji_kit/bundled/{path.relative_to(files.root).as_posix()}"
        for folder in serve.FOLDERS
        for path in (files.root / folder).glob("*.ipynb")
    }
    expected |= {f"shengji_kit/bundled/docs/{path.name}" for path in (files.root / "docs").glob("*.md")}
    assert f"shengji_kit/bundled/{serve.LANDING_PAGE}" in expected
    assert f"shengji_kit/bundled/{LESSON}" in expected
    migrations = PACKAGE_DIR / "classroom" / "migrations"  # the class store upgrades itself from the wheel
    for path in [*JUPYTER_DIR.rglob("*"), *PACKAGE_DIR.rglob("*.toml"), *migrations.rglob("*")]:
        if path.is_file() and "__pycache__" not in path.parts:
            expected.add(path.relative_to(CHECKOUT_DIR).as_posix())
    static = list((PACKAGE_DIR / "widgets" / "static").glob("*.*"))
    assert any(path.suffix == ".js" for path in static) and any(p.suffix == ".css" for p in static)
    expected |= {path.relative_to(CHECKOUT_DIR).as_posix() for path in static}
    assert any(name.startswith("shengji_kit/puzzles/data/") for name in expected)
    assert "shengji_kit/jupyter/voila.py" in expected
    assert expected <= names, f"missing from the wheel: {sorted(expected - names)}"
    assert "shengji_kit/py.typed" in names
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)


def test_wheel_metadata_states_the_licence_and_the_languages(dists: Dists) -> None:
    with zipfile.ZipFile(dists.wheel) as archive:
        metadata = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        fields = archive.read(metadata).decode()
    assert "License-Expression: MIT" in fields
    for classifier in ("Natural Language :: English", "Natural Language :: Chinese (Simplified)"):
        assert f"Classifier: {classifier}" in fields
    assert "Project-URL" not in fields  # the project has no public address yet


def test_distributions_pass_twine_check(dists: Dists) -> None:
    checked = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", str(dists.sdist), str(dists.wheel)],
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr


# --- the installed kit ------------------------------------------------------------------


def test_installed_kit_runs_from_site_packages_not_the_checkout(installed: InstalledKit) -> None:
    package = installed.package_dir()
    assert package.is_relative_to(installed.venv)
    assert not package.is_relative_to(CHECKOUT_DIR)


def test_installed_lessons_copy_writes_refuses_then_overwrites_with_force(
    installed: InstalledKit,
) -> None:
    target = installed.workdir / "my-lessons"
    first = installed.run("lessons", "copy", str(target))
    assert first.returncode == 0, first.stderr
    lesson = target / Path(LESSON).name
    assert lesson.read_bytes() == (kit_files().root / LESSON).read_bytes()
    assert str(lesson) in first.stdout
    assert "jupyter lab" in first.stdout

    lesson.write_text("my notes", encoding="utf-8")
    refused = installed.run("lessons", "copy", str(target))
    assert refused.returncode == 1
    assert "--force" in refused.stderr and "没有复制" in refused.stderr
    assert lesson.read_text(encoding="utf-8") == "my notes"

    forced = installed.run("lessons", "copy", str(target), "--force")
    assert forced.returncode == 0, forced.stderr
    assert lesson.read_bytes() == (kit_files().root / LESSON).read_bytes()


@dataclass(frozen=True)
class InstalledServer:
    """The installed kit's server, and the venv's files as they were before it started."""

    server: VoilaServer
    venv_files_before: dict[str, tuple[int, int]]


@pytest.fixture(scope="module")
def installed_server(
    installed: InstalledKit, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[InstalledServer]:
    """``shengji-kit serve`` of the installed kit, started from a folder outside the checkout."""
    before = snapshot(installed.venv)
    port = free_port()
    log = tmp_path_factory.mktemp("serve") / "serve.log"
    with log.open("wb") as sink:
        process = subprocess.Popen(
            installed.command("serve", "--port", str(port)),
            cwd=installed.workdir,
            env=installed.env,
            stdout=sink,
            stderr=subprocess.STDOUT,
        )
    server = VoilaServer(process, f"http://{serve.DEFAULT_HOST}:{port}", log)
    try:
        wait_until_answers(server)
        yield InstalledServer(server, before)
    finally:
        # Voila itself shuts its kernels down on SIGTERM; the wrapper then returns.
        with contextlib.suppress(psutil.NoSuchProcess):
            for child in psutil.Process(process.pid).children():
                child.send_signal(signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=30)
        stop_server(server)


@dataclass
class BrowserVisit:
    """What the browser met besides the pages: requests to other hosts, uncaught script errors."""

    foreign_requests: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)


def visit_landing_page_and_lesson(base_url: str, lesson_title: str) -> BrowserVisit:
    """Open the landing page and the lesson as a learner does; fail on what they would not see."""
    seen = BrowserVisit()

    with sync_playwright() as driver:
        browser = chromium.launch(driver)
        context = browser.new_context(viewport=chromium.VIEWPORT, base_url=base_url)
        context.set_default_navigation_timeout(PAGE_TIMEOUT_MS)
        chromium.abort_foreign(context, seen.foreign_requests)
        page = context.new_page()
        page.on(
            "pageerror", lambda error: seen.page_errors.append(f"{error.name}: {error.message}")
        )
        try:
            page.goto(f"/voila/render/{serve.LANDING_PAGE}")
            expect(page.get_by_role("heading", name="Shengji kit")).to_be_visible()
            # the page's language only (the landing list holds both, Voila shows the learner's)
            expect(page.locator(f"a[data-notebook='{LESSON}']")).to_have_text(lesson_title, use_inner_text=True)

            page.goto(f"/voila/render/{LESSON}")
            expect(page.get_by_role("heading", name=lesson_title)).to_be_visible()
            panels = page.locator("[data-role=exercise]")
            expect(panels).to_have_count(3, timeout=PAGE_TIMEOUT_MS)
            expect(page.get_by_text(text("l1_is_trump_title", "en")).first).to_be_visible()
            expect(page.get_by_text(text("l1_explorer_title", "en")).first).to_be_visible()
            expect(page.locator(ERROR_OUTPUT)).to_have_count(0)
            page.goto("about:blank")  # lets Voila stop the lesson's kernel
        finally:
            context.close()
            browser.close()
    return seen


@pytest.mark.browser
def test_installed_kit_serves_the_landing_page_and_a_lesson(
    installed: InstalledKit, installed_server: InstalledServer
) -> None:
    """What a learner sees after ``pip install`` and ``shengji-kit serve``; nothing written in the venv."""
    title, _ = serve.describe(kit_files().root / LESSON)
    # Its own thread: the browser suite's session keeps Playwright's loop in the main thread.
    with ThreadPoolExecutor(max_workers=1) as worker:
        try:
            seen = worker.submit(
                visit_landing_page_and_lesson, installed_server.server.base_url, title
            ).result()
        except chromium.ChromiumMissing as missing:
            pytest.fail(str(missing), pytrace=False)
    assert not seen.foreign_requests, f"requests to other hosts (aborted): {seen.foreign_requests}"
    assert not seen.page_errors, f"uncaught page errors: {seen.page_errors}"
    after = snapshot(installed.venv)
    changed = sorted(set(after.items()) ^ set(installed_server.venv_files_before.items()))
    assert not changed, f"serving wrote into the venv: {changed}"


@pytest.mark.browser
def test_installed_kit_serves_its_own_copy_with_its_own_template(
    installed: InstalledKit, installed_server: InstalledServer
) -> None:
    package = installed.package_dir()
    (voila,) = psutil.Process(installed_server.server.process.pid).children()
    arguments = voila.cmdline()
    assert str(package / "bundled") in arguments
    assert f"--Voila.config_file_paths={package / 'jupyter'}" in arguments
    assert not any(str(CHECKOUT_DIR) in argument for argument in arguments)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Keep a redirect as the answer, to read where it points."""

    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def test_installed_kit_answers_links_to_its_docs(installed_server: InstalledServer) -> None:
    """A lesson's ``../docs/rules.md`` goes to the rules page and the rules page's ``decisions.md`` is a page,
    from the wheel's own copy of docs/ (they answered 403 before)."""
    base = installed_server.server.base_url
    opener = urllib.request.build_opener(_NoRedirect)
    with pytest.raises(urllib.error.HTTPError) as moved:
        opener.open(f"{base}/voila/render/docs/rules.md", timeout=30)
    assert moved.value.code == 302
    assert moved.value.headers["Location"].endswith("/voila/render/notebooks/rules.ipynb")
    with urllib.request.urlopen(f"{base}/voila/render/docs/decisions.md", timeout=30) as page:
        assert page.status == 200
        assert 'data-doc="decisions.md"' in page.read().decode("utf-8")
