"""The saved queries on Spark SQL views over raw traces against SQLite on `lifeline import`'s
database of the same files: row for row, in order, floats within FLOAT_TOLERANCE."""

import json
import math
import os
import shutil
import sqlite3
import subprocess
import tempfile
import unittest

import support
from lifeline_spark import check
from lifeline_spark.queries import NOT_TRANSLATED, saved_queries, transpile
from lifeline_spark.views import register_views

# Floats (ROUND(x / 1e6, 1) and the like) may differ in their last bits between SQLite's and the
# JVM's arithmetic; they are equal when within this, relative or absolute.
FLOAT_TOLERANCE = 1e-9


# Every row of the store's relations, in a total order, compared as the saved queries are.
RELATIONS = {
    "relation event": "SELECT * FROM event ORDER BY id",
    "relation event_raw (v5 columns)": "SELECT id, phase, since_launch_ns, state, pair_id FROM event_raw ORDER BY id",
    "relation span": "SELECT * FROM span ORDER BY launch_id, begin_seq",
    "relation timeline": "SELECT * FROM timeline ORDER BY id",
    "relation launch_summary": "SELECT * FROM launch_summary ORDER BY id",
    "relation launch": "SELECT * FROM launch ORDER BY id",
    "relation event_raw (ids)": "SELECT id, launch_id, name_id, session_id, scene_id, thread_id, file_id, line FROM event_raw ORDER BY id",
    "relation string": "SELECT * FROM string ORDER BY id",
    "relation trace_file": "SELECT id, path, content_hash, size, line_count, launch_count, event_count, malformed_count, "
                           "dropped_count, warning_count FROM trace_file ORDER BY id",
    "relation launch_anatomy": "SELECT * FROM launch_anatomy ORDER BY launch_id",
    "relation launch_phase": "SELECT * FROM launch_phase ORDER BY launch_id, ordinal",
    "relation launch_resume": "SELECT * FROM launch_resume ORDER BY launch_id, ordinal",
}


def same(left, right):
    if isinstance(left, float) or isinstance(right, float):
        if left is None or right is None:
            return left is right
        return math.isclose(float(left), float(right), rel_tol=FLOAT_TOLERANCE, abs_tol=FLOAT_TOLERANCE)
    if isinstance(left, bool) or isinstance(right, bool):
        return int(left) == int(right)
    return left == right


def in_order(left, right):
    return len(left) == len(right) and all(
        len(a) == len(b) and all(same(x, y) for x, y in zip(a, b)) for a, b in zip(left, right))


def sort_key(row):
    return tuple((value is None, repr(round(value, 6) if isinstance(value, float) else value)) for value in row)


def same_rows(left, right):
    """Row for row, in order; rows that tie on a query's ORDER BY (slowest-callbacks.sql ranks two
    spans of equal duration) may come in either order on either engine, so when the order alone
    differs, the two results must still be the same rows."""
    if left is None or right is None:
        return False
    return in_order(left, right) or in_order(sorted(left, key=sort_key), sorted(right, key=sort_key))


def sqlite_rows(database, sql):
    with sqlite3.connect(database) as connection:
        return [tuple(row) for row in connection.execute(sql).fetchall()]


def spark_rows(spark, sql):
    return [tuple(row) for row in spark.sql(sql).collect()]


