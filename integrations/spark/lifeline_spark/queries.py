"""The saved queries (queries/*.sql, SQLite's dialect) on Spark SQL, translated by sqlglot.

No query is rewritten by hand: each is parsed as SQLite and generated as Spark SQL. The ones
whose meaning the translation would change are listed in ``NOT_TRANSLATED`` with the reason;
``translate`` refuses them rather than return SQL that runs and answers something else.
"""

import dataclasses
import glob
import os

import sqlglot
from sqlglot import exp

# Queries sqlglot cannot carry over to Spark SQL with the same meaning, and why. The test
# (tests/test_queries.py) runs every other saved query on both engines and compares the rows,
# and checks that each of these still fails or differs, so the list cannot go stale.
NOT_TRANSLATED = {
    "background-time.sql": (
        "reads event_raw, the store's physical events (interned string ids and schema v5's derived "
        "columns since_launch_ns, state and pair_id), to reach its index on a million-event launch; "
        "the Spark views model the relations people query (event, span, timeline, launch_summary), "
        "not the store's physical layout"),
    "interruptions.sql": "reads event_raw for its index, as background-time.sql does",
    "callback-durations.sql": (
        "selects n, a column that is neither grouped nor aggregated (SQLite takes it from some row of the "
        "group, here all equal); Spark refuses it (MISSING_AGGREGATION), and its '/' divides integers into "
        "a double where SQLite's truncates, so the nearest-rank arithmetic would change too"),
    "discarded-sessions.sql": (
        "json_each(d.attrs, '$.sessions') is a table-valued function joined in FROM; Spark has none "
        "(it needs LATERAL VIEW explode(from_json(...))), and sqlglot leaves the call as it is"),
    "disconnects.sql": (
        "selects f.path while grouping by e.file_id (SQLite takes it from some row of the group); Spark "
        "refuses a column that is neither grouped nor aggregated (MISSING_AGGREGATION)"),
    "dropped-events.sql": (
        "reads trace_file.warning_count, the importer's count of format warnings and order errors: "
        "counting them is validating the trace, which the views do not repeat"),
    "launch-time.sql": (
        "tests json_extract(attrs, '$.prewarm') as a truth value: SQLite's json_extract gives the "
        "integer 1 for true, Spark's get_json_object the string 'true', which AND refuses"),
    "never-active.sql": (
        "correlated scalar subqueries with ORDER BY ... LIMIT 1 (the last callback of each launch); "
        "Spark allows outer references only in aggregated subqueries"),
    "sessions-per-launch.sql": "uses json_each as a table-valued function (see discarded-sessions.sql)",
    "slowest-background.sql": (
        "group_concat over an ordered subquery; Spark has no group_concat (sqlglot keeps the name), and "
        "its collect_list promises no order after a subquery's ORDER BY"),
}


@dataclasses.dataclass
class Translation:
    name: str
    sqlite: str
    sql: str = None
    error: str = None


PREDICATES = (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE, exp.Is, exp.And, exp.Or, exp.Not, exp.In,
              exp.Like)


def _counted_predicates(node):
    """SQLite's comparisons are the integers 0 and 1, so `SUM(a = b)` counts rows; Spark's are
    booleans, which SUM, MAX and MIN refuse. A comparison aggregated directly becomes
    `CAST(… AS INT)`, which means in Spark what it meant in SQLite."""
    if isinstance(node, (exp.Sum, exp.Max, exp.Min)) and isinstance(node.this, PREDICATES):
        node.set("this", exp.cast(node.this.copy(), "int"))
    return node


def transpile(sqlite_sql):
    """sqlglot's Spark SQL for one SQLite statement, whatever it means (raises `ValueError` on
    more than one statement, sqlglot's errors on what it cannot parse or generate)."""
    statements = [s for s in sqlglot.parse(sqlite_sql, read="sqlite") if s is not None]
    if len(statements) != 1:
        raise ValueError(f"{len(statements)} statements; a saved query is one")
    tree = statements[0].transform(_counted_predicates)
    return tree.sql(dialect="spark", unsupported_level=sqlglot.ErrorLevel.RAISE)


def translate(sqlite_sql, name="query"):
    """One saved query as Spark SQL (`Translation.sql`), or why not (`Translation.error`)."""
    translation = Translation(name=name, sqlite=sqlite_sql)
    if name in NOT_TRANSLATED:
        translation.error = NOT_TRANSLATED[name]
        return translation
    try:
        translation.sql = transpile(sqlite_sql)
    except (ValueError, sqlglot.errors.SqlglotError) as error:
        translation.error = f"sqlglot: {error}"
    return translation


def saved_queries(directory):
    """Every `*.sql` of a queries directory, translated, by name."""
    result = {}
    for path in sorted(glob.glob(os.path.join(directory, "*.sql"))):
        with open(path, encoding="utf-8") as handle:
            result[os.path.basename(path)] = translate(handle.read(), os.path.basename(path))
    return result
