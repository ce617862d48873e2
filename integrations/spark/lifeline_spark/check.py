"""Checking traces on Spark with the real `lifeline check`.

Only paths go through Spark: the driver lists the files (``files.list_files``, no content read),
and a DataFrame of (trace, part, name, uri) is partitioned by trace, so a trace's rotated parts
reach one task in part order. A task opens its files (locally, or copied into its scratch
directory), runs one `lifeline check FILE... --names NAMES --format jsonl` over them (a process and
a loading of the rules per task, not per trace) and turns the JSON lines (docs/rules.md, "JSON
lines") into rows: `--names` names each file as the user gave it (a path or a URI), so the findings
are the checker's own, finding for finding, and the launches' facts (app, device, OS, app version)
are the checker's `launch` lines: nothing here reads the trace format. The task is a `mapInArrow`
function, so the same code runs on a classic session and under Spark Connect.
"""

import atexit
import datetime
import json
import os
import posixpath
import re
import shutil
import stat
import subprocess
import tempfile
import uuid
import zipfile

from . import files as tracefiles

FINDING_COLUMNS = [
    ("trace", "string"), ("rule", "string"), ("severity", "string"), ("status", "string"), ("fails", "boolean"),
    ("message", "string"), ("explanation", "string"), ("reference", "string"),
    ("launch", "string"), ("session", "string"), ("scene", "string"),
    ("file", "string"), ("line", "bigint"), ("seq", "bigint"), ("event", "string"),
    ("witnesses", "string"), ("checked_at", "string"),
    ("device", "string"), ("os", "string"), ("platform", "string"), ("app_version", "string"),
    ("started", "string"), ("app", "string"), ("date", "string"),
]
LAUNCH_COLUMNS = [
    ("trace", "string"), ("launch", "string"), ("file", "string"), ("line", "bigint"), ("lifecycle", "string"),
    ("device", "string"), ("os", "string"), ("platform", "string"), ("app_version", "string"),
    ("started", "string"), ("events", "bigint"), ("app", "string"), ("date", "string"),
]
PROBLEM_COLUMNS = [
    ("type", "string"), ("file", "string"), ("line", "bigint"), ("column", "bigint"), ("message", "string"),
]
CHECK_COLUMNS = [
    ("files", "bigint"), ("traces", "bigint"), ("launches", "bigint"), ("events", "bigint"), ("rules", "bigint"),
    ("error", "bigint"), ("warning", "bigint"), ("info", "bigint"), ("pending", "bigint"),
    ("status", "string"), ("exit_status", "bigint"),
]


def schema(columns):
    return ", ".join(f"`{name}` {kind}" for name, kind in columns)


def utc_date(started):
    """The UTC date (yyyy-mm-dd) of an RFC 3339 `started`, or None."""
    if not started:
        return None
    # RFC 3339 as Python 3.9's fromisoformat takes it: a 'Z' (either case) as +00:00, and a fraction
    # of any length cut to microseconds.
    text = re.sub(r"[zZ]$", "+00:00", started.strip())
    text = re.sub(r"(\.\d{1,6})\d*", r"\1", text)
    text = re.sub(r"\.(\d{1,5})(?=[+-]|$)", lambda m: "." + m.group(1).ljust(6, "0"), text)
    try:
        moment = datetime.datetime.fromisoformat(text)
    except ValueError:
        return None
    if moment.tzinfo is not None:
        moment = moment.astimezone(datetime.timezone.utc)
    return moment.date().isoformat()


