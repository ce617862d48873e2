"""The check on Spark (local[2]) against `lifeline check` on the same files: finding for finding."""

import contextlib
import glob
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import support
from lifeline_spark import check
from lifeline_spark.check import Batch, RuleFiles
from lifeline_spark.check import FINDING_COLUMNS


class SampleTraceTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.spark = support.spark()
        cls.previous = os.getcwd()
        os.chdir(support.REPOSITORY)  # ./rules/*.rules is part of the default rules, as for lifeline check
        cls.result = check(cls.spark, ["traces"], lifeline=support.lifeline(), partitions=3)
        cls.objects, cls.status = support.check_jsonl(["traces"])

    @classmethod
    def tearDownClass(cls):
        os.chdir(cls.previous)

    def test_findings_equal_lifeline_check_on_the_sample_traces(self):
        expected = support.lifeline_findings(self.objects)
        self.assertGreater(len(expected), 5, "the buggy samples have findings")
        self.assertEqual(support.spark_findings(self.result.findings), expected)

    def test_totals_and_exit_status_match(self):
        summary = self.objects[-1]
        totals = self.result.totals()
        for name in ("launches", "events", "error", "warning", "info", "pending", "rules", "traces"):
            self.assertEqual(totals[name], summary[name], name)
        self.assertEqual(self.result.exit_status(totals), self.status)
        self.assertTrue(self.result.summary_line(totals).startswith(
            f"checked {summary['traces']} traces ({summary['launches']} launches, {summary['events']} events)"))

    def test_launch_summaries_count_each_launch_once_with_its_findings(self):
        launches = self.result.launch_summaries().collect()
        self.assertEqual(len(launches), self.objects[-1]["launches"])
        self.assertEqual(sum(row.events for row in launches), self.objects[-1]["events"])
        violations = [o for o in self.objects if o.get("type") == "finding" and o["status"] == "violated"]
        self.assertEqual(sum(row.error for row in launches), sum(o["severity"] == "error" for o in violations))
        for launch in launches:
            expected = [o for o in violations if o.get("launch") == launch.launch]
            self.assertEqual(launch.error, sum(o["severity"] == "error" for o in expected), launch.launch)
            self.assertEqual(launch.warning, sum(o["severity"] == "warning" for o in expected), launch.launch)
        wrong_order = [row for row in launches if row.file == "traces/bug-wrong-order.ndjson"]
        self.assertGreater(sum(row.error for row in wrong_order), 0)
        self.assertEqual({(row.app, row.date, row.device) for row in wrong_order},
                         {("com.example.Notes", "2026-03-02", "iPhone15,2")})

    def test_tallies_count_every_finding_once_per_dimension(self):
        tallies = self.result.tallies().collect()
        findings = self.result.findings.count()
        for dimension in ("os", "device", "app_version"):
            self.assertEqual(sum(row.findings for row in tallies if row.dimension == dimension), findings, dimension)
        ipad = [row for row in tallies if row.dimension == "device" and row.value == "iPad13,4"]
        expected = sum(1 for row in self.result.findings.collect() if row.device == "iPad13,4")
        self.assertEqual(sum(row.findings for row in ipad), expected)

    def test_parquet_is_partitioned_by_app_and_date_with_the_documented_columns(self):
        out = tempfile.mkdtemp(prefix="lifeline-spark-out-")
        try:
            self.result.write(out)
            self.assertTrue(glob.glob(os.path.join(out, "violations", "app=com.example.Notes", "date=2026-03-02",
                                                   "*.parquet")))
            read = self.spark.read.parquet(os.path.join(out, "violations"))
            self.assertEqual(sorted(read.columns), sorted(name for name, _ in FINDING_COLUMNS))
            self.assertEqual(support.spark_findings(read), support.lifeline_findings(self.objects))
            launches = self.spark.read.parquet(os.path.join(out, "launches"))
            self.assertEqual(launches.count(), self.objects[-1]["launches"])
        finally:
            shutil.rmtree(out, ignore_errors=True)


