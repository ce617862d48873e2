"""A generated fleet: traces simulated by `lifeline simulate` (docs/scenarios.md) from the sample
scenarios, on several devices, OS versions, two apps and two app versions, several files per
device, with cross-launch cases (swipe-kill and relaunch, discarded sessions reported at the next
launch). Shared by the fleet test and the benchmark."""

import concurrent.futures
import json
import os
import re
import subprocess

DEVICES = ["iPhone15,2", "iPhone14,5", "iPhone16,1", "iPhone12,1", "iPad13,4", "iPad14,1", "iPad8,9", "iPhone15,3"]
OSES = ["17.5", "18.1", "16.7"]
APPS = [("com.example.Notes", "3.2"), ("com.example.Mail", "1.9")]


def scenarios(repository):
    directory = os.path.join(repository, "traces", "scenarios")
    result = []
    for name in sorted(os.listdir(directory)):
        with open(os.path.join(directory, name), encoding="utf-8") as handle:
            result.append((name, handle.read()))
    return result


def _launch_line(line, app, version):
    record = json.loads(line)
    record["app"] = app
    record["appVersion"] = version  # trace format v1's optional appVersion (docs/trace-format.md)
    return json.dumps(record, separators=(",", ":")) + "\n"


def generate(lifeline, repository, directory, count=1000, workers=2):
    """Writes `count` traces under `directory/<app>/<device>/NNNN.ndjson`; returns their paths."""
    sources = scenarios(repository)
    jobs = []
    for index in range(count):
        name, text = sources[index % len(sources)]
        has_device = re.search(r"^\s*device\s", text, re.MULTILINE) is not None
        device = re.search(r"^\s*device\s+(\S+)", text, re.MULTILINE).group(1) if has_device \
            else DEVICES[(index // len(sources)) % len(DEVICES)]
        os_version = OSES[index % len(OSES)]
        setup = ("" if has_device else f"device {device}\n") + f"os {os_version}\n"
        app, version = APPS[(index // 7) % len(APPS)]
        if index % 5 == 0:
            version = "3.1" if app == "com.example.Notes" else "1.8"
        path = os.path.join(directory, app, device, f"{index:04d}-{name.replace('.scenario', '')}.ndjson")
        jobs.append((index, setup + text, path, app, version))

    def simulate(job):
        index, script, path, app, version = job
        os.makedirs(os.path.dirname(path), exist_ok=True)
        raw = path + ".raw"
        subprocess.run([lifeline, "simulate", "-", "--seed", str(index + 1), "-o", raw], input=script.encode(),
                       check=True, capture_output=True)
        with open(raw, encoding="utf-8") as source, open(path, "w", encoding="utf-8") as target:
            for line in source:
                target.write(_launch_line(line, app, version) if '"type":"launch"' in line else line)
        os.remove(raw)
        return path

    with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
        return sorted(pool.map(simulate, jobs))
