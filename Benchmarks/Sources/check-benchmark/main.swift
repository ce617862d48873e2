// Checks the same 1,000,000-event trace (many launches and sessions) against 22 rules that cover
// every pattern kind, scope, slicing and timing, and prints events/s for:
//   checker    the streaming checker alone, on records already in memory
//   file       end to end from the NDJSON file (read, parse, check)
//   database   end to end from a lifeline.db (read rows in order, check)
// with same-run peers: parsing the file without checking, reading the database without checking,
// and the reference evaluator on a tenth of the trace. Memory: peak RSS checking the file at N/10
// and N events, each in a fresh process.
// Run: swift run -c release --package-path Benchmarks check-benchmark [--events N] [--rounds N] [--only checker|file|database]
import BenchmarkSupport
import Foundation
import LifelineFormat
@_spi(Reference) import LifelineRules
import LifelineStore

var events = 1_000_000
var rounds = 3
var memoryFile: String?
var only: String?
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--events": events = Int(arguments.next() ?? "") ?? events
    case "--rounds": rounds = Int(arguments.next() ?? "") ?? rounds
    case "--memory": memoryFile = arguments.next()
    case "--only": only = arguments.next()
    default:
        print("usage: check-benchmark [--events N] [--rounds N] [--only checker|file|database] [--memory FILE]")
        exit(2)
    }
}

let rules = try! RuleSet(parsing: benchmarkRules, file: "benchmark.rules")

// In a child process: check one file and print the peak RSS.
if let memoryFile {
    var findings = 0
    let checker = RuleChecker(rules: rules, onFinding: { _ in findings += 1 })
    _ = try checker.check(file: memoryFile)
    let summary = checker.finish()
    print(String(format: "%.1f %d %d", Measurement.peakResidentMiB(), summary.events, findings))
    exit(0)
}

let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lifeline-check-bench-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
let keep = ProcessInfo.processInfo.environment["KEEP_BENCH_FILES"] != nil
defer { if !keep { try? FileManager.default.removeItem(at: directory) } }

/// Ends a run early. `exit` skips the top-level `defer`, so this removes the directory itself.
func finish() -> Never {
    if !keep { try? FileManager.default.removeItem(at: directory) }
    exit(0)
}

/// Generates `count` events into an NDJSON file; returns the records with their lines.
func generate(_ count: Int, into path: String) throws -> [(TraceRecord, Int)] {
    var records: [(TraceRecord, Int)] = []
    var bytes: [UInt8] = []
    var line = 0
    var generator = TraceGenerator(seed: 42)
    generator.generate(
        events: count,
        launch: { _, launch in
            line += 1
            records.append((.launch(launch), line))
            TraceEncoder.append(launch, to: &bytes)
        },
        event: { _, event in
            line += 1
            records.append((.event(event), line))
            TraceEncoder.append(event, to: &bytes)
        })
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return records
}

let tracePath = directory.appendingPathComponent("trace.ndjson").path
let records = try generate(events, into: tracePath)
let eventCount = records.count { if case .event = $0.0 { return true } else { return false } }
let launchCount = records.count - eventCount
let fileSize = (try FileManager.default.attributesOfItem(atPath: tracePath)[.size] as? Int) ?? 0
print("trace: \(eventCount) events, \(launchCount) launches, \(fileSize / 1_048_576) MiB; \(rules.rules.count) rules")

/// Best-of-rounds seconds for `body`.
@MainActor
func measure(_ body: () throws -> Void) rethrows -> Double { try Measurement.bestOf(rounds, body) }

@MainActor
func rate(_ seconds: Double, _ count: Int = eventCount) -> String {
    String(format: "%10.0f events/s  (%.3f s)", Double(count) / seconds, seconds)
}

var findingCount = 0
var lastSummary: CheckSummary?

// MARK: - The checker alone

let checkerSeconds =
    only != nil && only != "checker"
    ? .nan
    : measure {
        var findings = 0
        let checker = RuleChecker(rules: rules, onFinding: { _ in findings += 1 })
        for (record, line) in records {
            switch record {
            case .launch(let launch): checker.beginLaunch(launch, trace: "trace.ndjson", file: "trace.ndjson", line: line)
            case .event(let event): checker.check(event, line: line)
            }
        }
        lastSummary = checker.finish()
        findingCount = findings
    }
