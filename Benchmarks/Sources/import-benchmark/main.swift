// Imports the same 1,000,000 events three ways in one run and prints events/s and the ratios:
//   lifeline:       TraceImporter on the NDJSON trace (hash pass, parse, order checks, interning, insert)
//   sqlite3 text:   the sqlite3 shell's `.import --csv` of the same rows, strings as text, into a staging
//                   table, then INSERT ... SELECT into `string` and `event_raw`
//   sqlite3 ids:    the same with a CSV that already carries the string ids (the strictest peer: the shell
//                   only loads, it does not intern), `.import --csv` of the strings straight into `string`
// Both shell runs end with the same tables as Lifeline's (schema, indexes, rows), with the same pragmas
// (foreign keys on, synchronous NORMAL, WAL). `.import` cannot write NULL (an empty field is ''), which is
// why the events go through a staging table: NULLIF turns the empty fields back into NULL.
// Memory: peak RSS of `lifeline import`'s importer at N/10 and N events, each in a fresh process.
// Run: swift run -c release --package-path Benchmarks import-benchmark [--events N] [--rounds N] [--no-memory]
import BenchmarkSupport
import Foundation
import GRDB
import LifelineFormat
import LifelineStore

var events = 1_000_000
var rounds = 3
var measureMemory = true
var memoryFile: String?
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--events": events = Int(arguments.next() ?? "") ?? events
    case "--rounds": rounds = Int(arguments.next() ?? "") ?? rounds
    case "--no-memory": measureMemory = false
    case "--memory": memoryFile = arguments.next()
    default:
        print("usage: import-benchmark [--events N] [--rounds N] [--no-memory]")
        exit(2)
    }
}

// In a child process: import one file into a fresh database and print the peak RSS.
if let memoryFile {
    let path = memoryFile + ".db"
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    let result = TraceImporter(store: try TraceStore(path: path)).importFile(at: memoryFile)
    print(String(format: "%.1f %d", Measurement.peakResidentMiB(), result.events))
    exit(result.isFailure ? 1 : 0)
}

guard
    let sqlite3 = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3", "/opt/homebrew/bin/sqlite3"]
        .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
else {
    print("import-benchmark needs the sqlite3 shell (apt-get install sqlite3)")
    exit(2)
}

let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lifeline-import-bench-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
let keep = ProcessInfo.processInfo.environment["KEEP_BENCH_FILES"] != nil
defer { if !keep { try? FileManager.default.removeItem(at: directory) } }

/// Generates `count` events into an NDJSON file; with `csv`, also the rows as text CSV and as ids CSV.
func generate(
    _ count: Int, ndjson: String, csv: (text: String, ids: String, strings: String)?
) throws
    -> (events: Int, launches: [LaunchRecord])
{
    var trace = BufferedOutput(ndjson)
    var text = csv.map { BufferedOutput($0.text) }
    var ids = csv.map { BufferedOutput($0.ids) }
    var launches: [LaunchRecord] = []
    var line = 0
    var eventID = 0
    // Ids in order of first use, name then session, scene and thread: the order Lifeline interns them in.
    var strings: [String: Int] = [:]
    var stringList: [String] = []
    func id(_ value: String?) -> String {
        guard let value else { return "" }
        if let id = strings[value] { return String(id) }
        stringList.append(value)
        strings[value] = stringList.count
        return String(stringList.count)
    }
    var generator = TraceGenerator(seed: 7)
    generator.generate(
        events: count,
        launch: { _, record in
            launches.append(record)
            line += 1
            TraceEncoder.append(record, to: &trace.bytes)
        },
        event: { launch, event in
            line += 1
            eventID += 1
            TraceEncoder.append(event, to: &trace.bytes)
            trace.flush()
            guard csv != nil else { return }
            let attrsField = EventCSV.attrsField(event)
            text?.append(EventCSV.textRow(id: eventID, launch: launch, event: event, line: line))
            let phase = event.phase == .instant ? 0 : event.phase == .begin ? 1 : 2
            // id, launch_id, seq, t, name_id, phase, session_id, scene_id, thread_id, attrs, file_id, line
            let nameID = id(event.event.name)
            let sessionID = id(event.session)
            let sceneID = id(event.scene)
            let threadID = id(event.thread)
            ids?.append(
                "\(eventID),\(launch),\(event.seq),\(event.t),\(nameID),\(phase),\(sessionID),\(sceneID),\(threadID),"
                    + "\(attrsField),1,\(line)\n")
            text?.flush()
            ids?.flush()
        })
    try trace.close()
    try text?.close()
    try ids?.close()
    if let csv {
        var output = BufferedOutput(csv.strings)
        for (index, value) in stringList.enumerated() { output.append("\(index + 1),\(EventCSV.field(value))\n") }
        try output.close()
    }
    return (eventID, launches)
}

