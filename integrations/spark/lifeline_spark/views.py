"""The relations of docs/schema.md as Spark SQL views over trace files, made by `lifeline import`.

Nothing here reads the trace format or restates the schema. Each task imports its share of the
files with the real `lifeline import` into a scratch database and reads the store's tables back
(`trace_file`, `launch`, `event_raw` with its derived columns, `string`, and the launch anatomy:
`launch_anatomy`, `launch_phase`, `launch_resume`) as Arrow batches of the columns the store
declares; the views over them (`event`, `span`, `timeline`, `launch_summary`) are the store's own
definitions, read from an empty database the binary creates and translated from SQLite's dialect by
sqlglot (``queries.transpile``).

Ids are those one `lifeline import` of the same files in the same order (sorted by name, as it sorts
a directory) gives: files numbered from 1 (a file with the content of an earlier one is skipped, as
the importer skips it), launches and events in file order, then line order, strings by first use.
No window spans the whole fleet: each task numbers rows within a file, the driver adds up the
files' counts (one row per file) into each file's first id, and strings are ranked within the file
that first used them. The anatomy's rows are keyed by their launch and take its id.

A task imports whole traces: a trace's rotated parts (`notes.ndjson`, `notes.2.ndjson`, named as
`lifeline check` reads them, ``files.rotation_key``) go to one task. The importer derives the
anatomy of a launch a rotated part continues over the parts of it already in the database
(LaunchAnatomyStore.derive, by the launch's identifier), so a task that held only some of a trace's
parts would derive it over fewer parts than one import of all the files does.
"""

import os
import sqlite3
import subprocess
import tempfile

from . import files as tracefiles

# The store's views, in the order they are registered, and the tables the tasks read back.
STORE_VIEWS = ("event", "span", "timeline", "launch_summary")
# The launch anatomy's relations (docs/schema.md, v10, v12 and v14: `launch_resume` is the store's
# view of `launch_anatomy.resumes`, read back as a table is), each with its key, the order a task
# reads it in: rows derived per launch, keyed by its `launch_id` (and their place in the launch,
# `ordinal`), so they are renumbered with their launch.
ANATOMY_TABLES = {"launch_anatomy": "launch_id", "launch_phase": "launch_id, ordinal",
                  "launch_resume": "launch_id, ordinal"}
TABLES = ("trace_file", "launch", "event_raw", *ANATOMY_TABLES)
# Columns that hold ids, which a task's database numbers its own way and the driver renumbers.
STRING_COLUMNS = ("name_id", "session_id", "scene_id", "thread_id")
SPARK_TYPES = {"INTEGER": "bigint", "REAL": "double", "TEXT": "string", "BLOB": "binary"}
# One launch that comes back from the background once, every column of its resume set: the store
# reads `launch_resume` out of `launch_anatomy.resumes` with `json_each` (schema v14), and SQLite
# declares no type for such a view's columns, so their types are those of this launch's values.
PROBE_TRACE = b"""{"lifeline":1,"type":"launch","launch":"probe","lifecycle":"scene"}
{"seq":1,"t":0,"event":"didFinishLaunching"}
{"seq":2,"t":1,"event":"willConnectTo","session":"S","scene":"s"}
{"seq":3,"t":2,"event":"sceneWillEnterForeground","session":"S","scene":"s"}
{"seq":4,"t":3,"event":"sceneDidBecomeActive","session":"S","scene":"s"}
{"seq":5,"t":4,"event":"sceneWillResignActive","session":"S","scene":"s"}
{"seq":6,"t":5,"event":"sceneDidEnterBackground","session":"S","scene":"s"}
{"seq":7,"t":6,"event":"sceneWillEnterForeground","session":"S","scene":"s"}
{"seq":8,"t":7,"event":"sceneDidBecomeActive","session":"S","scene":"s"}
"""


