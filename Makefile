# Yacht: `make play` to play locally, `make test` to install everything and run every check.

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000

# Installs are skipped while the files they come from are unchanged: each stamp's name carries
# a checksum of its source file, and sits inside the folder it describes (deleting the folder
# forgets it). cksum is POSIX, so this works on Linux and macOS alike.
hash = $(shell cksum < $(1) | cut -d' ' -f1)
PY_STAMP := $(VENV)/.installed-$(call hash,pyproject.toml)
NPM_STAMP := node_modules/.installed-$(call hash,package-lock.json)

SITE_DIR ?= _site

.PHONY: help play site check test bench install install-python lint typecheck unit pytest clean

help:
	@echo "make play   serve the game at http://127.0.0.1:$(PORT)/"
	@echo "make site   build the site as deployed into $(SITE_DIR)/ (one archive of bytecode)"
	@echo "make check  the fast loop: ruff, mypy and the unit tests (no browser, under a minute)"
	@echo "make test   install what is missing, then ruff, mypy and pytest (unit + e2e;"
	@echo "            e2e in Chromium, and in Firefox and WebKit: e2e/engines/)"
	@echo "make bench  the page benchmark (boot, clicks, bytes) against its budgets"
	@echo "make clean  remove installs, caches and test artifacts"

play:
	@$(PYTHON) -c 'import socket, sys; s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(("127.0.0.1", $(PORT)))' 2>/dev/null \
		|| { echo "Port $(PORT) is busy: pick another one with  make play PORT=8001"; exit 1; }
	@echo "Yacht: http://127.0.0.1:$(PORT)/  (Ctrl-C to stop)"
	@$(PYTHON) -m http.server $(PORT) --bind 127.0.0.1 --directory "$(CURDIR)"

# What GitHub Pages serves: the package as one archive of bytecode compiled by the pinned
# Pyodide (hence npm). `make play` serves the sources, with no build step.
site: install-python $(NPM_STAMP)
	rm -rf $(SITE_DIR)
	$(BIN)/python -m yacht build-site $(SITE_DIR)

test: install lint typecheck pytest

# The inner loop: no npm, no browser; the tests that need node_modules skip and say why.
check: install-python
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	HYPOTHESIS_PROFILE=check $(BIN)/pytest tests -q -m 'not slow' -n auto

install: $(PY_STAMP) $(NPM_STAMP)
	$(BIN)/python e2e/harness/browser.py

install-python: $(PY_STAMP)

$(PY_STAMP):
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -e '.[test]'
	rm -f $(VENV)/.installed-*
	touch $@

$(NPM_STAMP):
	npm ci --no-audit --no-fund
	touch $@

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install
	$(BIN)/mypy

pytest: install
	$(BIN)/pytest --durations=10

bench: install
	$(BIN)/python bench/page_bench.py $(BENCH_ARGS)

clean:
	rm -rf $(VENV) node_modules $(SITE_DIR) e2e/artifacts test-results .mypy_cache .ruff_cache .pytest_cache
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
