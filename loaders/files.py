"""Documents from a user's own files: a folder of .txt / .md / .html / .pdf, or a JSON Lines file.

Both loaders check the path when called (a missing path raises
:class:`~georisk_graph.exceptions.InputError`) and then yield documents lazily; a file or line that
cannot be used becomes a :class:`DocumentProblem` and the rest continue. A file's size is checked
before it is read, so a file too large to be a document is reported without being loaded.
"""

from __future__ import annotations

import gzip
import json
import unicodedata
import zlib
from collections.abc import Container, Iterator
from datetime import date, datetime
from pathlib import Path

from bs4 import BeautifulSoup
from pypdf import PdfReader

from georisk_graph.exceptions import InputError

from georisk_graph.documents import DOC_TYPES, SOURCES, DocumentProblem, SourceDocument, document_id, file_document_id, report

TEXT_SUFFIXES = {".txt", ".md", ".markdown"}
HTML_SUFFIXES = {".html", ".htm"}
PDF_SUFFIXES = {".pdf"}
SUPPORTED_SUFFIXES = TEXT_SUFFIXES | HTML_SUFFIXES | PDF_SUFFIXES

# Tried in order when a file is not UTF-8: Windows-1252 is what stray non-UTF-8 English text usually is,
# and Latin-1 decodes any byte string, so the chain always ends with a result.
FALLBACK_ENCODINGS = ("cp1252", "latin-1")

# Above this share of control characters, decoded "text" is really binary data or a wrong encoding.
GARBLED_CONTROL_SHARE = 0.01

# Largest file read as one document: ingestion takes up to 20,000,000 characters from one document; a
# PDF carries images and fonts too.
MAX_TEXT_FILE_BYTES = 20_000_000
MAX_PDF_FILE_BYTES = 200_000_000


# -- JSON Lines -----------------------------------------------------------------------------------


def json_lines(path: str | Path, problems: list[DocumentProblem] | None = None) -> Iterator[tuple[int, dict]]:
    """``(line number, object)`` for each JSON object line of a .jsonl or .jsonl.gz file.

    Blank lines are skipped; a line that is not a JSON object is reported and skipped. A missing file
    raises at once; a file whose compression is damaged raises :class:`InputError` when reached.
    """
    path = Path(path)
    if not path.is_file():
        raise InputError(f"no such file: {path}. Check the path, or point the loader at the right file.",
                         source=str(path))
    return _json_lines(path, problems)


def _json_lines(path: Path, problems: list[DocumentProblem] | None) -> Iterator[tuple[int, dict]]:
    opener = gzip.open if path.suffix == ".gz" else open
    try:
        # Binary mode, so one badly encoded line is a problem for that line, not for the whole file.
        with opener(path, "rb") as handle:
            for number, raw in enumerate(handle, start=1):
                if not raw.strip():
                    continue
                where = f"{path}:{number}"
                try:
                    record = json.loads(raw.decode("utf-8"))
                except UnicodeDecodeError:
                    report(problems, where, "line is not UTF-8 text; save the file as UTF-8")
                    continue
                except json.JSONDecodeError as error:
                    report(problems, where, f"not valid JSON ({error.msg} at column {error.colno}); "
                                            "fix or remove the line")
                    continue
                if not isinstance(record, dict):
                    report(problems, where, f"expected a JSON object, found {type(record).__name__}; "
                                            "write one object per line")
                    continue
                yield number, record
    except (gzip.BadGzipFile, EOFError, zlib.error) as error:
        raise InputError(f"cannot read {path}: the gzip data is damaged or truncated ({error}). "
                         "Replace the file with a complete copy.", source=str(path)) from None
    except OSError as error:
        raise InputError(f"cannot read {path}: {error.strerror or error}. Check the file's permissions.",
                         source=str(path)) from None


def jsonl(
    path: str | Path,
    *,
    places: Container[str] | None = None,
    problems: list[DocumentProblem] | None = None,
) -> Iterator[SourceDocument]:
    """Documents from JSON Lines: ``{"id", "text"}`` plus optional ``title, url, published, valid_from,
    valid_to, scope, source, doc_type, metadata`` (``valid_from`` / ``valid_to``: the period the text
    describes, such as a burn ban's, both ends included).

    The document id is ``jsonl:<id>`` (see :func:`~georisk_graph.documents.document_id`) whatever the
    record's ``source``, so a record can never take the place of a shared corpus document.
    ``scope`` is a list of place ids; with ``places`` given (e.g. a ``PlaceDirectory``), a line naming
    an unknown id is reported and skipped. ``source`` keeps a known source name (e.g. a re-exported
    ``calfire`` document); any other value is kept as ``metadata["origin"]`` and the source is "jsonl".
    """
    records = json_lines(path, problems)
    return _jsonl_documents(records, Path(path), places, problems)


