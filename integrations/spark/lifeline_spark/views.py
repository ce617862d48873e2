"""The relations of docs/schema.md as Spark SQL views over raw NDJSON traces, with no import.

`trace_file`, `launch`, `string` and `event_raw` are built by reading each trace's lines in
order (a launch owns the events below its record); `event_raw`'s schema v5 columns
(`since_launch_ns`, `state`, `pair_id`) are computed with window functions, as the store's own
recompute does. `event`, `span`, `timeline` and `launch_summary` are not restated here: they are
the store's own view definitions, read from a database the `lifeline` binary creates, translated
from SQLite's dialect by sqlglot (``queries.transpile``). Ids are those `lifeline import` gives
when it imports the same files in the same order (files sorted by name, as it sorts a directory):
files numbered from 1, launches and events in file order, then line order.
"""

import json
import os
import sqlite3
import subprocess
import tempfile

from . import traces as tracefiles

# The store's views, in the order they are registered, and the relations they read.
STORE_VIEWS = ("event", "span", "timeline", "launch_summary")

FILE_SCHEMA = ("id bigint, path string, size bigint, line_count bigint, launch_count bigint, "
               "event_count bigint, malformed_count bigint, dropped_count bigint")
LAUNCH_SCHEMA = ("file_id bigint, line bigint, uuid string, part bigint, pid bigint, app string, platform string, "
                 "os string, device string, lifecycle string, started string, records string, excerpt bigint, app_version string")
EVENT_SCHEMA = ("file_id bigint, line bigint, launch_line bigint, seq bigint, t bigint, event string, phase string, "
                "session string, scene string, thread string, attrs string")


def callback_names(lifeline="lifeline"):
    """Every spelling `lifeline callbacks` lists, mapped to its canonical name, and the canonical
    names in catalog order (the order `launch.records` lists them in)."""
    output = subprocess.run([lifeline, "callbacks"], capture_output=True, check=True, text=True).stdout
    names, order = {}, []
    for line in output.splitlines():
        fields = line.split("\t")
        if len(fields) >= 3:
            names[fields[0]] = fields[0]
            order.append(fields[0])
            for alias in fields[2].split(", "):
                if alias:
                    names[alias] = fields[0]
    return names, order


def store_views(lifeline="lifeline"):
    """The SQL of the store's views (`CREATE VIEW` statements, SQLite's dialect) by name, from an
    empty database the `lifeline` binary creates: the definitions its `lifeline import` writes."""
    directory = tempfile.mkdtemp(prefix="lifeline-spark-schema-")
    database = os.path.join(directory, "schema.db")
    try:
        subprocess.run([lifeline, "import", "-", "--db", database, "--quiet"], stdin=subprocess.DEVNULL,
                       capture_output=True, check=True)
        with sqlite3.connect(database) as connection:
            rows = connection.execute("SELECT name, sql FROM sqlite_master WHERE type = 'view'").fetchall()
        connection.close()
        return dict(rows)
    finally:
        for name in os.listdir(directory):
            os.remove(os.path.join(directory, name))
        os.rmdir(directory)


def _string(record, key):
    value = record.get(key)
    return value if isinstance(value, str) else None


def _integer(record, key):
    value = record.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _records(record, names, order):
    """`launch.records`: the launch record's `records` as canonical names in catalog order (a JSON
    array), or None (every callback), as `lifeline import` stores it."""
    value = record.get("records")
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        return None
    canonical = {names.get(name) for name in value}
    if None in canonical:
        return None
    return json.dumps([name for name in order if name in canonical], separators=(",", ":"))