let ndjson = directory.appendingPathComponent("trace.ndjson").path
let textCSV = directory.appendingPathComponent("events.csv").path
let idsCSV = directory.appendingPathComponent("event-ids.csv").path
let stringsCSV = directory.appendingPathComponent("strings.csv").path
let (eventCount, launches) = try generate(events, ndjson: ndjson, csv: (textCSV, idsCSV, stringsCSV))
let ndjsonSize = (try FileManager.default.attributesOfItem(atPath: ndjson)[.size] as? Int) ?? 0
print("import-benchmark: \(eventCount) events in \(launches.count) launches; NDJSON \(ndjsonSize / 1_000_000) MB; best of \(rounds) rounds")

// MARK: - Runs

/// A fresh database with the schema; for the shell, also the file and launch rows the events reference.
func freshStore(_ name: String, parents launches: [LaunchRecord]?) throws -> (TraceStore, String) {
    let path = directory.appendingPathComponent(name).path
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    let store = try TraceStore(path: path)
    if let launches {
        // The store keeps its connection to itself: the rows go in as any SQLite client would write them.
        try DatabaseQueue(path: path).write { db in
            try db.execute(
                sql: """
                    INSERT INTO trace_file (id, path, content_hash, size, line_count, imported_at)
                    VALUES (1, 'trace.ndjson', '', 0, 0, '')
                    """)
            for (index, launch) in launches.enumerated() {
                try db.execute(
                    sql: "INSERT INTO launch (id, file_id, line, uuid, lifecycle) VALUES (?, 1, 0, ?, 'scene')",
                    arguments: [index + 1, launch.launch])
            }
        }
    }
    return (store, path)
}

func timeLifeline(expected: Int) throws -> Timing {
    let (store, _) = try freshStore("lifeline.db", parents: nil)
    let start = Date()
    let cpu = cpuSeconds(children: false)
    let result = TraceImporter(store: store).importFile(at: ndjson)
    let timing = Timing(seconds: Date().timeIntervalSince(start), cpu: cpuSeconds(children: false) - cpu)
    guard result.events == expected else { fatalError("lifeline imported \(result.events) of \(expected): \(result.outcome)") }
    return timing
}

/// The shell loading strings as text: stage, intern, insert.
let textScript = """
    PRAGMA foreign_keys = ON;
    PRAGMA synchronous = NORMAL;
    CREATE TEMP TABLE staging (id, launch_id, seq, t, event, phase, session, scene, thread, attrs, file_id, line);
    .import --csv \(textCSV) staging
    BEGIN;
    INSERT OR IGNORE INTO string (value)
    SELECT event FROM staging UNION SELECT session FROM staging WHERE session <> ''
    UNION SELECT scene FROM staging WHERE scene <> '' UNION SELECT thread FROM staging WHERE thread <> '';
    INSERT INTO event_raw (id, launch_id, seq, t, name_id, phase, session_id, scene_id, thread_id, attrs, file_id, line)
    SELECT s.id, s.launch_id, s.seq, s.t, n.id, CASE s.phase WHEN 'instant' THEN 0 WHEN 'begin' THEN 1 WHEN 'end' THEN 2 END,
           (SELECT id FROM string WHERE value = s.session), (SELECT id FROM string WHERE value = s.scene),
           (SELECT id FROM string WHERE value = s.thread), NULLIF(s.attrs, ''), s.file_id, s.line
    FROM staging s JOIN string n ON n.value = s.event;
    COMMIT;
    SELECT COUNT(*) FROM event_raw;

    """