def _jsonl_documents(
    records: Iterator[tuple[int, dict]],
    path: Path,
    places: Container[str] | None,
    problems: list[DocumentProblem] | None,
) -> Iterator[SourceDocument]:
    first_line: dict[str, int] = {}
    for number, record in records:
        where = f"{path}:{number}"
        try:
            document = _document_from_record(record, places, loaded_from=path.resolve().as_posix())
        except ValueError as error:
            report(problems, where, str(error))
            continue
        if document.id in first_line:
            report(problems, where, f"duplicate id {document.id!r} (first on line {first_line[document.id]}); "
                                    "give each document its own id")
            continue
        first_line[document.id] = number
        yield document


def _document_from_record(record: dict, places: Container[str] | None, *, loaded_from: str) -> SourceDocument:
    """A SourceDocument from one JSON Lines object; ValueError says what is wrong with it."""
    doc_id = record.get("id")
    if not isinstance(doc_id, str) or not doc_id.strip():
        raise ValueError('missing "id": every line needs a non-empty string id')
    text = record.get("text")
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f'document {doc_id!r} has no "text"; add the text or remove the line')

    scope = record.get("scope") or []
    if not isinstance(scope, list) or not all(isinstance(p, str) for p in scope):
        raise ValueError(f'document {doc_id!r}: "scope" must be a list of place id strings, e.g. ["Q1522"]')
    if places is not None:
        unknown = [p for p in scope if p not in places]
        if unknown:
            raise ValueError(f"document {doc_id!r}: unknown place id(s) {', '.join(unknown)} in scope; use the "
                             "node_id column of us_geo_nodes.csv.gz (e.g. Q1522 for New Mexico)")

    metadata = record.get("metadata") or {}
    if not isinstance(metadata, dict):
        raise ValueError(f'document {doc_id!r}: "metadata" must be a JSON object')
    metadata = {k: v for k, v in metadata.items() if v is not None}
    bad = [k for k, v in metadata.items() if not isinstance(v, (str, int, float, bool))]
    if bad:
        raise ValueError(f"document {doc_id!r}: metadata values must be strings, numbers or booleans "
                         f"(not lists or objects): {', '.join(bad)}")

    source = record.get("source") or "jsonl"
    if source not in SOURCES:
        metadata["origin"] = str(source)
        source = "jsonl"
    doc_type = record.get("doc_type") or "other"
    if doc_type not in DOC_TYPES:
        raise ValueError(f"document {doc_id!r}: doc_type {doc_type!r} is not one of {', '.join(DOC_TYPES)}")

    return SourceDocument(
        id=document_id("jsonl", doc_id),
        title=str(record.get("title") or doc_id).strip(),
        text=text.strip(),
        source=source,
        doc_type=doc_type,
        url=record.get("url") or None,
        published=_iso_date(record.get("published"), doc_id),
        valid_from=_iso_date(record.get("valid_from"), doc_id, "valid_from"),
        valid_to=_iso_date(record.get("valid_to"), doc_id, "valid_to"),
        scope=tuple(scope),
        scope_basis="given in the JSON Lines record" if scope else "none given",
        metadata=metadata,
        loaded_from=loaded_from,
    )


def _iso_date(value: object, doc_id: str, name: str = "published") -> str | None:
    """YYYY-MM-DD from an ISO date or date-time string; ValueError for anything else."""
    if value in (None, ""):
        return None
    if isinstance(value, str):
        try:
            return datetime.fromisoformat(value.replace("Z", "+00:00")).date().isoformat()
        except ValueError:
            try:
                return date.fromisoformat(value).isoformat()
            except ValueError:
                pass
    raise ValueError(f"document {doc_id!r}: {name} {value!r} is not an ISO date; write e.g. 2024-07-31")


# -- folders --------------------------------------------------------------------------------------


def folder(
    path: str | Path,
    *,
    scope: tuple[str, ...] = (),
    doc_type: str = "other",
    problems: list[DocumentProblem] | None = None,
) -> Iterator[SourceDocument]:
    """Documents from every .txt, .md, .html/.htm and .pdf file under ``path`` (or the one file ``path``).

    Ids are ``file:<resolved absolute path>`` (:func:`~georisk_graph.documents.file_document_id`), so the
    same name in two folders is two documents; the path relative to ``path`` is ``metadata["path"]``.
    ``scope`` (place ids) applies to every document, for a folder that is all about one place; without
    it the scope is left to place recognition. A file larger than :data:`MAX_TEXT_FILE_BYTES`
    (:data:`MAX_PDF_FILE_BYTES` for a PDF) is reported and not read.
    """
    root = Path(path)
    if not root.exists():
        raise InputError(f"no such folder or file: {root}. Check the path.", source=str(root))
    if doc_type not in DOC_TYPES:
        raise InputError(f"doc_type {doc_type!r} is not one of {', '.join(DOC_TYPES)}", source=str(root))
    if root.is_file():
        return _file_documents([root], root.parent, tuple(scope), doc_type, problems)
    files = sorted(p for p in root.rglob("*") if p.is_file() and not _hidden(p.relative_to(root)))
    return _file_documents(files, root, tuple(scope), doc_type, problems)


def _hidden(relative: Path) -> bool:
    # Editor backups, .git and the like are never documents.
    return any(part.startswith(".") for part in relative.parts)


