"""The static site's landing page (``site/index.html``): every lesson and both apps, in both languages.

Plain HTML with no Python behind it, so it shows at once; each link opens a Voici page, whose
kernel then starts in the learner's browser. It says what needs a server (the class dashboard, polls).
"""

from __future__ import annotations

import html
import json
from pathlib import Path

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Shengji kit · 升级工具箱</title>
<link rel="icon" type="image/svg+xml" href="favicon.svg">
<style>
body {{ font-family: system-ui, "Noto Sans CJK SC", "WenQuanYi Micro Hei", sans-serif; max-width: 48rem;
       margin: 2rem auto; padding: 0 1rem; line-height: 1.5; color: #1a1a1a; }}
a {{ color: #0b57d0; text-decoration: underline; }}
li {{ margin: .3rem 0; }}
.zh {{ color: #444; }}
.note {{ border-left: 4px solid #c69200; padding: .5rem 1rem; background: #fff8e1; }}
</style>
</head>
<body>
<h1>Shengji kit <span class="zh" lang="zh">升级工具箱</span></h1>
<p>Learn Shengji (Tractor) step by step, then play a round against the computer. Everything runs in
your browser: the first page takes a few seconds to prepare Python.</p>
<p class="zh" lang="zh">一步一步学会打升级（拖拉机），再和电脑打一局。
一切都在你的浏览器里运行：第一页要花几秒钟准备 Python。</p>
<h2>Lessons <span class="zh" lang="zh">课程</span></h2>
<ol id="lessons">
{lessons}
</ol>
<h2>Apps <span class="zh" lang="zh">应用</span></h2>
<ul id="apps">
{apps}
</ul>
<p class="note">Your stars and answers are kept in this browser only. The class dashboard and the polls
need the kit's server (<code>make serve</code>); they are not part of this site.<br>
<span lang="zh">你的星星和答题记录只保存在这个浏览器里。
班级看板和投票需要工具箱的服务器（<code>make serve</code>），本网站没有这两项。</span></p>
</body>
</html>
"""


def titles(notebook: Path) -> tuple[str, str]:
    """The notebook's English and Chinese titles: the first heading of its lang-en and lang-zh cells."""
    found = {"en": "", "zh": ""}
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        tags = cell.get("metadata", {}).get("tags", [])
        first = "".join(cell["source"]).strip().split("\n")[0]
        for lang in ("en", "zh"):
            if f"lang-{lang}" in tags and not found[lang] and first.startswith("#"):
                found[lang] = first.lstrip("#").strip()
    return found["en"] or notebook.stem, found["zh"] or found["en"] or notebook.stem


def item(notebook: Path, folder: str) -> str:
    english, chinese = titles(notebook)
    address = f"voici/render/{folder}/{notebook.stem}.html"
    return (f'<li><a href="{html.escape(address)}">{html.escape(english)}</a> '
            f'<span class="zh" lang="zh">{html.escape(chinese)}</span></li>')


def write_landing(output: Path, staging: Path) -> Path:
    """Write ``output/index.html`` from the notebooks in ``staging`` (lessons/ and notebooks/)."""
    lessons = "\n".join(item(path, "lessons") for path in sorted((staging / "lessons").glob("*.ipynb")))
    apps = "\n".join(item(path, "notebooks") for path in sorted((staging / "notebooks").glob("*.ipynb")))
    target = output / "index.html"
    target.write_text(PAGE.format(lessons=lessons, apps=apps), encoding="utf-8")
    return target
