"""The relations of docs/schema.md as Spark SQL views over raw NDJSON traces, with no import.

`trace_file`, `launch` and `event` are built by reading each trace's lines in order (a launch
owns the events below its record); `span`, `timeline` and `launch_summary` are SQL over them,
with the columns and meaning docs/schema.md gives. Ids are those `lifeline import` gives when it
imports the same files in the same order (files sorted by name, as it sorts a directory):
files numbered from 1, launches and events in file order, then line order.
"""

import json
import subprocess

from . import traces as tracefiles

FILE_SCHEMA = ("id bigint, path string, size bigint, line_count bigint, launch_count bigint, "
               "event_count bigint, malformed_count bigint, dropped_count bigint")
LAUNCH_SCHEMA = ("file_id bigint, line bigint, uuid string, part bigint, pid bigint, app string, platform string, "
                 "os string, device string, lifecycle string, started string")
EVENT_SCHEMA = ("file_id bigint, line bigint, launch_line bigint, seq bigint, t bigint, event string, phase string, "
                "session string, scene string, thread string, attrs string")


def callback_names(lifeline="lifeline"):
    """Every spelling `lifeline callbacks` lists, mapped to its canonical name."""
    output = subprocess.run([lifeline, "callbacks"], capture_output=True, check=True, text=True).stdout
    names = {}
    for line in output.splitlines():
        fields = line.split("\t")
        if len(fields) >= 3:
            names[fields[0]] = fields[0]
            for alias in fields[2].split(", "):
                if alias:
                    names[alias] = fields[0]
    return names


def _string(record, key):
    value = record.get(key)
    return value if isinstance(value, str) else None


def _integer(record, key):
    value = record.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def parse_trace(file_id, content, names):
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
                              _string(record, "started")))
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


VIEWS = {
    "span": """
        SELECT launch_id, event, session, scene, thread,
               seq AS begin_seq, t AS begin_t,
               CASE WHEN next_phase = 'end' THEN next_seq END AS end_seq,
               CASE WHEN next_phase = 'end' THEN next_t END AS end_t,
               CASE WHEN next_phase = 'end' THEN next_t - t END AS duration_ns,
               file_id, line AS begin_line,
               CASE WHEN next_phase = 'end' THEN next_line END AS end_line
        FROM (
            SELECT e.*, LEAD(phase) OVER w AS next_phase, LEAD(seq) OVER w AS next_seq,
                   LEAD(t) OVER w AS next_t, LEAD(line) OVER w AS next_line
            FROM event e
            WHERE phase IN ('begin', 'end')
            WINDOW w AS (PARTITION BY launch_id, event, session, scene ORDER BY seq)
        )
        WHERE phase = 'begin'
    """,
    "timeline": """
        WITH changes AS (
            SELECT e.*,
                   CASE WHEN phase = 'begin' THEN NULL ELSE
                       CASE event
                           WHEN 'scene(_:willConnectTo:options:)' THEN 'unattached'
                           WHEN 'sceneWillEnterForeground(_:)' THEN 'foregroundInactive'
                           WHEN 'sceneDidBecomeActive(_:)' THEN 'foregroundActive'
                           WHEN 'sceneWillResignActive(_:)' THEN 'foregroundInactive'
                           WHEN 'sceneDidEnterBackground(_:)' THEN 'background'
                           WHEN 'sceneDidDisconnect(_:)' THEN 'unattached'
                           WHEN 'applicationWillEnterForeground(_:)' THEN 'foregroundInactive'
                           WHEN 'applicationDidBecomeActive(_:)' THEN 'foregroundActive'
                           WHEN 'applicationWillResignActive(_:)' THEN 'foregroundInactive'
                           WHEN 'applicationDidEnterBackground(_:)' THEN 'background'
                       END
                   END AS change
            FROM event e
        ),
        grouped AS (
            SELECT c.*, COUNT(change) OVER (PARTITION BY launch_id, session ORDER BY seq) AS change_group
            FROM changes c
        )
        SELECT id, launch_id, seq, t, event, phase, session, scene, thread, attrs, file_id, line,
               t - FIRST_VALUE(t) OVER (PARTITION BY launch_id ORDER BY seq) AS since_launch_ns,
               MAX(change) OVER (PARTITION BY launch_id, session, change_group) AS state
        FROM grouped
    """,
    "launch_summary": """
        WITH facts AS (
            SELECT launch_id,
                   COUNT(*) AS event_count,
                   COUNT(DISTINCT session) AS session_count,
                   MIN(CASE WHEN event = 'application(_:didFinishLaunchingWithOptions:)' THEN t END)
                       AS did_finish_launching_t,
                   MIN(CASE WHEN event IN ('sceneDidBecomeActive(_:)', 'applicationDidBecomeActive(_:)') THEN t END)
                       AS first_active_t
            FROM event GROUP BY launch_id
        )
        SELECT l.*, f.path AS file,
               COALESCE(x.event_count, 0) AS event_count, COALESCE(x.session_count, 0) AS session_count,
               x.did_finish_launching_t, x.first_active_t,
               x.first_active_t - x.did_finish_launching_t AS time_to_active_ns
        FROM launch l JOIN trace_file f ON f.id = l.file_id LEFT JOIN facts x ON x.launch_id = l.id
    """,
}


