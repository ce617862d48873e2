import Foundation
import GRDB
import LifelineFormat
import LifelineSupport
import LifelineTestSupport
import Testing

@testable import LifelineStore

/// A saved query rewritten for speed gives the rows its previous text gave: both texts run on
/// random traces (several launches per file, sessions that connect, change state, disconnect and
/// are discarded in the same or the next launch, seqs out of order) and must agree row for row.
@Suite("Saved queries: rewritten queries give the rows they gave before")
struct SavedQueryRewriteTests {
    /// `queries/sessions-per-launch.sql` before it was rewritten to finish in under a second on
    /// 4,500 launches (it joined `session_counts` by scanning it once per launch, and read each
    /// session's last state through the `timeline` view twice), and again to run on Spark SQL (its
    /// subqueries referred to queries two levels up; it now joins each session's last event, its
    /// discards and the next launch's).
    static let sessionsPerLaunchBefore = #"""
        -- Sessions per launch and their outcomes: each launch's scene sessions, new or restored, how often they connected, and how each ended (its last state, or discarded).
        WITH names AS (
            SELECT (SELECT id FROM string WHERE value = 'application(_:configurationForConnecting:options:)') AS configure,
                   (SELECT id FROM string WHERE value = 'scene(_:willConnectTo:options:)') AS connect
        ),
        per_session_id AS (
            -- event_raw (ids), grouped before any string is looked up: a million rows through the event view cost 3 lookups each.
            SELECT e.launch_id, e.session_id,
                   MAX(IFNULL(e.name_id = names.configure, 0)) AS configured,
                   SUM(IFNULL(e.name_id = names.connect, 0) AND e.phase IN (0, 1)) AS connects,
                   COUNT(DISTINCT e.scene_id) AS scene_objects,
                   MAX(e.seq) AS last_seq
            FROM event_raw e, names
            WHERE e.session_id IS NOT NULL
            GROUP BY e.launch_id, e.session_id
        ),
        per_session AS (
            SELECT p.launch_id, s.value AS session, p.configured, p.connects, p.scene_objects, p.last_seq
            FROM per_session_id p JOIN string s ON s.id = p.session_id
        ),
        last_state AS (
            -- The state after a session's last event: its last state change (the timeline carries it forward).
            SELECT p.launch_id, p.session,
                   (SELECT t.state FROM timeline t WHERE t.launch_id = p.launch_id AND t.session = p.session AND t.seq <= p.last_seq
                        AND t.state IS NOT NULL ORDER BY t.seq DESC LIMIT 1) AS state
            FROM per_session p
        ),
        session_counts AS (
            SELECT launch_id, COUNT(*) AS sessions FROM per_session GROUP BY launch_id
        ),
        discards AS (
            SELECT e.launch_id, e.seq, j.value AS session
            FROM event e, json_each(e.attrs, '$.sessions') j
            WHERE e.event = 'application(_:didDiscardSceneSessions:)' AND e.phase IN ('begin', 'instant')
        )
        SELECT l.id AS launch,
               COALESCE(sc.sessions, 0) AS sessions,
               p.session,
               CASE WHEN p.session IS NULL THEN NULL WHEN p.configured THEN 'new' ELSE 'restored' END AS origin,
               COALESCE(p.connects, 0) AS connects,
               p.scene_objects,
               CASE
                   WHEN EXISTS (SELECT 1 FROM discards d WHERE d.session = p.session AND d.launch_id = l.id AND d.seq > p.last_seq)
                       THEN 'discarded'
                   WHEN EXISTS (SELECT 1 FROM discards d WHERE d.session = p.session AND d.launch_id =
                                    (SELECT MIN(n.id) FROM launch n WHERE n.file_id = l.file_id AND n.id > l.id))
                       THEN 'discarded (next launch)'
                   WHEN s.state = 'unattached' THEN 'released'
                   ELSE s.state
               END AS outcome
        FROM launch l
        LEFT JOIN session_counts sc ON sc.launch_id = l.id
        LEFT JOIN per_session p ON p.launch_id = l.id
        LEFT JOIN last_state s ON s.launch_id = p.launch_id AND s.session = p.session
        WHERE l.lifecycle = 'scene'
        ORDER BY l.id, p.session;
        """#

    /// `queries/events-between.sql` before it read `event_raw` by name ids and each begin's end by
    /// `pair_id` (it read every event through the `event` view and joined the whole `span` view).
    static let eventsBetweenBefore = #"""
        -- App-defined events between two callbacks in each launch, with their durations: here from didFinishLaunching to the first sceneDidBecomeActive (edit the two names in `bounds`).
        WITH bounds (from_event, to_event) AS (
            VALUES ('application(_:didFinishLaunchingWithOptions:)', 'sceneDidBecomeActive(_:)')
        ),
        windows AS (
            SELECT e.launch_id,
                   MIN(CASE WHEN e.event = b.from_event THEN e.seq END) AS from_seq,
                   MIN(CASE WHEN e.event = b.to_event THEN e.seq END) AS to_seq,
                   MIN(CASE WHEN e.event = b.from_event THEN e.t END) AS from_t
            FROM event e, bounds b
            GROUP BY e.launch_id
        )
        SELECT e.launch_id AS launch,
               e.seq,
               ROUND((e.t - w.from_t) / 1e6, 1) AS after_ms,
               e.event,
               e.session,
               ROUND(s.duration_ns / 1e6, 1) AS duration_ms
        FROM windows w
        JOIN event e ON e.launch_id = w.launch_id AND e.seq > w.from_seq AND e.seq < w.to_seq
        LEFT JOIN span s ON s.launch_id = e.launch_id AND s.begin_seq = e.seq
        WHERE e.event NOT LIKE '%)' AND e.phase IN ('begin', 'instant')  -- app-defined names are not selectors
        ORDER BY e.launch_id, e.seq;
        """#

    /// `queries/interruptions.sql` before it compared name ids rather than names (SQLite looked the
    /// string of every event up to test it against the names).
    static let interruptionsBefore = #"""
        -- Temporary interruptions (alerts, Control Center): willResignActive followed by didBecomeActive of the same scene, or of a legacy app, with no didEnterBackground between; how long each lasted.
        WITH names AS (
            SELECT id, value FROM string
            WHERE value IN ('sceneWillResignActive(_:)', 'sceneDidBecomeActive(_:)', 'sceneDidEnterBackground(_:)',
                            'sceneDidDisconnect(_:)', 'applicationWillResignActive(_:)', 'applicationDidBecomeActive(_:)',
                            'applicationDidEnterBackground(_:)', 'applicationWillEnterForeground(_:)')
        ),
        transitions AS (
            -- event_raw (ids) rather than the event view: the names are looked up once, not per event.
            SELECT e.launch_id, e.session_id, e.seq, e.t, n.value AS event,
                   LEAD(n.value) OVER w AS next_event,
                   LEAD(e.t) OVER w AS next_t
            FROM event_raw e CROSS JOIN names n
            WHERE n.id = e.name_id AND e.phase IN (0, 1)
            WINDOW w AS (PARTITION BY e.launch_id, e.session_id, e.scene_id ORDER BY e.seq)
        )
        SELECT launch_id AS launch,
               COALESCE((SELECT value FROM string WHERE id = session_id), '(app)') AS session,
               seq,
               ROUND((next_t - t) / 1e6, 1) AS inactive_ms
        FROM transitions
        WHERE event IN ('sceneWillResignActive(_:)', 'applicationWillResignActive(_:)')
          AND next_event IN ('sceneDidBecomeActive(_:)', 'applicationDidBecomeActive(_:)')
        ORDER BY launch_id, seq;
        """#

    /// `queries/callback-durations.sql` before it was rewritten to mean the same on Spark SQL (it selected `n`,
    /// neither grouped nor aggregated, and its nearest ranks relied on SQLite's integer `/`).
    static let callbackDurationsBefore = #"""
        -- Callback durations per UIKit callback: how many spans, p50, p95 and max in milliseconds (nearest-rank percentiles).
        WITH ranked AS (
            SELECT event, duration_ns,
                   ROW_NUMBER() OVER (PARTITION BY event ORDER BY duration_ns) AS rank,
                   COUNT(*) OVER (PARTITION BY event) AS n
            FROM span
            WHERE duration_ns IS NOT NULL AND event LIKE '%)'  -- callbacks are selectors; app-defined names are not
        )
        SELECT event,
               n AS spans,
               ROUND(MAX(CASE WHEN rank = (n * 50 + 99) / 100 THEN duration_ns END) / 1e6, 2) AS p50_ms,
               ROUND(MAX(CASE WHEN rank = (n * 95 + 99) / 100 THEN duration_ns END) / 1e6, 2) AS p95_ms,
               ROUND(MAX(duration_ns) / 1e6, 2) AS max_ms
        FROM ranked
        GROUP BY event
        ORDER BY max_ms DESC, event;
        """#

    static let repositoryQueries = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../queries").standardizedFileURL

    /// Callbacks and app events, weighted toward what the query reads.
    static let names = [
        "application(_:configurationForConnecting:options:)", "scene(_:willConnectTo:options:)",
        "scene(_:willConnectTo:options:)", "sceneWillEnterForeground(_:)", "sceneDidBecomeActive(_:)",
        "sceneWillResignActive(_:)", "sceneDidEnterBackground(_:)", "sceneDidDisconnect(_:)",
        "applicationDidBecomeActive(_:)", "application(_:didFinishLaunchingWithOptions:)", "app.work", "app.load",
    ]

    /// A random trace of 1–4 launches, most with the scene lifecycle.
    static func randomTrace(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        var lines: [String] = []
        for launch in 0...(random.next() % 4) {
            let lifecycle = random.next() % 5 == 0 ? "app" : "scene"
            lines.append(#"{"lifeline":1,"type":"launch","launch":"L\#(seed)-\#(launch)","lifecycle":"\#(lifecycle)"}"#)
            let count = Int(random.next() % 40) + 1
            var seqs = Array(1...count).map(Int64.init)
            if random.next() % 3 == 0, count > 3 {
                seqs.swapAt(Int(random.next() % UInt64(count)), Int(random.next() % UInt64(count)))
            }
            var t = Int64(random.next() % 1000)
            for seq in seqs {
                t += Int64(random.next() % 5000)
                var fields = [#""seq":\#(seq)"#, #""t":\#(t)"#]
                if random.next() % 8 == 0 {
                    // A discard of up to two sessions, some of which this launch or the next has.
                    let sessions = (0..<(random.next() % 3)).map { _ in #""S\#(random.next() % 5)""# }
                    fields += [
                        #""event":"application(_:didDiscardSceneSessions:)""#,
                        #""phase":"\#(random.next() % 2 == 0 ? "instant" : "begin")""#,
                        #""attrs":{"sessions":[\#(sessions.joined(separator: ","))]}"#,
                    ]
                } else {
                    let name = names[Int(random.next() % UInt64(names.count))]
                    let phase = ["begin", "end", "instant"][Int(random.next() % 3)]
                    fields += [#""event":"\#(name)""#, #""phase":"\#(phase)""#]
                    // App events (no session or scene, as apps record them) pair up often; callbacks have both.
                    if !name.hasPrefix("app."), random.next() % 5 != 0 { fields.append(#""session":"S\#(random.next() % 5)""#) }
                    if !name.hasPrefix("app."), random.next() % 3 != 0 { fields.append(#""scene":"0x\#(random.next() % 3)""#) }
                }
                lines.append("{" + fields.joined(separator: ",") + "}")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every row of `sql`, every column as SQLite gives it.
    static func rows(_ sql: String, _ store: TraceStore) throws -> [[DatabaseValue]] {
        try store.database.read { db in try Row.fetchAll(db, sql: sql).map { Array($0.databaseValues) } }
    }

    /// The query `name` in `queries/` and its previous text, on two random trace files in one database.
    static func compare(_ name: String, before: String, seed: UInt64) throws -> (current: [[DatabaseValue]], before: [[DatabaseValue]]) {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try TraceStore(path: directory.appendingPathComponent("test.db").path)
        for file in 0..<2 {
            let path = directory.appendingPathComponent("t\(file).ndjson").path
            try Data(Self.randomTrace(seed: seed * 2 + UInt64(file)).utf8).write(to: URL(fileURLWithPath: path))
            #expect(!TraceImporter(store: store).importFile(at: path).isFailure)
        }
        let current = try String(contentsOf: Self.repositoryQueries.appendingPathComponent("\(name).sql"), encoding: .utf8)
        return (try Self.rows(current, store), try Self.rows(before, store))
    }

    @Test("sessions-per-launch gives the rows its previous text gave", arguments: 0..<40)
    func sessionsPerLaunch(seed: UInt64) throws {
        let (current, before) = try Self.compare("sessions-per-launch", before: Self.sessionsPerLaunchBefore, seed: seed)
        #expect(!before.isEmpty)
        #expect(current == before)
    }

    @Test("events-between gives the rows its previous text gave", arguments: 0..<40)
    func eventsBetween(seed: UInt64) throws {
        let (current, before) = try Self.compare("events-between", before: Self.eventsBetweenBefore, seed: seed)
        #expect(current == before)
    }

    @Test("interruptions gives the rows its previous text gave", arguments: 0..<40)
    func interruptions(seed: UInt64) throws {
        let (current, before) = try Self.compare("interruptions", before: Self.interruptionsBefore, seed: seed)
        #expect(current == before)
    }

    @Test("callback-durations gives the rows its previous text gave", arguments: 0..<40)
    func callbackDurations(seed: UInt64) throws {
        let (current, before) = try Self.compare("callback-durations", before: Self.callbackDurationsBefore, seed: seed)
        #expect(current == before)
    }

    @Test("the random traces give callback-durations rows, with several spans of one callback")
    func callbackDurationsHaveRows() throws {
        var rows: [[DatabaseValue]] = []
        for seed in UInt64(0)..<40 {
            rows += try Self.compare("callback-durations", before: Self.callbackDurationsBefore, seed: seed).current
        }
        #expect(rows.count > 20)
        #expect(rows.contains { row in row.count > 1 && (Int64.fromDatabaseValue(row[1]) ?? 0) >= 2 })
    }

    @Test("the random traces give interruptions")
    func interruptionsHaveRows() throws {
        var rows = 0
        for seed in UInt64(0)..<40 { rows += try Self.compare("interruptions", before: Self.interruptionsBefore, seed: seed).current.count }
        #expect(rows > 5)
    }

    @Test("the random traces give events-between rows, durations among them")
    func eventsBetweenHasRows() throws {
        var rows: [[DatabaseValue]] = []
        for seed in UInt64(0)..<40 { rows += try Self.compare("events-between", before: Self.eventsBetweenBefore, seed: seed).current }
        #expect(rows.count > 20)
        #expect(rows.contains { !($0.last ?? .null).isNull })
    }
}
