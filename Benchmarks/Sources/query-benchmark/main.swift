// Times what readers do with an imported 1,000,000-event database, so a schema change can be judged
// by its cost to them: window queries on one session, the views, every saved query in queries/, the
// checker's read, and the size on disk. `--index` compares the schema's covering index with a plain
// (launch, session, seq) one on the window queries, the same database and queries in the same run.
// A saved query still running after --limit seconds (default 60) is stopped and reported as such.
// `--one-launch` generates one launch with 4 sessions instead of ~4,500 launches (issue 15's shape), and the
// cases the REPL's lifecycle commands run (.launches, .sessions, .timeline LAUNCH SESSION) show what they cost.
// Each time is the best of the rounds by wall time, with that round's CPU seconds (this process and the REPL's,
// user + system) alongside: on a loaded machine only the CPU figures mean much.
// Run: swift run -c release --package-path Benchmarks query-benchmark [--events N] [--rounds N] [--index] [--limit S]
//      [--one-launch] [--lifeline .build/release/lifeline]
// With --lifeline, the REPL commands themselves are timed too, through that binary (`lifeline repl DB` with the
// command on standard input, all output read), process start included.
import BenchmarkSupport
import Foundation
import GRDB
import LifelineFormat
import LifelineStore

/// Prints a line at once, so progress shows when the output is a file.
func say(_ line: String) {
    print(line)
    fflush(nil)
}

var events = 1_000_000
var rounds = 3
var compareIndexes = false
var limit = 60.0
var oneLaunch = false
var lifeline: String?
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--events": events = Int(arguments.next() ?? "") ?? events
    case "--rounds": rounds = Int(arguments.next() ?? "") ?? rounds
    case "--index": compareIndexes = true
    case "--limit": limit = Double(arguments.next() ?? "") ?? limit
    case "--one-launch": oneLaunch = true
    case "--lifeline": lifeline = arguments.next()
    default:
        say("usage: query-benchmark [--events N] [--rounds N] [--index] [--limit SECONDS] [--one-launch] [--lifeline PATH]")
        exit(2)
    }
}

let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lifeline-query-bench-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
let keep = ProcessInfo.processInfo.environment["KEEP_BENCH_FILES"] != nil
defer { if !keep { try? FileManager.default.removeItem(at: directory) } }

// MARK: - The database: the import benchmark's trace, imported

let tracePath = directory.appendingPathComponent("trace.ndjson").path
var bytes: [UInt8] = []
var generator = TraceGenerator(seed: 7)
if oneLaunch {
    generator.generateOneLaunch(
        events: events, sessions: 4, launch: { _, launch in TraceEncoder.append(launch, to: &bytes) },
        event: { _, event in TraceEncoder.append(event, to: &bytes) })
} else {
    generator.generate(
        events: events, launch: { _, launch in TraceEncoder.append(launch, to: &bytes) },
        event: { _, event in TraceEncoder.append(event, to: &bytes) })
}
try Data(bytes).write(to: URL(fileURLWithPath: tracePath))
bytes = []
let databasePath = directory.appendingPathComponent("lifeline.db").path
let store = try TraceStore(path: databasePath)
let imported = TraceImporter(store: store).importFile(at: tracePath)
guard !imported.isFailure else { fatalError("import failed: \(imported.outcome)") }
// The store keeps its connection to itself; the benchmark reads the file as any SQLite client would.
let database = try DatabasePool(path: databasePath)
try database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
let size = (try FileManager.default.attributesOfItem(atPath: databasePath)[.size] as? Int) ?? 0
let version = try database.read { try String.fetchOne($0, sql: "SELECT MAX(identifier) FROM grdb_migrations") } ?? "?"
if keep { say("files kept in \(directory.path)") }
say("query-benchmark: \(imported.events) events in \(imported.launches) launches; schema \"\(version)\"")
say(String(format: "database size: %.1f MB (%.0f bytes/event)", Double(size) / 1e6, Double(size) / Double(imported.events)))

// MARK: - Measuring

/// Best of `rounds` runs of `body` by wall time, with that round's CPU seconds (this process and the
/// REPL processes it waited for: the figure that means something on a loaded machine).
@MainActor
func measure(_ body: () throws -> Void) rethrows -> Timing {
    var best = Timing.none
    for _ in 0..<rounds { best = best.best(try Timing.of(counting: .processAndChildren, body)) }
    return best
}

