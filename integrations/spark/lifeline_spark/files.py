"""Trace files on any filesystem Spark reads: finding them, naming them as the user gave them,
ordering rotated parts, and opening them in a task.

Only paths travel: the driver lists the files (Spark's `binaryFile` source, reading no content),
and each task opens the files it was given, locally when they are local (`file:` URIs, a shared
mount) or through PyArrow's filesystems (`s3://`, `gs://`, `hdfs://`; `s3a://` is read as
`s3://`) into its own scratch directory.
"""

import os
import posixpath
import re
import shutil
from urllib.parse import quote

TRACE_SUFFIXES = (".ndjson", ".jsonl")
_ROTATED = re.compile(r"^(?P<stem>.*)\.(?P<part>[0-9]+)(?P<ext>\.[^./]*)$")


def split_uri(text):
    """(`scheme`, `authority`, `path`) of a URI as Spark's `binaryFile` source writes it: not
    percent-encoded (a file named `a%20b.ndjson` or `c#1.ndjson` is just that), so it is split by
    hand, never decoded. `file:/x` and `file:///x` have no authority; a text without a scheme is a
    path."""
    scheme, colon, rest = text.partition(":")
    if not colon or "/" in scheme or not scheme:
        return "", "", text
    if rest.startswith("//"):
        authority, slash, path = rest[2:].partition("/")
        return scheme, authority, slash + path
    return scheme, "", rest


def name_of(uri, path):
    """The name `lifeline check` gives `uri`, found under `path` as given: the path itself, or the
    directory as given joined with the rest; None when `uri` is not `path` or below it.

    A path given as a URI is compared with `uri` scheme, host and path; a local path is made
    absolute against this process's directory (as `lifeline check` reads it), any other path (a
    default filesystem's `/data/traces`) is compared with `uri`'s path."""
    scheme, authority, found = split_uri(uri)
    given_scheme, given_authority, given = split_uri(path)
    if given_scheme:
        if given_scheme != scheme or (given_authority and given_authority != authority):
            return None
    elif scheme == "file" and os.path.exists(path):
        given = os.path.abspath(path)
    given = given.rstrip("/") or "/"
    if found == given:
        return path
    base = given if given.endswith("/") else given + "/"
    if found.startswith(base):
        return path.rstrip("/") + "/" + found[len(base):]
    return None


def list_files(spark, paths):
    """The trace files `paths` name, as a list of (`uri`, `name`, `size`) sorted by name: `name` is
    the one `lifeline check` would give (the path as given, or the directory as given joined with
    the path below it).

    Directories are searched recursively for `*.ndjson` and `*.jsonl`, as `lifeline check`
    searches them (Spark's file index leaves out names starting with `_` or `.`); a file named
    directly is taken whatever its name. A path that does not exist, or a directory without
    traces, is an error (`ValueError`), as it is for `lifeline check`. No content is read: Spark's
    `binaryFile` source reads a file only when its `content` column is asked for.
    """
    found = {}
    for path in paths:
        where = path
        if "://" not in path and not path.startswith("file:") and os.path.exists(path):
            # A local path is relative to this process's directory, not to the JVM's (or the server's).
            where = "file://" + os.path.abspath(path)
        try:
            rows = (spark.read.format("binaryFile").option("recursiveFileLookup", "true").load(where)
                    .select("path", "length").collect())
        except Exception as error:  # AnalysisException: PATH_NOT_FOUND, from the JVM or the Connect server
            if "PATH_NOT_FOUND" in str(error) or "does not exist" in str(error):
                raise ValueError(f"{path}: error: no such file or directory") from None
            raise
        traces = 0
        for row in rows:
            name = name_of(row.path, path)
            if name is None:
                continue
            if name != path and not name.endswith(TRACE_SUFFIXES):
                continue  # in a directory, only traces, as lifeline check finds them
            traces += 1
            found.setdefault(row.path, (row.path, name, row.length))
        if not traces:
            if rows:
                raise ValueError(f"{path}: error: no traces (*.ndjson, *.jsonl) in this directory")
            raise ValueError(f"{path}: error: no such file or directory")
    return sorted(found.values(), key=lambda entry: (entry[1], entry[0]))


def rotation_key(name):
    """(`stem`, part) as `lifeline check` reads a name (CheckRun.rotation(of:)): the name without
    its part number and extension, and the part. `notes.2.ndjson` continues `notes.ndjson` (stem
    `notes`) as part 2; any other file is part 1 of its own stem."""
    directory, base = posixpath.split(name)
    match = _ROTATED.match(base)
    if match and int(match.group("part")) > 1:
        return posixpath.join(directory, match.group("stem")), int(match.group("part"))
    stem = base.rsplit(".", 1)[0] if "." in base.lstrip(".") else base
    return posixpath.join(directory, stem), 1


def local_copy(uri, scratch, name):
    """A local path holding `uri`'s bytes: the file itself when it is local, else a copy under
    `scratch` (the task's directory, removed with it) named `name`."""
    scheme, authority, path = split_uri(uri)
    if scheme in ("", "file"):
        return path
    from pyarrow import fs as arrowfs

    # PyArrow parses a URI, so the raw name is percent-encoded for it (a space, '%', '#', '?').
    source = f"{'s3' if scheme in ('s3a', 's3n') else scheme}://{authority}{quote(path)}"
    filesystem, inner = arrowfs.FileSystem.from_uri(source)
    target = os.path.join(scratch, name)
    with filesystem.open_input_stream(inner) as stream, open(target, "wb") as handle:
        shutil.copyfileobj(stream, handle, 1 << 20)
    return target