def store_schema(lifeline="lifeline"):
    """The store's definitions, from a database the `lifeline` binary creates: the SQL of its views
    by name (SQLite's dialect), and each table's columns as (name, declared type); a column with no
    declared type (a view's) has the type of its value in ``PROBE_TRACE``."""
    directory = tempfile.mkdtemp(prefix="lifeline-spark-schema-")
    database = os.path.join(directory, "schema.db")
    try:
        subprocess.run([lifeline, "import", "-", "--db", database, "--quiet"], input=PROBE_TRACE,
                       capture_output=True, check=True)
        connection = sqlite3.connect(database)
        try:
            views = dict(connection.execute("SELECT name, sql FROM sqlite_master WHERE type = 'view'").fetchall())
            tables = {}
            for table in TABLES + ("string",):
                declared = [(row[1], row[2].upper()) for row in connection.execute(f"PRAGMA table_info({table})")]
                if any(not kind for _, kind in declared):
                    names = [name for name, _ in declared]
                    row = connection.execute(
                        "SELECT " + ", ".join(f'typeof("{name}")' for name in names) + f" FROM {table} LIMIT 1").fetchone()
                    probed = dict(zip(names, row or ()))
                    declared = [(name, kind or probed.get(name, "").upper()) for name, kind in declared]
                    untyped = [name for name, kind in declared if kind not in SPARK_TYPES]
                    if untyped:
                        raise RuntimeError(f"{lifeline}: no type for {table}'s {', '.join(untyped)}: the probe trace leaves them NULL")
                tables[table] = declared
        finally:
            connection.close()
        return views, tables
    finally:
        for name in os.listdir(directory):
            os.remove(os.path.join(directory, name))
        os.rmdir(directory)


def task_columns(tables):
    """The one Arrow schema a task yields every table in: `relation`, the file's place in the
    sorted listing (`position`), a row's number within its file (`ordinal`), then each table's
    columns as `<table>__<column>`, typed as the store declares them; an event's strings as text."""
    columns = [("relation", "string"), ("position", "bigint"), ("ordinal", "bigint"),
               ("launch_ordinal", "bigint"), ("pair_ordinal", "bigint")]
    for table in TABLES:
        for name, kind in tables[table]:
            if table == "event_raw" and name in STRING_COLUMNS:
                kind = "TEXT"
            columns.append((f"{table}__{name}", SPARK_TYPES.get(kind, "string")))
    return columns


def import_task(binary, columns):
    """The `mapInArrow` function: its partition's files (rows of `position`, `name`, `uri` and
    the `trace` they belong to), imported in position order by one `lifeline import` into a scratch database, read back table
    by table with every id made relative to its file."""
    names = [name for name, _ in columns]

    def run(batches):
        import shutil

        import pyarrow as pa

        from .check import ARGUMENT_BUDGET, resolve_binary

        listed = sorted((row["position"], row["name"], row["uri"]) for batch in batches for row in batch.to_pylist())
        if not listed:
            return
        arrow = {"bigint": pa.int64(), "double": pa.float64(), "string": pa.string(), "binary": pa.binary()}
        schema = pa.schema([(name, arrow[kind]) for name, kind in columns])
        scratch = tempfile.mkdtemp(prefix="lifeline-spark-")
        try:
            path = resolve_binary(binary, scratch)
            spool = os.path.join(scratch, "spool")
            os.mkdir(spool)
            position_of = {}
            local_paths = []
            for position, name, uri in listed:
                local = tracefiles.local_copy(uri, spool, str(position))
                # The importer stores the path it was given; the task knows which file that was.
                position_of[local] = position
                local_paths.append(local)
            database = os.path.join(scratch, "task.db")
            # As many imports into the one database as the command line needs (ARGUMENT_BUDGET bytes of
            # paths each), in position order: ids continue from one to the next, as in a single import.
            chunks, chunk, size = [], [], 0
            for local in local_paths:
                if chunk and size + len(local) + 1 > ARGUMENT_BUDGET:
                    chunks.append(chunk)
                    chunk, size = [], 0
                chunk.append(local)
                size += len(local) + 1
            chunks.append(chunk)
            for chunk in chunks:
                # Exit 1 (a file failed) still imports the rest, as a single import does.
                process = subprocess.run([path, "import", *chunk, "--db", database, "--quiet"],
                                         capture_output=True, stdin=subprocess.DEVNULL, cwd=scratch)
                if process.returncode not in (0, 1) or not os.path.exists(database):
                    message = process.stderr.decode("utf-8", "replace").strip()
                    raise RuntimeError(f"{binary} import failed on {len(chunk)} files (status {process.returncode}): {message}")
            yield from read_back(database, position_of, names, schema)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)

    return run


