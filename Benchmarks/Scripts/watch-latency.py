#!/usr/bin/env python3
"""Latency of `lifeline watch`: from a line being written to its finding printed.

Writes a trace line by line at a steady rate (default 200 lines/s, an app busy with lifecycle and
app events), one line in five a `sync.upload` that the rule `never sync.upload` makes a finding of,
and timestamps when each finding-making line was written (appended and flushed to the file, or
written into the pipe) and when its finding line appeared on watch's standard output (`--format
jsonl`, which carries the event's seq). Reports p50/p99/max over every finding, for a followed file
(woken by inotify; `poll`: looked at every 20 ms, as on macOS), for a pipe, and for `log stream
--style ndjson` entries in a pipe (`oslog`: the unified-log decoder in the way), next to GNU `tail -F`
following the same file (the floor for a follower), with the CPU time (user+system) and the load
average.

    python3 Benchmarks/Scripts/watch-latency.py .build/release/lifeline [--findings 300] [--rate 200]

docs/performance.md ("Live: lifeline watch") has the figures.
"""

import argparse
import json
import os
import subprocess
import tempfile
import threading
import time


def percentile(values, fraction):
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, int(round(fraction * (len(ordered) - 1)))))
    return ordered[index]


def run(binary, mode, findings, rate, directory):
    rules = os.path.join(directory, "bench.rules")
    with open(rules, "w") as handle:
        handle.write("rule bench.no-upload per launch: never sync.upload\n")
    trace = os.path.join(directory, "app.ndjson")
    if os.path.exists(trace):
        os.remove(trace)
    if mode == "tail":
        # The peer: GNU tail following the same file (inotify), its lines as they reach its output.
        open(trace, "w").close()
        command = ["tail", "-n", "+1", "-F", trace]
    else:
        command = [binary, "watch", "-" if mode in ("pipe", "oslog") else trace, "--rules", rules, "--format", "jsonl"]
    environment = dict(os.environ)
    if mode == "poll":
        # The file followed by looking at it every 20 ms, as on macOS, instead of inotify.
        environment["LIFELINE_WATCH_POLL"] = "1"
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE if mode in ("pipe", "oslog") else subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=directory, env=environment)
    printed = {}

    def read():
        for line in process.stdout:
            now = time.monotonic_ns()
            try:
                record = json.loads(line)
            except ValueError:
                continue
            if record.get("type") == "finding" and "seq" in record:
                printed[record["seq"]] = now
            elif record.get("event") == "sync.upload":
                printed[record["seq"]] = now

    reader = threading.Thread(target=read)
    reader.start()
    if mode not in ("pipe", "oslog"):
        descriptor = os.open(trace, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        time.sleep(0.5)  # the watch has opened the file (or waits for it: either way it follows it)
        write = lambda data: os.write(descriptor, data)
    else:
        descriptor = process.stdin.fileno()
        time.sleep(0.5)  # the watch has started (its start-up is not what is measured)
        write = lambda data: os.write(descriptor, data)
    written = {}
    if mode == "oslog":
        write(b"Filtering the log data using \"process == \\\"Notes\\\"\"\n")
    else:
        write(b'{"lifeline":1,"type":"launch","launch":"BENCH","lifecycle":"scene"}\n')
    interval = 1.0 / rate
    start = time.monotonic()
    names = ["sceneWillEnterForeground", "sceneDidBecomeActive", "db.open", "state.save"]
    seq = 0
    for index in range(findings * 5):
        seq += 1
        finding = index % 5 == 4
        name = "sync.upload" if finding else names[index % 4]
        if mode == "oslog":
            # `log stream --style ndjson`: every entry names a callback or an app event, so the
            # decoder's seq (1, 2, ... in the launch) is the line's.
            message = name + " n=1" if "." in name else "SceneDelegate - %s(_:) <UIWindowScene: 0x1>" % name
            line = ('{"eventType":"logEvent","eventMessage":"%s","processID":4711,"threadID":1,'
                    '"timestamp":"2026-11-21 10:%02d:%02d.%06d+0900"}\n') % (
                        message, seq // 60000, (seq // 1000) % 60, (seq % 1000) * 1000)
        else:
            line = '{"seq":%d,"t":%d,"event":"%s","session":"S1"}\n' % (seq, seq * 5_000_000, name)
        deadline = start + index * interval
        pause = deadline - time.monotonic()
        if pause > 0:
            time.sleep(pause)
        if finding:
            written[seq] = time.monotonic_ns()
        write(line.encode())
    # Give the last finding time to come, then end the watch (Ctrl-C for a file, EOF for a pipe).
    wait_until = time.monotonic() + 5
    while len(printed) < len(written) and time.monotonic() < wait_until:
        time.sleep(0.01)
    if mode not in ("pipe", "oslog"):
        os.close(descriptor)
        process.send_signal(2)
    else:
        process.stdin.close()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    reader.join()
    latencies = [(printed[s] - written[s]) / 1e6 for s in written if s in printed]
    return {
        "mode": mode,
        "findings": len(written),
        "printed": len(latencies),
        "p50": percentile(latencies, 0.50),
        "p99": percentile(latencies, 0.99),
        "max": max(latencies),
        "cpu": usage.ru_utime + usage.ru_stime,
        "exit": process.returncode,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary")
    parser.add_argument("--findings", type=int, default=300)
    parser.add_argument("--rate", type=float, default=200.0, help="lines per second")
    parser.add_argument("--runs", type=int, default=1)
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary)
    for round_ in range(arguments.runs):
        for mode in ("file", "poll", "pipe", "oslog", "tail"):
            with tempfile.TemporaryDirectory() as directory:
                result = run(binary, mode, arguments.findings, arguments.rate, directory)
            print(
                "%-4s run %d: %d/%d findings, latency p50 %.1f ms, p99 %.1f ms, max %.1f ms; watch CPU %.2f s; exit %d; load %.1f"
                % (mode, round_ + 1, result["printed"], result["findings"], result["p50"], result["p99"], result["max"],
                   result["cpu"], result["exit"], os.getloadavg()[0]))


if __name__ == "__main__":
    main()