def parse_trace(file_id, content, names, order=()):
    """Rows of one trace: ("file", …), ("launch", …) and ("event", …) tuples. A line that is
    not a JSON object, lacks a required field, or is an event before any launch record is
    skipped and counted as malformed, as the importer skips it."""
    launches = events = malformed = dropped = 0
    launch_line = None
    lines = content.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    for number, raw in enumerate(lines, start=1):
        if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        line = raw.strip()
        if not line:
            continue
        try:
            record = json.loads(line)
        except ValueError:
            malformed += 1
            continue
        if not isinstance(record, dict):
            malformed += 1
            continue
        if record.get("type") == "launch":
            if _integer(record, "lifeline") is None:
                malformed += 1
                continue
            launches += 1
            launch_line = number
            yield ("launch", (file_id, number, _string(record, "launch"), _integer(record, "part"),
                              _integer(record, "pid"), _string(record, "app"), _string(record, "platform"),
                              _string(record, "os"), _string(record, "device"), _string(record, "lifecycle"),
                              _string(record, "started"), _records(record, names, order),
                              1 if record.get("excerpt") is True else None, _string(record, "appVersion")))
            continue
        seq, t, name = _integer(record, "seq"), _integer(record, "t"), _string(record, "event")
        if seq is None or t is None or name is None or launch_line is None:
            malformed += 1
            continue
        attrs = record.get("attrs")
        if isinstance(attrs, dict):
            if name == "lifeline.dropped" and isinstance(attrs.get("count"), int):
                dropped += attrs["count"]
            attrs = json.dumps(attrs, separators=(",", ":"), ensure_ascii=False)
        else:
            attrs = None
        events += 1
        yield ("event", (file_id, number, launch_line, seq, t, names.get(name, name),
                         _string(record, "phase") or "instant", _string(record, "session"),
                         _string(record, "scene"), _string(record, "thread"), attrs))
    yield ("file", (file_id, None, len(content), len(lines), launches, events, malformed, dropped))


# The scene state a callback's end (or instant) leaves its session in, as `event_raw.state` codes
# (1 background, 2 foregroundActive, 3 foregroundInactive, 4 unattached: docs/schema.md).
STATE_CHANGES = {
    "scene(_:willConnectTo:options:)": 4, "sceneWillEnterForeground(_:)": 3, "sceneDidBecomeActive(_:)": 2,
    "sceneWillResignActive(_:)": 3, "sceneDidEnterBackground(_:)": 1, "sceneDidDisconnect(_:)": 4,
    "applicationWillEnterForeground(_:)": 3, "applicationDidBecomeActive(_:)": 2,
    "applicationWillResignActive(_:)": 3, "applicationDidEnterBackground(_:)": 1,
}
PHASES = {"instant": 0, "begin": 1, "end": 2}


def derived_columns(event_raw):
    """`event_raw` with schema v5's derived columns, computed with window functions as the store's
    recompute computes them: `since_launch_ns` (`t` minus the launch's first `t` by `seq`), `state`
    (the last state change at or before the event in its launch and session) and `pair_id` (a
    begin's end: the next begin or end of the same launch, name, session and scene, if an end; and
    back)."""
    from pyspark.sql import Window
    from pyspark.sql import functions as F

    launch = Window.partitionBy("launch_id").orderBy("seq")
    session = Window.partitionBy("launch_id", "session_id").orderBy("seq")
    change = F.when(F.col("phase") == 1, F.lit(None))
    for name, code in STATE_CHANGES.items():
        change = change.when(F.col("name") == name, F.lit(code))
    frame = (event_raw
             .withColumn("change", change.cast("bigint"))
             .withColumn("since_launch_ns", F.col("t") - F.first("t").over(launch))
             .withColumn("change_group", F.count("change").over(session)))
    frame = frame.withColumn(
        "state", F.max("change").over(Window.partitionBy("launch_id", "session_id", "change_group")))
    pairs = Window.partitionBy("launch_id", "name_id", "session_id", "scene_id").orderBy("seq")
    calls = (frame.filter(F.col("phase").isin(1, 2))
             .select("id", "phase",
                     F.lead("id").over(pairs).alias("next_id"), F.lead("phase").over(pairs).alias("next_phase"),
                     F.lag("id").over(pairs).alias("previous_id"), F.lag("phase").over(pairs).alias("previous_phase"))
             .select("id", F.when((F.col("phase") == 1) & (F.col("next_phase") == 2), F.col("next_id"))
                     .when((F.col("phase") == 2) & (F.col("previous_phase") == 1), F.col("previous_id"))
                     .alias("pair_id")))
    return frame.join(calls, "id", "left")


