// Checks the same 1,000,000-event trace (many launches and sessions) against 22 rules that cover
// every pattern kind, scope, slicing and timing, and prints events/s for:
//   checker    the streaming checker alone, on records already in memory
//   file       end to end from the NDJSON file (read, parse, check), on one thread and with the file
//              read and scanned on a second thread; then the real `lifeline check FILE` (the built-in
//              catalogs, as a user runs it) against the sqlite3 shell's `.import --csv` of the same rows
//              and a `wc -l`-style scan of the same bytes (1 MiB reads, memchr), and `wc -l` itself
//   directory  `lifeline check DIR` of 1,000 small traces with --jobs 1 and --jobs 2
//   database   end to end from a lifeline.db (read rows in order, check), on one thread and read ahead
//              on a second, and `lifeline check lifeline.db`
//   scaling    `lifeline check` of N and 10N events: time and peak RSS (/usr/bin/time)
// with same-run peers: parsing the file without checking, reading the database without checking,
// and the reference evaluator on a tenth of the trace. Memory: peak RSS checking the file at N/10
// and N events, each in a fresh process. The ratios each target is judged by are the last lines.
// Run: swift build -c release --product lifeline   (the binary the file, directory and scaling cases run)
//      swift run -c release --package-path Benchmarks check-benchmark [--events N] [--rounds N]
//          [--only checker|file|directory|database|scaling|memory] [--lifeline PATH] [--traces N] [--scale N]
import BenchmarkSupport
import Foundation
@_spi(Performance) import LifelineFormat
@_spi(Reference) @_spi(Performance) import LifelineRules
@_spi(Performance) import LifelineStore

var events = 1_000_000
var rounds = 3
var memoryFile: String?
var only: String?
var traceCount = 1000
var scale = 10
var lifeline = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/release/lifeline").path
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--events": events = Int(arguments.next() ?? "") ?? events
    case "--rounds": rounds = Int(arguments.next() ?? "") ?? rounds
    case "--memory": memoryFile = arguments.next()
    case "--only": only = arguments.next()
    case "--lifeline": lifeline = arguments.next() ?? lifeline
    case "--traces": traceCount = Int(arguments.next() ?? "") ?? traceCount
    case "--scale": scale = Int(arguments.next() ?? "") ?? scale
    default:
        print(
            "usage: check-benchmark [--events N] [--rounds N] [--only checker|file|directory|database|scaling|memory] "
                + "[--lifeline PATH] [--traces N] [--scale N] [--memory FILE]")
        exit(2)
    }
}

let rules = try! RuleSet(parsing: benchmarkRules, file: "benchmark.rules")

