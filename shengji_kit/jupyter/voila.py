"""Voila settings that cannot go on the command line (a callable); the rest is in shengji_kit/serve.py.

Voila reads this file because ``serve.voila_command`` passes ``--Voila.config_file_paths`` = this folder.
It runs in the server process: it also installs the shared cache of compiled page templates.
"""

from shengji_kit.serve import set_xsrf_cookie
from shengji_kit.template_cache import share_compiled_templates

share_compiled_templates()
c = get_config()  # noqa: F821  (provided by traitlets when it loads this file)
c.VoilaConfiguration.prelaunch_hook = set_xsrf_cookie