def _file_documents(
    files: list[Path],
    root: Path,
    scope: tuple[str, ...],
    doc_type: str,
    problems: list[DocumentProblem] | None,
) -> Iterator[SourceDocument]:
    for file in files:
        suffix = file.suffix.lower()
        if suffix not in SUPPORTED_SUFFIXES:
            report(problems, str(file), f"unsupported file type {suffix or '(none)'}; convert it to "
                                        ".txt, .md, .html or .pdf, or move it out of the folder")
            continue
        try:
            title, text, metadata = _read_file(file, suffix)
        except ValueError as error:
            report(problems, str(file), str(error))
            continue
        relative = file.relative_to(root).as_posix()
        metadata = {"path": relative, "file_type": suffix.lstrip("."), **metadata}
        yield SourceDocument(
            id=file_document_id(file),
            title=title,
            text=text,
            source="file",
            doc_type=doc_type,
            scope=scope,
            scope_basis="given for the folder" if scope else "none given",
            metadata=metadata,
            loaded_from=file.resolve().as_posix(),
        )


def _read_file(file: Path, suffix: str) -> tuple[str, str, dict]:
    """(title, text, metadata) of one file; ValueError says why it cannot be used."""
    limit = MAX_PDF_FILE_BYTES if suffix in PDF_SUFFIXES else MAX_TEXT_FILE_BYTES
    try:
        size = file.stat().st_size
    except OSError as error:
        raise ValueError(f"cannot read the file ({error.strerror or error}); check its permissions") from None
    if size > limit:
        raise ValueError(_too_large(size, limit))
    if suffix in PDF_SUFFIXES:
        title, text, metadata = _read_pdf(file)
    else:
        try:
            with file.open("rb") as handle:
                # At most one byte past the limit: a file that grew since stat() is still caught unread.
                raw = handle.read(limit + 1)
        except OSError as error:
            raise ValueError(f"cannot read the file ({error.strerror or error}); check its permissions") from None
        if len(raw) > limit:
            raise ValueError(_too_large(len(raw), limit))
        content, metadata = _decode(raw)
        if suffix in HTML_SUFFIXES:
            title, text = _html_text(content)
        elif suffix == ".txt":
            title, text = None, content
        else:
            title, text = _markdown_title(content), content
    if not text.strip():
        raise ValueError("the file holds no text; fill it or remove it")
    if _garbled(text):
        raise ValueError("the text looks garbled (binary data or a wrong encoding such as UTF-16); "
                         "save it as UTF-8 text")
    return (title or file.stem), text.strip(), metadata


def _too_large(size: int, limit: int) -> str:
    return (f"the file is {size:,} bytes, over the limit of {limit:,} bytes for one document; split it into "
            "smaller files (one per report or chapter)")


def _decode(raw: bytes) -> tuple[str, dict]:
    """Text of a file, UTF-8 (with or without BOM) first; the fallback used is noted in the metadata."""
    try:
        return raw.decode("utf-8-sig"), {}
    except UnicodeDecodeError:
        pass
    for encoding in FALLBACK_ENCODINGS:
        try:
            return raw.decode(encoding), {"encoding": encoding, "encoding_note": f"not UTF-8; decoded as {encoding}"}
        except UnicodeDecodeError:
            continue
    raise AssertionError("latin-1 decodes every byte string")  # pragma: no cover


def _garbled(text: str) -> bool:
    if "\x00" in text:
        return True
    controls = sum(1 for ch in text if unicodedata.category(ch) == "Cc" and ch not in "\n\r\t\f")
    return controls > GARBLED_CONTROL_SHARE * len(text)


def _markdown_title(content: str) -> str | None:
    for line in content.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return None


def _html_text(content: str) -> tuple[str | None, str]:
    soup = BeautifulSoup(content, "html.parser")
    # Scripts, styles and templates are markup, not prose the user should retrieve.
    for tag in soup(["script", "style", "noscript", "template"]):
        tag.decompose()
    title = None
    if soup.title and soup.title.get_text(strip=True):
        title = soup.title.get_text(strip=True)
        soup.title.decompose()
    elif soup.h1 and soup.h1.get_text(strip=True):
        title = soup.h1.get_text(strip=True)
    lines = (line.strip() for line in soup.get_text("\n").splitlines())
    return title, "\n".join(line for line in lines if line)


def _read_pdf(file: Path) -> tuple[str | None, str, dict]:
    try:
        reader = PdfReader(file)
        locked = reader.is_encrypted and not reader.decrypt("")
        pages = [] if locked else [page.extract_text() or "" for page in reader.pages]
        info_title = None if locked else (reader.metadata or {}).get("/Title")
    except Exception as error:  # noqa: BLE001 - a damaged PDF can fail anywhere inside pypdf
        raise ValueError(f"cannot read the PDF ({type(error).__name__}: {error}); the file may be damaged, "
                         "re-export or re-download it") from None
    if locked:
        raise ValueError("the PDF is password-protected; save an unprotected copy")
    text = "\n\n".join(page.strip() for page in pages if page.strip())
    if not text:
        raise ValueError("the PDF has no extractable text (a scan?); run OCR on it first")
    title = str(info_title).strip() if info_title else None
    return title, text, {"pages": len(pages)}
