import Foundation
import GRDB
import LifelineFormat
import Testing

@testable import LifelineStore

/// Schema v5: the derived columns the importer writes (time since launch, scene state, span pairs)
/// give the `timeline` and `span` views the rows v3's window functions gave, and the store's
/// paged reads give what its whole reads give.
@Suite("Schema v5: derived event columns")
struct DerivedColumnsTests {
    static let version3 = "v3: interned strings; event is a view of event_raw"

    /// A database at schema v3 holding the rows of `source` (a database at any later version), written
    /// through v3's `event` view: what v3's importer wrote.
    static func makeVersion3(at path: String, from source: String) throws {
        let queue = try DatabaseQueue(path: path)
        try StoreSchema.migrator.migrate(queue, upTo: version3)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "ATTACH DATABASE ? AS source", arguments: [source])
            try db.inTransaction {
                try db.execute(
                    sql: """
                        INSERT INTO main.trace_file SELECT * FROM source.trace_file;
                        INSERT INTO main.launch
                        SELECT id, file_id, line, uuid, part, pid, app, platform, os, device, lifecycle, started FROM source.launch;
                        INSERT INTO main.event SELECT * FROM source.event ORDER BY id;
                        """)
                return .commit
            }
            try db.execute(sql: "DETACH DATABASE source")
        }
    }

    /// ``MigrationTests/snapshot(_:)`` of a database at the current schema without the columns that
    /// later migrations added to what the v3 views show (v4's `launch.records`), to compare it with a
    /// v3 database's.
    static func snapshotSinceVersion3(_ db: Database) throws -> [String: [String]] {
        try MigrationTests.snapshot(db, dropping: ["records"])
    }

    /// A random trace of `launches` launches: sessions and the app, nested and unfinished spans, ends
    /// without begins, repeated begins, scenes that change, and (with `disorder`) seqs out of order.
    static func randomTrace(seed: UInt64, launches: Int = 3, disorder: Bool) -> String {
        var random = SplitMix64(seed: seed)
        let names = [
            "didFinishLaunching", "willConnectTo", "sceneWillEnterForeground", "sceneDidBecomeActive",
            "sceneWillResignActive", "sceneDidEnterBackground", "sceneDidDisconnect", "applicationDidBecomeActive",
            "applicationWillResignActive", "applicationDidEnterBackground", "applicationWillEnterForeground", "state.save",
            "db.open",
        ]
        let phases = ["begin", "end", "instant"]
        var lines: [String] = []
        for launch in 1...launches {
            lines.append(#"{"lifeline":1,"type":"launch","launch":"L\#(launch)","lifecycle":"scene"}"#)
            let count = Int(random.next() % 60) + 1
            var seqs = Array(1...count).map(Int64.init)
            if disorder, count > 3 {
                for _ in 0..<3 { seqs.swapAt(Int(random.next() % UInt64(count)), Int(random.next() % UInt64(count))) }
            }
            var t: Int64 = Int64(random.next() % 1000)
            for seq in seqs {
                t += Int64(random.next() % 5000)
                let name = names[Int(random.next() % UInt64(names.count))]
                let phase = phases[Int(random.next() % 3)]
                var fields = [#""seq":\#(seq)"#, #""t":\#(t)"#, #""event":"\#(name)""#, #""phase":"\#(phase)""#]
                switch random.next() % 4 {
                case 0: break
                case 1: fields.append(#""session":"S1""#)
                default: fields.append(#""session":"S\#(random.next() % 3 + 1)""#)
                }
                if random.next() % 3 != 0 { fields.append(#""scene":"0x\#(random.next() % 2)""#) }
                lines.append("{" + fields.joined(separator: ",") + "}")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Imports `trace` at the current schema and into a v3 database; both, with the v3 one's path.
    static func importBoth(_ trace: String, _ fixture: StoreFixture) throws -> DatabaseQueue {
        let (result, _) = fixture.importFile(try fixture.write("t.ndjson", trace))
        #expect(!result.isFailure)
        let oldPath = fixture.path("v3.db")
        try Self.makeVersion3(at: oldPath, from: fixture.path("test.db"))
        return try DatabaseQueue(path: oldPath)
    }

    @Test("a v3 database migrates to v5 keeping every row, and every view gives the same rows")
    func version3Migrates() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        for (index, trace) in MigrationTests.traces.enumerated() {
            let (result, _) = fixture.importFile(try fixture.write("t\(index).ndjson", trace))
            #expect(!result.isFailure)
        }
        let oldPath = fixture.path("v3.db")
        try Self.makeVersion3(at: oldPath, from: fixture.path("test.db"))
        let before = try DatabaseQueue(path: oldPath).read(MigrationTests.snapshot)
        #expect(before["span"]?.count == 5)
        #expect(before["timeline"]?.contains { $0.contains("state=\"background\"") } == true)
        let migrated = try TraceStore(path: oldPath)
        #expect(try migrated.database.read(Self.snapshotSinceVersion3) == before)
        // Imported at v5, the same traces give the same rows.
        #expect(try fixture.store.database.read(Self.snapshotSinceVersion3) == before)
    }

    @Test("random traces, in and out of seq order: the importer's derived columns give v3's views row for row", arguments: 0..<24)
    func randomTracesMatchVersion3(seed: UInt64) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let old = try Self.importBoth(Self.randomTrace(seed: seed, disorder: seed % 2 == 1), fixture)
        let expected = try old.read(MigrationTests.snapshot)
        #expect(try fixture.store.database.read(Self.snapshotSinceVersion3) == expected)
        // A recompute in SQL changes nothing the importer wrote.
        let changes = try fixture.store.database.write { db in
            try db.execute(sql: StoreSchema.recompute(launchFilter: "1"))
            return db.changesCount
        }
        #expect(changes == 0)
    }

    @Test("sessions and timelines read from the derived columns equal the views' reading of a v3 database", arguments: 0..<12)
    func storeReadsMatch(seed: UInt64) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        _ = try Self.importBoth(Self.randomTrace(seed: seed, disorder: seed % 3 == 0), fixture)
        let current = try SQLSession(path: fixture.path("test.db"))
        let legacy = try SQLSession(path: fixture.path("v3.db"))
        #expect(try current.readsTimelineInPages())
        #expect(try !legacy.readsTimelineInPages())
        #expect(try current.sessions(launchID: nil) == legacy.sessions(launchID: nil))
        for launch in try current.launches() {
            #expect(try current.sessions(launchID: launch.id) == legacy.sessions(launchID: launch.id))
            for session in [nil, "S1", "S2"] as [String?] {
                let whole = try #require(try current.timeline(launchID: launch.id, session: session))
                #expect(whole == (try legacy.timeline(launchID: launch.id, session: session)))
                // Pages of 4 add up to the whole.
                var paged: [TimelineEntry] = []
                var cursor: TimelineCursor?
                repeat {
                    let page = try current.timelinePage(launchID: launch.id, session: session, after: cursor, limit: 4)
                    #expect(page.entries.count <= 4)
                    paged += page.entries
                    cursor = page.next
                } while cursor != nil
                #expect(paged == whole.entries)
                // The lanes are those the entries use: the app's first, then sessions by first event.
                var lanes: [String?] = []
                for entry in whole.entries where !lanes.contains(entry.session) { lanes.append(entry.session) }
                if let app = lanes.firstIndex(where: { $0 == nil }) { lanes.insert(lanes.remove(at: app), at: 0) }
                let stored = try current.timelineLanes(launchID: launch.id, session: session)
                #expect(session == nil ? stored == lanes : Set(lanes).isSubset(of: Set(stored)))
            }
        }
    }

    @Test("writes through the event view keep the derived columns right: a new end pairs with its begin")
    func viewWritesRecompute() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        _ = fixture.importFile(try fixture.write("a.ndjson", sceneTrace))
        try fixture.store.database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO event (launch_id, seq, t, event, phase, session, scene, thread, attrs, file_id, line)
                    VALUES (1, 10, 960000000, 'sceneDidEnterBackground(_:)', 'begin', 'S1', '0x1', 'main', NULL, 1, 99),
                           (1, 11, 990000000, 'sceneDidEnterBackground(_:)', 'end', 'S1', '0x1', 'main', NULL, 1, 100);
                    UPDATE event SET t = 10000000 WHERE seq = 1;
                    """)
        }
        #expect(
            try fixture.rows("SELECT begin_seq, end_seq, duration_ns FROM span WHERE event = 'sceneDidEnterBackground(_:)'") == [
                ["10", "11", "30000000"]
            ])
        #expect(
            try fixture.rows("SELECT seq, since_launch_ns, state FROM timeline WHERE seq IN (1, 2, 10, 11) ORDER BY seq") == [
                ["1", "0", "NULL"], ["2", "10000000", "NULL"], ["10", "950000000", "background"], ["11", "980000000", "background"],
            ])
        try fixture.store.database.write { db in try db.execute(sql: "DELETE FROM event WHERE seq = 11") }
        #expect(try fixture.rows("SELECT begin_seq, end_seq FROM span WHERE begin_seq = 10") == [["10", "NULL"]])
    }

    @Test("a launch filtered by session reaches an index in the timeline and span views")
    func indexedPlans() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        _ = fixture.importFile(try fixture.write("a.ndjson", sceneTrace))
        for relation in ["timeline", "span"] {
            let plan = try fixture.rows("EXPLAIN QUERY PLAN SELECT * FROM \(relation) WHERE launch_id = 1 AND session = 'S1'")
                .map { $0.last ?? "" }
            #expect(plan.contains { $0.contains("INDEX event_raw_by_session (launch_id=? AND session_id=?)") }, "\(plan)")
            #expect(!plan.contains { $0.hasPrefix("SCAN") && !$0.contains("CONSTANT") }, "\(plan)")
        }
    }
}
