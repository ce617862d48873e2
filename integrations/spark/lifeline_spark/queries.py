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

# Saved queries that do not carry over to Spark SQL with the same meaning, by name, and why (none
# today: the last two, slowest-phase-by-kind.sql and resumes.sql, read the launch anatomy, which the
# views now take from the importer itself). The test (tests/test_queries.py) runs every other saved
# query on both engines and compares the rows, and checks that each listed one still fails or
# differs, so the list cannot go stale.
NOT_TRANSLATED = {}


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
        "launch_summary": ("id",), "trace_file": ("id", "path"), "launch_anatomy": ("launch_id",)}


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


# SQLite's truth of a value that is not an integer: its leading number, as SQLite reads text as a
# real (leading space, a sign, digits with a point, an exponent; `0x…` is 0), zero when there is none.
_NUMERIC_PREFIX = r"^\s*([+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?)"


def _json_keys(path):
    """The keys of a `$.a.b` path (sqlglot's JSONPath), or None for any other path (an index, a wildcard)."""
    if not isinstance(path, exp.JSONPath):
        return None
    parts = path.expressions
    if not parts or not isinstance(parts[0], exp.JSONPathRoot) or len(parts) < 2:
        return None
    keys = []
    for part in parts[1:]:
        if not isinstance(part, exp.JSONPathKey) or not isinstance(part.this, str) or "`" in part.this:
            return None
        keys.append(part.this)
    return keys


def _json_truth(extract):
    """SQLite's truth of `json_extract(doc, '$.a.b')`, exactly, in Spark's words.

    SQLite's `json_extract` gives a JSON `true` as the integer 1 and `false` as 0, a number as
    itself, a string as its text (true when its leading number is not zero: `"1"` is true,
    `"true"` is not), an object or an array as its JSON text (false), and `null` or a missing key
    as NULL (neither). Spark's `get_json_object` gives the text of all of them, a JSON `true` and a
    string `"true"` alike, so the booleans are told apart by `FROM_JSON` with the key typed
    BOOLEAN (a JSON boolean, else NULL); every other value's truth is its text's leading number,
    which for a number is the number and for a string is what SQLite reads of it."""
    keys = _json_keys(extract.expression)
    if keys is None:
        return None
    document = extract.this
    schema = "BOOLEAN"
    for key in reversed(keys):
        schema = f"STRUCT<`{key}`: {schema}>"
    boolean = exp.Anonymous(this="FROM_JSON", expressions=[document.copy(), exp.Literal.string(schema)])
    for key in keys:
        boolean = exp.Dot(this=boolean, expression=exp.to_identifier(key, quoted=True))
    text = exp.Anonymous(this="GET_JSON_OBJECT", expressions=[
        document.copy(), exp.Literal.string("$" + "".join(f".{key}" for key in keys))])
    # No leading number is an empty match, which Spark's ANSI mode (its default since 4.0) refuses to
    # CAST: NULLIF makes it NULL, which SQLite's 0 replaces, as COALESCE does here.
    number = exp.Coalesce(this=exp.cast(exp.Nullif(this=exp.Anonymous(this="REGEXP_EXTRACT", expressions=[
        text.copy(), exp.Literal.string(_NUMERIC_PREFIX), exp.Literal.number(1)]), expression=exp.Literal.string("")),
        "double"), expressions=[exp.Literal.number(0)])
    return exp.Paren(this=exp.Case(ifs=[
        exp.If(this=exp.Not(this=exp.Is(this=boolean, expression=exp.Null())), true=boolean.copy()),
        exp.If(this=exp.Is(this=text, expression=exp.Null()), true=exp.Null()),
    ], default=exp.NEQ(this=number, expression=exp.Literal.number(0))))


