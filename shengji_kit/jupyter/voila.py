"""Voila settings that cannot go on the command line (callables); the rest is in apps/serving/voila_command.py.

Voila reads this file because ``voila_command.voila_command`` passes ``--Voila.config_file_paths``
= this folder.
It runs in the server process: it also installs the shared cache of compiled page templates and
makes every notebook page set the ``_xsrf`` cookie (closing a tab then stops its kernel), and
answers links to the kit's docs (``doc_pages.py``).
"""

from shengji_kit.apps.serving.doc_pages import serve_doc_pages
from shengji_kit.apps.serving.kernel_pool import cell_time_limit
from shengji_kit.apps.serving.template_cache import share_compiled_templates
from shengji_kit.apps.serving.voila_command import CELL_SECONDS
from shengji_kit.apps.serving.xsrf_cookie import set_xsrf_cookie_on_pages

share_compiled_templates()
set_xsrf_cookie_on_pages()
serve_doc_pages()  # docs/*.md links answer (the rules page, or the doc as a page), not 403
c = get_config()  # noqa: F821  (provided by traitlets when it loads this file)
# The cell of a pre-started kernel that waits for its page has no time limit; the others keep it.
c.VoilaExecutor.timeout_func = cell_time_limit(CELL_SECONDS)
