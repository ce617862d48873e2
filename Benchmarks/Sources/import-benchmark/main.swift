// Imports the same 1,000,000 events five ways in one run and prints events/s and the ratios:
//   lifeline:       TraceImporter on the NDJSON trace (hash pass, parse, order checks, interning, insert)
//   lifeline without launch anatomy: the same with ImportOptions.derivesLaunchAnatomy off, what deriving each
//                   launch's kind, phases and ending costs (issue 30: at most 10%)
//   sqlite3 flat:   the sqlite3 shell's `.import --csv` of the same rows straight into one table, strings as
//                   text (numbers as integers: typed columns, the id the rowid), no interning and no derived
//                   columns, with the one index a reader of a launch's events needs, (launch_id, seq), kept
//                   during the load (issue 29's peer)
//   sqlite3 text:   the sqlite3 shell's `.import --csv` of the same rows, strings as text, into a staging
//                   table, then INSERT ... SELECT into `string` and `event_raw`
//   sqlite3 ids:    the same with a CSV that already carries the string ids (the strictest peer: the shell
//                   only loads, it does not intern), `.import --csv` of the strings straight into `string`
//   ceiling:        the insert-only limit: the rows Lifeline wrote (every column, the derived ones included,
//                   strings already interned), held in memory and inserted by one thread through the C API
//                   (16 rows per statement run, as Lifeline's inserter, a parameter bound only when it
//                   changes, a connection without SQLite's mutex) into the same schema, indexes and pragmas.
//                   The last line is Lifeline's events/s as a share of it.
// Both shell runs end with the same tables as Lifeline's (schema, indexes, rows), with the same pragmas
// (foreign keys on, synchronous NORMAL, WAL). `.import` cannot write NULL (an empty field is ''), which is
// why the events go through a staging table: NULLIF turns the empty fields back into NULL.
// Memory: peak RSS of `lifeline import`'s importer at N/10 and N events, each in a fresh process.
// The database thread: the CPU of the thread that ran the import, without the parser thread, against the ceiling.
// `--only anatomy` runs the two lifeline imports alone, alternating, and prints the anatomy's cost per round
// and best of the rounds, with the database thread's CPU (the import's pace) beside the wall-clock time.
// `--profile with|without` generates the trace and runs one lifeline import, with or without the launch anatomy,
// for a profiler to count (on a noisy machine, instructions decide between two ways where seconds cannot):
//   valgrind --tool=callgrind --toggle-collect='*TraceImporter*importFile*' import-benchmark --events 200000 --profile with
// Run: swift run -c release --package-path Benchmarks import-benchmark [--events N] [--rounds N] [--no-memory] [--only anatomy]
import BenchmarkSupport
import Foundation
import GRDB
import GRDBSQLite
import LifelineFormat
@_spi(Performance) import LifelineStore

