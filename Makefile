# The whole set-up is two commands: `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# axe-core (npm) for the page tests' accessibility checks, kept inside the venv folder.
AXE_VERSION := 4.14.1
AXE    := $(VENV)/axe/node_modules/axe-core/axe.min.js
# torch's CPU build for the train extra, installed before it so that pip does not take
# the registry's CUDA build (with its nvidia-* wheels); override where another CPU build is at hand.
# Where no such build can be had (PyPI has none), the step says so and the install goes on.
TORCH  ?= torch==2.13.0+cpu

.PHONY: run test system-deps lint typecheck axe unit bench pictures clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet '$(TORCH)' || echo "make: $(TORCH) is not on this machine's registries; the train extra takes the registry's torch"
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/dragontable serve

test: system-deps lint typecheck axe unit

axe: $(AXE)

$(AXE): $(STAMP)
	npm install --silent --no-audit --no-fund --prefix $(VENV)/axe axe-core@$(AXE_VERSION)

system-deps:
	sh scripts/system-deps.sh

lint: $(STAMP)
	$(BIN)/ruff check src tests bench examples
	$(BIN)/ruff format --check src tests bench examples

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest

# The README's pictures of the table, from the screenshots the page tests take (run make test first).
SHOTS := test-artifacts/screenshots
pictures:
	for g in dragon ming changcheng; do \
	  cp $(SHOTS)/$$g-phone-en.png docs/img/table-$$g-phone-en.png; \
	  cp $(SHOTS)/$$g-laptop-zh.png docs/img/table-$$g-laptop-zh.png; \
	done

bench: $(STAMP)
	$(BIN)/dragontable bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
