"""A generated fleet of 1,000 traces: the check on Spark equals `lifeline check` finding for
finding (the one test that needs the whole fleet), and the translated saved queries equal SQLite's
rows on a part of it that holds every scenario on every device model."""

import os
import shutil
import tempfile
import unittest
from collections import Counter

import fleet
import support
import test_queries
from lifeline_spark import check
from lifeline_spark.queries import NOT_TRANSLATED

FLEET_SIZE = int(os.environ.get("LIFELINE_SPARK_FLEET", "1000"))
# The saved queries read the relations, not the checker: the fleet's first traces, each scenario
# on each device model (and so every OS version, app and app version), say as much as all of them,
# for a tenth of the import, the views and the queries.
QUERY_FLEET_SIZE = len(fleet.DEVICES) * len(fleet.scenarios(support.REPOSITORY))


class FleetTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.mkdtemp(prefix="lifeline-spark-fleet-")
        cls.root = os.path.join(cls.directory, "fleet")
        cls.paths = fleet.generate(support.lifeline(), support.REPOSITORY, cls.root, count=FLEET_SIZE)
        cls.objects, cls.status = support.check_jsonl([cls.root], cwd=cls.directory, extra=["--no-local-rules"])
        previous = os.getcwd()
        os.chdir(cls.directory)
        try:
            cls.result = check(support.spark(), [cls.root], lifeline=support.lifeline(),
                               rules=("uikit-scene", "uikit-app"))
        finally:
            os.chdir(previous)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.directory, ignore_errors=True)

    def test_the_fleet_is_what_the_test_says(self):
        summary = self.objects[-1]
        self.assertGreaterEqual(summary["traces"], 1000 if FLEET_SIZE >= 1000 else FLEET_SIZE)
        self.assertGreater(summary["launches"], summary["traces"], "traces with several launches")
        devices = {path.split(os.sep)[-2] for path in self.paths}
        self.assertGreaterEqual(len(devices), 6)
        findings = [o for o in self.objects if o.get("type") == "finding"]
        rules = Counter(o["rule"] for o in findings)
        self.assertGreaterEqual(len(rules), 5, rules)
        # Cross-launch cases: a session swiped away in one launch is reported discarded at the next.
        reported_later = 0
        for path in self.paths:
            with open(path, encoding="utf-8") as handle:
                launches = handle.read().split('"type":"launch"')
            if len(launches) > 2 and any("didDiscardSceneSessions" in launch for launch in launches[2:]):
                reported_later += 1
        self.assertGreaterEqual(reported_later, 50)

    def test_findings_equal_lifeline_check_finding_for_finding(self):
        expected = support.lifeline_findings(self.objects)
        self.assertGreater(len(expected), 500)
        self.assertEqual(support.spark_findings(self.result.findings), expected)
        totals = self.result.totals()
        for name in ("traces", "launches", "events", "error", "warning", "info", "pending"):
            self.assertEqual(totals[name], self.objects[-1][name], name)
        self.assertEqual(self.result.exit_status(totals), self.status)

    def test_tallies_split_the_fleet_by_os_device_and_app_version(self):
        tallies = self.result.tallies().collect()
        values = {(row.dimension, row.value) for row in tallies}
        self.assertTrue({("os", "17.5"), ("os", "18.1"), ("os", "16.7")} <= values, values)
        self.assertTrue({("app_version", "3.2"), ("app_version", "3.1"), ("app_version", "1.9")} <= values)
        findings = [o for o in self.objects if o.get("type") == "finding"]
        for dimension in ("os", "device", "app_version"):
            self.assertEqual(sum(row.findings for row in tallies if row.dimension == dimension), len(findings))

    def test_saved_queries_equal_sqlite_on_the_fleet(self):
        part = [path for path in self.paths if int(os.path.basename(path)[:4]) < QUERY_FLEET_SIZE]
        self.assertEqual(len(part), min(QUERY_FLEET_SIZE, FLEET_SIZE))
        self.assertEqual(len({path.split(os.sep)[-2] for path in part}), len(fleet.DEVICES))
        relative = [os.path.relpath(path, support.REPOSITORY) for path in part]
        outcomes, _ = test_queries.SavedQueryTests.compare_all(relative, self.directory)
        for name, (expected, actual, error) in outcomes.items():
            if name in NOT_TRANSLATED:
                continue
            with self.subTest(query=name):
                self.assertIsNone(error)
                self.assertTrue(test_queries.same_rows(actual, expected), f"{name}: {actual[:3]} vs {expected[:3]}")


if __name__ == "__main__":
    unittest.main()