def read_back(database, position_of, names, schema, batch_rows=8192):
    """A task database's tables as Arrow batches of `schema`, ids made relative to their file."""
    import pyarrow as pa

    connection = sqlite3.connect(database)
    try:
        strings = dict(connection.execute("SELECT id, value FROM string"))
        position = {}  # local file id -> the file's position
        rows = []

        def flush():
            batch = pa.RecordBatch.from_pylist(rows, schema=schema)
            rows.clear()
            return batch

        def add(relation, where, ordinal, values, **extra):
            row = dict.fromkeys(names)
            row.update(relation=relation, position=where, ordinal=ordinal, **extra)
            for key, value in values.items():
                row[f"{relation}__{key}"] = value
            rows.append(row)

        cursor = connection.execute("SELECT * FROM trace_file ORDER BY id")
        fields = [column[0] for column in cursor.description]
        for values in cursor:
            record = dict(zip(fields, values))
            position[record["id"]] = position_of[record["path"]]
            add("trace_file", position[record["id"]], 1, record)
        # Launches and events: a file's rows are numbered from 1 within it, in id order.
        launch_ordinal, launch_position, first = {}, {}, {}
        cursor = connection.execute("SELECT * FROM launch ORDER BY id")
        fields = [column[0] for column in cursor.description]
        for values in cursor:
            record = dict(zip(fields, values))
            file = record["file_id"]
            first.setdefault(("launch", file), record["id"])
            launch_ordinal[record["id"]] = record["id"] - first[("launch", file)] + 1
            launch_position[record["id"]] = position[file]
            add("launch", position[file], launch_ordinal[record["id"]], record)
        # The anatomy: each row under its launch's file and number there, which the driver makes its
        # launch's id (`ordinal` stays unset: launch_phase and launch_resume have one of their own).
        for relation, key in ANATOMY_TABLES.items():
            cursor = connection.execute(f"SELECT * FROM {relation} ORDER BY {key}")
            fields = [column[0] for column in cursor.description]
            for values in cursor:
                record = dict(zip(fields, values))
                launch = record["launch_id"]
                add(relation, launch_position[launch], None, record, launch_ordinal=launch_ordinal[launch])
        cursor = connection.execute("SELECT * FROM event_raw ORDER BY id")
        fields = [column[0] for column in cursor.description]
        for values in cursor:
            record = dict(zip(fields, values))
            file = record["file_id"]
            base = first.setdefault(("event", file), record["id"])
            for column in STRING_COLUMNS:
                record[column] = strings.get(record[column])
            pair = record["pair_id"]
            add("event_raw", position[file], record["id"] - base + 1, record,
                launch_ordinal=launch_ordinal[record["launch_id"]], pair_ordinal=None if pair is None else pair - base + 1)
            if len(rows) >= batch_rows:
                yield flush()
        if rows:
            yield flush()
    finally:
        connection.close()