class InputTests(unittest.TestCase):
    """Bad input, rotated parts and rules files: the same verdicts as lifeline check."""

    def setUp(self):
        self.directory = tempfile.mkdtemp(prefix="lifeline-spark-in-")
        self.spark = support.spark()

    def tearDown(self):
        shutil.rmtree(self.directory, ignore_errors=True)

    def write(self, name, text):
        path = os.path.join(self.directory, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        return path

    def compare(self, paths, rules=(), fail_on="error", pending="report"):
        extra = ["--no-local-rules", "--fail-on", fail_on, "--pending", pending]
        extra += [arg for spec in rules for arg in ("--rules", spec)]
        objects, status = support.check_jsonl(paths, cwd=self.directory, extra=extra)
        previous = os.getcwd()
        os.chdir(self.directory)
        try:
            result = check(self.spark, paths, lifeline=support.lifeline(), rules=rules or ("uikit-scene", "uikit-app"),
                           fail_on=fail_on, pending=pending)
            self.assertEqual(support.spark_findings(result.findings), support.lifeline_findings(objects))
            problems = sorted(((p.type, p.file, p.line, p.column, p.message) for p in result.problems.collect()),
                              key=repr)
            expected = sorted(((o["type"], o["file"], o.get("line"), o.get("column"), o["message"])
                               for o in objects if o["type"] in ("error", "warning")), key=repr)
            self.assertEqual(problems, expected)
            totals = result.totals()
            self.assertEqual(result.exit_status(totals), status)
            self.assertEqual(result.status(totals), objects[-1]["status"])
        finally:
            os.chdir(previous)
        return objects

    def test_a_line_that_is_not_a_record_is_the_same_input_error(self):
        sample = open(os.path.join(support.REPOSITORY, "traces", "bug-wrong-order.ndjson"), encoding="utf-8").read()
        self.write("fleet/a.ndjson", sample + "garbage\n")
        self.write("fleet/b.ndjson", "not a trace\n")
        objects = self.compare(["fleet"])
        self.assertEqual(objects[-1]["status"], "inputError")

    def test_rotated_parts_are_checked_after_the_file_they_continue(self):
        lines = open(os.path.join(support.REPOSITORY, "traces", "swipe-kill-relaunch.ndjson"),
                     encoding="utf-8").read().splitlines(keepends=True)
        second = max(i for i, line in enumerate(lines) if '"type":"launch"' in line)
        launch = json.loads(lines[second])
        cut = second + (len(lines) - second) // 2
        continued = dict(launch, part=2)
        self.write("dev/notes.ndjson", "".join(lines[:cut]))
        self.write("dev/notes.2.ndjson", json.dumps(continued, separators=(",", ":")) + "\n" + "".join(lines[cut:]))
        objects = self.compare(["dev"])
        files = {o.get("file") for o in objects if o.get("type") == "finding"}
        self.assertTrue(files, "the relaunch has findings")
        self.assertEqual(objects[-1]["launches"], 2)

    def test_rules_files_are_shipped_to_the_tasks(self):
        self.write("rules/strict.rules", "rule strict.never-background per session: never sceneDidEnterBackground\n")
        shutil.copy(os.path.join(support.REPOSITORY, "traces", "cold-launch.ndjson"),
                    os.path.join(self.directory, "cold.ndjson"))
        shutil.copy(os.path.join(support.REPOSITORY, "traces", "swipe-kill-relaunch.ndjson"),
                    os.path.join(self.directory, "relaunch.ndjson"))
        objects = self.compare(["cold.ndjson", "relaunch.ndjson"], rules=("uikit-scene", "rules/strict.rules"))
        self.assertIn("strict.never-background", {o.get("rule") for o in objects})

    def test_the_gate_decides_which_findings_fail_and_the_exit_status_as_for_lifeline_check(self):
        # A trace with a warning alone, and one cut short inside its launch (an obligation pending).
        shutil.copy(os.path.join(support.REPOSITORY, "traces", "bug-block-background.ndjson"),
                    os.path.join(self.directory, "warning.ndjson"))
        with open(os.path.join(support.REPOSITORY, "traces", "cold-launch.ndjson"), encoding="utf-8") as handle:
            self.write("cut.ndjson", "".join(handle.readlines()[:5]))
        statuses = {}
        for paths, fail_on, pending in ((["warning.ndjson"], "error", "report"), (["warning.ndjson"], "warning", "report"),
                                        (["cut.ndjson"], "warning", "report"), (["cut.ndjson"], "warning", "fail")):
            with self.subTest(paths=paths, fail_on=fail_on, pending=pending):
                objects = self.compare(paths, fail_on=fail_on, pending=pending)
                statuses[(paths[0], fail_on, pending)] = objects[-1]["exitStatus"]
        # The warning fails only at --fail-on warning; the pending warning only with --pending fail too.
        self.assertEqual(statuses, {("warning.ndjson", "error", "report"): 0, ("warning.ndjson", "warning", "report"): 1,
                                    ("cut.ndjson", "warning", "report"): 0, ("cut.ndjson", "warning", "fail"): 1})

    def test_a_gate_that_is_not_lifeline_checks_is_refused(self):
        with self.assertRaisesRegex(ValueError, "--fail-on: error: 'fatal' is not one of"):
            check(self.spark, ["traces"], lifeline=support.lifeline(), fail_on="fatal")

    def test_a_missing_path_is_refused_as_lifeline_check_refuses_it(self):
        with self.assertRaisesRegex(ValueError, "nope: error: no such file or directory"):
            check(self.spark, [os.path.join(self.directory, "nope")], lifeline=support.lifeline())


class LocalNameTests(unittest.TestCase):
    """A task's traces are local copies of files named otherwise (`s3a://…` URIs, another machine's
    paths): every name in its rows is the name as given, never the copy's."""

    def test_findings_name_the_uri_as_given_even_in_launch_keys_made_of_the_file_name(self):
        directory = tempfile.mkdtemp(prefix="lifeline-spark-names-")
        try:
            with open(os.path.join(support.REPOSITORY, "traces", "bug-wrong-order.ndjson"), "rb") as handle:
                sample = handle.read()
            # The same trace with no `launch` identifier in its records: the checker keys its launches FILE:LINE,
            # and says so in its explanations.
            anonymous = b"".join(
                json.dumps({k: v for k, v in json.loads(line).items() if k != "launch"},
                           separators=(",", ":")).encode() + b"\n" if b'"type":"launch"' in line else line
                for line in sample.splitlines(keepends=True))
            uris = ["s3a://ci-traces/2026-11/dev/named.ndjson", "s3a://ci-traces/2026-11/dev/anonymous.ndjson"]
            contents = dict(zip(uris, (sample, anonymous)))
            # The oracle: lifeline check on files whose relative paths are the URIs' text ('s3a:' is a
            # directory, '//' one slash), so it names them exactly so.
            os.makedirs(os.path.join(directory, "s3a:", "ci-traces", "2026-11", "dev"))
            for uri, content in contents.items():
                with open(os.path.join(directory, uri), "wb") as handle:
                    handle.write(content)
            objects, _ = support.check_jsonl(uris, cwd=directory, extra=["--no-local-rules"])
            expected = support.lifeline_findings(objects)
            self.assertTrue(any(key[7] == uris[1] + ":1" for key in expected), "a launch keyed by its file name")

            task = os.path.join(directory, "task")
            os.makedirs(task)
            batch = Batch(task)
            for index, uri in enumerate(uris):
                spooled = os.path.join(task, f"spooled-{index}")
                with open(spooled, "wb") as handle:
                    handle.write(contents[uri])
                batch.add([(uri, spooled)])
            arguments = RuleFiles(["uikit-scene", "uikit-app"]).arguments(task)
            rows = list(batch.check(support.lifeline(), arguments, "2026-11-23T00:00:00Z"))
            findings = [row for tag, row in rows if tag == "finding"]
            actual = sorted((support.finding_key(row, json.loads(row["witnesses"])) for row in findings), key=repr)
            self.assertEqual(actual, expected)
            self.assertEqual({row["file"] for tag, row in rows if tag == "launch"}, set(uris))
            self.assertFalse([row for _, row in rows if task in json.dumps(row)], "a local path leaked into a row")
        finally:
            shutil.rmtree(directory, ignore_errors=True)


class CommandTests(unittest.TestCase):
    """`python -m lifeline_spark`: the entry point once as a process of its own (its JVM, its exit
    status); its other uses through `main` in this process, on the session the tests share (a JVM
    start costs as much as the rest of a small test)."""

    def run_main(self, argv):
        """`main(argv)` in the repository, as the command would run it: its status, standard output and error."""
        from lifeline_spark.__main__ import main

        stdout, stderr = io.StringIO(), io.StringIO()
        previous = os.getcwd()
        os.chdir(support.REPOSITORY)
        try:
            with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
                status = main(argv)
        finally:
            os.chdir(previous)
        return status, stdout.getvalue(), stderr.getvalue()

    def test_the_entry_point_writes_parquet_and_prints_one_summary_line(self):
        out = tempfile.mkdtemp(prefix="lifeline-spark-cli-")
        scratch = tempfile.mkdtemp(prefix="lifeline-spark-tmp-")
        try:
            environment = dict(os.environ, PYTHONPATH=os.path.join(support.REPOSITORY, "integrations", "spark"),
                               TMPDIR=scratch)
            process = subprocess.run(
                [sys.executable, "-m", "lifeline_spark", "check", "traces/bug-wrong-order.ndjson", "traces/cold-launch.ndjson",
                 "--out", out, "--lifeline", support.lifeline(), "--master", "local[1]"],
                cwd=support.REPOSITORY, env=environment, capture_output=True, text=True)
            self.assertEqual(process.returncode, 1, process.stderr)
            lines = process.stdout.strip().splitlines()
            self.assertEqual(len(lines), 1, process.stdout)
            self.assertRegex(lines[0], r"^checked 2 traces \(3 launches, \d+ events\) against \d+ rules on Spark: [1-9]")
            self.assertTrue(glob.glob(os.path.join(out, "violations", "app=com.example.Notes", "date=*", "*.parquet")))
            # Nothing is left behind: the tasks' scratch directories (their copies of the binary and of
            # remote traces) went with the tasks, the package archive shipped to the executors once the
            # driver exited.
            self.assertEqual(glob.glob(os.path.join(scratch, "lifeline-*")), [])
            # The gate is lifeline check's: with --fail-on never the same errors fail nothing.
            status, stdout, stderr = self.run_main(
                ["check", "traces/bug-wrong-order.ndjson", "--out", out, "--lifeline", support.lifeline(),
                 "--fail-on", "never"])
            self.assertEqual(status, 0, stderr)
            self.assertRegex(stdout, r"^checked 1 trace \(2 launches, \d+ events\) against \d+ rules on Spark: [1-9]\d* error")
            # main leaves a session it did not start running.
            self.assertEqual(support.spark().range(3).count(), 3)
        finally:
            shutil.rmtree(out, ignore_errors=True)
            shutil.rmtree(scratch, ignore_errors=True)

    def test_the_query_command_runs_a_saved_query_and_refuses_one_it_cannot_translate(self):
        status, stdout, stderr = self.run_main(
            ["query", "traces/", "--lifeline", support.lifeline(), "--query", "queries/time-to-active.sql"])
        self.assertEqual(status, 0, stderr)
        self.assertIn("time_to_active_ms", stdout)
        self.assertIn("traces/cold-launch.ndjson", stdout)
        # Refused before Spark starts, by the command as a process of its own: two statements, one of
        # them SQLite's own pragma.
        environment = dict(os.environ, PYTHONPATH=os.path.join(support.REPOSITORY, "integrations", "spark"))
        directory = tempfile.mkdtemp(prefix="lifeline-spark-query-")
        try:
            query = os.path.join(directory, "two.sql")
            with open(query, "w", encoding="utf-8") as handle:
                handle.write("SELECT 1;\nSELECT 2;\n")
            refused = subprocess.run(
                [sys.executable, "-m", "lifeline_spark", "query", "traces/", "--lifeline", support.lifeline(),
                 "--query", query], cwd=support.REPOSITORY, env=environment, capture_output=True, text=True)
        finally:
            shutil.rmtree(directory, ignore_errors=True)
        self.assertEqual(refused.returncode, 2)
        self.assertEqual(refused.stderr, f"{query}: error: cannot run on Spark SQL: sqlglot: 2 statements; a saved query is one\n")
        self.assertEqual(refused.stdout, "")


if __name__ == "__main__":
    unittest.main()
