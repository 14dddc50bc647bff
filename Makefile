# Quick start: `make serve` (set up, then serve the lessons and apps) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
HOST ?= 127.0.0.1
PORT ?= 8866

# npm packages the tests use, in .ci/node_modules (ignored by git): axe-core (the accessibility
# browser tests inject its axe.min.js) and configurable-http-proxy (the real-hub test). Installed in
# one command: a second `npm install --no-save` into the same folder removes what the first put there.
NODE_TOOLS := .ci/node_modules/axe-core/axe.min.js .ci/node_modules/.bin/configurable-http-proxy
NPM_PACKAGES := axe-core@4 configurable-http-proxy@5

.PHONY: setup test test-all check lint serve clean node-tools site

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test,serve,classroom]'
	$(BIN)/python -m compileall -q shengji_kit
	touch $(STAMP)

setup: $(STAMP)

lint: setup
	$(BIN)/ruff check shengji_kit tests benchmarks deploy setup.py conftest.py
	$(BIN)/mypy
	$(BIN)/lint-imports

# Without npm nothing is installed; the accessibility tests then fail and say how to get axe-core.
node-tools:
	@for tool in $(NODE_TOOLS); do \
	  if [ ! -e $$tool ]; then \
	    if command -v npm >/dev/null 2>&1; then \
	      npm install --prefix .ci --no-save --no-audit --no-fund --loglevel=error $(NPM_PACKAGES) >/dev/null; \
	    else \
	      echo "npm not found: $$tool is missing (the accessibility and real-hub tests will say so)"; \
	    fi; \
	    break; \
	  fi; \
	done

# The suite runs on every core (pytest-xdist): each test file stays on one worker (its module's
# server is started once), in the order collected, browser files last (docs/testing.md says why).
# JOBS=1 runs it in one process.
JOBS ?= auto
PARALLEL = -n $(JOBS) --dist loadfile --no-loadscope-reorder
# PYTHONDONTWRITEBYTECODE is unset for the tests: pytest then keeps each test module's rewritten bytecode, and
# a second run collects in half the time (measured: 21 s -> 12 s of CPU per worker; docs/testing.md).
PYTEST = env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest
SUITE = $(PYTEST) tests lessons notebooks --nbval-lax -p no:cacheprovider $(PARALLEL)

test: lint node-tools
	$(BIN)/shengji-kit puzzles check
	$(SUITE) -m "not exhaustive"

# Everything make test runs, and the full counts behind the marker ``exhaustive`` (NIGHTLY=1 .ci/run runs this).
test-all: lint node-tools
	$(BIN)/shengji-kit puzzles check
	$(SUITE)

# The fast loop while working (under 3 minutes): lint, then every test but the browser, hub, site and
# slow ones (no notebooks).
check: lint
	$(PYTEST) tests -m "not slow and not browser and not hub and not exhaustive" -p no:cacheprovider $(PARALLEL)

# compileall: kernels start faster from bytecode (an editable install, or PYTHONDONTWRITEBYTECODE,
# would otherwise compile every module in every new kernel)
serve: setup
	$(BIN)/python -m compileall -q shengji_kit
	$(BIN)/python -m shengji_kit.apps.serving.serve --host $(HOST) --port $(PORT)

# The static site (deploy/site/build.py): every lesson and the play app and trainer as Voici pages that
# compute in the learner's browser (Pyodide). Pinned tools in .site-venv; downloads cached in .site-cache.
SITE_STAMP := .site-venv/.installed-stamp
$(SITE_STAMP): deploy/site/requirements.txt
	test -x .site-venv/bin/python || $(PYTHON) -m venv .site-venv
	.site-venv/bin/python -m pip install -q -r deploy/site/requirements.txt
	touch $(SITE_STAMP)

# make test runs the site's browser test (tests/browser/test_site_browser.py, marker site), which builds
# with these tools.
test test-all: $(SITE_STAMP)

site: $(SITE_STAMP)
	.site-venv/bin/python deploy/site/build.py > .site-build.log 2>&1 || (tail -40 .site-build.log; exit 1)
	@tail -1 .site-build.log

clean:
	rm -rf $(VENV) .site-venv site .site-build.log .pytest_cache .mypy_cache .ruff_cache .import_linter_cache