class SavedQueryTests(unittest.TestCase):
    """Every saved query either runs on Spark with SQLite's rows, or is listed in NOT_TRANSLATED
    with its reason, and then really does not (so the list cannot go stale)."""

    @classmethod
    def compare_all(cls, paths, directory):
        database = os.path.join(directory, "lifeline.db")
        files = sorted(paths)
        subprocess.run([support.lifeline(), "import", *files, "--db", database], cwd=support.REPOSITORY,
                       check=True, capture_output=True)
        subprocess.run([support.lifeline(), "check", database, "--no-local-rules"], cwd=support.REPOSITORY,
                       capture_output=True)
        spark = support.spark()
        previous = os.getcwd()
        os.chdir(support.REPOSITORY)
        try:
            result = check(spark, files, lifeline=support.lifeline(), rules=("uikit-scene", "uikit-app"))
            register_views(spark, files, lifeline=support.lifeline(), violations=result.findings)
        finally:
            os.chdir(previous)
        outcomes = {}
        # The relations themselves, whole: the store's views as translated, and event_raw's derived columns.
        for name, sql in RELATIONS.items():
            try:
                outcomes[name] = (sqlite_rows(database, sql), spark_rows(spark, transpile(sql)), None)
            except Exception as error:
                outcomes[name] = (sqlite_rows(database, sql), None, str(error).splitlines()[0])
        for name, translation in saved_queries(os.path.join(support.REPOSITORY, "queries")).items():
            expected = sqlite_rows(database, translation.sqlite)
            # Every query is run as sqlglot translates it, listed or not, so the list is checked too.
            try:
                outcomes[name] = (expected, spark_rows(spark, transpile(translation.sqlite)), None)
            except Exception as error:  # Spark's parser or analyzer refuses it
                outcomes[name] = (expected, None, str(error).splitlines()[0])
        return outcomes, database

    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.mkdtemp(prefix="lifeline-spark-sql-")
        traces = os.path.join(support.REPOSITORY, "traces")
        paths = [os.path.join("traces", name) for name in os.listdir(traces) if name.endswith(".ndjson")]
        cls.outcomes, cls.database = cls.compare_all(paths, cls.directory)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.directory, ignore_errors=True)

    def test_translated_queries_give_sqlite_rows_row_for_row(self):
        translated = [name for name in self.outcomes if name not in NOT_TRANSLATED]
        # Floors, so the list of untranslated queries cannot grow unnoticed: every saved query, and the
        # relations compared whole.
        saved = [name for name in self.outcomes if name.endswith(".sql")]
        self.assertGreaterEqual(len(saved), 17)
        self.assertEqual(len([name for name in translated if name.endswith(".sql")]), len(saved))
        self.assertEqual(len([name for name in translated if name in RELATIONS]), len(RELATIONS))
        self.assertGreaterEqual(sum(1 for name in translated if self.outcomes[name][0]), 4, "most have rows")
        for name in translated:
            expected, actual, error = self.outcomes[name]
            with self.subTest(query=name):
                self.assertIsNone(error, name)
                self.assertTrue(same_rows(actual, expected), f"{name}:\nspark  {actual[:5]}\nsqlite {expected[:5]}")

    def test_every_query_not_translated_is_listed_with_a_reason_and_really_does_not_carry_over(self):
        for name, reason in NOT_TRANSLATED.items():
            expected, actual, error = self.outcomes[name]
            with self.subTest(query=name):
                self.assertTrue(reason)
                self.assertTrue(error is not None or not same_rows(actual, expected),
                                f"{name} carries over after all: remove it from NOT_TRANSLATED")


class RotatedPartsTests(unittest.TestCase):
    """A launch rotated files continue: the importer derives its anatomy over the parts of it already
    imported, so the views import a trace's parts in one task even when every file could have a task
    of its own; every relation, the anatomy's included, is still SQLite's."""

    def test_relations_equal_sqlite_with_a_task_a_file(self):
        directory = tempfile.mkdtemp(prefix="lifeline-spark-rotated-")
        try:
            files = []
            for source in ("cold-launch.ndjson", "memory-pressure.ndjson", "ipad-multiwindow.ndjson"):
                with open(os.path.join(support.REPOSITORY, "traces", source), encoding="utf-8") as handle:
                    lines = handle.read().splitlines(keepends=True)
                # The first launch in three parts, as the recorder rotates a file: each part opens with
                # the launch record and its part number.
                starts = [index for index, line in enumerate(lines) if '"type":"launch"' in line] + [len(lines)]
                first, end = starts[0], starts[1]
                cuts = [first, first + 1 + (end - first - 1) // 3, first + 1 + 2 * (end - first - 1) // 3, len(lines)]
                record = json.loads(lines[first])
                stem = os.path.join(directory, source[:-len(".ndjson")])
                for part in (1, 2, 3):
                    head = "" if part == 1 else json.dumps(dict(record, part=part), separators=(",", ":")) + "\n"
                    path = f"{stem}.ndjson" if part == 1 else f"{stem}.{part}.ndjson"
                    with open(path, "w", encoding="utf-8") as handle:
                        handle.write(head + "".join(lines[cuts[part - 1]:cuts[part]]))
                    files.append(path)
            files.sort()
            database = os.path.join(directory, "lifeline.db")
            subprocess.run([support.lifeline(), "import", *files, "--db", database], check=True, capture_output=True)
            spark = support.spark()
            register_views(spark, files, lifeline=support.lifeline(), partitions=len(files))
            self.assertGreater(len(sqlite_rows(database, RELATIONS["relation launch_resume"])), 0, "resumes")
            for name, sql in RELATIONS.items():
                with self.subTest(relation=name):
                    expected, actual = sqlite_rows(database, sql), spark_rows(spark, transpile(sql))
                    self.assertTrue(same_rows(actual, expected), f"{name}:\nspark  {actual[:5]}\nsqlite {expected[:5]}")
        finally:
            shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
