"""JupyterHub for a class on one machine: class-list logins, the kit's landing page, the class service.

Run it from this folder (or pass ``-f``): ``jupyterhub -f deploy/jupyterhub/jupyterhub_config.py``.
What each learner gets: their own Jupyter server showing the kit through Voila (the landing page
is the default URL); their progress goes to the class service (``shengji_kit.classroom.hub_service``),
which JupyterHub starts beside itself and which alone holds the class store (PostgreSQL). The same
service is the class's shared tables (``tables/api/`` under it, shengji_kit/apps/classroom/hub_tables.py). The
people of the teachers group see the whole class on the dashboard (notebooks/classroom.ipynb).

Settings come from the environment, so the same file serves a classroom and the test:

====================================  =======================================================  ==================
variable                              what                                                     default
====================================  =======================================================  ==================
``SHENGJI_KIT_CLASS_DB``              SQLAlchemy URL of the class store (PostgreSQL)            (required)
``SHENGJI_KIT_CLASS_LIST``            the class list (names, password hashes, teachers)         ./class-list.toml
``SHENGJI_KIT_CLASS``                 the class's name in the store                             default
``SHENGJI_KIT_HUB_IP``                address the hub listens on                                0.0.0.0
``SHENGJI_KIT_HUB_PORT``              its port                                                  8000
``SHENGJI_KIT_HUB_API_PORT``          the hub's internal API port (127.0.0.1)                   8081
``SHENGJI_KIT_HUB_PROXY_API_PORT``    configurable-http-proxy's API port (127.0.0.1)            8001
``SHENGJI_KIT_CLASS_SERVICE_PORT``    the class service's port (127.0.0.1)                      10101
``SHENGJI_KIT_HUB_STATE_DIR``         the hub's own database, cookie secret, proxy pid          the current folder
``SHENGJI_KIT_HUB_SPAWNER``           ``local`` (one system account per person) or ``simple``    local
                                      (test only: everyone as the hub's own account)
``SHENGJI_KIT_HUB_HOMES``             ``simple`` only: the folder of the users' homes (short!)   STATE_DIR/homes
``SHENGJI_KIT_CHP``                   path of configurable-http-proxy                           on PATH, else
                                                                                                .ci/node_modules
====================================  =======================================================  ==================
"""

import os
import shutil
import sys
from pathlib import Path

from shengji_kit.apps.serving import serve
from shengji_kit.classroom.class_list import load_class_list, teachers
from shengji_kit.classroom.hub_service import CLASS_GROUP_PREFIX, DEFAULT_TEACHERS_GROUP, SERVICE_NAME

c = get_config()  # noqa: F821  (provided by traitlets when JupyterHub loads this file)
env = os.environ
HERE = Path(__file__).resolve().parent
CHECKOUT = HERE.parents[1]

class_db = env.get("SHENGJI_KIT_CLASS_DB", "")
if not class_db:
    sys.exit(
        "Set SHENGJI_KIT_CLASS_DB to the class store's database URL, e.g. "
        "postgresql+psycopg://shengji:PASSWORD@127.0.0.1/shengji · "
        "请把 SHENGJI_KIT_CLASS_DB 设为班级数据库的地址。"
    )
class_list = Path(env.get("SHENGJI_KIT_CLASS_LIST", "class-list.toml")).resolve()
class_name = env.get("SHENGJI_KIT_CLASS", "default")
state = Path(env.get("SHENGJI_KIT_HUB_STATE_DIR", ".")).resolve()
state.mkdir(parents=True, exist_ok=True)
service_port = int(env.get("SHENGJI_KIT_CLASS_SERVICE_PORT", "10101"))
service_url = f"http://127.0.0.1:{service_port}"

# --- the hub, its proxy and its own state ---------------------------------------------------------
c.JupyterHub.bind_url = f"http://{env.get('SHENGJI_KIT_HUB_IP', '0.0.0.0')}:{env.get('SHENGJI_KIT_HUB_PORT', '8000')}"
c.JupyterHub.hub_bind_url = f"http://127.0.0.1:{env.get('SHENGJI_KIT_HUB_API_PORT', '8081')}"
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{env.get('SHENGJI_KIT_HUB_PROXY_API_PORT', '8001')}"
proxy = env.get("SHENGJI_KIT_CHP") or shutil.which("configurable-http-proxy") or str(
    CHECKOUT / ".ci" / "node_modules" / ".bin" / "configurable-http-proxy"
)
c.ConfigurableHTTPProxy.command = [proxy]
c.ConfigurableHTTPProxy.pid_file = str(state / "jupyterhub-proxy.pid")
c.JupyterHub.db_url = f"sqlite:///{state / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(state / "jupyterhub_cookie_secret")

