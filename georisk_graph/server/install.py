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
from pathlib import Path
from xml.sax.saxutils import escape

from ..exceptions import InstallError, JavaError, MavenUnreachable
from ..settings import Settings

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

SUPPORTED_JAVA = (17, 21)
_MARKER = "installed.json"


def java_version(java: str) -> int:
    """The major version of ``java``; raise :class:`JavaError` when it is missing or unsupported."""
    exe = shutil.which(java) or (java if Path(java).is_file() else None)
    if exe is None:
        raise JavaError(
            f"java not found ({java!r}). Neo4j 5.26 needs Java 17 or 21: install OpenJDK 17 "
            "(apt-get install openjdk-17-jre-headless), or point GEORISK_JAVA / JAVA_HOME at one.",
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
    if major not in SUPPORTED_JAVA:
        raise JavaError(
            f"{exe} is Java {major}, but Neo4j 5.26 runs only on Java 17 or 21. Point GEORISK_JAVA "
            "(or JAVA_HOME) at a Java 17 or 21 installation.",
            java=exe,
            version=major,
        )
    return major


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
