"""Benchmark: events per second of the Spark check (local mode) against `lifeline check` alone,
on the same generated fleet. Prints one line per measurement; docs/scale.md holds the figures.

    .build/spark-venv/bin/python integrations/spark/bench.py [--traces 1000] [--master local[2]]
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
    parser.add_argument("--lifeline", default=None)
    arguments = parser.parse_args()
    lifeline = arguments.lifeline or support.lifeline()
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

        # One process per trace, as the tasks ran them before they were batched, without Spark: the spawn cost.
        start, cpu = time.perf_counter(), children_cpu()
        for path in paths:
            with open(path, "rb") as handle:
                subprocess.run([lifeline, "check", "-", "--stdin-name", path, "--format", "jsonl", "--no-local-rules"],
                               stdin=handle, capture_output=True)
        piped, piped_cpu = time.perf_counter() - start, children_cpu() - cpu
        print(f"lifeline check -, one process per trace, serial: {piped:.2f} s ({piped_cpu:.2f} s CPU), "
              f"{events / piped:,.0f} events/s, {1000 * piped_cpu / len(paths):.1f} ms CPU per trace; {load()}")

        start, cpu, own = time.perf_counter(), children_cpu(), self_cpu()
        session_start = start
        from pyspark.sql import SparkSession

        spark = (SparkSession.builder.master(arguments.master).appName("lifeline-bench")
                 .config("spark.ui.showConsoleProgress", "false").getOrCreate())
        spark.sparkContext.setLogLevel("ERROR")
        started = time.perf_counter() - start
        print(f"Spark session start ({arguments.master}): {started:.2f} s; {load()}")
        from lifeline_spark import check

        for run in (1, 2):
            start = time.perf_counter()
            result = check(spark, [root], lifeline=lifeline, rules=("uikit-scene", "uikit-app"))
            count = result.findings.count()
            totals = result.totals()
            elapsed = time.perf_counter() - start
            print(f"Spark check run {run} ({arguments.master}): {elapsed:.2f} s, {totals['events'] / elapsed:,.0f} events/s, "
                  f"{count} findings; {load()}")
        spark.stop()
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
        print(f"Spark session, start and both runs: {time.perf_counter() - session_start:.2f} s, {session_cpu:.2f} s CPU "
              f"(JVM, Python workers, lifeline check processes and this driver); {load()}")
    finally:
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main()
