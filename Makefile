# Quick start: `make serve` (set up, then serve the lessons and apps) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
HOST ?= 127.0.0.1
PORT ?= 8866

.PHONY: setup test check lint serve clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	$(BIN)/python -m compileall -q shengji_kit
	touch $(STAMP)

setup: $(STAMP)

lint: setup
	$(BIN)/ruff check shengji_kit tests benchmarks deploy setup.py conftest.py
	$(BIN)/mypy
	$(BIN)/lint-imports

test: lint
	$(BIN)/shengji-kit puzzles check
	$(BIN)/python -m pytest tests lessons notebooks --nbval-lax -p no:cacheprovider

# The fast loop while working: lint, then every test but the slow and browser ones (no notebooks).
check: lint
	$(BIN)/python -m pytest tests -m "not slow and not browser and not hub" -p no:cacheprovider

# compileall: kernels start faster from bytecode (an editable install, or PYTHONDONTWRITEBYTECODE,
# would otherwise compile every module in every new kernel)
serve: setup
	$(BIN)/python -m compileall -q shengji_kit
	$(BIN)/python -m shengji_kit.apps.serving.serve --host $(HOST) --port $(PORT)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .import_linter_cache