class RuleFiles:
    """The `--rules` of a check, ready to ship to executors: catalog names as they are, `.rules`
    files (or directories of them) read on the driver so a task can write them locally."""

    def __init__(self, specs, local_rules_directory="rules"):
        self.catalogs, self.files, self.extra = [], [], []
        if not specs:
            # What `lifeline check` loads with no --rules: the built-in catalogs (`lifeline rules` lists
            # them; the test against `lifeline check` compares the rule counts) and ./rules/*.rules.
            specs = ["uikit-scene", "uikit-app", "swiftui"]
            if local_rules_directory and os.path.isdir(local_rules_directory):
                specs += [os.path.join(local_rules_directory, name)
                          for name in sorted(os.listdir(local_rules_directory)) if name.endswith(".rules")]
        for spec in specs:
            if os.path.isdir(spec):
                names = sorted(name for name in os.listdir(spec) if name.endswith(".rules"))
                if not names:
                    raise ValueError(f"{spec}: error: no rules files (*.rules) in this directory")
                for name in names:
                    self._add(os.path.join(spec, name))
            elif os.path.isfile(spec):
                self._add(spec)
            else:
                self.catalogs.append(spec)

    def _add(self, path):
        with open(path, encoding="utf-8") as handle:
            self.files.append((path, handle.read()))

    def arguments(self, directory):
        """`--rules` arguments for a task, writing the files into `directory`."""
        arguments = []
        for catalog in self.catalogs:
            arguments += ["--rules", catalog]
        for index, (path, text) in enumerate(self.files):
            local = os.path.join(directory, f"{index}-{os.path.basename(path)}")
            with open(local, "w", encoding="utf-8") as handle:
                handle.write(text)
            arguments += ["--rules", local]
        return arguments + self.extra


def executable(path, scratch):
    """`path`, or a copy of it in `scratch` (the task's directory, removed with it) made
    executable, when a file distribution dropped its mode bits."""
    if os.access(path, os.X_OK):
        return path
    copy = os.path.join(scratch, os.path.basename(path))
    shutil.copy(path, copy)
    os.chmod(copy, os.stat(copy).st_mode | stat.S_IXUSR)
    return copy


def resolve_binary(binary, scratch):
    """The `lifeline` binary on this executor: `binary` itself when this machine has it (a path
    installed on every executor, local mode), else the copy Spark distributed (``ship_binary``)."""
    if os.path.isabs(binary) and os.path.exists(binary):
        return executable(binary, scratch)
    if os.path.sep not in binary and shutil.which(binary):
        return shutil.which(binary)
    from pyspark import SparkFiles

    return executable(SparkFiles.get(os.path.basename(binary)), scratch)


# A task's `lifeline check` runs name their files on the command line; a partition with more files
# than this many bytes of names is checked in several runs (never splitting a trace's parts), so
# the command line stays far below the system's limit (ARG_MAX, 2 MiB on Linux).
ARGUMENT_BUDGET = 100_000


def run_check(binary, local_paths, check_arguments, working_directory):
    """One `lifeline check FILE... --format jsonl` over local files; its JSON lines as objects."""
    command = [binary, "check", *local_paths, "--format", "jsonl", "--no-local-rules", *check_arguments]
    process = subprocess.run(command, capture_output=True, cwd=working_directory, stdin=subprocess.DEVNULL)
    objects = []
    for line in process.stdout.splitlines():
        if line.strip():
            objects.append(json.loads(line))
    if not objects or objects[-1].get("type") != "summary":
        message = process.stderr.decode("utf-8", "replace").strip()
        raise RuntimeError(f"{binary} check failed on {len(local_paths)} files (status {process.returncode}): {message}")
    return objects


