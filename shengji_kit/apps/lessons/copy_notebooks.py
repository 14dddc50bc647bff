"""``shengji-kit lessons copy DIR``: editable copies of the lesson notebooks for JupyterLab.

The served lessons are read-only (an installed wheel keeps them in site-packages); a learner or
teacher who wants to change or annotate them takes copies. The notebooks need nothing else to
run: they import ``shengji_kit``. The rules reference (``rules.md``) comes along when the kit has it,
and the lessons' links to it (``../docs/rules.md#s2``, ``../notebooks/rules.ipynb#s2``) are pointed at
that copy beside them (``rules.md#s2``): the copies sit in one flat folder. A link to one of the kit's
apps (``../notebooks/index.ipynb``), which a copy cannot open, is left as its text.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from pathlib import Path

from ...kit_files import KitFiles, kit_files
from ...words.catalogue import LANGUAGES, text

# A lesson's link to the rules reference, as a link target in Markdown (``](``) or HTML (``href="``):
# the doc itself (../docs/rules.md, rules.zh.md) or the rules page app (../notebooks/rules.ipynb[?lang=zh]).
RULES_LINK = re.compile(
    r"(?P<lead>\]\(|href=\\?\")(?:\.\./docs/rules(?P<doc_lang>\.[a-z]{2})?\.md"
    r"|\.\./notebooks/rules\.ipynb(?:\?lang=(?P<page_lang>[a-z]{2}))?)"
)


def _local_rules(found: re.Match[str]) -> str:
    lang = found.group("doc_lang") or (f".{found.group('page_lang')}" if found.group("page_lang") else "")
    return f"{found.group('lead')}rules{lang}.md"


# A Markdown link to another of the kit's pages (../notebooks/index.ipynb, the trainer …): not in a copy.
APP_LINK = re.compile(r"\[(?P<text>[^\]\n]*)\]\(\.\./(?:notebooks|docs)/[^)\s]*\)")


def copied_links(source: str) -> str:
    """A lesson notebook's text with its links to the rules reference pointed at the copy beside it, and
    its links to the kit's other pages and docs (which a copy does not hold) left as their text."""
    return APP_LINK.sub(r"\g<text>", RULES_LINK.sub(_local_rules, source))


class CopyRefused(ValueError):
    """The copy would overwrite files, or has nowhere to go; ``code`` and ``params`` say why."""

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = params
        super().__init__(bilingual(code, **params))


def bilingual(code: str, **params: object) -> str:
    """The catalogue text for ``code`` in English, then in Chinese, one line each."""
    return "\n".join(text(code, lang, **params) for lang in LANGUAGES)


def sources(files: KitFiles) -> list[Path]:
    """What a copy holds: every lesson notebook, then the rules reference when it exists."""
    lessons = files.lesson_notebooks()
    if not lessons:
        raise CopyRefused("copy_no_lessons", folder=files.root / "lessons")
    return lessons + files.rules_reference()


def copy_lessons(target: Path, force: bool = False, files: KitFiles | None = None) -> list[Path]:
    """Copy the lessons into ``target`` (created if needed); the written paths, in order.

    Without ``force`` nothing is written when any of the files already exists there; a folder that
    cannot be written is refused with :class:`CopyRefused` (no traceback for the learner).
    """
    chosen = sources(files or kit_files())
    if target.exists() and not target.is_dir():
        raise CopyRefused("copy_not_folder", folder=target)
    existing = [source.name for source in chosen if (target / source.name).exists()]
    if existing and not force:
        raise CopyRefused("copy_exists", folder=target, names=", ".join(existing))
    written = []
    try:
        target.mkdir(parents=True, exist_ok=True)
        has_rules = any(source.suffix == ".md" for source in chosen)
        for source in chosen:
            destination = target / source.name
            _copy(source, destination, has_rules)
            written.append(destination)
    except OSError as error:  # no right to write there, a read-only disk, a full disk …
        raise CopyRefused("serving_copy_unwritable", folder=target, error=error.strerror or str(error)) from error
    return written


def _copy(source: Path, destination: Path, has_rules: bool) -> None:
    """Copy one file; a notebook's rules links are rewritten when the rules reference comes along
    (byte for byte otherwise, and whenever there is nothing to rewrite)."""
    if source.suffix == ".ipynb" and has_rules:
        raw = source.read_bytes()
        try:
            original = raw.decode("utf-8")
        except UnicodeDecodeError:
            original = None
        if original is not None:
            rewritten = copied_links(original)
            if rewritten != original:
                destination.write_text(rewritten, encoding="utf-8", newline="")
                return
    shutil.copyfile(source, destination)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ``copy`` sub-subcommand: a target folder and ``--force``."""
    sub = parser.add_subparsers(dest="lessons_command", required=True)
    copy = sub.add_parser(
        "copy", help="copy the lesson notebooks into a folder to edit · 复制课程笔记本以便编辑"
    )
    copy.add_argument("folder", type=Path, help="where to put the copies · 复制到哪个文件夹")
    copy.add_argument(
        "--force", action="store_true", help="overwrite files already there · 覆盖已有文件"
    )


def run(args: argparse.Namespace) -> int:
    """Copy, print each written file and how to open them; 1 with the reason when refused."""
    folder: Path = args.folder
    try:
        written = copy_lessons(folder, force=args.force)
    except CopyRefused as refused:
        print(refused, file=sys.stderr)
        return 1
    print(bilingual("copy_wrote", folder=folder))
    for path in written:
        print(f"  {path}")
    print(bilingual("copy_open", folder=folder))
    return 0
