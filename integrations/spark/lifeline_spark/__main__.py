"""`lifeline-spark check PATH... --out DIR [--lifeline BINARY] [--rules ...] [--fail-on SEVERITY]
[--pending fail|report] [--master URL | --remote URL]` (also `python -m lifeline_spark`, or
`spark-submit integrations/spark/lifeline_spark/__main__.py check ...`), and
`lifeline-spark query PATH... --query queries/NAME.sql`: a saved query on Spark SQL views over the
traces."""

import argparse
import sys


def parser():
    root = argparse.ArgumentParser(prog="python -m lifeline_spark", description=__doc__)
    commands = root.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="check traces on Spark and write Parquet findings")
    check.add_argument("paths", nargs="+", metavar="PATH",
                       help="trace files or directories: local paths or Hadoop filesystem URIs (s3a://, gs://, hdfs://)")
    check.add_argument("--out", required=True, metavar="DIR", help="where to write the Parquet results")
    check.add_argument("--lifeline", default="lifeline", metavar="BINARY",
                       help="the lifeline binary (default: lifeline on PATH)")
    check.add_argument("--rules", action="append", default=[], metavar="FILE|CATALOG",
                       help="a catalog or a .rules file or directory, repeatable (default: the built-in catalogs and ./rules/*.rules)")
    check.add_argument("--fail-on", default="error", choices=("error", "warning", "info", "never"),
                       help="the lowest severity that fails the check, as for lifeline check (default: error)")
    check.add_argument("--pending", default="report", choices=("fail", "report"),
                       help="whether pending findings fail the check, as for lifeline check (default: report)")
    check.add_argument("--master", default=None,
                       help="the Spark master (default local[*], or what spark-submit was given)")
    check.add_argument("--remote", default=None, metavar="URL",
                       help="a Spark Connect server (sc://host:15002) instead of a master; local[N] starts one here")
    check.add_argument("--partitions", type=int, default=None, help="number of check tasks")
    check.add_argument("--allow-skipped-lines", action="store_true",
                       help="report lines that are not records as warnings, as lifeline check does")
    views = commands.add_parser("query", help="run a saved query on Spark SQL views over raw traces")
    views.add_argument("paths", nargs="+", metavar="PATH")
    views.add_argument("--query", required=True, metavar="FILE", help="a saved query (queries/*.sql), in SQLite's dialect")
    views.add_argument("--lifeline", default="lifeline", metavar="BINARY",
                       help="the lifeline binary, which imports the traces and defines the views (default: lifeline on PATH)")
    views.add_argument("--master", default=None)
    views.add_argument("--remote", default=None, metavar="URL", help="a Spark Connect server, as for check")
    return root


def session(master, remote=None):
    """The session a command runs on: a Spark Connect one when `remote` is given (`sc://host:15002`,
    or `local[N]` for a local server), else a classic one on `master`."""
    import os

    from pyspark.sql import SparkSession

    # Local workers run this interpreter, which has the packages the tasks need (PyArrow), unless
    # the user chose another one.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    if remote:
        return SparkSession.builder.remote(remote).appName("lifeline").getOrCreate()

    # No progress bars: standard error carries the located input errors.
    builder = SparkSession.builder.appName("lifeline").config("spark.ui.showConsoleProgress", "false")
    if master:
        builder = builder.master(master)
    elif "spark.master" not in getattr(builder, "_options", {}):
        from pyspark import SparkConf

        if not SparkConf().contains("spark.master"):
            builder = builder.master("local[*]")
    return builder.getOrCreate()


def main(argv=None):
    arguments = parser().parse_args(argv)
    translated = None
    if arguments.command == "query":
        # A query that cannot run is refused before Spark starts: a JVM for nothing costs seconds.
        import os

        from .queries import translate

        try:
            with open(arguments.query, encoding="utf-8") as handle:
                translated = translate(handle.read(), os.path.basename(arguments.query))
        except OSError as error:
            print(f"{arguments.query}: error: {error.strerror}", file=sys.stderr)
            return 2
        if translated.error:
            print(f"{arguments.query}: error: cannot run on Spark SQL: {translated.error}", file=sys.stderr)
            return 2
    from pyspark.sql import SparkSession

    # A session the caller already runs (main called from a program, a notebook) is used and left running.
    owned = SparkSession.getActiveSession() is None
    spark = session(arguments.master, arguments.remote)
    if owned and not arguments.remote:
        spark.sparkContext.setLogLevel("ERROR")
    try:
        if arguments.command == "check":
            from .check import check

            try:
                result = check(spark, arguments.paths, lifeline=arguments.lifeline, rules=arguments.rules,
                               partitions=arguments.partitions, allow_skipped_lines=arguments.allow_skipped_lines,
                               fail_on=arguments.fail_on, pending=arguments.pending)
            except ValueError as error:
                print(error, file=sys.stderr)
                return 2
            result.write(arguments.out)
            for problem in result.problems.orderBy("file", "line", "column").collect():
                location = ":".join(str(part) for part in (problem.file, problem.line, problem.column) if part is not None)
                print(f"{location}: {problem.type}: {problem.message}", file=sys.stderr)
            totals = result.totals()
            print(result.summary_line(totals) + f"; findings in {arguments.out.rstrip('/')}/violations/")
            return result.exit_status(totals)
        from .views import register_views

        try:
            register_views(spark, arguments.paths, lifeline=arguments.lifeline)
        except ValueError as error:
            print(error, file=sys.stderr)
            return 2
        spark.sql(translated.sql).show(1000, truncate=False)
        return 0
    finally:
        if owned:
            spark.stop()


if __name__ == "__main__":
    sys.exit(main())
