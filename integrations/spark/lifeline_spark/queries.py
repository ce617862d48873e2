"""The saved queries (queries/*.sql, SQLite's dialect) on Spark SQL, translated by sqlglot.

No query is rewritten by hand: each is parsed as SQLite and generated as Spark SQL, with a few
transforms of the syntax tree where SQLite's semantics need other words in Spark (each below says
when it means the same). The ones whose meaning the translation would change are listed in
``NOT_TRANSLATED`` with the reason; ``translate`` refuses them rather than return SQL that runs
and answers something else.
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
    "callback-durations.sql": (
        "selects n, a column that is neither grouped nor aggregated (SQLite takes it from some row of the "
        "group, here all equal); Spark refuses it (MISSING_AGGREGATION), and its '/' divides integers into "
        "a double where SQLite's truncates, so the nearest-rank arithmetic would change too"),
    "dropped-events.sql": (
        "reads trace_file.warning_count, the importer's count of format warnings and order errors: "
        "counting them is validating the trace, which the views do not repeat"),
    "launch-time.sql": (
        "tests json_extract(attrs, '$.prewarm') as a truth value: SQLite's json_extract gives the "
        "integer 1 for true, Spark's get_json_object the string 'true', which AND refuses (and no cast "
        "of the text gives SQLite's truth for every JSON value)"),
    "sessions-per-launch.sql": (
        "its EXISTS holds a subquery that refers to the outermost query (l.file_id, two levels up); "
        "Spark resolves outer references one level up only (UNRESOLVED_COLUMN)"),
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

# The store's keys (docs/schema.md): a subquery on one of these relations with an equality on a key
# matches at most one row.
KEYS = {"string": ("id", "value"), "event_raw": ("id",), "event": ("id",), "timeline": ("id",), "launch": ("id",),
        "launch_summary": ("id",), "trace_file": ("id", "path")}


def _is_predicate(node):
    if isinstance(node, exp.Paren):
        return _is_predicate(node.this)
    if isinstance(node, exp.Coalesce):
        return _is_predicate(node.this) and all(isinstance(e, exp.Boolean) for e in node.expressions)
    return isinstance(node, PREDICATES)


def _null_as_false(node):
    """`IFNULL(a = b, 0)` is SQLite's 0 or 1, a truth value; Spark's COALESCE refuses a boolean and an
    integer together, so the fallback becomes the truth value it stands for (`FALSE`, `TRUE`)."""
    if isinstance(node, exp.Coalesce) and _is_predicate(node.this):
        fallbacks = node.expressions
        if fallbacks and all(isinstance(e, exp.Literal) and not e.is_string and e.this in ("0", "1") for e in fallbacks):
            node.set("expressions", [exp.Boolean(this=e.this == "1") for e in fallbacks])
    return node


def _counted_predicates(node):
    """SQLite's comparisons are the integers 0 and 1, so `SUM(a = b)` counts rows; Spark's are
    booleans, which SUM, MAX and MIN refuse. A comparison aggregated directly becomes
    `CAST(… AS INT)`, which means in Spark what it meant in SQLite."""
    if isinstance(node, (exp.Sum, exp.Max, exp.Min)) and _is_predicate(node.this) and not node.expressions:
        node.set("this", exp.cast(node.this.copy(), "int"))
    return node


def _key_lookup(select):
    """Whether a subquery reads one relation with an equality on one of its keys (at most one row)."""
    source = select.args.get("from")
    if select.args.get("joins") or source is None or not isinstance(source.this, exp.Table):
        return False
    table = source.this
    keys = KEYS.get(table.name, ())
    names = {table.name, table.alias_or_name}
    where = select.args.get("where")
    conjuncts = list(where.this.flatten()) if where is not None and isinstance(where.this, exp.And) else (
        [where.this] if where is not None else [])
    for conjunct in conjuncts:
        if isinstance(conjunct, exp.EQ):
            for side in (conjunct.this, conjunct.expression):
                if isinstance(side, exp.Column) and side.name in keys and (not side.table or side.table in names):
                    return True
    return False


def _first_row(node):
    """SQLite's scalar subquery gives its first row; Spark's must be aggregated when it is correlated.
    Two forms say which row in a way an aggregate can say too:

    - `(SELECT x … ORDER BY k LIMIT 1)` is `(SELECT MIN_BY(x, k) …)`, `MAX_BY` for `DESC`: the same
      row when `k` is unique among the rows the subquery selects (a launch's `seq`);
    - `(SELECT x FROM t WHERE t.key = …)` on one of the store's keys (``KEYS``) matches at most one
      row, which `ANY_VALUE(x)` gives.
    """
    if not isinstance(node, exp.Subquery) or isinstance(node.parent, (exp.From, exp.Join, exp.In)):
        return node
    select = node.this
    if not isinstance(select, exp.Select) or len(select.expressions) != 1 or select.args.get("group"):
        return node
    if select.find(exp.AggFunc) or select.args.get("offset"):
        return node
    projection = select.expressions[0]
    value = projection.this if isinstance(projection, exp.Alias) else projection
    order, limit = select.args.get("order"), select.args.get("limit")
    if order is not None and limit is not None:
        count = limit.expression
        if len(order.expressions) != 1 or not (isinstance(count, exp.Literal) and count.this == "1"):
            return node
        key = order.expressions[0]
        aggregate = (exp.ArgMax if key.args.get("desc") else exp.ArgMin)(this=value.copy(), expression=key.this.copy())
        select = select.copy()
        select.set("order", None)
        select.set("limit", None)
    elif order is None and limit is None and _key_lookup(select):
        aggregate = exp.AnyValue(this=value.copy())
        select = select.copy()
    else:
        return node
    select.set("expressions", [exp.alias_(aggregate, projection.alias) if isinstance(projection, exp.Alias)
                               else aggregate])
    return exp.Subquery(this=select)


def _json_each(select):
    """`FROM …, json_each(x, '$.path') j` (a table-valued function) over an array of strings is
    Spark's `LATERAL VIEW EXPLODE(FROM_JSON(GET_JSON_OBJECT(x, '$.path'), 'ARRAY<STRING>')) j AS
    value`: a row per element, `j.value` the element; none when the path is absent or not an
    array (json_each would iterate an object's members; the store's `sessions` are arrays)."""
    if not isinstance(select, exp.Select):
        return select
    joins = select.args.get("joins") or []
    keep, laterals = [], []
    for join in joins:
        table = join.this
        call = table.this if isinstance(table, exp.Table) else None
        if (isinstance(call, exp.Anonymous) and call.name.lower() == "json_each" and len(call.expressions) == 2
                and not join.args.get("on") and table.alias):
            document, path = call.expressions
            array = exp.Anonymous(this="FROM_JSON", expressions=[
                exp.Anonymous(this="GET_JSON_OBJECT", expressions=[document.copy(), path.copy()]),
                exp.Literal.string("ARRAY<STRING>")])
            laterals.append(exp.Lateral(this=exp.Explode(this=array), view=True, alias=exp.TableAlias(
                this=exp.to_identifier(table.alias), columns=[exp.to_identifier("value")])))
        else:
            keep.append(join)
    if laterals:
        select.set("joins", keep)
        select.set("laterals", (select.args.get("laterals") or []) + laterals)
    return select


def _grouped_subqueries(select):
    """In a grouped SELECT, a scalar subquery outside any aggregate whose outer references are all
    grouped (`GROUP BY m.session_id` … `(SELECT value FROM string WHERE id = m.session_id)`) has one
    value per group: SQLite takes it as it is, Spark wants it grouped or aggregated, and
    `ANY_VALUE` of the one value is that value."""
    if not isinstance(select, exp.Select) or not select.args.get("group"):
        return select
    grouped = {key.sql() for key in select.args["group"].expressions}
    grouped |= {key.name for key in select.args["group"].expressions if isinstance(key, exp.Column)}
    outer = {source.alias_or_name for source in [select.args["from"].this] + [j.this for j in select.args.get("joins") or []]
             if select.args.get("from")}
    for projection in select.expressions:
        for subquery in list(projection.find_all(exp.Subquery)):
            if subquery.find_ancestor(exp.AggFunc, exp.Select) is not select and subquery.find_ancestor(exp.AggFunc):
                continue
            inner = {source.alias_or_name for source in subquery.find_all(exp.Table)}
            references = [c for c in subquery.find_all(exp.Column)
                          if c.table in outer and c.table not in inner]
            if references and all(c.sql() in grouped for c in references):
                subquery.replace(exp.AnyValue(this=subquery.copy()))
    return select


def _numeric_conditions(node):
    """`CASE WHEN x` with `x` a column: SQLite's condition is true when the number is not zero,
    Spark's must be a boolean; `x <> 0` is SQLite's truth for a numeric column (NULL stays
    neither, as in SQLite)."""
    if isinstance(node, exp.If) and isinstance(node.this, exp.Column):
        node.set("this", exp.NEQ(this=node.this.copy(), expression=exp.Literal.number(0)))
    return node


def _no_materialized_hint(node):
    """`WITH x AS [NOT] MATERIALIZED (...)` is a hint to SQLite's planner (compute the CTE once, or
    inline it); the rows are the same either way. Spark has no such hint and refuses the syntax."""
    if isinstance(node, exp.CTE) and node.args.get("materialized") is not None:
        node.set("materialized", None)
    return node


def transpile(sqlite_sql):
    """sqlglot's Spark SQL for one SQLite statement (of a `CREATE VIEW`, its query), with the
    transforms above, whatever it means (raises `ValueError` on more than one statement, sqlglot's
    errors on what it cannot parse or generate)."""
    statements = [s for s in sqlglot.parse(sqlite_sql, read="sqlite") if s is not None]
    if len(statements) != 1:
        raise ValueError(f"{len(statements)} statements; a saved query is one")
    tree = statements[0]
    if isinstance(tree, exp.Create) and tree.args.get("kind", "").upper() == "VIEW":
        tree = tree.expression
    for transform in (_no_materialized_hint, _json_each, _first_row, _grouped_subqueries, _numeric_conditions,
                      _null_as_false, _counted_predicates):
        tree = tree.transform(transform)
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
