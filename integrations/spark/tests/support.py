"""Shared by the integration tests: the repository, the lifeline binary, one local Spark session."""

import json
import os
import subprocess
import sys

REPOSITORY = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
sys.path.insert(0, os.path.join(REPOSITORY, "integrations", "spark"))

_spark = None
# LIFELINE_SPARK_REMOTE=local[2]: the tests run under Spark Connect, on a local server (.ci/run does).
REMOTE = os.environ.get("LIFELINE_SPARK_REMOTE")


def lifeline():
    """The binary under test: $LIFELINE, else the debug build of this checkout."""
    path = os.environ.get("LIFELINE") or os.path.join(REPOSITORY, ".build", "debug", "lifeline")
    if not os.access(path, os.X_OK):
        raise RuntimeError(f"{path}: no lifeline binary; run 'swift build' or set LIFELINE")
    return path


def spark():
    """A `local[2]` session for the whole run (starting the JVM once)."""
    global _spark
    if _spark is None:
        from pyspark.sql import SparkSession

        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)  # the workers need this venv's PyArrow
        builder = SparkSession.builder
        if REMOTE:
            builder = builder.remote(REMOTE)
        else:
            builder = (builder.master("local[2]").config("spark.ui.enabled", "false")
                       .config("spark.ui.showConsoleProgress", "false"))
        _spark = (builder.appName("lifeline-tests").config("spark.sql.shuffle.partitions", "4")
                  .config("spark.sql.session.timeZone", "UTC").getOrCreate())
        if not REMOTE:
            _spark.sparkContext.setLogLevel("ERROR")
    return _spark


def check_jsonl(paths, cwd=REPOSITORY, extra=()):
    """`lifeline check PATHS --format jsonl`: its objects, and its exit status."""
    process = subprocess.run([lifeline(), "check", *paths, "--format", "jsonl", *extra], cwd=cwd,
                             capture_output=True)
    objects = [json.loads(line) for line in process.stdout.splitlines() if line.strip()]
    return objects, process.returncode


FINDING_KEY = ("rule", "severity", "status", "fails", "message", "explanation", "reference", "launch", "session",
               "scene", "file", "line", "seq", "event")


def finding_key(finding, witnesses):
    """A finding as a comparable tuple: every field, witnesses included."""
    return tuple(finding.get(name) for name in FINDING_KEY) + (
        json.dumps(witnesses, sort_keys=True, separators=(",", ":"), ensure_ascii=False),)


def lifeline_findings(objects):
    return sorted((finding_key(o, o.get("events", [])) for o in objects if o.get("type") == "finding"),
                  key=repr)


def spark_findings(frame):
    rows = []
    for row in frame.collect():
        record = row.asDict()
        rows.append(finding_key(record, json.loads(record["witnesses"])))
    return sorted(rows, key=repr)
