"""Voila settings that cannot go on the command line (a callable); the rest is in shengji_kit/serve.py.

Voila reads this file because ``serve.voila_command`` passes ``--Voila.config_file_paths`` = this folder.
"""

from shengji_kit.serve import set_xsrf_cookie

c = get_config()  # noqa: F821  (provided by traitlets when it loads this file)
c.VoilaConfiguration.prelaunch_hook = set_xsrf_cookie