def register_views(spark, paths, lifeline="lifeline", violations=None, partitions=None):
    """Registers `trace_file`, `launch`, `string`, `event_raw`, `launch_anatomy`, `launch_phase`,
    `launch_resume` and the store's views `event`, `span`, `timeline` and `launch_summary` (and
    `violation`, from a check's findings, when `violations` is given) as temporary views over the
    traces `paths` name. Returns their names."""
    from pyspark.sql import Window
    from pyspark.sql import functions as F

    from .check import default_parallelism, ship_binary, ship_package
    from .queries import transpile

    binary = os.path.abspath(lifeline) if os.path.sep in lifeline or os.path.exists(lifeline) else lifeline
    if binary != lifeline:
        ship_binary(spark, binary)
    views, tables = store_schema(binary)
    listed = tracefiles.list_files(spark, list(paths))
    ship_package(spark)
    columns = task_columns(tables)
    count = partitions or max(1, default_parallelism(spark) * 2)
    # Each task imports a run of whole traces (a range, not a hash): a trace is keyed by the position
    # of its first file in the listing, so its rotated parts, which the importer derives a launch's
    # anatomy over, reach one task, which imports them in position order as one import would.
    first_file = {}
    for position, (_, name, _) in enumerate(listed):
        first_file.setdefault(tracefiles.rotation_key(name)[0], position)
    files = spark.createDataFrame(
        [(position, name, uri, first_file[tracefiles.rotation_key(name)[0]])
         for position, (uri, name, _) in enumerate(listed)],
        "position bigint, name string, uri string, trace bigint").repartitionByRange(count, "trace")
    rows = files.mapInArrow(import_task(binary, columns), ", ".join(f"`{n}` {k}" for n, k in columns)).cache()

    def table(relation):
        # The task's numbering, but for a column the table has itself (launch_phase's `ordinal`).
        own = {name for name, _ in tables[relation]}
        return rows.filter(F.col("relation") == relation).select(
            *[name for name in ("position", "ordinal", "launch_ordinal", "pair_ordinal") if name not in own],
            *[F.col(f"`{relation}__{name}`").alias(name) for name, _ in tables[relation]])

    # The files, one row each, on the driver: which are imported (the first of each content), their
    # ids, and the first launch and event id of each (the counts of the files before it).
    imported = {}
    for row in table("trace_file").select("position", "content_hash", "launch_count", "event_count").collect():
        imported[row.position] = row
    kept, seen = [], set()
    for position in sorted(imported):
        row = imported[position]
        if row.content_hash in seen:
            continue
        seen.add(row.content_hash)
        kept.append(row)
    bases, launch_base, event_base = [], 0, 0
    for file_id, row in enumerate(kept, start=1):
        bases.append((row.position, file_id, launch_base, event_base))
        launch_base += row.launch_count or 0
        event_base += row.event_count or 0
    base = F.broadcast(spark.createDataFrame(
        bases, "position bigint, file_id_new bigint, launch_base bigint, event_base bigint"))

    trace_file = table("trace_file").join(base, "position").withColumn("id", F.col("file_id_new"))
    by_position = {position: name for position, (_, name, _) in enumerate(listed)}
    paths_frame = spark.createDataFrame(list(by_position.items()), "position bigint, given string")
    trace_file = (trace_file.join(F.broadcast(paths_frame), "position").withColumn("path", F.col("given"))
                  .select(*[name for name, _ in tables["trace_file"]]))
    launch = (table("launch").join(base, "position")
              .withColumn("id", F.col("launch_base") + F.col("ordinal"))
              .withColumn("file_id", F.col("file_id_new"))
              .select(*[name for name, _ in tables["launch"]]))
    events = (table("event_raw").join(base, "position")
              .withColumn("id", F.col("event_base") + F.col("ordinal"))
              .withColumn("launch_id", F.col("launch_base") + F.col("launch_ordinal"))
              .withColumn("pair_id", F.col("event_base") + F.col("pair_ordinal"))
              .withColumn("file_id", F.col("file_id_new")))
    # Strings, numbered by first use (an event's name, then session, scene and thread), as the importer
    # interns them: ranked within the file that first used each, after the strings of the files before it.
    uses = None
    for rank, column in enumerate(STRING_COLUMNS):
        used = events.filter(F.col(column).isNotNull()).select(
            F.col(column).alias("value"), "file_id", (F.col("id") * 4 + rank).alias("first_use"))
        uses = used if uses is None else uses.unionByName(used)
    first_uses = uses.groupBy("value").agg(F.min(F.struct("first_use", "file_id")).alias("first"))
    first_uses = first_uses.select("value", "first.first_use", "first.file_id").cache()
    counts = dict((row.file_id, row["count"]) for row in first_uses.groupBy("file_id").count().collect())
    string_bases, total = [], 0
    for file_id in sorted(counts):
        string_bases.append((file_id, total))
        total += counts[file_id]
    string_base = F.broadcast(spark.createDataFrame(string_bases or [(0, 0)], "file_id bigint, string_base bigint"))
    string = (first_uses.join(string_base, "file_id")
              .withColumn("id", F.col("string_base") + F.row_number().over(
                  Window.partitionBy("file_id").orderBy("first_use")))
              .select("id", "value").cache())
    for column in STRING_COLUMNS:
        lookup = string.select(F.col("id").alias(f"{column}_new"), F.col("value").alias(column))
        events = events.join(lookup, column, "left").withColumn(column, F.col(f"{column}_new"))
    event_raw = events.select(*[name for name, _ in tables["event_raw"]])
    # The anatomy's rows go with their launch's file: a file not kept (a copy of an earlier one) takes them along.
    anatomy = {relation: (table(relation).join(base, "position")
                          .withColumn("launch_id", F.col("launch_base") + F.col("launch_ordinal"))
                          .select(*[name for name, _ in tables[relation]]))
               for relation in ANATOMY_TABLES}

    trace_file.cache().createOrReplaceTempView("trace_file")
    launch.cache().createOrReplaceTempView("launch")
    string.createOrReplaceTempView("string")
    event_raw.cache().createOrReplaceTempView("event_raw")
    registered = ["trace_file", "launch", "string", "event_raw"]
    for relation, frame in anatomy.items():
        frame.cache().createOrReplaceTempView(relation)
        registered.append(relation)
    for name in STORE_VIEWS:
        spark.sql(transpile(views[name])).createOrReplaceTempView(name)
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
