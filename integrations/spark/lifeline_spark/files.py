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
from urllib.parse import unquote, urlparse

TRACE_SUFFIXES = (".ndjson", ".jsonl")
_ROTATED = re.compile(r"^(?P<stem>.*)\.(?P<part>[0-9]+)(?P<ext>\.[^./]*)$")


def name_of(uri, path):
    """The name `lifeline check` gives `uri`, found under `path` as given: the path itself, or the
    directory as given joined with the rest; None when `uri` is not `path` or below it.

    A path given as a URI is compared with `uri` scheme, host and path; a local path is made
    absolute against this process's directory (as `lifeline check` reads it), any other path (a
    default filesystem's `/data/traces`) is compared with `uri`'s path."""
    parsed = urlparse(uri)
    if "://" in path or path.startswith("file:"):
        given = urlparse(path)
        if (given.scheme or "file") != parsed.scheme or (given.netloc and given.netloc != parsed.netloc):
            return None
        given = unquote(given.path)
    elif parsed.scheme == "file" and os.path.exists(path):
        given = os.path.abspath(path)
    else:
        given = path
    given = given.rstrip("/") or "/"
    found = unquote(parsed.path)
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
    """(`base name`, part): `notes.2.ndjson` continues `notes.ndjson` as part 2, the way
    `lifeline check` orders rotated parts; any other file is part 1 of itself."""
    directory, base = posixpath.split(name)
    match = _ROTATED.match(base)
    if match and int(match.group("part")) > 1:
        return posixpath.join(directory, match.group("stem") + match.group("ext")), int(match.group("part"))
    return name, 1


def local_copy(uri, scratch, name):
    """A local path holding `uri`'s bytes: the file itself when it is local, else a copy under
    `scratch` (the task's directory, removed with it) named `name`."""
    parsed = urlparse(uri)
    if parsed.scheme in ("", "file"):
        return unquote(parsed.path)
    from pyarrow import fs as arrowfs

    source = "s3" + uri[len(parsed.scheme):] if parsed.scheme in ("s3a", "s3n") else uri
    filesystem, inner = arrowfs.FileSystem.from_uri(source)
    target = os.path.join(scratch, name)
    with filesystem.open_input_stream(inner) as stream, open(target, "wb") as handle:
        shutil.copyfileobj(stream, handle, 1 << 20)
    return target
