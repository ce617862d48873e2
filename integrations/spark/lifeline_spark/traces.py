"""Trace files on any Hadoop filesystem: finding them, naming them as the user gave them, and
reading their launch records.

A trace file (format v1, docs/trace-format.md) holds one or more launches, each starting with a
launch record; a launch continued in a rotated file (`notes.2.ndjson` after `notes.ndjson`)
repeats its launch record with `part` 2, 3, ...
"""

import json
import os
import posixpath
import re

TRACE_SUFFIXES = (".ndjson", ".jsonl")
_ROTATED = re.compile(r"^(?P<stem>.*)\.(?P<part>[0-9]+)(?P<ext>\.[^./]*)$")


def qualify(spark, path):
    """The fully qualified URI of `path` as Spark's file sources print it (`file:/x`, `s3a://b/x`),
    and whether it is a directory; None when it does not exist."""
    jvm = spark.sparkContext._jvm
    conf = spark.sparkContext._jsc.hadoopConfiguration()
    if "://" not in path and not path.startswith("file:") and (conf.get("fs.defaultFS") or "file:").startswith("file:"):
        # A local path is relative to this process's directory, not to the JVM's.
        path = os.path.abspath(path)
    hadoop_path = jvm.org.apache.hadoop.fs.Path(path)
    fs = hadoop_path.getFileSystem(conf)
    if not fs.exists(hadoop_path):
        return None
    qualified = fs.makeQualified(hadoop_path)
    return qualified.toString(), fs.getFileStatus(qualified).isDirectory()


def load_files(spark, paths):
    """The trace files `paths` name, as a DataFrame of (`uri`, `file`, `content`), `file` being
    the name `lifeline check` would give it (the path as given, or the directory as given joined
    with the path below it).

    Files are read whole, as Spark's `binaryFile` source reads them; directories are searched
    recursively for `*.ndjson` and `*.jsonl`, as `lifeline check` searches them (Spark's file
    index leaves out names starting with `_` or `.`). A path that does not exist, or a directory
    without traces, is an error (`ValueError`), as it is for `lifeline check`.
    """
    from pyspark.sql import functions as F

    files, directories, prefixes = [], [], []
    for path in paths:
        found = qualify(spark, path)
        if found is None:
            raise ValueError(f"{path}: error: no such file or directory")
        uri, is_directory = found
        (directories if is_directory else files).append(uri)
        prefixes.append((uri, path, is_directory))
    frames = []
    if files:
        frames.append(spark.read.format("binaryFile").load(files))
    if directories:
        frames.append(
            spark.read.format("binaryFile")
            .option("recursiveFileLookup", "true")
            .option("pathGlobFilter", "*.{ndjson,jsonl}")
            .load(directories)
        )
    frame = frames[0]
    for other in frames[1:]:
        frame = frame.unionByName(other)
    frame = frame.select(F.col("path").alias("uri"), "content").dropDuplicates(["uri"])
    uris = [row.uri for row in frame.select("uri").collect()]
    names = {}
    for uri in uris:
        names[uri] = given_name(uri, prefixes)
    for uri, path, is_directory in prefixes:
        if is_directory and not any(u.startswith(uri.rstrip("/") + "/") for u in uris):
            raise ValueError(f"{path}: error: no traces (*.ndjson, *.jsonl) in this directory")
    mapping = spark.createDataFrame(sorted(names.items()), "uri string, file string")
    return frame.join(mapping, "uri")


def given_name(uri, prefixes):
    """The name of `uri` as the user gave it: the path itself, or the directory as given plus
    the rest of the path."""
    for prefix, path, is_directory in prefixes:
        if uri == prefix:
            return path
        base = prefix.rstrip("/") + "/"
        if is_directory and uri.startswith(base):
            return path.rstrip("/") + "/" + uri[len(base):] if path != "/" else "/" + uri[len(base):]
    return uri


def rotation_key(name):
    """(`base name`, part): `notes.2.ndjson` continues `notes.ndjson` as part 2, the way
    `lifeline check` orders rotated parts; any other file is part 1 of itself."""
    directory, base = posixpath.split(name)
    match = _ROTATED.match(base)
    if match and int(match.group("part")) > 1:
        return posixpath.join(directory, match.group("stem") + match.group("ext")), int(match.group("part"))
    return name, 1


def first_launch(content, limit=64):
    """The first launch record of a trace's bytes as a dict, or None (a file that is not a
    trace: `lifeline check` reports it). Looks at the first `limit` non-blank lines."""
    seen = 0
    start = 3 if content[:3] == b"\xef\xbb\xbf" else 0
    while start < len(content) and seen < limit:
        end = content.find(b"\n", start)
        end = len(content) if end < 0 else end
        line = content[start:end].strip()
        start = end + 1
        if not line:
            continue
        seen += 1
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if isinstance(record, dict) and record.get("type") == "launch" and "lifeline" in record:
            return record
    return None


def launch_facts(record):
    """The launch record's facts the results are partitioned and tallied by."""
    record = record or {}

    def text(key):
        value = record.get(key)
        return value if isinstance(value, str) else None

    return {
        "app": text("app"),
        "device": text("device"),
        "os": text("os"),
        "platform": text("platform"),
        "app_version": text("appVersion"),
        "started": text("started"),
    }


def count_lines(content):
    """How many lines the trace reader numbers in `content`: each terminated line, and an
    unterminated last one."""
    if not content:
        return 0
    return content.count(b"\n") + (0 if content.endswith(b"\n") else 1)