class Batch:
    """Traces gathered in a task's scratch directory for one `lifeline check` run: each in a
    directory of its own, its parts under their own base names (links to local files, copies of
    remote ones), so the checker orders a rotated part after the file it continues as it does for
    the originals; and a `--names` file naming each local file as the user gave it (a path or a
    URI), so the checker's findings, launch keys and diagnostics name the originals, to the letter."""

    def __init__(self, root):
        self.root = root
        self.given = {}  # local path -> the name as given
        self.trace_of = {}  # a part's name as given -> its trace's (the first part's) name
        self.size = 0

    def add(self, parts):
        """Adds one trace: its parts in order, each (name as given, a local path holding it)."""
        folder = tempfile.mkdtemp(prefix=f"{len(self.given)}-", dir=self.root)
        for name, source in parts:
            local = os.path.join(folder, posixpath.basename(name.rstrip("/")) or "trace.ndjson")
            if os.path.dirname(os.path.abspath(source)).startswith(os.path.abspath(self.root)):
                os.replace(source, local)  # a copy made for this task
            else:
                os.symlink(os.path.abspath(source), local)
            self.given[local] = name
            self.trace_of[name] = parts[0][0]
            self.size += len(local) + 1

    def group(self, name):
        """The trace (its first part's name as given) a file as given belongs to."""
        return self.trace_of.get(name, name)

    def launch_of(self, finding, launches):
        """The `launch` line whose facts a finding takes: the launch it names, in the same trace
        (two traces may hold a launch of the same identifier: copies); a `per trace` finding, which
        names none, its trace's first launch; none when the trace has no launch record."""
        group = self.group(finding.get("file"))
        named = [item for item in launches.get(finding.get("launch"), ()) if self.group(item["file"]) == group]
        if named:
            return named[0]
        for items in launches.values():
            for item in items:
                if self.group(item["file"]) == group:
                    return item
        return None

    def check(self, binary, check_arguments, checked_at):
        """Runs the check; yields tagged rows (`finding`, `launch`, `problem`, `check`) as dicts."""
        names = tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".json", dir=self.root, delete=False)
        with names:
            json.dump(self.given, names, ensure_ascii=False)
        local_paths = list(self.given)
        items = run_check(binary, local_paths, ["--names", names.name, *check_arguments], self.root)
        if items[-1].get("events") == 0:
            # A check of no events ends its errors with one for each input that had no error of its own,
            # saying so; for a task of many, that verdict belongs to the whole job (CheckResult adds it
            # when no task had events), not to the task. Only those go: a missing file's error stays.
            items = [item for item in items if not (item.get("type") == "error" and item.get("message") == NOTHING_CHECKED)]
        # The launches the checker listed, by key; a launch that starts in a rotated part belongs to
        # that part's trace for the checker, to the first part's here.
        launches = {}
        for item in items:
            if item.get("type") == "launch":
                launches.setdefault(item["launch"], []).append(item)
        for item in items:
            kind = item.get("type")
            if kind == "finding":
                yield ("finding", finding_row(item, self.launch_of(item, launches), checked_at))
            elif kind == "launch":
                yield ("launch", launch_row(item))
            elif kind in ("error", "warning"):
                yield ("problem", {"type": kind, "file": item.get("file"), "line": item.get("line"),
                                   "column": item.get("column"), "message": item["message"]})
            elif kind == "summary":
                yield ("check", {
                    "files": len(local_paths), "traces": item["traces"], "launches": item["launches"],
                    "events": item["events"], "rules": item["rules"], "error": item["error"],
                    "warning": item["warning"], "info": item["info"], "pending": item["pending"],
                    "status": item["status"], "exit_status": item["exitStatus"],
                })


def facts(launch):
    """A `launch` line's facts the results are partitioned and tallied by."""
    return {"device": launch.get("device"), "os": launch.get("os"), "platform": launch.get("platform"),
            "app_version": launch.get("appVersion"), "started": launch.get("started"), "app": launch.get("app"),
            "date": utc_date(launch.get("started"))}


def finding_row(item, launch, checked_at):
    """A finding's row: the checker's fields, the trace its launch belongs to (as the checker's
    `launch` line names it, so it joins the launch's row), and the launch's facts."""
    launch = launch or {}
    return dict({
        "trace": launch.get("trace") or item.get("file"), "rule": item["rule"], "severity": item["severity"], "status": item["status"],
        "fails": item["fails"], "message": item["message"], "explanation": item["explanation"],
        "reference": item.get("reference"), "launch": item.get("launch"), "session": item.get("session"),
        "scene": item.get("scene"), "file": item.get("file"), "line": item.get("line"), "seq": item.get("seq"),
        "event": item.get("event"),
        "witnesses": json.dumps(item.get("events", []), sort_keys=True, separators=(",", ":"), ensure_ascii=False),
        "checked_at": checked_at,
    }, **facts(launch))


def launch_row(item):
    return dict({"trace": item["trace"], "launch": item["launch"], "file": item["file"], "line": item.get("line"),
                 "lifecycle": item.get("lifecycle"), "events": item["events"]}, **facts(item))