def _json_conditions(node):
    """`json_extract(doc, '$.key')` used as a condition (an operand of AND, OR, NOT; a `CASE WHEN`,
    `WHERE`, `HAVING` or `ON`) is SQLite's truth of the value (``_json_truth``); Spark's
    `get_json_object` gives text, which AND refuses and which no cast reads as SQLite does."""
    if not isinstance(node, exp.JSONExtract):
        return node
    parent, child = node.parent, node
    while isinstance(parent, exp.Paren):
        parent, child = parent.parent, parent
    condition = (isinstance(parent, (exp.And, exp.Or, exp.Not))
                 or (isinstance(parent, exp.If) and parent.this is child)
                 or isinstance(parent, (exp.Where, exp.Having))
                 or (isinstance(parent, exp.Join) and parent.args.get("on") is child))
    if not condition:
        return node
    truth = _json_truth(node)
    return node if truth is None else truth


def _ordered_group_concat(node):
    """`(SELECT group_concat(x, sep) FROM (SELECT … x … FROM t WHERE w ORDER BY k))` — SQLite's
    string of a subquery's rows in its order — is

        (SELECT IF(COUNT(x) = 0, NULL, CONCAT_WS(sep, TRANSFORM(ARRAY_SORT(COLLECT_LIST(
            STRUCT(k AS k0, x AS v))), r -> r.v))) FROM t WHERE w)

    in Spark, which has no `group_concat` and whose `collect_list` promises no order: the rows are
    sorted by their keys in the aggregate itself, and the subquery is flattened, so an outer
    reference in `w` stays one level up (Spark resolves none deeper). NULL values are left out and
    no value (or none not NULL) is NULL, as in SQLite. The same string when the keys are unique
    among the rows (a launch's `seq`); rows that tie on the keys, which SQLite gives in no promised
    order, come in the order of their values. Ascending keys only; anything else is left as it is
    (and Spark then refuses `group_concat`)."""
    if not isinstance(node, exp.Subquery) or not isinstance(node.this, exp.Select):
        return node
    outer = node.this
    if len(outer.expressions) != 1 or not isinstance(outer.expressions[0], (exp.GroupConcat, exp.Alias)):
        return node
    projection = outer.expressions[0]
    concat = projection.this if isinstance(projection, exp.Alias) else projection
    source = outer.args.get("from")
    if (not isinstance(concat, exp.GroupConcat) or not isinstance(concat.this, exp.Column)
            or any(outer.args.get(arg) for arg in ("where", "group", "having", "order", "limit", "joins"))
            or source is None or not isinstance(source.this, exp.Subquery)):
        return node
    inner = source.this.this
    order = inner.args.get("order") if isinstance(inner, exp.Select) else None
    if (order is None or any(inner.args.get(arg) for arg in ("group", "having", "limit", "offset", "distinct"))
            or any(key.args.get("desc") for key in order.expressions)):
        return node
    value = None
    for column in inner.expressions:
        if column.alias_or_name == concat.this.name:
            value = column.this if isinstance(column, exp.Alias) else column
    if value is None:
        return node
    fields = [exp.alias_(key.this.copy(), f"k{index}") for index, key in enumerate(order.expressions)]
    fields.append(exp.alias_(value.copy(), "v"))
    row = exp.to_identifier("r")
    ordered = exp.Anonymous(this="TRANSFORM", expressions=[
        exp.Anonymous(this="ARRAY_SORT", expressions=[
            exp.Anonymous(this="COLLECT_LIST", expressions=[exp.Anonymous(this="STRUCT", expressions=fields)])]),
        exp.Lambda(this=exp.Dot(this=exp.column(row), expression=exp.to_identifier("v")), expressions=[row])])
    separator = concat.args.get("separator") or exp.Literal.string(",")
    joined = exp.If(this=exp.EQ(this=exp.Count(this=value.copy()), expression=exp.Literal.number(0)),
                    true=exp.Null(),
                    false=exp.Anonymous(this="CONCAT_WS", expressions=[separator.copy(), ordered]))
    flattened = inner.copy()
    flattened.set("order", None)
    flattened.set("expressions", [exp.alias_(joined, projection.alias) if isinstance(projection, exp.Alias)
                                  else joined])
    return exp.Subquery(this=flattened)


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
    for transform in (_no_materialized_hint, _json_each, _ordered_group_concat, _first_row, _grouped_subqueries,
                      _json_conditions, _numeric_conditions, _null_as_false, _counted_predicates):
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
