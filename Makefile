# callgrade — the two commands a newcomer needs are `make run` and `make test`.
# Both create .venv when missing, install the project into it (editable, with the dev extra) when
# pyproject.toml changed, and can be run again and again.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.callgrade-installed
PYTEST_ARGS ?=

.PHONY: install run test check format compiled clean-data help

help:
	@echo "make run     start callgrade on http://127.0.0.1:8000 (embedded PostgreSQL, in-process worker)"
	@echo "make test    run the whole test suite"
	@echo "make check   format check, lint, type check"
	@echo "make format  apply ruff format and safe lint fixes"
	@echo "make compiled  the grading engine compiled by mypyc, in build/compiled (see setup.py)"

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "callgrade needs Python 3.11 or newer; set PYTHON=python3.11")'
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

install: $(STAMP)

run: install
	$(BIN)/callgrade dev

test: install
	$(BIN)/pytest $(PYTEST_ARGS)

check: install
	$(BIN)/ruff format --check .
	$(BIN)/ruff check .
	$(BIN)/basedpyright

format: install
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# The grading engine compiled to C by mypyc, as the Dockerfile builds it, installed into
# build/compiled (not into .venv: the editable install stays the source you edit). Use it with
# --compiled of the benchmarks (bench/grade.py, bench/instructions.py, bench/grades_snapshot.py).
# About three minutes on two cores the first time; unchanged modules are not compiled again.
compiled: install
	rm -rf build/wheel build/installed build/compiled
	CALLGRADE_COMPILE=1 $(BIN)/pip wheel --quiet --no-build-isolation --no-deps --wheel-dir build/wheel .
	$(BIN)/pip install --quiet --no-deps --target build/installed build/wheel/callgrade-*.whl
	mkdir build/compiled && mv build/installed/grading build/installed/*__mypyc*.so build/compiled/
	@PYTHONPATH=build/compiled $(BIN)/python -P -c 'import grading.speech as m; assert m.__file__.endswith(".so"), m.__file__; print("compiled grading in build/compiled")'

# Deletes the embedded database and blobs of `make run` (asks first).
clean-data:
	@read -p "Delete ./.callgrade (embedded database and blobs)? [y/N] " answer && [ "$$answer" = y ] && rm -rf .callgrade || true
