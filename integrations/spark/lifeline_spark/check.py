"""Checking traces on Spark with the real `lifeline check`.

Each trace file goes whole, with its rotated parts, to one task; files are partitioned by the
(app, device) of their first launch record, so a device's traces are checked in one task, in
the order they started. A task writes its partition's traces to a local directory, runs one
`lifeline check FILE... --names NAMES --format jsonl` over them (a process and a loading of the
rules a task, not a trace) and turns the JSON lines (docs/rules.md, "JSON lines") into rows;
`--names` names each local copy as the user gave it (a path or a URI), so the findings are the
checker's own on the original files, finding for finding.
"""

import atexit
import datetime
import json
import os
import posixpath
import shutil
import stat
import subprocess
import tempfile
import zipfile

from . import traces as tracefiles

FINDING_COLUMNS = [
    ("rule", "string"), ("severity", "string"), ("status", "string"), ("fails", "boolean"),
    ("message", "string"), ("explanation", "string"), ("reference", "string"),
    ("launch", "string"), ("session", "string"), ("scene", "string"),
    ("file", "string"), ("line", "bigint"), ("seq", "bigint"), ("event", "string"),
    ("witnesses", "string"), ("checked_at", "string"),
    ("device", "string"), ("os", "string"), ("platform", "string"), ("app_version", "string"),
    ("started", "string"), ("app", "string"), ("date", "string"),
]
LAUNCH_COLUMNS = [
    ("launch", "string"), ("file", "string"), ("line", "bigint"), ("lifecycle", "string"),
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
    try:
        moment = datetime.datetime.fromisoformat(started.replace("Z", "+00:00"))
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
            # What `lifeline check` loads with no --rules: both catalogs and ./rules/*.rules.
            specs = ["uikit-scene", "uikit-app"]
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


def executable(path):
    """`path`, made executable if a file distribution dropped its mode bits."""
    if not os.access(path, os.X_OK):
        copy = os.path.join(tempfile.mkdtemp(prefix="lifeline-bin-"), os.path.basename(path))
        shutil.copy(path, copy)
        os.chmod(copy, os.stat(copy).st_mode | stat.S_IXUSR)
        return copy
    return path


def scan_launches(label, content):
    """The launches of a trace as the checker keys them (its `launch` identifier, else
    `label:line`), with their record's facts and event count, in file order."""
    launches = []
    current = None
    for number, raw in enumerate(content.split(b"\n"), start=1):
        line = raw.strip()
        if not line:
            continue
        if b'"launch"' in line and b'"lifeline"' in line:
            try:
                record = json.loads(line)
            except ValueError:
                record = None
            if isinstance(record, dict) and record.get("type") == "launch":
                identifier = record.get("launch") if isinstance(record.get("launch"), str) else None
                part = record.get("part")
                if isinstance(part, int) and part > 1 and current and identifier and current["launch"] == identifier:
                    continue  # a rotated part continues the launch
                facts = tracefiles.launch_facts(record)
                lifecycle = record.get("lifecycle")
                current = dict(facts, launch=identifier or f"{label}:{number}", line=number, events=0,
                               lifecycle=lifecycle if isinstance(lifecycle, str) else None)
                launches.append(current)
                continue
        if current is not None:
            current["events"] += 1
    return launches


class Trace:
    """One trace as the user named it: a file and its rotated parts in part order, with its
    launches (``scan_launches`` over the parts concatenated, each launch located in its part)."""

    def __init__(self, parts):
        self.name = parts[0][0]
        self.parts = []
        chunks, offset = [], 0
        for name, content in parts:
            if chunks and not chunks[-1].endswith(b"\n"):
                chunks.append(b"\n")
            lines = tracefiles.count_lines(content)
            self.parts.append((name, offset, lines))
            chunks.append(content)
            offset += lines
        self.launches = scan_launches(self.name, b"".join(chunks))
        self._by_key = {launch["launch"]: launch for launch in self.launches}

    def locate(self, file, line):
        """(`file`, `line`) in the part that holds the concatenated line."""
        if file != self.name or line is None or len(self.parts) == 1:
            return file, line
        for name, offset, lines in self.parts:
            if offset < line <= offset + lines:
                return name, line - offset
        return file, line

    def launch(self, key):
        """The launch the checker keys `key`, else the first (a `per trace` finding names none)."""
        return self._by_key.get(key) or (self.launches[0] if self.launches else None)


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


def check_partition(records, binary, rules, checked_at):
    """A task: every trace of the partition's (app, device) groups, in start order, written to a
    local directory as the records come (the task holds one file in memory at a time) and checked
    by one `lifeline check` (several when the names would not fit one command line); yields tagged
    rows (`finding`, `launch`, `problem`, `check`)."""
    from pyspark import SparkFiles

    directory = tempfile.mkdtemp(prefix="lifeline-spark-")
    try:
        spool = os.path.join(directory, "spool")
        os.mkdir(spool)
        groups = {}
        for index, (key, (started, name, content)) in enumerate(records):
            path = os.path.join(spool, str(index))
            with open(path, "wb") as handle:
                handle.write(content)
            del content
            base, part = tracefiles.rotation_key(name)
            groups.setdefault(key, {}).setdefault(base, []).append((part, started or "", name, path))
        if not groups:
            return
        path = binary if os.path.isabs(binary) and os.path.exists(binary) else SparkFiles.get(os.path.basename(binary))
        path = executable(path)
        check_arguments = rules.arguments(directory)
        batch = Batch(directory)
        for key in sorted(groups, key=lambda k: tuple(x or "" for x in k)):
            files = groups[key]
            # The device's traces in the order they started (the first part's launch record), then by name.
            parts_of = {base: sorted(files[base], key=lambda p: (p[0], p[2])) for base in files}
            for base in sorted(parts_of, key=lambda b: (parts_of[b][0][1], b)):
                local = sum(len(directory) + len(posixpath.basename(p[2])) + 32 for p in parts_of[base])
                if batch.size and batch.size + local > ARGUMENT_BUDGET:
                    yield from batch.check(path, check_arguments, checked_at)
                    batch = Batch(directory)
                batch.add([(p[2], p[3]) for p in parts_of[base]])
        if batch.size:
            yield from batch.check(path, check_arguments, checked_at)
    finally:
        shutil.rmtree(directory, ignore_errors=True)


class Batch:
    """Traces written to a task's local directory for one `lifeline check` run: each in its own
    directory, its parts under their own base names (so the checker orders a rotated part after
    the file it continues, as it does for the original files), and a `--names` file that names
    each local copy as the user gave it (a path or URI): the checker's findings, launch keys and
    diagnostics then name the originals, to the letter."""

    def __init__(self, root):
        self.root = root
        self.traces = []
        self.given = {}  # local path -> the name as given
        self.trace_of = {}  # given name -> its Trace
        self.size = 0

    def add(self, parts):
        """Adds one trace: its parts in order, each (name as given, a local file of its bytes),
        which is moved into the batch's directory under the part's own base name."""
        folder = tempfile.mkdtemp(prefix=f"{len(self.traces)}-", dir=self.root)
        contents = []
        for name, source in parts:
            local = os.path.join(folder, posixpath.basename(name.rstrip("/")) or "trace.ndjson")
            os.replace(source, local)
            with open(local, "rb") as handle:
                contents.append((name, handle.read()))
            self.given[local] = name
            self.size += len(local) + 1
        trace = Trace(contents)
        for name, _ in parts:
            self.trace_of[name] = trace
        self.traces.append(trace)

    def check(self, binary, check_arguments, checked_at):
        for trace in self.traces:
            yield from launch_rows(trace)
        names = tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".json", dir=self.root, delete=False)
        with names:
            json.dump(self.given, names, ensure_ascii=False)
        local_paths = list(self.given)
        items = run_check(binary, local_paths, ["--names", names.name, *check_arguments], self.root)
        if items[-1].get("events") == 0:
            # A check of no events ends its errors with one for each input (every file here exists),
            # saying so; for a task of many, that verdict belongs to the whole job (CheckResult adds it
            # when no task had events), not to the task.
            errors = [index for index, item in enumerate(items) if item.get("type") == "error"]
            for index in reversed(errors[-len(local_paths):]):
                del items[index]
        for item in items:
            kind = item.get("type")
            if kind == "finding":
                yield ("finding", self.finding_row(item, checked_at))
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

    def finding_row(self, item, checked_at):
        trace = self.trace_of.get(item.get("file"))
        launch = trace.launch(item.get("launch")) if trace else None
        launch = launch or dict(tracefiles.launch_facts(None))
        return {
            "rule": item["rule"], "severity": item["severity"], "status": item["status"],
            "fails": item["fails"], "message": item["message"], "explanation": item["explanation"],
            "reference": item.get("reference"), "launch": item.get("launch"), "session": item.get("session"),
            "scene": item.get("scene"), "file": item.get("file"), "line": item.get("line"), "seq": item.get("seq"),
            "event": item.get("event"),
            "witnesses": json.dumps(item.get("events", []), sort_keys=True, separators=(",", ":"), ensure_ascii=False),
            "checked_at": checked_at, "device": launch["device"], "os": launch["os"],
            "platform": launch["platform"], "app_version": launch["app_version"], "started": launch["started"],
            "app": launch["app"], "date": utc_date(launch["started"]),
        }