# What `lifeline check` says of each input when nothing was checked (CheckRun.swift).
NOTHING_CHECKED = "no events were checked: a check that looked at nothing cannot pass"

# The rows a task yields: each tagged, its fields as a JSON object (``CheckResult`` reads them with
# `from_json`), so one Arrow schema carries findings, launches, problems and run summaries.
TASK_SCHEMA = "kind string, body string"


def check_task(binary, rules, checked_at):
    """The `mapInArrow` function of a check: its partition's traces (rows of `trace`, `part`,
    `name`, `uri`, sorted so) in batches of whole traces, each checked by one `lifeline check`."""

    def run(batches):
        import pyarrow as pa

        traces = {}
        for batch in batches:
            for row in batch.to_pylist():
                traces.setdefault(row["trace"], []).append((row["part"], row["name"], row["uri"]))
        if not traces:
            return
        scratch = tempfile.mkdtemp(prefix="lifeline-spark-")
        try:
            path = resolve_binary(binary, scratch)
            check_arguments = rules.arguments(scratch)
            spool = os.path.join(scratch, "spool")
            os.mkdir(spool)
            pending = Batch(scratch)

            def flush(batch):
                rows = [{"kind": kind, "body": json.dumps(row, ensure_ascii=False)}
                        for kind, row in batch.check(path, check_arguments, checked_at)]
                return pa.RecordBatch.from_pylist(rows, schema=pa.schema([("kind", pa.string()), ("body", pa.string())]))

            for index, trace in enumerate(sorted(traces)):
                parts = sorted(traces[trace])
                local = [(name, tracefiles.local_copy(uri, spool, f"{index}-{number}"))
                         for number, (_, name, uri) in enumerate(parts)]
                size = sum(len(scratch) + len(posixpath.basename(name)) + 32 for name, _ in local)
                if pending.size and pending.size + size > ARGUMENT_BUDGET:
                    yield flush(pending)
                    pending = Batch(scratch)
                pending.add(local)
            if pending.size:
                yield flush(pending)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)

    return run