/// The shell loading rows that already carry the string ids.
let idsScript = """
    PRAGMA foreign_keys = ON;
    PRAGMA synchronous = NORMAL;
    CREATE TEMP TABLE staging (id, launch_id, seq, t, name_id, phase, session_id, scene_id, thread_id, attrs, file_id, line);
    .import --csv \(idsCSV) staging
    BEGIN;
    .import --csv \(stringsCSV) string
    INSERT INTO event_raw (id, launch_id, seq, t, name_id, phase, session_id, scene_id, thread_id, attrs, file_id, line)
    SELECT id, launch_id, seq, t, name_id, phase, NULLIF(session_id, ''), NULLIF(scene_id, ''), NULLIF(thread_id, ''),
           NULLIF(attrs, ''), file_id, line
    FROM staging;
    COMMIT;
    SELECT COUNT(*) FROM event_raw;

    """

func timeShell(_ script: String, _ launches: [LaunchRecord], expected: Int) throws -> Timing {
    let (_, path) = try freshStore("shell.db", parents: launches)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: sqlite3)
    process.arguments = [path]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    let start = Date()
    let cpu = cpuSeconds(children: true)
    try process.run()
    input.fileHandleForWriting.write(Data(script.utf8))
    try input.fileHandleForWriting.close()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let timing = Timing(seconds: Date().timeIntervalSince(start), cpu: cpuSeconds(children: true) - cpu)
    guard process.terminationStatus == 0, printed.trimmingCharacters(in: .whitespacesAndNewlines) == String(expected) else {
        fatalError("sqlite3 failed (status \(process.terminationStatus)): \(printed)")
    }
    return timing
}

// Best of the rounds by wall-clock time, each run's CPU time alongside: Lifeline uses two threads, the shell one.
var lifelineBest = Timing.none
var textBest = Timing.none
var idsBest = Timing.none
for round in 1...rounds {
    let text = try timeShell(textScript, launches, expected: eventCount)
    let ids = try timeShell(idsScript, launches, expected: eventCount)
    let lifeline = try timeLifeline(expected: eventCount)
    if text.seconds < textBest.seconds { textBest = text }
    if ids.seconds < idsBest.seconds { idsBest = ids }
    if lifeline.seconds < lifelineBest.seconds { lifelineBest = lifeline }
    print(
        String(
            format: "round %d: sqlite3 text %.2f s (cpu %.2f s), sqlite3 ids %.2f s (cpu %.2f s), lifeline %.2f s (cpu %.2f s)",
            round, text.seconds, text.cpu, ids.seconds, ids.cpu, lifeline.seconds, lifeline.cpu))
}
func rate(_ timing: Timing) -> String {
    String(format: "%10.0f events/s  (%.2f s, cpu %.2f s)", Double(eventCount) / timing.seconds, timing.seconds, timing.cpu)
}
print("sqlite3 .import --csv, strings as text: \(rate(textBest))")
print("sqlite3 .import --csv, string ids:      \(rate(idsBest))")
print("lifeline import:                        \(rate(lifelineBest))")
print(
    String(
        format: "ratio lifeline / sqlite3 text: %.2fx (cpu %.2fx)", textBest.seconds / lifelineBest.seconds,
        textBest.cpu / lifelineBest.cpu))
print(
    String(
        format: "ratio lifeline / sqlite3 ids:  %.2fx (cpu %.2fx)", idsBest.seconds / lifelineBest.seconds,
        idsBest.cpu / lifelineBest.cpu))

// MARK: - Memory as the trace grows 10x

func childPeak(_ path: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--memory", path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return output.split(separator: " ").first.map(String.init) ?? "?"
}
if measureMemory {
    let smallPath = directory.appendingPathComponent("memory-small.ndjson").path
    _ = try generate(events / 10, ndjson: smallPath, csv: nil)
    let small = try childPeak(smallPath)
    let large = try childPeak(ndjson)
    print("memory    peak RSS importing: \(small) MiB at \(events / 10) events, \(large) MiB at \(events) events")
}