// In a child process: check one file and print the peak RSS.
if let memoryFile {
    var findings = 0
    let checker = RuleChecker(rules: rules, onFinding: { _ in findings += 1 })
    _ = try checker.checkReadingAhead(file: memoryFile)
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

/// Generates about `count` events into an NDJSON file (and with `csv`, the event rows as the CSV
/// the sqlite3 shell imports); with `keep`, returns the records with their lines.
@discardableResult
func generate(
    _ count: Int, into path: String, csv: String? = nil, keep: Bool = true, seed: UInt64 = 42
) throws
    -> [(TraceRecord, Int)]
{
    var records: [(TraceRecord, Int)] = []
    var trace = BufferedOutput(path)
    var rows = csv.map(BufferedOutput.init)
    var line = 0
    var eventID = 0
    var generator = TraceGenerator(seed: seed)
    generator.generate(
        events: count,
        launch: { _, launch in
            line += 1
            if keep { records.append((.launch(launch), line)) }
            TraceEncoder.append(launch, to: &trace.bytes)
        },
        event: { launch, event in
            line += 1
            eventID += 1
            if keep { records.append((.event(event), line)) }
            TraceEncoder.append(event, to: &trace.bytes)
            trace.flush()
            rows?.append(EventCSV.textRow(id: eventID, launch: launch, event: event, line: line))
            rows?.flush()
        })
    try trace.close()
    try rows?.close()
    return records
}

let tracePath = directory.appendingPathComponent("trace.ndjson").path
let csvPath = directory.appendingPathComponent("events.csv").path
let records = try generate(events, into: tracePath, csv: only == nil || only == "file" ? csvPath : nil)
let eventCount = records.count { if case .event = $0.0 { return true } else { return false } }
let launchCount = records.count - eventCount
let fileSize = (try FileManager.default.attributesOfItem(atPath: tracePath)[.size] as? Int) ?? 0
print("trace: \(eventCount) events, \(launchCount) launches, \(fileSize / 1_048_576) MiB; \(rules.rules.count) rules")
var loadAverage: String {
    ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").prefix(3).joined(separator: " ")
}
print("load average at start: \(loadAverage)")

/// Best-of-rounds seconds for `body`.
@MainActor
func measure(_ body: () throws -> Void) rethrows -> Double { try Measurement.bestOf(rounds, body) }

@MainActor
func rate(_ seconds: Double, _ count: Int = eventCount) -> String {
    String(format: "%10.0f events/s  (%.3f s)", Double(count) / seconds, seconds)
}

@MainActor
func rate(_ timing: Timing, _ count: Int = eventCount) -> String {
    String(format: "%10.0f events/s  (%.3f s, cpu %.3f s)", Double(count) / timing.seconds, timing.seconds, timing.cpu)
}

/// Runs a program to its end, its output discarded (or returned with `capture`); the exit statuses
/// `allowed` pass, any other stops the benchmark.
@discardableResult
func runProgram(
    _ path: String, _ arguments: [String], input: String? = nil, capture: Bool = false, allowed: Set<Int32> = [0]
)
    throws -> String
{
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = capture ? output : FileHandle.nullDevice
    process.standardError = errors
    let stdin = Pipe()
    if input != nil { process.standardInput = stdin }
    try process.run()
    if let input {
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
    }
    let printed = capture ? String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) : ""
    let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard allowed.contains(process.terminationStatus) else {
        fatalError("\(path) \(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(problems.prefix(2000))")
    }
    return printed
}

@MainActor
func requireLifeline() {
    guard FileManager.default.isExecutableFile(atPath: lifeline) else {
        print("no lifeline binary at \(lifeline): run `swift build -c release --product lifeline` first, or give --lifeline PATH")
        exit(2)
    }
}

/// `lifeline check` exits 1 when a finding fails the check: the generated traces may hold some.
let checkStatuses: Set<Int32> = [0, 1]
/// The ratios the targets are judged by, printed last.
var ratios: [String] = []

var findingCount = 0
var lastSummary: CheckSummary?

// MARK: - The checker alone

/// The checker on the records in memory, against `rules`.
@MainActor
func checkInMemory(_ rules: RuleSet) {
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

// The same rules and a launch budget (docs/rules.md, "Launch budgets"), measured first so that the
// plain run's summary is the one printed: what deriving each launch's anatomy costs the checker.
let budgeted = RuleSet(
    rules.rules + (try! RuleSet(parsing: "rule budget per launch: never lifeline.anatomy[launchTime > 400ms]", file: "budget.rules")).rules)
let budgetSeconds = only != nil && only != "checker" ? .nan : measure { checkInMemory(budgeted) }
let checkerSeconds = only != nil && only != "checker" ? .nan : measure { checkInMemory(rules) }
if !checkerSeconds.isNaN {
    print("checker   (in memory)        \(rate(checkerSeconds))")
    print(
        "  + a launch budget          \(rate(budgetSeconds))  "
            + String(format: "(%.2f× the checker's time: each launch's anatomy derived)", budgetSeconds / checkerSeconds))
}
if let lastSummary {
    print(
        "          \(lastSummary.violations) violations, \(lastSummary.pendings) pending, "
            + "\(lastSummary.rules.reduce(0) { $0 + $1.tally.instances }) rule instances")
}

if only == "checker" { finish() }

// MARK: - From the file, and its peers

/// Counts the lines of a file as fast as a reader can: 1 MiB reads, `memchr` for each newline.
func scanLines(_ path: String) -> Int {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { fatalError("cannot open \(path)") }
    defer { close(descriptor) }
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 64)
    defer { buffer.deallocate() }
    var lines = 0
    while true {
        let count = read(descriptor, buffer, 1 << 20)
        if count <= 0 { break }
        var start = buffer
        let end = buffer + count
        while start < end, let found = memchr(start, 0x0A, end - start) {
            lines += 1
            start = UnsafeMutableRawPointer(found) + 1
        }
    }
    return lines
}

