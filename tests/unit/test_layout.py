"""Dependencies point one way, with the data: read -> retrieve -> decide -> word. The library never imports
the loaders or the benchmarks (the CLI, the outer layer, composes all three); each module imports only
modules of its own floor or below (:data:`FLOORS`); there is no import circle; retrieval and the decision
never import the generators, which never import ingestion; the adapters format the one evidence path and
run neither retrieval nor the decision; the façade's collaborators are typed; the public names are
imported from the package, and no module reaches for another module's private names."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import georisk_graph

PACKAGE = Path(georisk_graph.__file__).parent
REPOSITORY = PACKAGE.parent
OUTER = {"cli.py", "cli_analyst.py", "cli_common.py", "cli_eval.py"}


def imported_modules(path: Path) -> list[str]:
    """Every module ``path`` imports, written absolute (``..loaders.x`` in georisk_graph/ingest/ is
    ``georisk_graph.loaders.x``)."""
    package = path.relative_to(REPOSITORY).parent.parts
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = list(package[: len(package) - node.level + 1]) if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found += [module] + [f"{module}.{alias.name}" for alias in node.names]
    return found


def test_the_library_does_not_import_loaders_or_benchmarks():
    offenders = [
        f"{path.relative_to(REPOSITORY)} imports {module}"
        for path in PACKAGE.rglob("*.py") if path.name not in OUTER
        for module in imported_modules(path)
        if module.startswith(("georisk_graph.loaders", "georisk_graph.benchmarks", "loaders", "benchmarks"))
    ]
    assert offenders == []


def test_the_command_modules_do_not_import_each_other_in_a_circle():
    for name in ("cli_analyst.py", "cli_common.py", "cli_eval.py"):
        assert "georisk_graph.cli" not in imported_modules(PACKAGE / name), name


def test_no_module_uses_another_modules_private_names():
    offenders = []
    for folder in (PACKAGE, REPOSITORY / "loaders", REPOSITORY / "benchmarks"):
        for path in folder.rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("georisk_graph")):
                    offenders += [f"{path.name}: {alias.name}" for alias in node.names
                                  if alias.name.startswith("_") and not alias.name.startswith("__")]
                if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                        and isinstance(node.value, ast.Name) and node.value.id not in ("self", "cls")):
                    offenders.append(f"{path.name}:{node.lineno}: {node.value.id}.{node.attr}")
    assert offenders == []


def test_one_stemmer_in_the_package():
    """Words are stemmed in one place, georisk_graph/analysis.py: no other module defines a stemmer or
    imports one, so a question, a passage and an answer sentence meet on the same terms."""
    defined = [f"{path.relative_to(REPOSITORY)}: {node.name}"
               for path in PACKAGE.rglob("*.py")
               for node in ast.walk(ast.parse(path.read_text()))
               if isinstance(node, ast.FunctionDef) and re.search(r"(?:^|_)stem(?:s|_|$)|stemm", node.name.lower())]
    assert defined == ["georisk_graph/analysis.py: stem", "georisk_graph/analysis.py: stems"]
    stemmers = ("snowballstemmer", "Stemmer", "nltk", "lemminflect")
    importing = [f"{path.relative_to(REPOSITORY)}" for path in PACKAGE.rglob("*.py")
                 if any(m.split(".")[0] in stemmers for m in imported_modules(path))]
    assert importing == ["georisk_graph/analysis.py"]


def test_the_facade_only_composes():
    """client.py composes the stages (reading, retrieval, decision, wording): it stays short, and the one
    evidence path (GeoRisk.evidence) and the wording of an answer (GeoRisk.worded) are short sequences of
    stage calls."""
    source = (PACKAGE / "client.py").read_text()
    assert len(source.splitlines()) <= 400
    functions = {node.name: node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.FunctionDef)}
    for name in ("evidence", "worded", "ask_many"):
        assert functions[name].end_lineno - functions[name].lineno + 1 <= 40, name


def test_retrieval_the_decision_and_the_generators_do_not_read_the_question_text():
    """They take a Reading: none imports the question's readers of text (asked, kinds, form, wording)."""
    readers = ("georisk_graph.question.asked", "georisk_graph.question.kinds", "georisk_graph.question.form",
               "georisk_graph.question.wording")
    stages = [PACKAGE / "retrieval.py", PACKAGE / "decision.py", *(PACKAGE / "generation").glob("*.py")]
    offenders = [f"{path.name} imports {module}" for path in stages for module in imported_modules(path)
                 if module.startswith(readers)]
    assert offenders == []