if !checkerSeconds.isNaN { print("checker   (in memory)        \(rate(checkerSeconds))") }
if let lastSummary {
    print(
        "          \(lastSummary.violations) violations, \(lastSummary.pendings) pending, "
            + "\(lastSummary.rules.reduce(0) { $0 + $1.tally.instances }) rule instances")
}

if only == "checker" { finish() }

// MARK: - From the file, and its parse-only peer

if only != "database" {
    let fileSeconds = try measure {
        let checker = RuleChecker(rules: rules, onFinding: { _ in })
        _ = try checker.check(file: tracePath)
        _ = checker.finish()
    }
    let parseSeconds = try measure {
        var reader = try TraceLineReader(path: tracePath)
        var scanner = TraceLineScanner()
        var count = 0
        reader.forEachLine { bytes, number, _ in
            if let scanned = try? scanner.scan(bytes, lineNumber: number),
                case .event = TraceRecord(scanned, line: bytes, scanner: scanner)
            {
                count += 1
            }
            return true
        }
        precondition(count == eventCount)
    }
    print("file      (read+parse+check) \(rate(fileSeconds))")
    print(
        "  peer: read+parse only      \(rate(parseSeconds))   checking adds \(String(format: "%.0f%%", (fileSeconds / parseSeconds - 1) * 100))"
    )
}
if only == "file" { finish() }

// MARK: - From the database, and its read-only peer

let store = try TraceStore(path: directory.appendingPathComponent("lifeline.db").path)
_ = TraceImporter(store: store).importPaths([tracePath])
let databaseSeconds = try measure {
    let checker = RuleChecker(rules: rules, onFinding: { _ in })
    try store.forEachRecord { record in
        switch record {
        case .launch(let launch, let file, let line): checker.beginLaunch(launch, trace: file, file: file, line: line)
        case .event(let event, let line): checker.check(event, line: line)
        }
    }
    _ = checker.finish()
}
let readSeconds = try measure {
    var count = 0
    try store.forEachRecord { record in if case .event = record { count += 1 } }
    precondition(count == eventCount)
}
print("database  (read+check)       \(rate(databaseSeconds))")
print("  peer: read only            \(rate(readSeconds))")
if only == "database" { finish() }

// MARK: - The reference evaluator on a tenth

var launches: [ReferenceEvaluator.Launch] = []
var subsetEvents = 0
// Whole launches until a tenth of the events.
for (record, line) in records {
    if case .launch(let launch) = record {
        if subsetEvents >= eventCount / 10 { break }
        launches.append(.init(record: launch, trace: "trace.ndjson", file: "trace.ndjson", line: line, events: []))
    } else if case .event(let event) = record {
        launches[launches.count - 1].events.append((event, line))
        subsetEvents += 1
    }
}
let subsetRecords = launches.flatMap { [(TraceRecord.launch($0.record), $0.line)] + $0.events.map { (.event($0.event), $0.line) } }
let subsetChecker = measure {
    let checker = RuleChecker(rules: rules, onFinding: { _ in })
    for (record, line) in subsetRecords {
        switch record {
        case .launch(let launch): checker.beginLaunch(launch, trace: "trace.ndjson", file: "trace.ndjson", line: line)
        case .event(let event): checker.check(event, line: line)
        }
    }
    _ = checker.finish()
}
let referenceSeconds = measure { _ = ReferenceEvaluator.evaluate(rules, launches: launches) }
print("reference evaluator (\(subsetEvents) events) \(rate(referenceSeconds, subsetEvents))")
print(
    "  checker on the same events \(rate(subsetChecker, subsetEvents))   "
        + String(format: "%.1fx the reference", referenceSeconds / subsetChecker))

// MARK: - Memory as the trace grows 10x

@MainActor
func childPeak(_ count: Int) throws -> String {
    let path = directory.appendingPathComponent("memory-\(count).ndjson").path
    _ = try generate(count, into: path)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--memory", path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    process.waitUntilExit()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return output.split(separator: " ").first.map(String.init) ?? "?"
}
let small = try childPeak(events / 10)
let large = try childPeak(events)
print("memory    peak RSS checking the file: \(small) MiB at \(events / 10) events, \(large) MiB at \(events) events")