if only == nil || only == "file" {
    requireLifeline()
    // The sqlite3 shell merely loading the same rows: a staging table, as the import benchmark's first step.
    let importScript = """
        PRAGMA synchronous = NORMAL;
        CREATE TEMP TABLE staging (\(EventCSV.textColumns));
        .import --csv \(csvPath) staging
        SELECT COUNT(*) FROM staging;

        """
    var single = Timing.none
    var ahead = Timing.none
    var parse = Timing.none
    var command = Timing.none
    var shell = Timing.none
    var scan = Timing.none
    var wc = Timing.none
    let lineCount = records.count
    // Alternated within each round, best of the rounds by wall-clock time.
    for round in 1...rounds {
        single = single.best(
            try Timing.of {
                let checker = RuleChecker(rules: rules, onFinding: { _ in })
                _ = try checker.check(file: tracePath)
                _ = checker.finish()
            })
        ahead = ahead.best(
            try Timing.of {
                let checker = RuleChecker(rules: rules, onFinding: { _ in })
                _ = try checker.checkReadingAhead(file: tracePath)
                _ = checker.finish()
            })
        parse = parse.best(
            try Timing.of {
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
            })
        let lifelineRun = try Timing.of(children: true) {
            try runProgram(lifeline, ["check", tracePath, "--no-local-rules"], allowed: checkStatuses)
        }
        command = command.best(lifelineRun)
        let database = directory.appendingPathComponent("import-peer.db").path
        try? FileManager.default.removeItem(atPath: database)
        let shellRun = try Timing.of(children: true) {
            let printed = try runProgram("/usr/bin/sqlite3", [database], input: importScript, capture: true)
            precondition(printed.trimmingCharacters(in: .whitespacesAndNewlines) == String(eventCount), printed)
        }
        shell = shell.best(shellRun)
        try? FileManager.default.removeItem(atPath: database)
        scan = scan.best(Timing.of { precondition(scanLines(tracePath) == lineCount) })
        wc = wc.best(
            try Timing.of(children: true) {
                let printed = try runProgram("/usr/bin/wc", ["-l", tracePath], capture: true)
                precondition(printed.hasPrefix("\(lineCount) "), printed)
            })
        print(
            String(
                format: "  round %d: lifeline check %.3f s (cpu %.3f), sqlite3 .import %.3f s (cpu %.3f), load %@", round,
                lifelineRun.seconds, lifelineRun.cpu, shellRun.seconds, shellRun.cpu, loadAverage))
    }
    print("file      (read+parse+check, 1 thread)   \(rate(single))")
    print("          (parsed on a second thread)    \(rate(ahead))")
    print(
        "  peer: read+parse only                  \(rate(parse))   checking adds "
            + String(
                format: "%.0f%% on one thread, %.0f%% reading ahead", (single.seconds / parse.seconds - 1) * 100,
                (ahead.seconds / parse.seconds - 1) * 100))
    print("lifeline check FILE (built-in catalogs)  \(rate(command))")
    print("  peer: sqlite3 .import --csv            \(rate(shell))")
    print("  peer: line scan (1 MiB reads, memchr)  \(rate(scan))")
    print("  peer: wc -l                            \(rate(wc))")
    ratios.append(String(format: "ratio file: lifeline check / sqlite3 .import = %.2f (target >= 3)", shell.seconds / command.seconds))
    ratios.append(String(format: "ratio file: lifeline check / line scan = %.2f (target >= 0.5)", scan.seconds / command.seconds))
}