class CheckResult:
    """What a check on Spark produced: DataFrames of the findings (`findings`, the `violation`
    table's columns plus the launch facts), the launches (`launches`), the input problems
    (`problems`) and the summary of each `lifeline check` run the tasks made (`checks`)."""

    def __init__(self, spark, rows, inputs=()):
        from pyspark.sql import functions as F

        self.spark = spark
        rows = rows.cache()
        self._rows = rows

        def frame(tag, columns):
            parsed = rows.filter(F.col("kind") == tag).select(F.from_json("body", schema(columns)).alias("row"))
            return parsed.select(*[F.col("row").getField(name).alias(name) for name, _ in columns])

        self.findings = frame("finding", FINDING_COLUMNS)
        self.launches = frame("launch", LAUNCH_COLUMNS)
        self.problems = frame("problem", PROBLEM_COLUMNS)
        self.checks = frame("check", CHECK_COLUMNS)
        if inputs and not self.checks.filter("events > 0").limit(1).count():
            # As lifeline check: a check that looked at nothing cannot pass, said of every input.
            nothing = [("error", path, None, None, "no events were checked: a check that looked at nothing cannot pass")
                       for path in inputs]
            self.problems = self.problems.unionByName(spark.createDataFrame(nothing, schema(PROBLEM_COLUMNS)))

    def launch_summaries(self):
        """One row per launch: its facts, event count and finding counts per severity (violations)
        and pending findings."""
        from pyspark.sql import functions as F

        counts = self.findings.groupBy("trace", "launch").agg(
            *[F.sum(F.when((F.col("status") == "violated") & (F.col("severity") == s), 1).otherwise(0)).alias(s)
              for s in ("error", "warning", "info")],
            F.sum(F.when(F.col("status") == "pending", 1).otherwise(0)).alias("pending"))
        joined = self.launches.join(counts, ["trace", "launch"], "left")
        return joined.fillna(0, ["error", "warning", "info", "pending"])

    def tallies(self):
        """Findings per rule by OS version, device model and app version, in one frame:
        `dimension` (`os`, `device` or `app_version`), `value`, `rule`, `severity`, `status`,
        `findings`, `launches` (distinct), `devices`... computed with one GROUPING SETS query."""
        # A view of this result's own: under Spark Connect a query reads a temporary view when it
        # runs, so a shared name would let a later check's findings into this result's tallies.
        name = f"lifeline_findings_{uuid.uuid4().hex}"
        self.findings.createOrReplaceTempView(name)
        return self.spark.sql(f"""
            SELECT CASE WHEN GROUPING(os) = 0 THEN 'os'
                        WHEN GROUPING(device) = 0 THEN 'device' ELSE 'app_version' END AS dimension,
                   COALESCE(os, device, app_version) AS value,
                   rule, severity, status,
                   COUNT(*) AS findings,
                   COUNT(DISTINCT trace, launch) AS launches
            FROM {name}
            GROUP BY rule, severity, status, GROUPING SETS ((os), (device), (app_version))
            ORDER BY dimension, value, rule, status
        """)

    def totals(self):
        """The runs' summaries added up: a dict like the JSON lines summary."""
        from pyspark.sql import functions as F

        row = self.checks.agg(
            *[F.coalesce(F.sum(c), F.lit(0)).alias(c)
              for c in ("traces", "launches", "events", "error", "warning", "info", "pending")],
            F.coalesce(F.max("rules"), F.lit(0)).alias("rules")).first()
        totals = row.asDict()
        problems = self.problems.groupBy("type").count().collect()
        totals["errors"] = sum(r["count"] for r in problems if r.type == "error")
        totals["warnings"] = sum(r["count"] for r in problems if r.type == "warning")
        totals["failing"] = self.findings.filter("fails").count()
        return totals

    def exit_status(self, totals=None):
        """As `lifeline check`'s: 2 with input errors, 1 with a finding that fails the gate
        (`fail_on`, `pending`), else 0."""
        totals = totals or self.totals()
        return 2 if totals["errors"] else (1 if totals["failing"] else 0)

    def status(self, totals=None):
        """As the JSON lines summary's `status`: `inputError`, `failed` or `passed`."""
        return {2: "inputError", 1: "failed", 0: "passed"}[self.exit_status(totals)]

    def summary_line(self, totals=None):
        totals = totals or self.totals()

        def plural(count, word, many=None):
            return f"{count} {word if count == 1 else (many or word + 's')}"

        line = (f"checked {plural(totals['traces'], 'trace')} ({plural(totals['launches'], 'launch', 'launches')}, "
                f"{plural(totals['events'], 'event')}) against {plural(totals['rules'], 'rule')} on Spark: "
                f"{plural(totals['error'], 'error')}, {plural(totals['warning'], 'warning')}, "
                f"{totals['info']} info, {totals['pending']} pending")
        if totals["warnings"]:
            line += f"; {plural(totals['warnings'], 'skipped line')} allowed"
        if totals["errors"]:
            line += f"; {plural(totals['errors'], 'input error')}: the check is incomplete"
        return line

    def write(self, out, mode="overwrite"):
        """Writes Parquet under `out`: `violations/` and `launches/` partitioned by app and date,
        `tallies/`, `problems/` and `checks/`."""
        self.findings.write.mode(mode).partitionBy("app", "date").parquet(out.rstrip("/") + "/violations")
        self.launch_summaries().write.mode(mode).partitionBy("app", "date").parquet(out.rstrip("/") + "/launches")
        self.tallies().write.mode(mode).parquet(out.rstrip("/") + "/tallies")
        self.problems.write.mode(mode).parquet(out.rstrip("/") + "/problems")
        self.checks.write.mode(mode).parquet(out.rstrip("/") + "/checks")


def is_connect(spark):
    """Whether `spark` is a Spark Connect session (no SparkContext: files go as artifacts)."""
    return type(spark).__module__.startswith("pyspark.sql.connect")