# --- who may log in: the class list; its teachers form the teachers group, and everyone on it ---------
# --- is in the class's group ``class-<name>`` (a learner writes only into the classes of their groups) --
c.JupyterHub.authenticator_class = "shengji_kit.classroom.class_list_auth.ClassListAuthenticator"
c.ClassListAuthenticator.class_list = str(class_list)
c.JupyterHub.load_groups = {
    DEFAULT_TEACHERS_GROUP: {"users": teachers(class_list)},
    CLASS_GROUP_PREFIX + class_name: {"users": sorted(load_class_list(class_list))},
}

# --- each person's server: the kit through Voila, the landing page first ----------------------------
if env.get("SHENGJI_KIT_HUB_SPAWNER", "local") == "simple":
    # Test only: every server runs as the hub's own account, homes under the state folder.
    c.JupyterHub.spawner_class = "jupyterhub.spawner.SimpleLocalProcessSpawner"
    # The kernels' sockets live under the home, and a socket path holds at most 107 bytes: keep it short.
    homes = Path(env.get("SHENGJI_KIT_HUB_HOMES", str(state / "homes")))
    c.SimpleLocalProcessSpawner.home_dir_template = str(homes / "{username}")
else:
    # One machine, real isolation: each name on the class list needs a system account (useradd).
    c.JupyterHub.spawner_class = "jupyterhub.spawner.LocalProcessSpawner"
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
c.Spawner.notebook_dir = str(serve.NOTEBOOK_ROOT)
c.Spawner.default_url = f"/voila/render/{serve.LANDING_PAGE}"
# Voila's settings of `shengji-kit serve` (template, no tracebacks, cell timeouts, culling).
c.Spawner.args = [
    arg for arg in serve.voila_command()
    if arg.startswith(("--VoilaConfiguration.", "--VoilaExecutor.", "--KernelManager.", "--MappingKernelManager."))
]
# Voila as a server extension would load MathJax from a CDN unless the server says "none" (standalone
# Voila, as `shengji-kit serve` runs it, says so itself); the pages load nothing from other hosts.
c.Spawner.args.append('--ServerApp.tornado_settings={"mathjax_url": None, "mathjax_config": None}')
if hasattr(os, "geteuid") and os.geteuid() == 0 and env.get("SHENGJI_KIT_HUB_SPAWNER") == "simple":
    c.Spawner.args.append("--allow-root")  # a CI machine runs everything as root
c.Spawner.environment = {
    "JUPYTER_PATH": serve.voila_environment({})["JUPYTER_PATH"],  # the kit's template and niced kernels
    "SHENGJI_KIT_CLASS_SERVICE_URL": f"{service_url}/services/{SERVICE_NAME}/",
    "SHENGJI_KIT_CLASS": class_name,
}
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 180
# The server's token ($JUPYTERHUB_API_TOKEN, which the learner's kernels and code can read) may
# post activity, reach its own server, and reach the class service; the service then knows who it is.
c.Spawner.server_token_scopes = [
    "users:activity!user",
    "access:servers!server",
    f"access:services!service={SERVICE_NAME}",
]

# --- the class service: the only holder of the class store; it serves the shared tables too ---------
# (``/services/shengji-class/tables/api/``: a learner sits as their hub user and acts only for their own seat;
# the teachers group runs the tables; the Tables page finds it through SHENGJI_KIT_CLASS_SERVICE_URL)
c.JupyterHub.services = [
    {
        "name": SERVICE_NAME,
        "url": service_url,
        # the service (shengji_kit/classroom/hub_service.py) with the kit's puzzles and exercises to judge
        "command": [sys.executable, "-m", "shengji_kit.apps.classroom.class_service"],
        "environment": {
            "SHENGJI_KIT_CLASS_DB": class_db,
            "SHENGJI_KIT_CLASS": class_name,
            "SHENGJI_KIT_TEACHERS_GROUP": DEFAULT_TEACHERS_GROUP,
            # the shared tables' spool (their writes that wait for the class store) lives with the hub's state
            "SHENGJI_KIT_DATA_DIR": str(state / "class-service"),
        },
        "oauth_no_confirm": True,
        "display": False,
    }
]
c.JupyterHub.load_roles = [
    # every user may reach the class service (it decides what they may do there)
    {"name": "user", "scopes": ["self", f"access:services!service={SERVICE_NAME}"]},
    # the service may read who is in the teachers group and in each class's group (class-<name>)
    {
        "name": "shengji-class-service",
        "scopes": ["read:groups"],
        "services": [SERVICE_NAME],
    },
]