// MARK: - Many small traces, in parallel

if only == nil || only == "directory" {
    requireLifeline()
    let tracesDirectory = directory.appendingPathComponent("traces")
    try FileManager.default.createDirectory(at: tracesDirectory, withIntermediateDirectories: true)
    let perTrace = max(events / 1000, 10)
    for index in 0..<traceCount {
        let path = tracesDirectory.appendingPathComponent(String(format: "t%04d.ndjson", index)).path
        try generate(perTrace, into: path, keep: false, seed: UInt64(index))
    }
    var one = Timing.none
    var two = Timing.none
    for _ in 1...rounds {
        one = one.best(
            try Timing.of(children: true) {
                try runProgram(lifeline, ["check", tracesDirectory.path, "--no-local-rules", "--jobs", "1"], allowed: checkStatuses)
            })
        two = two.best(
            try Timing.of(children: true) {
                try runProgram(lifeline, ["check", tracesDirectory.path, "--no-local-rules", "--jobs", "2"], allowed: checkStatuses)
            })
    }
    let total = traceCount * perTrace
    print("directory (\(traceCount) traces of ~\(perTrace) events) --jobs 1  \(rate(one, total))")
    print("                                       --jobs 2  \(rate(two, total))")
    ratios.append(String(format: "ratio directory: --jobs 2 / --jobs 1 = %.2f (speed-up on 2 cores)", one.seconds / two.seconds))
    try? FileManager.default.removeItem(at: tracesDirectory)
}
if only == "file" || only == "directory" {
    for ratio in ratios { print(ratio) }
    finish()
}

// MARK: - From the database, and its read-only peer

if only == nil || only == "database" {
    let databasePath = directory.appendingPathComponent("lifeline.db").path
    let store = try TraceStore(path: databasePath)
    _ = TraceImporter(store: store).importPaths([tracePath])
    func check(_ record: StoredRecord, _ checker: RuleChecker) {
        switch record {
        case .launch(let launch, let file, let line): checker.beginLaunch(launch, trace: file, file: file, line: line)
        case .event(let event, let line): checker.check(event, line: line)
        }
    }
    /// What `lifeline check lifeline.db` does: rows of string ids, each id resolved once.
    func checkByIDs(_ checker: RuleChecker) throws {
        var ids = StringIDCache()
        try store.forEachRow { launch, file, line in
            checker.beginLaunch(launch, trace: file, file: file, line: line)
        } event: { row, reader in
            try checker.check(
                row.event,
                line: row.line, ids: &ids, string: reader.string, record: { try reader.record(row) })
        }
    }
    var byIDs = Timing.none
    var single = Timing.none
    var ahead = Timing.none
    var read = Timing.none
    var rows = Timing.none
    var command = Timing.none
    for _ in 1...rounds {
        byIDs = byIDs.best(
            try Timing.of {
                let checker = RuleChecker(rules: rules, onFinding: { _ in })
                try checkByIDs(checker)
                _ = checker.finish()
            })
        single = single.best(
            try Timing.of {
                let checker = RuleChecker(rules: rules, onFinding: { _ in })
                try store.forEachRecord { check($0, checker) }
                _ = checker.finish()
            })
        ahead = ahead.best(
            try Timing.of {
                let checker = RuleChecker(rules: rules, onFinding: { _ in })
                try store.forEachRecordReadingAhead { check($0, checker) }
                _ = checker.finish()
            })
        read = read.best(
            try Timing.of {
                var count = 0
                try store.forEachRecord { record in if case .event = record { count += 1 } }
                precondition(count == eventCount)
            })
        rows = rows.best(
            try Timing.of {
                var count = 0
                try store.forEachRow { _, _, _ in
                } event: { _, _ in
                    count += 1
                }
                precondition(count == eventCount)
            })
        if FileManager.default.isExecutableFile(atPath: lifeline) {
            command = command.best(
                try Timing.of(children: true) {
                    try runProgram(lifeline, ["check", databasePath, "--no-local-rules"], allowed: checkStatuses)
                })
        }
    }
    print("database  (read+check by string ids)    \(rate(byIDs))")
    print("          (read+check records, 1 thread) \(rate(single))")
    print("          (records read on a 2nd thread) \(rate(ahead))")
    print("  peer: read only (records)             \(rate(read))")
    print("  peer: rows of ids only (SQLite steps)  \(rate(rows))")
    ratios.append(String(format: "ratio database: check by string ids / read only = %.2f (target >= 0.8)", read.seconds / byIDs.seconds))
    ratios.append(String(format: "ratio database: check reading records ahead / read only = %.2f", read.seconds / ahead.seconds))
    ratios.append(
        String(format: "ratio database: check by string ids / rows of ids only = %.2f (SQLite's share)", rows.seconds / byIDs.seconds))
    if command.seconds.isFinite {
        print("lifeline check lifeline.db               \(rate(command))")
        ratios.append(
            String(format: "ratio database: lifeline check lifeline.db / read only = %.2f (target >= 0.8)", read.seconds / command.seconds))
    }
}
if only == "database" {
    for ratio in ratios { print(ratio) }
    finish()
}