var events = 1_000_000
var rounds = 3
var measureMemory = true
var memoryFile: String?
var onlyAnatomy = false
var profile: Bool?
var arguments = CommandLine.arguments.dropFirst().makeIterator()
func usage() -> Never {
    print("usage: import-benchmark [--events N] [--rounds N] [--no-memory] [--only anatomy] [--profile with|without]")
    exit(2)
}
while let argument = arguments.next() {
    switch argument {
    case "--events": events = Int(arguments.next() ?? "") ?? events
    case "--rounds": rounds = Int(arguments.next() ?? "") ?? rounds
    case "--no-memory": measureMemory = false
    case "--memory": memoryFile = arguments.next()
    case "--only" where arguments.next() == "anatomy": onlyAnatomy = true
    case "--profile":
        switch arguments.next() {
        case "with": profile = true
        case "without": profile = false
        default: usage()
        }
    default: usage()
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
let (eventCount, launches) = try generate(
    events, ndjson: ndjson, csv: onlyAnatomy || profile != nil ? nil : (textCSV, idsCSV, stringsCSV))
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

/// CPU seconds of the calling thread alone.
func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The import's timing, and the CPU seconds of the thread that ran it: the database thread (GRDB runs a
/// write on the calling thread), without the parser thread's, which a second idle core takes.
func timeLifeline(expected: Int, anatomy: Bool = true) throws -> (Timing, databaseThread: Double) {
    let (store, _) = try freshStore(anatomy ? "lifeline.db" : "lifeline-no-anatomy.db", parents: nil)
    var options = ImportOptions()
    options.derivesLaunchAnatomy = anatomy
    let start = Date()
    let cpu = cpuSeconds(children: false)
    let threadCPU = threadCPUSeconds()
    let result = TraceImporter(store: store).importFile(at: ndjson, options: options)
    let databaseThread = threadCPUSeconds() - threadCPU
    let timing = Timing(seconds: Date().timeIntervalSince(start), cpu: cpuSeconds(children: false) - cpu)
    guard result.events == expected else { fatalError("lifeline imported \(result.events) of \(expected): \(result.outcome)") }
    return (timing, databaseThread)
}

if let profile {
    let (timing, _) = try timeLifeline(expected: eventCount, anatomy: profile)
    print(String(format: "lifeline import %@ launch anatomy: %.2f s", profile ? "with" : "without", timing.seconds))
    if !keep { try? FileManager.default.removeItem(at: directory) }
    exit(0)
}

// `--only anatomy`: the launch anatomy's cost alone, the two imports alternating (which runs first swaps
// every round: the second of a pair finds the page cache warmer).
if onlyAnatomy {
    var (with, without) = (Timing.none, Timing.none)
    var (withThread, withoutThread) = (Double.infinity, Double.infinity)
    var costs: [Double] = []
    for round in 1...rounds {
        let a: (Timing, databaseThread: Double)
        let b: (Timing, databaseThread: Double)
        if round % 2 == 1 {
            a = try timeLifeline(expected: eventCount)
            b = try timeLifeline(expected: eventCount, anatomy: false)
        } else {
            b = try timeLifeline(expected: eventCount, anatomy: false)
            a = try timeLifeline(expected: eventCount)
        }
        if a.0.seconds < with.seconds { with = a.0 }
        if b.0.seconds < without.seconds { without = b.0 }
        (withThread, withoutThread) = (min(withThread, a.databaseThread), min(withoutThread, b.databaseThread))
        costs.append(100 * (a.0.seconds / b.0.seconds - 1))
        print(
            String(
                format:
                    "round %d: lifeline %.2f s (cpu %.2f s, database thread %.2f s), without launch anatomy %.2f s (cpu %.2f s, database thread %.2f s): %+.1f%%",
                round, a.0.seconds, a.0.cpu, a.databaseThread, b.0.seconds, b.0.cpu, b.databaseThread, 100 * (a.0.seconds / b.0.seconds - 1)
            ))
    }
    print(
        String(
            format:
                "launch anatomy (kinds, phases, endings) costs import %.1f%% (cpu %.1f%%, database thread %.1f%%): lifeline %.2f s / without it %.2f s, best of %d",
            100 * (with.seconds / without.seconds - 1), 100 * (with.cpu / without.cpu - 1), 100 * (withThread / withoutThread - 1),
            with.seconds, without.seconds, rounds))
    print(String(format: "the rounds' own ratios: median %+.1f%%", costs.sorted()[costs.count / 2]))
    if !keep { try? FileManager.default.removeItem(at: directory) }
    exit(0)
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

/// The shell loading the rows as they are into one table with a reader's index: no staging, no interning.
let flatScript = """
    PRAGMA synchronous = NORMAL;
    CREATE TABLE event_flat (
        id INTEGER PRIMARY KEY, launch_id INTEGER, seq INTEGER, t INTEGER, event TEXT, phase TEXT, session TEXT,
        scene TEXT, thread TEXT, attrs TEXT, file_id INTEGER, line INTEGER);
    CREATE INDEX event_flat_by_seq ON event_flat (launch_id, seq);
    .import --csv \(textCSV) event_flat
    SELECT COUNT(*) FROM event_flat;

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

// MARK: - The insert-only ceiling

/// Every row Lifeline stored, in memory: the strings, and the events' columns as SQLite gets them.
struct StoredRows {
    /// `string` rows: id and value.
    var strings: [(Int64, String)] = []
    /// Per event, the 15 columns of `event_raw` in table order (`attrs`' place unused); NULL is ``null``.
    var columns: [Int64] = []
    /// `attrs` of each event: a range of `attrBytes`, or a negative count for NULL.
    var attrs: [(start: Int, count: Int)] = []
    var attrBytes: [UInt8] = []
    /// `since_launch_ns` values stored as reals (a difference that overflowed), by event index.
    var realSince: [Int: Double] = [:]

    static let width = 15
    static let null = Int64.min

    /// Reads them back from a database Lifeline imported into.
    init(from path: String) throws {
        try DatabaseQueue(path: path).read { db in
            for row in try Row.fetchAll(db, sql: "SELECT id, value FROM string ORDER BY id") {
                strings.append((row[0], row[1]))
            }
            let cursor = try Row.fetchCursor(
                db,
                sql: """
                    SELECT id, launch_id, seq, t, name_id, phase, session_id, scene_id, thread_id, attrs, file_id, line,
                           since_launch_ns, state, pair_id
                    FROM event_raw ORDER BY id
                    """)
            while let row = try cursor.next() {
                for column in 0..<Self.width {
                    if column == 9 {
                        columns.append(Self.null)
                    } else if case .double(let real) = (row[column] as DatabaseValue).storage {
                        realSince[attrs.count] = real
                        columns.append(Self.null)
                    } else {
                        columns.append(row[column] as Int64? ?? Self.null)
                    }
                }
                if let text = row[9] as String? {
                    attrs.append((attrBytes.count, text.utf8.count))
                    attrBytes.append(contentsOf: text.utf8)
                } else {
                    attrs.append((0, -1))
                }
            }
        }
    }
}

/// Inserts `rows` into a fresh database with Lifeline's schema and the launch rows, as fast as one
/// connection can: the C API, no mutex, one transaction, 16 rows per statement run (as Lifeline's
/// inserter), a parameter bound only when it changes.
func timeCeiling(_ rows: StoredRows, _ launches: [LaunchRecord]) throws -> Timing {
    let (_, path) = try freshStore("ceiling.db", parents: launches)
    var connection: OpaquePointer?
    guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
        let db = connection
    else { fatalError("cannot open \(path)") }
    defer { sqlite3_close_v2(db) }
    func execute(_ sql: String) {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { fatalError(String(cString: sqlite3_errmsg(db))) }
    }
    func prepare(_ sql: String) -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK,
            let statement
        else { fatalError(String(cString: sqlite3_errmsg(db))) }
        return statement
    }
    func step(_ statement: OpaquePointer) {
        guard sqlite3_step(statement) == SQLITE_DONE else { fatalError(String(cString: sqlite3_errmsg(db))) }
        sqlite3_reset(statement)
    }
    execute("PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;")
    let stringInsert = prepare("INSERT INTO string (id, value) VALUES (?, ?)")
    let rowsPerStatement = 16
    func eventInsert(rows: Int) -> OpaquePointer {
        let row = "(" + Array(repeating: "?", count: StoredRows.width).joined(separator: ", ") + ")"
        return prepare(
            """
            INSERT INTO event_raw (id, launch_id, seq, t, name_id, phase, session_id, scene_id, thread_id, attrs, file_id, line,
                                   since_launch_ns, state, pair_id)
            VALUES \(Array(repeating: row, count: rows).joined(separator: ", "))
            """)
    }
    let manyInsert = eventInsert(rows: rowsPerStatement)
    let oneInsert = eventInsert(rows: 1)
    defer {
        sqlite3_finalize(stringInsert)
        sqlite3_finalize(manyInsert)
        sqlite3_finalize(oneInsert)
    }

    let start = Date()
    let cpu = cpuSeconds(children: false)
    // `SQLITE_TRANSIENT`, which Swift does not import: SQLite copies the text.
    let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
    execute("BEGIN")
    for (id, value) in rows.strings {
        sqlite3_bind_int64(stringInsert, 1, id)
        _ = value.withCString { sqlite3_bind_text(stringInsert, 2, $0, -1, transient) }
        step(stringInsert)
    }
    // What is bound per parameter of each statement: a value, ``StoredRows/null`` for NULL, or nothing yet.
    var manyBound = [Int64?](repeating: nil, count: StoredRows.width * rowsPerStatement)
    var oneBound = [Int64?](repeating: nil, count: StoredRows.width)
    rows.columns.withUnsafeBufferPointer { columns in
        rows.attrBytes.withUnsafeBytes { attrBytes in
            func bind(event: Int, to statement: OpaquePointer, first: Int, _ bound: inout [Int64?]) {
                let base = event * StoredRows.width
                for column in 0..<StoredRows.width where column != 9 {
                    let value = columns[base + column]
                    if column == 12, let real = rows.realSince[event] {
                        sqlite3_bind_double(statement, Int32(first + 13), real)
                        bound[first + column] = nil
                        continue
                    }
                    guard bound[first + column] != value else { continue }
                    if value == StoredRows.null {
                        sqlite3_bind_null(statement, Int32(first + column + 1))
                    } else {
                        sqlite3_bind_int64(statement, Int32(first + column + 1), value)
                    }
                    bound[first + column] = value
                }
                let attrs = rows.attrs[event]
                if attrs.count >= 0, let base = attrBytes.baseAddress {
                    sqlite3_bind_text(
                        statement, Int32(first + 10), base.advanced(by: attrs.start).assumingMemoryBound(to: CChar.self),
                        Int32(attrs.count), nil)
                } else {
                    sqlite3_bind_null(statement, Int32(first + 10))
                }
            }
            var event = 0
            while rows.attrs.count - event >= rowsPerStatement {
                for offset in 0..<rowsPerStatement {
                    bind(event: event + offset, to: manyInsert, first: offset * StoredRows.width, &manyBound)
                }
                step(manyInsert)
                event += rowsPerStatement
            }
            while event < rows.attrs.count {
                bind(event: event, to: oneInsert, first: 0, &oneBound)
                step(oneInsert)
                event += 1
            }
        }
    }
    execute("COMMIT")
    return Timing(seconds: Date().timeIntervalSince(start), cpu: cpuSeconds(children: false) - cpu)
}

// Best of the rounds by wall-clock time, each run's CPU time alongside: Lifeline uses two threads, the shell one.
var lifelineBest = Timing.none
var bareBest = Timing.none
var textBest = Timing.none
var flatBest = Timing.none
var idsBest = Timing.none
var ceilingBest = Timing.none
var storedRows: StoredRows?
var lifelineThreadBest = Double.infinity
for round in 1...rounds {
    let text = try timeShell(textScript, launches, expected: eventCount)
    let flat = try timeShell(flatScript, launches, expected: eventCount)
    let ids = try timeShell(idsScript, launches, expected: eventCount)
    let (lifeline, lifelineDatabaseThreadCPU) = try timeLifeline(expected: eventCount)
    let (bare, _) = try timeLifeline(expected: eventCount, anatomy: false)
    if bare.seconds < bareBest.seconds { bareBest = bare }
    let rows = try storedRows ?? StoredRows(from: directory.appendingPathComponent("lifeline.db").path)
    storedRows = rows
    let ceiling = try timeCeiling(rows, launches)
    if text.seconds < textBest.seconds { textBest = text }
    if flat.seconds < flatBest.seconds { flatBest = flat }
    if ids.seconds < idsBest.seconds { idsBest = ids }
    if lifeline.seconds < lifelineBest.seconds { lifelineBest = lifeline }
    lifelineThreadBest = min(lifelineThreadBest, lifelineDatabaseThreadCPU)
    if ceiling.seconds < ceilingBest.seconds { ceilingBest = ceiling }
    print(
        String(
            format:
                "round %d: sqlite3 flat %.2f s, sqlite3 text %.2f s (cpu %.2f s), sqlite3 ids %.2f s (cpu %.2f s), "
                + "lifeline %.2f s (cpu %.2f s), lifeline without launch anatomy %.2f s (cpu %.2f s), ceiling %.2f s (cpu %.2f s); "
                + "lifeline's database thread cpu %.2f s",
            round, flat.seconds, text.seconds, text.cpu, ids.seconds, ids.cpu, lifeline.seconds, lifeline.cpu, bare.seconds, bare.cpu,
            ceiling.seconds, ceiling.cpu, lifelineDatabaseThreadCPU))
}
func rate(_ timing: Timing) -> String {
    String(format: "%10.0f events/s  (%.2f s, cpu %.2f s)", Double(eventCount) / timing.seconds, timing.seconds, timing.cpu)
}
print("sqlite3 .import --csv into one table:   \(rate(flatBest))")
print("sqlite3 .import --csv, strings as text: \(rate(textBest))")
print("sqlite3 .import --csv, string ids:      \(rate(idsBest))")
print("lifeline import:                        \(rate(lifelineBest))")
print("lifeline import without launch anatomy: \(rate(bareBest))")
print("ceiling, insert-only (C API, 1 thread):  \(rate(ceilingBest))")
print(
    String(
        format: "ratio lifeline / sqlite3 flat: %.2fx (cpu %.2fx)", flatBest.seconds / lifelineBest.seconds,
        flatBest.cpu / lifelineBest.cpu))
print(
    String(
        format: "ratio lifeline / sqlite3 text: %.2fx (cpu %.2fx)", textBest.seconds / lifelineBest.seconds,
        textBest.cpu / lifelineBest.cpu))
print(
    String(
        format: "launch anatomy (kinds, phases, endings) costs import %.1f%% (cpu %.1f%%): lifeline / without it",
        100 * (lifelineBest.seconds / bareBest.seconds - 1), 100 * (lifelineBest.cpu / bareBest.cpu - 1)))
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

/// A database's size: the file and its WAL.
func databaseMB(_ name: String) -> Double {
    let path = directory.appendingPathComponent(name).path
    let sizes = ["", "-wal"].compactMap { try? FileManager.default.attributesOfItem(atPath: path + $0)[.size] as? Int }
    return Double(sizes.reduce(0, +)) / 1e6
}
print(String(format: "database  lifeline %.1f MB, ceiling %.1f MB (file and WAL)", databaseMB("lifeline.db"), databaseMB("ceiling.db")))
// What the ratio by time comes to on an idle 2-core machine, where the parser thread has a core of its own:
// the ceiling's CPU against the database thread's alone (least of the rounds each).
print(
    String(
        format: "lifeline's database thread against the ceiling: cpu %.2f s against %.2f s: %.1f%%", lifelineThreadBest,
        ceilingBest.cpu, 100 * ceilingBest.cpu / lifelineThreadBest))
print(
    String(
        format: "ratio lifeline / ceiling: %.1f%% (cpu %.1f%%)", 100 * ceilingBest.seconds / lifelineBest.seconds,
        100 * ceilingBest.cpu / lifelineBest.cpu))