# The floors of the package, lowest first: a module may import modules of its own floor or below, never
# above. The shared vocabulary sits at the bottom, so every stage may use it; the read path climbs from
# the question's reading to its evidence, the decision and the answer's words; the adapters and the
# commands stand on top. A module not listed here fails test_every_module_has_a_floor.
FLOORS: tuple[tuple[str, ...], ...] = (
    ("exceptions", "geo", "answer_kinds", "optional", "progress", "models", "lexicon", "messages"),  # vocabulary, words, models
    ("analysis", "settings", "queries", "documents"),  # text, configuration, the named queries
    ("graph", "embeddings", "onnx_embeddings", "delta", "places", "server", "browser", "coverage_map",
     "analyst", "ogm", "vector_health", "translation"),  # the database, the models, the gazetteer, translation
    ("question", "relevance", "dependence", "statements"),  # read; the relevance, dependence and statement models' forms
    ("evidence",),  # what every later stage speaks
    ("retrieval", "decision", "ingest"),  # retrieve and decide; the write path beside them
    ("generation",),  # word
    ("client", "answer"),  # the façade, and what it answers
    ("langchain", "graphrag", "mcp_server", "evaluation"),  # adapters over the façade
    ("training",),  # fitting the shipped models, through the façade and the evaluation
    ("cli", "cli_common", "cli_analyst", "cli_eval", "cli_places", "loaders", "benchmarks", "cypher", "browser_assets"),
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPOSITORY).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def runtime_imports(path: Path) -> set[str]:
    """The package modules ``path`` imports when it runs (imports inside ``if TYPE_CHECKING:`` are for
    the type checker only); ``from .x import Name`` is module ``x``, or ``x.Name`` when that is a module."""
    package = path.relative_to(REPOSITORY).parent.parts
    tree = ast.parse(path.read_text())
    checking = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
                for n in ast.walk(node)}
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in checking:
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = list(package[: len(package) - node.level + 1]) if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found |= {f"{module}.{a.name}" if f"{module}.{a.name}" in MODULES else module for a in node.names}
    return {m for m in found if m in MODULES and m != module_name(path)}


def floor_of(module: str) -> int | None:
    if module == "georisk_graph":
        return len(FLOORS)  # the package's face re-exports from every floor
    top = module.split(".")[1]
    return next((n for n, names in enumerate(FLOORS) if top in names), None)


def test_every_module_has_a_floor():
    assert [m for m in MODULES if floor_of(m) is None] == []


def test_imports_follow_the_flow():
    offenders = [f"{module} (floor {floor_of(module)}) imports {other} (floor {floor_of(other)})"
                 for module, path in MODULES.items() for other in sorted(runtime_imports(path))
                 if other != "georisk_graph" and (floor_of(other) or 0) > (floor_of(module) or 0)]
    assert offenders == []


