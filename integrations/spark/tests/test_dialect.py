"""The translator's transforms for SQLite's meaning on edge values: each SQLite statement and its
translation run on the same rows, in SQLite and in Spark, and give the same values."""

import json
import sqlite3
import unittest

import support
from lifeline_spark.queries import transpile

# JSON values of an attribute `p` (and of `a.b`), the text of the `attrs` column; None: no such key.
JSON_VALUES = [True, False, 0, 1, "1", "0", "true", "false", None, "missing", 0.5, "0.5", -1, "-1", "+1", ".5", "5.",
               " 2 apples", "abc", "", "0x10", "1e3", 1e-300, 0.0, {"x": 1}, [1], [], "NaN", "Infinity"]


def _attrs(value):
    if value == "missing":
        return json.dumps({"q": 1})
    return json.dumps({"p": value, "a": {"b": value}}, separators=(",", ":"))


def sqlite_rows(setup, sql):
    connection = sqlite3.connect(":memory:")
    try:
        connection.executescript(setup)
        return [tuple(row) for row in connection.execute(sql).fetchall()]
    finally:
        connection.close()


class JSONTruthTests(unittest.TestCase):
    """`json_extract(attrs, '$.p')` as a condition: SQLite's truth of what it gives, for every kind of JSON value."""

    def test_json_values_as_conditions_are_sqlites_truth(self):
        rows = [(index, _attrs(value)) for index, value in enumerate(JSON_VALUES)]
        setup = "CREATE TABLE t (id INTEGER, attrs TEXT);" + "".join(
            f"INSERT INTO t VALUES ({index}, '{attrs}');" for index, attrs in rows)
        sql = """SELECT id,
                        CASE WHEN json_extract(attrs, '$.p') THEN 'true'
                             WHEN NOT json_extract(attrs, '$.p') THEN 'false' ELSE 'neither' END AS truth,
                        CASE WHEN id >= 0 AND (json_extract(attrs, '$.a.b')) THEN 1 ELSE 0 END AS nested,
                        (SELECT COUNT(*) FROM t u WHERE u.id = t.id AND json_extract(u.attrs, '$.p')) AS filtered
                 FROM t ORDER BY id"""
        expected = sqlite_rows(setup, sql)
        spark = support.spark()
        spark.createDataFrame(rows, "id INT, attrs STRING").createOrReplaceTempView("t")
        actual = [tuple(row) for row in spark.sql(transpile(sql)).collect()]
        by_value = {repr(JSON_VALUES[row[0]]): row[1:] for row in expected}
        # What SQLite says, spelled out for the values the brief names: JSON true and "1" are true, false and 0
        # are false, a string "true" is false (its text has no leading number), null and a missing key neither.
        self.assertEqual(by_value["True"][0], "true")
        self.assertEqual(by_value["'1'"][0], "true")
        self.assertEqual(by_value["False"][0], "false")
        self.assertEqual(by_value["0"][0], "false")
        self.assertEqual(by_value["'true'"][0], "false")
        self.assertEqual(by_value["None"][0], "neither")
        self.assertEqual(by_value["'missing'"][0], "neither")
        self.assertEqual(by_value["' 2 apples'"][0], "true")
        for want, got in zip(expected, actual):
            with self.subTest(value=JSON_VALUES[want[0]]):
                self.assertEqual(got, want)
        self.assertEqual(len(actual), len(expected))

    def test_a_json_value_compared_or_selected_is_left_to_get_json_object(self):
        sql = transpile("SELECT json_extract(attrs, '$.p') = 'x' AS same, json_extract(attrs, '$.p') AS value FROM t")
        self.assertNotIn("FROM_JSON", sql)


class OrderedGroupConcatTests(unittest.TestCase):
    """`group_concat` over an ordered subquery: the values in the subquery's order, NULLs left out,
    NULL when nothing (or nothing but NULL) is there, the separator as given or SQLite's `,`."""

    SETUP = """CREATE TABLE owner (id INTEGER);
               INSERT INTO owner VALUES (1), (2), (3), (4);
               CREATE TABLE u (owner_id INTEGER, k INTEGER, v TEXT);
               INSERT INTO u VALUES (1, 30, 'c'), (1, 10, 'a'), (1, 20, NULL), (1, 25, 'b'), (1, -5, 'z'),
                                    (2, 1, NULL), (2, 2, NULL), (4, 7, 'y'), (4, 7, 'x'), (4, 1, 'w');"""

    def run_both(self, sql):
        expected = sqlite_rows(self.SETUP, sql)
        spark = support.spark()
        spark.createDataFrame([(1,), (2,), (3,), (4,)], "id INT").createOrReplaceTempView("owner")
        spark.createDataFrame([(1, 30, "c"), (1, 10, "a"), (1, 20, None), (1, 25, "b"), (1, -5, "z"), (2, 1, None),
                               (2, 2, None), (4, 7, "y"), (4, 7, "x"), (4, 1, "w")],
                              "owner_id INT, k INT, v STRING").createOrReplaceTempView("u")
        return expected, [tuple(row) for row in spark.sql(transpile(sql)).collect()]

    def test_values_come_in_the_subquerys_order_with_sqlites_nulls_and_separators(self):
        sql = """SELECT o.id,
                        (SELECT group_concat(v, ' | ') FROM (SELECT u.v FROM u WHERE u.owner_id = o.id ORDER BY u.k)) AS joined,
                        (SELECT group_concat(name) FROM (SELECT u.v AS name FROM u WHERE u.owner_id = o.id AND u.k > -100
                                                         ORDER BY u.k)) AS plain
                 FROM owner o ORDER BY o.id"""
        expected, actual = self.run_both(sql)
        self.assertEqual(expected[:3], [(1, "z | a | b | c", "z,a,b,c"), (2, None, None), (3, None, None)])
        self.assertEqual(actual[:3], expected[:3])
        # Rows that tie on the key (k = 7) come in no promised order in SQLite; Spark gives them in the
        # order of their values. The rest of the order is the key's.
        self.assertEqual(actual[3], (4, "w | x | y", "w,x,y"))
        self.assertEqual(expected[3][1].split(" | ")[0], "w")
        self.assertEqual(sorted(expected[3][1].split(" | ")), ["w", "x", "y"])

    def test_a_descending_order_is_not_rewritten(self):
        sql = "SELECT (SELECT group_concat(v) FROM (SELECT u.v FROM u ORDER BY u.k DESC)) FROM owner"
        self.assertNotIn("COLLECT_LIST", transpile(sql).upper())


if __name__ == "__main__":
    unittest.main()