/// Steps through every row of `sql` and reads every column, as a client printing the result would.
@discardableResult
func run(_ db: Database, _ sql: String, _ arguments: StatementArguments = []) throws -> Int {
    let statement = try db.cachedStatement(sql: sql)
    let cursor = try Row.fetchCursor(statement, arguments: arguments)
    var rows = 0
    while let row = try cursor.next() {
        for index in 0..<row.count { _ = row[index] as DatabaseValue }
        rows += 1
    }
    return rows
}

func report(_ label: String, _ timing: Timing, per count: Int = 1, rows: Int) {
    let time =
        count > 1
        ? String(
            format: "%8.1f µs/query (cpu %.1f)", timing.seconds / Double(count) * 1e6, timing.cpu / Double(count) * 1e6)
        : String(format: "%8.3f s (cpu %.3f s)", timing.seconds, timing.cpu)
    say("\(label.padding(toLength: 44, withPad: " ", startingAt: 0)) \(time)  \(rows) rows")
}

// A fixed sample of sessions, and a window of about 20 events in the middle of each.
let sample = try database.read { db in
    try Row.fetchAll(
        db,
        sql: """
            SELECT launch_id, session, MIN(seq), MAX(seq) FROM event WHERE session IS NOT NULL
            GROUP BY launch_id, session ORDER BY launch_id, session
            """)
}.enumerated().filter { $0.offset % 10 == 0 }.map { $0.element }
    .map { row -> (launch: Int64, session: String, from: Int64, to: Int64) in
        let low: Int64 = row[2]
        let high: Int64 = row[3]
        let middle = (low + high) / 2
        return (row[0], row[1], middle - 10, middle + 10)
    }

/// The window queries the index serves: a session in seq order, a slice of it, the same through `timeline`.
@MainActor
func windowQueries(_ label: String) throws {
    var rows = 0
    let session = try measure {
        rows = 0
        try database.read { db in
            for s in sample {
                rows += try run(
                    db,
                    """
                    SELECT seq, t, event, phase, scene FROM event WHERE launch_id = ? AND session = ? ORDER BY seq
                    """, [s.launch, s.session])
            }
        }
    }
    report("\(label)session in seq order", session, per: sample.count, rows: rows)
    let window = try measure {
        rows = 0
        try database.read { db in
            for s in sample {
                rows += try run(
                    db,
                    """
                    SELECT seq, t, event, phase, scene FROM event
                    WHERE launch_id = ? AND session = ? AND seq BETWEEN ? AND ? ORDER BY seq
                    """, [s.launch, s.session, s.from, s.to])
            }
        }
    }
    report("\(label)window of 20 seq in a session", window, per: sample.count, rows: rows)
    let timelineSample = sample.prefix(10)
    let timeline = try measure {
        rows = 0
        try database.read { db in
            for s in timelineSample {
                rows += try run(
                    db,
                    """
                    SELECT seq, since_launch_ns, event, state FROM timeline WHERE launch_id = ? AND session = ? ORDER BY seq
                    """, [s.launch, s.session])
            }
        }
    }
    report("\(label)timeline view, one session", timeline, per: timelineSample.count, rows: rows)
}

say("\nqueries (best of \(rounds); \(sample.count) sessions for the window queries)")
try windowQueries("")
let single: [(String, String)] = [
    ("event where event = 'sceneDidBecomeActive(_:)'", "SELECT * FROM event WHERE event = 'sceneDidBecomeActive(_:)'"),
    ("every event, every column", "SELECT * FROM event"),
    ("launch_summary", "SELECT * FROM launch_summary"),
    ("span grouped by event", "SELECT event, COUNT(*), MAX(duration_ns) FROM span GROUP BY event"),
]
for (label, sql) in single {
    var rows = 0
    let timing = try measure { rows = try database.read { try run($0, sql) } }
    report(label, timing, rows: rows)
}
var records = 0
let checkerRead = try measure {
    records = 0
    try store.forEachRecord { _ in records += 1 }
}
report("checker's read (TraceStore.forEachRecord)", checkerRead, rows: records)

// MARK: - What the REPL's lifecycle commands read