def ship_package(spark):
    """Makes this package importable in the executors' Python workers (once per session): the
    tasks run its functions, and a cluster's workers may not have it installed (`pip install
    integrations/spark` on them makes this unnecessary, and harmless)."""
    if getattr(spark, "_lifeline_spark_shipped", False):
        return
    package = os.path.dirname(os.path.abspath(__file__))
    # The driver serves the archive to executors from this path for as long as the session lives, so
    # it cannot go when shipping returns; it goes when the driver's interpreter exits.
    directory = tempfile.mkdtemp(prefix="lifeline-spark-py-")
    atexit.register(shutil.rmtree, directory, True)
    archive = os.path.join(directory, "lifeline_spark.zip")
    with zipfile.ZipFile(archive, "w") as bundle:
        for name in sorted(os.listdir(package)):
            if name.endswith(".py"):
                bundle.write(os.path.join(package, name), os.path.join("lifeline_spark", name))
    if is_connect(spark):
        spark.addArtifacts(archive, pyfile=True)
    else:
        spark.sparkContext.addPyFile(archive)
    spark._lifeline_spark_shipped = True


def ship_binary(spark, binary):
    """Distributes a local `lifeline` binary to the executors (they find it with `SparkFiles`),
    unless they run on this machine (local mode, or a local Spark Connect server)."""
    if is_connect(spark):
        if not spark.conf.get("spark.master", "local").startswith("local"):
            spark.addArtifacts(binary, file=True)
    elif not spark.sparkContext.master.startswith("local"):
        spark.sparkContext.addFile(binary)


FAIL_ON = ("error", "warning", "info", "never")
PENDING = ("fail", "report")


def check(spark, paths, lifeline="lifeline", rules=(), partitions=None, allow_skipped_lines=False,
          fail_on="error", pending="report"):
    """Checks the traces `paths` name (local paths or Hadoop filesystem URIs) with the
    `lifeline` binary on the executors; returns a ``CheckResult``.

    `lifeline` is a path on every executor, or a local file shipped to them. `rules` are catalog
    names and `.rules` files or directories, as for `lifeline check --rules`; none means what
    `lifeline check` loads by default (the built-in catalogs and ./rules/*.rules of the driver's working
    directory). `fail_on` and `pending` are the gate, as `lifeline check --fail-on` and `--pending`
    take it: which findings fail the check (each row's `fails`, and so ``CheckResult.exit_status``).
    `partitions` is the number of check tasks (default: twice the default parallelism).
    """
    if fail_on not in FAIL_ON:
        raise ValueError(f"--fail-on: error: '{fail_on}' is not one of {', '.join(FAIL_ON)}")
    if pending not in PENDING:
        raise ValueError(f"--pending: error: '{pending}' is not one of {', '.join(PENDING)}")
    rule_files = RuleFiles(list(rules))
    rule_files.extra += ["--fail-on", fail_on, "--pending", pending]
    if allow_skipped_lines:
        rule_files.extra.append("--allow-skipped-lines")
    binary = lifeline
    if os.path.sep in lifeline or os.path.exists(lifeline):
        binary = os.path.abspath(lifeline)
        ship_binary(spark, binary)
    else:
        binary = shutil.which(lifeline) or lifeline
    listed = tracefiles.list_files(spark, list(paths))
    ship_package(spark)
    checked_at = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    traces = []
    for uri, name, _ in listed:
        base, part = tracefiles.rotation_key(name)
        traces.append((base, part, name, uri))
    count = partitions or max(1, default_parallelism(spark) * 2)
    files = (spark.createDataFrame(traces, "trace string, part bigint, name string, uri string")
             .repartition(count, "trace"))
    rows = files.mapInArrow(check_task(binary, rule_files, checked_at), TASK_SCHEMA)
    return CheckResult(spark, rows, inputs=list(paths))


def default_parallelism(spark):
    """The session's default parallelism, which a Connect client reads from the configuration."""
    if is_connect(spark):
        value = spark.conf.get("spark.default.parallelism", None)
        if value:
            return int(value)
        master = spark.conf.get("spark.master", "local[2]")
        inside = master[master.find("[") + 1:master.find("]")] if "[" in master else "1"
        return os.cpu_count() or 2 if inside == "*" else int(inside) if inside.isdigit() else 2
    return spark.sparkContext.defaultParallelism
