# The set-up, the main job and the tests, each one command. Everything lands in .venv and in the
# user's data/cache folders (GEORISK_HOME, GEORISK_CACHE_DIR); nothing is installed system-wide.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.georisk-installed

.PHONY: setup demo eval test lint clean-server

setup: $(STAMP)
	$(BIN)/georisk neo4j install

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

# The whole test suite against a real Neo4j that the tests start on free ports in a throwaway home.
test: setup
	$(BIN)/python -m pytest -q

# The linter (bug-finding rules only) and the type checker; both configured in pyproject.toml.
lint: setup
	$(BIN)/ruff check .
	$(BIN)/mypy

clean-server:
	-$(BIN)/georisk neo4j stop
