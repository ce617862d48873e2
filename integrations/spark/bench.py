"""Benchmark: the Spark check against `lifeline check` alone, and the Spark SQL views against
`lifeline import` alone, on the same generated fleet, in the same run. Prints one line per
measurement; docs/scale.md holds the figures.

    .build/spark-venv/bin/python integrations/spark/bench.py [--traces 1000] [--master local[2] | --remote local[2]]
"""

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "tests"))

import fleet  # noqa: E402
import support  # noqa: E402


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def self_cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def load():
    return f"load average {os.getloadavg()[0]:.1f}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--traces", type=int, default=1000)
    parser.add_argument("--master", default="local[2]")
    parser.add_argument("--remote", default=None, help="run under Spark Connect (local[2]: a local server)")
    parser.add_argument("--lifeline", default=None)
    arguments = parser.parse_args()
    lifeline = os.path.abspath(arguments.lifeline) if arguments.lifeline else support.lifeline()
    os.environ["LIFELINE"] = lifeline  # the binary support.check_jsonl runs: the same as the job's
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    directory = tempfile.mkdtemp(prefix="lifeline-bench-")
    try:
        root = os.path.join(directory, "fleet")
        paths = fleet.generate(lifeline, support.REPOSITORY, root, count=arguments.traces)
        size = sum(os.path.getsize(path) for path in paths)

        start, cpu = time.perf_counter(), children_cpu()
        objects, _ = support.check_jsonl([root], cwd=directory, extra=["--no-local-rules"])
        alone, alone_cpu = time.perf_counter() - start, children_cpu() - cpu
        events = objects[-1]["events"]
        print(f"fleet: {len(paths)} traces, {objects[-1]['launches']} launches, {events} events, {size / 1e6:.1f} MB")
        print(f"lifeline check alone: {alone:.2f} s ({alone_cpu:.2f} s CPU), {events / alone:,.0f} events/s; {load()}")

        database = os.path.join(directory, "fleet.db")
        start, cpu = time.perf_counter(), children_cpu()
        subprocess.run([lifeline, "import", root, "--db", database, "--quiet"], check=True, capture_output=True)
        imported, imported_cpu = time.perf_counter() - start, children_cpu() - cpu
        print(f"lifeline import alone: {imported:.2f} s ({imported_cpu:.2f} s CPU), {events / imported:,.0f} events/s; {load()}")

        start, cpu, own = time.perf_counter(), children_cpu(), self_cpu()
        session_start = start
        from pyspark.sql import SparkSession

        kind = f"Spark Connect, {arguments.remote}" if arguments.remote else arguments.master
        if arguments.remote:
            spark = SparkSession.builder.remote(arguments.remote).appName("lifeline-bench").getOrCreate()
        else:
            spark = (SparkSession.builder.master(arguments.master).appName("lifeline-bench")
                     .config("spark.ui.showConsoleProgress", "false").getOrCreate())
            spark.sparkContext.setLogLevel("ERROR")
        started = time.perf_counter() - start
        print(f"Spark session start ({kind}): {started:.2f} s; {load()}")
        from lifeline_spark import check
        from lifeline_spark.views import register_views

        for run in (1, 2):
            start = time.perf_counter()
            result = check(spark, [root], lifeline=lifeline, rules=("uikit-scene", "uikit-app"))
            count = result.findings.count()
            totals = result.totals()
            elapsed = time.perf_counter() - start
            print(f"Spark check run {run} ({kind}): {elapsed:.2f} s, {totals['events'] / elapsed:,.0f} events/s, "
                  f"{count} findings, {elapsed / alone:.1f}x lifeline check alone; {load()}")
            # A second run must not find the first's cached relations (a Connect server matches
            # identical plans): each run starts cold on data, warm on the JVM.
            spark.catalog.clearCache()
        for run in (1, 2):
            start = time.perf_counter()
            register_views(spark, [root], lifeline=lifeline)
            rows = spark.table("event_raw").count()
            elapsed = time.perf_counter() - start
            print(f"Spark views run {run} ({kind}): {elapsed:.2f} s, {rows / elapsed:,.0f} events/s, "
                  f"{elapsed / imported:.1f}x lifeline import alone; {load()}")
            spark.catalog.clearCache()
        spark.stop()
        if not arguments.remote:
            # The JVM (and the Python workers it started) is a child of this process: its CPU is counted
            # once it has exited, which it does when its standard input closes (PythonGatewayServer).
            from pyspark import SparkContext

            gateway = SparkContext._gateway
            process = getattr(gateway, "proc", None)
            if gateway is not None and process is not None:
                gateway.shutdown()
                process.stdin.close()
                process.wait(timeout=120)
            session_cpu = children_cpu() - cpu + self_cpu() - own
            print(f"Spark session, start and all runs: {time.perf_counter() - session_start:.2f} s, {session_cpu:.2f} s "
                  f"CPU (JVM, Python workers, lifeline processes and this driver); {load()}")
    finally:
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main()