def test_no_import_circle():
    """Tarjan's strongly connected components over the modules' runtime imports: each is one module."""
    edges = {module: runtime_imports(path) for module, path in MODULES.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in edges[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for module in edges:
        if module not in index:
            visit(module)
    assert circles == []


def test_retrieval_and_the_decision_never_import_the_generators_which_never_import_ingestion():
    stages = {"georisk_graph.retrieval": "georisk_graph.generation", "georisk_graph.decision": "georisk_graph.generation"}
    stages |= {m: "georisk_graph.ingest" for m in MODULES if m.startswith("georisk_graph.generation")}
    offenders = [f"{module} imports {other}" for module, forbidden in stages.items()
                 for other in runtime_imports(MODULES[module]) if other.startswith(forbidden)]
    assert offenders == []


def test_the_adapters_only_format_the_evidence():
    """The LangChain and neo4j-graphrag retrievers and the MCP tools take GeoRisk.evidence or ask: none imports
    retrieval or the decision, so evidence is judged in one place."""
    adapters = ["georisk_graph.langchain", "georisk_graph.graphrag", "georisk_graph.mcp_server"]
    offenders = [f"{module} imports {other}" for module in adapters for other in runtime_imports(MODULES[module])
                 if other in ("georisk_graph.retrieval", "georisk_graph.decision")]
    assert offenders == []


# What only the façade may call: the retriever and the decision. The baselines format their own search's rows
# with citations_from_rows, and the stale-answer metric reads the freshness windows it is defined by.
STAGE_INTERNALS = ("GraphRetriever", "Retriever", "decide_question", "decide", "decide_within", "decide_in_time",
                   "retriever")


def internals_used(path: Path) -> list[str]:
    """Where ``path`` names a stage internal of :data:`STAGE_INTERNALS`: as an imported name, an attribute
    (``georisk.retriever``) or a call."""
    used = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            used += [f"{path.name}:{node.lineno} imports {a.name}" for a in node.names if a.name in STAGE_INTERNALS]
        elif isinstance(node, ast.Attribute) and node.attr in STAGE_INTERNALS:
            used.append(f"{path.name}:{node.lineno} .{node.attr}")
        elif isinstance(node, ast.Name) and node.id in STAGE_INTERNALS:
            used.append(f"{path.name}:{node.lineno} {node.id}")
    return used


def test_the_evaluation_and_the_training_take_the_facades_steps():
    """Every system the evaluation runs on GeoRisk, its risk-coverage table and every fitting command go the way
    GeoRisk.evidence goes, through its public steps (read, embed, candidates, decided, worded): no module of
    evaluation/ or training/ names the retriever or a decision function."""
    paths = [*(PACKAGE / "evaluation").glob("*.py"), *(PACKAGE / "training").glob("*.py")]
    assert len(paths) > 12
    offenders = [found for path in paths for found in internals_used(path)]
    assert offenders == []


def test_the_internals_check_sees_each_way_of_reaching_them(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from ..decision import decide_question\nx = georisk.retriever.ranked(p)\n"
                      "y = isinstance(r, GraphRetriever)\nz = georisk.candidates(reading, vectors)\n")
    assert sorted(internals_used(sample)) == ["sample.py:1 imports decide_question", "sample.py:2 .retriever",
                                              "sample.py:3 GraphRetriever"]


def test_the_facade_and_the_stages_type_their_collaborators():
    """No parameter or attribute of client.py, retrieval.py, decision.py or the question reader (question/) is typed
    Any (a collaborator, a gazetteer, a reading, a vector): mypy checks what they are given. Keyword arguments
    passed on (``**overrides``) and the values of a parameter map (``dict[str, Any]``) may be anything."""
    offenders = []
    names = ["client.py", "retrieval.py", "decision.py",
             *(path.relative_to(PACKAGE).as_posix() for path in sorted((PACKAGE / "question").glob("*.py")))]
    for name in names:
        tree = ast.parse((PACKAGE / name).read_text())
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                arguments = [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
                if node.args.vararg:
                    arguments.append(node.args.vararg)
                offenders += [f"{name}:{node.lineno} {node.name}({a.arg})" for a in arguments
                              if a.annotation is not None and ast.unparse(a.annotation) in ("Any", "'Any'")]
            elif isinstance(node, ast.AnnAssign) and ast.unparse(node.annotation) in ("Any", "'Any'"):
                offenders.append(f"{name}:{node.lineno} {ast.unparse(node.target)}")
    assert offenders == []


def test_the_public_api_is_the_packages_all():
    """What users import is georisk_graph.__all__: the client, its results (Evidence, Answer, Reading, ...),
    the settings and the errors; each name is there, and tests import the public names from the package."""
    for name in ("GeoRisk", "AsyncGeoRisk", "Answer", "Evidence", "Reading", "QueryPlace", "Citation", "PlaceDecision",
                 "PlaceRef", "Settings", "GeoRiskError", "InvalidQuestion", "ConnectionFailed", "PlaceNotFound"):
        assert name in georisk_graph.__all__, name
        assert getattr(georisk_graph, name) is not None
    public = set(georisk_graph.__all__)
    offenders = []
    for path in (REPOSITORY / "tests").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("georisk_graph."):
                offenders += [f"{path.relative_to(REPOSITORY)}: {node.module}.{a.name}" for a in node.names
                              if a.name in public]
    assert offenders == []