def register_views(spark, paths, lifeline="lifeline", violations=None):
    """Registers `trace_file`, `launch`, `event`, `span`, `timeline` and `launch_summary` (and
    `violation`, from a check's findings, when `violations` is given) as temporary views over the
    traces `paths` name. Returns the list of view names."""
    from pyspark.sql import Window
    from pyspark.sql import functions as F

    from .check import ship_package

    ship_package(spark)
    names = callback_names(lifeline)
    files = tracefiles.load_files(spark, list(paths))
    ordered = sorted(row.file for row in files.select("file").collect())
    ids = spark.createDataFrame([(index + 1, name) for index, name in enumerate(ordered)], "file_id bigint, file string")
    rows = (files.join(ids, "file").select("file_id", "content").rdd
            .flatMap(lambda row: parse_trace(row.file_id, bytes(row.content), names)).cache())
    trace_file = spark.createDataFrame(rows.filter(lambda r: r[0] == "file").map(lambda r: r[1]), FILE_SCHEMA)
    trace_file = (trace_file.drop("path").join(ids.withColumnRenamed("file_id", "id").withColumnRenamed("file", "path"), "id")
                  .select("id", "path", "size", "line_count", "launch_count", "event_count", "malformed_count",
                          "dropped_count"))
    launch_raw = spark.createDataFrame(rows.filter(lambda r: r[0] == "launch").map(lambda r: r[1]), LAUNCH_SCHEMA)
    event_raw = spark.createDataFrame(rows.filter(lambda r: r[0] == "event").map(lambda r: r[1]), EVENT_SCHEMA)
    # Import order: files by id, then lines. One global ordering per relation (a window over
    # the whole relation), so ids are dense as SQLite's row ids are.
    launch = launch_raw.withColumn("id", F.row_number().over(Window.orderBy("file_id", "line")).cast("bigint"))
    launch = launch.select("id", "file_id", "line", "uuid", "part", "pid", "app", "platform", "os", "device",
                           "lifecycle", "started")
    event = (event_raw.join(launch.select(F.col("id").alias("launch_id"), "file_id", F.col("line").alias("launch_line")),
                            ["file_id", "launch_line"])
             .withColumn("id", F.row_number().over(Window.orderBy("file_id", "line")).cast("bigint"))
             .select("id", "launch_id", "seq", "t", "event", "phase", "session", "scene", "thread", "attrs",
                     "file_id", "line"))
    trace_file.cache().createOrReplaceTempView("trace_file")
    launch.cache().createOrReplaceTempView("launch")
    event.cache().createOrReplaceTempView("event")
    registered = ["trace_file", "launch", "event"]
    for name, sql in VIEWS.items():
        spark.sql(sql).createOrReplaceTempView(name)
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
