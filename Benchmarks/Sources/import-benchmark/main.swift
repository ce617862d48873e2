// Imports the same 1,000,000 events two ways in one run and prints events/s and the ratio:
//   lifeline: TraceImporter on the NDJSON trace (hash pass, parse, order checks, insert)
//   sqlite3:  the sqlite3 shell's `.import --csv` of the same rows into the same schema,
//             with the same indexes and the same pragmas (foreign keys on, synchronous NORMAL, WAL)
// Run: swift run -c release --package-path Benchmarks import-benchmark [--events N] [--rounds N]
import Foundation
import GRDB
import LifelineFormat
import LifelineStore
import BenchmarkSupport

var events = 1_000_000
var rounds = 3
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--events": events = Int(arguments.next() ?? "") ?? events
    case "--rounds": rounds = Int(arguments.next() ?? "") ?? rounds
    default:
        print("usage: import-benchmark [--events N] [--rounds N]")
        exit(2)
    }
}
guard let sqlite3 = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3", "/opt/homebrew/bin/sqlite3"]
    .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
else {
    print("import-benchmark needs the sqlite3 shell (apt-get install sqlite3)")
    exit(2)
}

let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lifeline-import-bench-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
let keep = ProcessInfo.processInfo.environment["KEEP_BENCH_FILES"] != nil
defer { if !keep { try? FileManager.default.removeItem(at: directory) } }
let ndjson = directory.appendingPathComponent("trace.ndjson").path
let csv = directory.appendingPathComponent("events.csv").path

// MARK: - Generate the trace and the same rows as CSV

var ndjsonBytes: [UInt8] = []
var csvBytes: [UInt8] = []
var launches: [LaunchRecord] = []
var line = 0
var eventID = 0
var generator = TraceGenerator(seed: 7)
let ndjsonHandle = FileManager.default.createFile(atPath: ndjson, contents: nil) ? FileHandle(forWritingAtPath: ndjson)! : nil
let csvHandle = FileManager.default.createFile(atPath: csv, contents: nil) ? FileHandle(forWritingAtPath: csv)! : nil

func csvField(_ text: String?, _ output: inout [UInt8]) {
    guard let text else { return }
    output.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
        if byte == UInt8(ascii: "\"") { output.append(byte) }
        output.append(byte)
    }
    output.append(UInt8(ascii: "\""))
}

generator.generate(events: events, launch: { index, record in
    launches.append(record)
    line += 1
    TraceEncoder.append(record, to: &ndjsonBytes)
}, event: { launch, event in
    line += 1
    eventID += 1
    TraceEncoder.append(event, to: &ndjsonBytes)
    // id, launch_id, seq, t, event, phase, session, scene, thread, attrs, file_id, line
    var attrs: [UInt8] = []
    if !event.attrs.isEmpty { TraceEncoder.attributes(event.attrs, &attrs) }
    csvBytes.append(contentsOf: "\(eventID),\(launch),\(event.seq),\(event.t),".utf8)
    csvField(event.event.name, &csvBytes)
    csvBytes.append(contentsOf: ",\(event.phase.rawValue),".utf8)
    csvField(event.session, &csvBytes)
    csvBytes.append(UInt8(ascii: ","))
    csvField(event.scene, &csvBytes)
    csvBytes.append(UInt8(ascii: ","))
    csvField(event.thread, &csvBytes)
    csvBytes.append(UInt8(ascii: ","))
    csvField(attrs.isEmpty ? nil : String(decoding: attrs, as: UTF8.self), &csvBytes)
    csvBytes.append(contentsOf: ",1,\(line)\n".utf8)
    if ndjsonBytes.count > 1 << 22 {
        ndjsonHandle?.write(Data(ndjsonBytes))
        ndjsonBytes.removeAll(keepingCapacity: true)
    }
    if csvBytes.count > 1 << 22 {
        csvHandle?.write(Data(csvBytes))
        csvBytes.removeAll(keepingCapacity: true)
    }
})
ndjsonHandle?.write(Data(ndjsonBytes))
csvHandle?.write(Data(csvBytes))
try ndjsonHandle?.close()
try csvHandle?.close()
let ndjsonSize = (try FileManager.default.attributesOfItem(atPath: ndjson)[.size] as? Int) ?? 0
print("import-benchmark: \(eventID) events in \(launches.count) launches; NDJSON \(ndjsonSize / 1_000_000) MB; best of \(rounds) rounds")

// MARK: - Runs

/// A fresh database with the schema; for the shell, also the file and launch rows the events reference.
func freshStore(_ name: String, parents launches: [LaunchRecord]?) throws -> (TraceStore, String) {
    let path = directory.appendingPathComponent(name).path
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    let store = try TraceStore(path: path)
    if let launches {
        try store.database.write { db in
            try db.execute(sql: """
                INSERT INTO trace_file (id, path, content_hash, size, line_count, imported_at)
                VALUES (1, 'trace.ndjson', '', 0, 0, '')
                """)
            for (index, launch) in launches.enumerated() {
                try db.execute(sql: "INSERT INTO launch (id, file_id, line, uuid, lifecycle) VALUES (?, 1, 0, ?, 'scene')",
                               arguments: [index + 1, launch.launch])
            }
        }
    }
    return (store, path)
}

func timeLifeline(expected: Int) throws -> Double {
    let (store, _) = try freshStore("lifeline.db", parents: nil)
    let start = Date()
    let result = TraceImporter(store: store).importFile(at: ndjson)
    let seconds = Date().timeIntervalSince(start)
    guard result.events == expected else { fatalError("lifeline imported \(result.events) of \(expected): \(result.outcome)") }
    return seconds
}

func timeShell(_ launches: [LaunchRecord]) throws -> Double {
    let (_, path) = try freshStore("shell.db", parents: launches)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: sqlite3)
    process.arguments = [path]
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    let start = Date()
    try process.run()
    input.fileHandleForWriting.write(Data("""
        PRAGMA foreign_keys = ON;
        PRAGMA synchronous = NORMAL;
        .import --csv \(csv) event
        SELECT COUNT(*) FROM event;

        """.utf8))
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    let seconds = Date().timeIntervalSince(start)
    guard process.terminationStatus == 0 else { fatalError("sqlite3 failed") }
    return seconds
}

var lifelineBest = Double.infinity
var shellBest = Double.infinity
for round in 1...rounds {
    let shell = try timeShell(launches)
    let lifeline = try timeLifeline(expected: eventID)
    shellBest = min(shellBest, shell)
    lifelineBest = min(lifelineBest, lifeline)
    print(String(format: "round %d: sqlite3 .import %.2f s, lifeline import %.2f s", round, shell, lifeline))
}
let lifelineRate = Double(eventID) / lifelineBest
let shellRate = Double(eventID) / shellBest
print(String(format: "sqlite3 .import --csv: %10.0f events/s", shellRate))
print(String(format: "lifeline import:       %10.0f events/s", lifelineRate))
print(String(format: "ratio lifeline / sqlite3: %.2fx", lifelineRate / shellRate))