// The launch and session with the most events: the worst case for a per-session timeline.
let (bigLaunch, bigSession) = try database.read { db -> (Int64, String) in
    let row = try Row.fetchOne(
        db,
        sql: """
            SELECT launch_id, session FROM event WHERE session IS NOT NULL
            GROUP BY launch_id, session ORDER BY COUNT(*) DESC LIMIT 1
            """)
    guard let row else { fatalError("no sessions") }
    return (row[0], row[1])
}
say("\nlifecycle reads (best of \(rounds); launch \(bigLaunch), session \(bigSession.prefix(8)), the largest)")
let lifecycle: [(String, String, StatementArguments)] = [
    ("launch_summary (.launches)", "SELECT * FROM launch_summary ORDER BY id", []),
    (
        "timeline, every session (.sessions)",
        "SELECT launch_id, session, scene, since_launch_ns, state FROM timeline WHERE session IS NOT NULL ORDER BY launch_id, seq",
        []
    ),
    ("span WHERE launch_id = ?", "SELECT begin_seq, end_seq FROM span WHERE launch_id = ?", [bigLaunch]),
    (
        "span WHERE launch_id = ? AND session = ?", "SELECT * FROM span WHERE launch_id = ? AND session = ?",
        [bigLaunch, bigSession]
    ),
    (
        "timeline WHERE launch_id = ? AND session = ?",
        "SELECT * FROM timeline WHERE launch_id = ? AND session = ? ORDER BY seq", [bigLaunch, bigSession]
    ),
    (
        "same, first 50 rows",
        "SELECT * FROM timeline WHERE launch_id = ? AND session = ? ORDER BY seq LIMIT 50", [bigLaunch, bigSession]
    ),
]
for (label, sql, arguments) in lifecycle {
    var rows = 0
    let watchdog = DispatchWorkItem { database.interrupt() }
    DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: watchdog)
    do {
        let timing = try measure { rows = try database.read { try run($0, sql, arguments) } }
        report(label, timing, rows: rows)
    } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
        say("\(label.padding(toLength: 44, withPad: " ", startingAt: 0))   > \(Int(limit)) s (stopped)")
    }
    watchdog.cancel()
}

if let lifeline {
    say("\nthe REPL's commands through \(lifeline) (best of \(rounds), process start included)")
    let commands = [
        ".launches", ".sessions", ".check", ".timeline \(bigLaunch) \(bigSession)",
    ]
    for command in commands {
        var bytes = 0
        let timing = try measure { bytes = try runREPL(lifeline, database: databasePath, input: command + "\n") }
        let label = command.count > 40 ? String(command.prefix(40)) + "..." : command
        say(
            "\(label.padding(toLength: 44, withPad: " ", startingAt: 0)) \(String(format: "%8.3f s (cpu %.3f s)", timing.seconds, timing.cpu))  \(bytes) bytes printed"
        )
    }
}

/// Runs `lifeline repl DATABASE` with `input` on standard input and reads all it prints; the bytes printed.
func runREPL(_ lifeline: String, database: String, input: String) throws -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: lifeline)
    process.arguments = ["repl", database]
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { fatalError("\(input) exited \(process.terminationStatus)") }
    return output.count
}

// MARK: - Saved queries

let queries = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../queries")
    .standardizedFileURL
let saved = ((try? FileManager.default.contentsOfDirectory(atPath: queries.path)) ?? []).filter { $0.hasSuffix(".sql") }.sorted()
say("\nsaved queries in queries/ (best of \(rounds))")
for name in saved {
    let sql = try String(contentsOf: queries.appendingPathComponent(name), encoding: .utf8)
    var rows = 0
    // A query that does not scale to this size is stopped after `limit` seconds and reported as such.
    let watchdog = DispatchWorkItem { database.interrupt() }
    DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: watchdog)
    do {
        let timing = try measure { rows = try database.read { try run($0, sql) } }
        report(name, timing, rows: rows)
    } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
        say("\(name.padding(toLength: 44, withPad: " ", startingAt: 0))   > \(Int(limit)) s (stopped)")
    }
    watchdog.cancel()
}

// MARK: - Covering index against a plain one

if compareIndexes {
    // The index and table names of this schema version.
    let (index, table, session) = try database.read { db -> (String, String, String) in
        let isView = try String.fetchOne(db, sql: "SELECT type FROM sqlite_schema WHERE name = 'event'") == "view"
        return isView ? ("event_raw_by_session", "event_raw", "session_id") : ("event_by_session", "event", "session")
    }
    let covering =
        try database.read { db in
            try String.fetchOne(db, sql: "SELECT sql FROM sqlite_schema WHERE name = ?", arguments: [index])
        } ?? ""
    say("\ncovering index against a plain one (best of \(rounds))")
    say("covering: \(covering)")
    try windowQueries("covering: ")
    try database.writeWithoutTransaction { db in
        try db.execute(sql: "DROP INDEX \(index); CREATE INDEX \(index) ON \(table)(launch_id, \(session), seq)")
    }
    say("plain:    CREATE INDEX \(index) ON \(table)(launch_id, \(session), seq)")
    try windowQueries("plain:    ")
    try database.writeWithoutTransaction { db in try db.execute(sql: "DROP INDEX \(index); \(covering)") }
}