// MARK: - Scaling: N and 10N events through the real binary

if only == "scaling" {
    requireLifeline()
    /// Wall seconds, CPU seconds and peak RSS (MiB) of `lifeline check` of `count` events, by /usr/bin/time.
    func timeCheck(_ count: Int) throws -> (Timing, Double) {
        let path = directory.appendingPathComponent("scaling-\(count).ndjson").path
        if !FileManager.default.fileExists(atPath: path) { try generate(count, into: path, keep: false) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%e %U %S %M", lifeline, "check", path, "--no-local-rules"]
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = (text.split(separator: "\n").last ?? "").split(separator: " ").compactMap { Double($0) }
        guard fields.count == 4 else { fatalError("unexpected /usr/bin/time output: \(text)") }
        return (Timing(seconds: fields[0], cpu: fields[1] + fields[2]), fields[3] / 1024)
    }
    var small = (Timing.none, 0.0)
    var large = (Timing.none, 0.0)
    for round in 1...rounds {
        let s = try timeCheck(events)
        let l = try timeCheck(events * scale)
        if s.0.seconds < small.0.seconds { small = s }
        if l.0.seconds < large.0.seconds { large = l }
        print(
            String(
                format: "  round %d: %d events %.2f s (cpu %.2f) %.1f MiB; %d events %.2f s (cpu %.2f) %.1f MiB; load %@", round,
                events, s.0.seconds, s.0.cpu, s.1, events * scale, l.0.seconds, l.0.cpu, l.1, loadAverage))
    }
    print(String(format: "scaling   %d events: %.2f s, peak RSS %.1f MiB", events, small.0.seconds, small.1))
    print(String(format: "          %d events: %.2f s, peak RSS %.1f MiB", events * scale, large.0.seconds, large.1))
    print(
        String(
            format: "ratio scaling: time %dx events = %.2f (target <= %.1f), peak RSS = %.2f (target: flat)", scale,
            large.0.seconds / small.0.seconds, Double(scale) * 1.05, large.1 / small.1))
    finish()
}

// MARK: - The reference evaluator on a tenth

if only == nil {
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
}

// MARK: - Memory as the trace grows 10x

@MainActor
func childPeak(_ count: Int) throws -> String {
    let path = directory.appendingPathComponent("memory-\(count).ndjson").path
    try generate(count, into: path, keep: false)
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
if only == nil || only == "memory" {
    let small = try childPeak(events / 10)
    let large = try childPeak(events)
    print("memory    peak RSS checking the file: \(small) MiB at \(events / 10) events, \(large) MiB at \(events) events")
}
print("load average at end: \(loadAverage)")
for ratio in ratios { print(ratio) }
