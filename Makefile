# The set-up, the main job and the tests, each one command. Everything lands in .venv and in the
# user's data/cache folders (GEORISK_HOME, GEORISK_CACHE_DIR); nothing is installed system-wide.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.georisk-installed

.PHONY: setup translator demo eval test test-unit test-integration test-corpus lint clean-server

setup: $(STAMP) translator
	$(BIN)/georisk neo4j install

# Spanish questions are read through Debian's apertium (apertium-eng-spa): installed with the system's package
# manager where this user may (root, or sudo without a password); otherwise the line printed says how.
APERTIUM_MODE := /usr/share/apertium/modes/spa-eng.mode
translator:
	@if [ -f $(APERTIUM_MODE) ]; then echo "apertium-eng-spa is installed: Spanish questions are read"; \
	elif command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
	  apt-get install -y -qq apertium apertium-eng-spa >/dev/null && echo "installed apertium and apertium-eng-spa"; \
	elif command -v apt-get >/dev/null && sudo -n true 2>/dev/null; then \
	  sudo -n apt-get install -y -qq apertium apertium-eng-spa >/dev/null && echo "installed apertium and apertium-eng-spa"; \
	else echo "Spanish questions need apertium and apertium-eng-spa: install them with your package manager (Debian, Ubuntu: sudo apt-get install apertium apertium-eng-spa), or set GEORISK_TRANSLATOR=ollama for a local model; until then a Spanish question is told this"; fi

$(STAMP): pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --constraint constraints.txt -e ".[all,dev,ray]"
	touch $(STAMP)

# The main job: start the local Neo4j, load the geography, ingest the shared corpus, ask questions.
demo: setup
	$(BIN)/georisk demo

# The paper-style evaluation, from an empty database: start, load, ingest (skipping what is stored),
# then GeoRisk and the baselines over benchmarks/qa/questions.jsonl into eval-out/.
eval: setup
	test -n "$$NEO4J_URI" || $(BIN)/georisk neo4j start
	$(BIN)/georisk geography load
	$(BIN)/georisk ingest
	$(BIN)/georisk eval --benchmark benchmarks/qa/questions.jsonl --out eval-out

# The whole test suite, in one run, tier by tier (tests/conftest.py): tests/unit (no server),
# tests/integration (one real Neo4j that the tests start on free ports in a throwaway home), then
# tests/corpus (the whole shared corpus ingested once into a server of its own, 10 to 15 minutes).
test: setup
	$(BIN)/python -m pytest -q

# One tier at a time. The unit tier needs no Neo4j, so not the server's install either.
test-unit: $(STAMP)
	$(BIN)/python -m pytest -q tests/unit

test-integration: setup
	$(BIN)/python -m pytest -q tests/integration

test-corpus: setup
	$(BIN)/python -m pytest -q tests/corpus

# The linter (bug-finding rules only) and the type checker; both configured in pyproject.toml.
lint: setup
	$(BIN)/ruff check .
	$(BIN)/mypy

clean-server:
	-$(BIN)/georisk neo4j stop