def register_views(spark, paths, lifeline="lifeline", violations=None):
    """Registers `trace_file`, `launch`, `string`, `event_raw` and the store's views `event`,
    `span`, `timeline` and `launch_summary` (and `violation`, from a check's findings, when
    `violations` is given) as temporary views over the traces `paths` name. Returns their names."""
    from pyspark.sql import Window
    from pyspark.sql import functions as F

    from .check import ship_package
    from .queries import transpile

    ship_package(spark)
    names, order = callback_names(lifeline)
    definitions = store_views(lifeline)
    files = tracefiles.load_files(spark, list(paths))
    ordered = sorted(row.file for row in files.select("file").collect())
    ids = spark.createDataFrame([(index + 1, name) for index, name in enumerate(ordered)], "file_id bigint, file string")
    rows = (files.join(ids, "file").select("file_id", "content").rdd
            .flatMap(lambda row: parse_trace(row.file_id, bytes(row.content), names, order)).cache())
    trace_file = spark.createDataFrame(rows.filter(lambda r: r[0] == "file").map(lambda r: r[1]), FILE_SCHEMA)
    trace_file = (trace_file.drop("path").join(ids.withColumnRenamed("file_id", "id").withColumnRenamed("file", "path"), "id")
                  .select("id", "path", "size", "line_count", "launch_count", "event_count", "malformed_count",
                          "dropped_count"))
    launch_raw = spark.createDataFrame(rows.filter(lambda r: r[0] == "launch").map(lambda r: r[1]), LAUNCH_SCHEMA)
    events = spark.createDataFrame(rows.filter(lambda r: r[0] == "event").map(lambda r: r[1]), EVENT_SCHEMA)
    # Import order: files by id, then lines. One global ordering per relation (a window over
    # the whole relation), so ids are dense as SQLite's row ids are.
    launch = launch_raw.withColumn("id", F.row_number().over(Window.orderBy("file_id", "line")).cast("bigint"))
    launch = launch.select("id", "file_id", "line", "uuid", "part", "pid", "app", "platform", "os", "device",
                           "lifecycle", "started", "records", "excerpt", "app_version").cache()
    events = (events.join(launch.select(F.col("id").alias("launch_id"), "file_id", F.col("line").alias("launch_line")),
                          ["file_id", "launch_line"])
              .withColumn("id", F.row_number().over(Window.orderBy("file_id", "line")).cast("bigint")))
    # Each distinct name, session, scene and thread once, numbered by first use (event, then field).
    fields = [("event", 0), ("session", 1), ("scene", 2), ("thread", 3)]
    strings = None
    for column, rank in fields:
        used = events.filter(F.col(column).isNotNull()).select(
            F.col(column).alias("value"), (F.col("id") * 4 + rank).alias("first_use"))
        strings = used if strings is None else strings.unionByName(used)
    string = (strings.groupBy("value").agg(F.min("first_use").alias("first_use"))
              .withColumn("id", F.row_number().over(Window.orderBy("first_use")).cast("bigint"))
              .select("id", "value").cache())
    phase = F.create_map(*[F.lit(x) for pair in PHASES.items() for x in pair])
    event_raw = events.withColumn("name", F.col("event")).withColumn("phase", phase[F.col("phase")].cast("bigint"))
    for column, target in (("event", "name_id"), ("session", "session_id"), ("scene", "scene_id"),
                           ("thread", "thread_id")):
        lookup = string.select(F.col("id").alias(target), F.col("value").alias(column))
        event_raw = event_raw.join(F.broadcast(lookup), column, "left")
    event_raw = (derived_columns(event_raw)
                 .select("id", "launch_id", "seq", "t", "name_id", "phase", "session_id", "scene_id", "thread_id",
                         "attrs", "file_id", "line", "since_launch_ns", "state", "pair_id"))
    trace_file.cache().createOrReplaceTempView("trace_file")
    launch.createOrReplaceTempView("launch")
    string.createOrReplaceTempView("string")
    event_raw.cache().createOrReplaceTempView("event_raw")
    registered = ["trace_file", "launch", "string", "event_raw"]
    for name in STORE_VIEWS:
        spark.sql(transpile(definitions[name])).createOrReplaceTempView(name)
        registered.append(name)
    if violations is not None:
        violation_view(spark, violations).createOrReplaceTempView("violation")
        registered.append("violation")
    return registered


def violation_view(spark, findings):
    """A check's findings as the `violation` table: `launch_id` found by the launch identifier and
    file, as `lifeline check` finds it in a database; `launch_uuid` the identifier."""
    from pyspark.sql import functions as F

    launches = spark.table("launch").join(spark.table("trace_file"), F.col("file_id") == F.col("trace_file.id"))
    launches = launches.select(F.col("launch.id").alias("launch_id"), F.col("uuid").alias("launch_uuid"),
                               F.col("path").alias("file")).dropDuplicates(["launch_uuid", "file"])
    return (findings.withColumnRenamed("launch", "launch_uuid")
            .join(launches, ["launch_uuid", "file"], "left")
            .select("checked_at", "rule", "severity", "status", "message", "explanation", "launch_id", "launch_uuid",
                    "session", "scene", "file", "line", "seq", "witnesses"))