def launch_rows(trace):
    for launch in trace.launches:
        file, line = trace.locate(trace.name, launch["line"])
        yield ("launch", {
            "launch": launch["launch"], "file": file, "line": line, "lifecycle": launch["lifecycle"],
            "device": launch["device"], "os": launch["os"], "platform": launch["platform"],
            "app_version": launch["app_version"], "started": launch["started"], "events": launch["events"],
            "app": launch["app"], "date": utc_date(launch["started"]),
        })


def keyed_files(row):
    content = bytes(row.content)
    record = tracefiles.first_launch(content)
    facts = tracefiles.launch_facts(record)
    return (facts["app"], facts["device"]), (facts["started"], row.file, content)


class CheckResult:
    """What a check on Spark produced: DataFrames of the findings (`findings`, the `violation`
    table's columns plus the launch facts), the launches (`launches`), the input problems
    (`problems`) and the summary of each `lifeline check` run the tasks made (`checks`)."""

    def __init__(self, spark, rows, inputs=()):
        self.spark = spark
        rows = rows.cache()
        self._rows = rows

        def frame(tag, columns):
            names = [name for name, _ in columns]
            data = rows.filter(lambda row: row[0] == tag).map(lambda row: tuple(row[1].get(n) for n in names))
            return spark.createDataFrame(data, schema(columns))

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

        counts = self.findings.groupBy("file", "launch").agg(
            *[F.sum(F.when((F.col("status") == "violated") & (F.col("severity") == s), 1).otherwise(0)).alias(s)
              for s in ("error", "warning", "info")],
            F.sum(F.when(F.col("status") == "pending", 1).otherwise(0)).alias("pending"))
        joined = self.launches.join(counts, ["file", "launch"], "left")
        return joined.fillna(0, ["error", "warning", "info", "pending"])

    def tallies(self):
        """Findings per rule by OS version, device model and app version, in one frame:
        `dimension` (`os`, `device` or `app_version`), `value`, `rule`, `severity`, `status`,
        `findings`, `launches` (distinct), `devices`... computed with one GROUPING SETS query."""
        self.findings.createOrReplaceTempView("lifeline_findings")
        return self.spark.sql("""
            SELECT CASE WHEN GROUPING(os) = 0 THEN 'os'
                        WHEN GROUPING(device) = 0 THEN 'device' ELSE 'app_version' END AS dimension,
                   COALESCE(os, device, app_version) AS value,
                   rule, severity, status,
                   COUNT(*) AS findings,
                   COUNT(DISTINCT file, launch) AS launches
            FROM lifeline_findings
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


def ship_package(spark):
    """Makes this package importable in the executors' Python workers (once per context): the
    tasks run its functions, and a cluster's workers do not have it installed."""
    context = spark.sparkContext
    if getattr(context, "_lifeline_spark_shipped", False):
        return
    package = os.path.dirname(os.path.abspath(__file__))
    # The driver serves the archive to executors from this path for as long as the context lives, so
    # it cannot go when `addPyFile` returns; it goes when the driver's interpreter exits.
    directory = tempfile.mkdtemp(prefix="lifeline-spark-py-")
    atexit.register(shutil.rmtree, directory, True)
    archive = os.path.join(directory, "lifeline_spark.zip")
    with zipfile.ZipFile(archive, "w") as bundle:
        for name in sorted(os.listdir(package)):
            if name.endswith(".py"):
                bundle.write(os.path.join(package, name), os.path.join("lifeline_spark", name))
    context.addPyFile(archive)
    context._lifeline_spark_shipped = True


FAIL_ON = ("error", "warning", "info", "never")
PENDING = ("fail", "report")


def check(spark, paths, lifeline="lifeline", rules=(), partitions=None, allow_skipped_lines=False,
          fail_on="error", pending="report"):
    """Checks the traces `paths` name (local paths or Hadoop filesystem URIs) with the
    `lifeline` binary on the executors; returns a ``CheckResult``.

    `lifeline` is a path on every executor, or a local file shipped to them with
    `SparkContext.addFile`. `rules` are catalog names and `.rules` files or directories, as for
    `lifeline check --rules`; none means what `lifeline check` loads by default (both catalogs and
    ./rules/*.rules of the driver's working directory). `fail_on` and `pending` are the gate, as
    `lifeline check --fail-on` and `--pending` take it: which findings fail the check (each row's
    `fails`, and so ``CheckResult.exit_status``).
    """
    if fail_on not in FAIL_ON:
        raise ValueError(f"--fail-on: error: '{fail_on}' is not one of {', '.join(FAIL_ON)}")
    if pending not in PENDING:
        raise ValueError(f"--pending: error: '{pending}' is not one of {', '.join(PENDING)}")
    rule_files = RuleFiles(list(rules))
    rule_files.extra += ["--fail-on", fail_on, "--pending", pending]
    binary = lifeline
    if os.path.sep in lifeline or os.path.exists(lifeline):
        binary = os.path.abspath(lifeline)
        if not spark.sparkContext.master.startswith("local"):
            spark.sparkContext.addFile(binary)  # local mode's executors share this machine's files
    else:
        binary = shutil.which(lifeline) or lifeline
    ship_package(spark)
    files = tracefiles.load_files(spark, list(paths))
    checked_at = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    keyed = files.rdd.map(keyed_files)
    count = partitions or max(1, spark.sparkContext.defaultParallelism * 2)
    partitioned = keyed.partitionBy(count)
    if allow_skipped_lines:
        rule_files.extra.append("--allow-skipped-lines")
    rows = partitioned.mapPartitions(lambda records: check_partition(records, binary, rule_files, checked_at))
    return CheckResult(spark, rows, inputs=list(paths))
