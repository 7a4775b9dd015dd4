"""The project's own Neo4j 5.26 Community server, built from Maven Central jars (no Docker needed)."""

from .install import install, is_installed, java_version
from .launcher import LocalServer, ServerStatus

__all__ = ["LocalServer", "ServerStatus", "install", "is_installed", "java_version"]
