import Foundation
import GRDB
import LifelineFormat
import LifelineSupport
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
    /// later migrations added to what the v3 views show (v4's `launch.records`, v6's `launch.excerpt`, v8's `launch.app_version`, v9's `launch.process_start_ns` and `launch.prewarm`, v12's `launch.task_role`, v13's `launch.module_load_ns`),
    /// to compare it with a v3 database's.
    static func snapshotSinceVersion3(_ db: Database) throws -> [String: [String]] {
        try MigrationTests.snapshot(
            db, dropping: ["records", "excerpt", "app_version", "process_start_ns", "prewarm", "task_role", "module_load_ns"])
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
                // The v3 database has no launch_anatomy (v10) or launch_resume (v12): its launches have
                // no kind, ending, first frame or resume count, and their time to active is launch_summary's
                // (from didFinishLaunching; the snapshot tests compare that view row for row).
                let legacyTimeline = try #require(try legacy.timeline(launchID: launch.id, session: session))
                var withoutAnatomy = whole
                (withoutAnatomy.launch.kind, withoutAnatomy.launch.ending) = (nil, nil)
                (withoutAnatomy.launch.timeToFirstFrame, withoutAnatomy.launch.resumeCount) = (nil, nil)
                withoutAnatomy.launch.timeToActive = legacyTimeline.launch.timeToActive
                #expect(withoutAnatomy == legacyTimeline)
                #expect(whole.launch.kind != nil && whole.launch.ending != nil)
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

    /// A trace of two launches of `events` events each whose spans stay open for up to thousands of
    /// events (each end closes a random open span), so many a begin and its end are imported in
    /// different batches; some spans share a name (a begin then another begin: no pair) or never end.
    static func longSpanTrace(seed: UInt64, events: Int) -> String {
        var random = SplitMix64(seed: seed)
        var lines: [String] = []
        for launch in 1...2 {
            lines.append(#"{"lifeline":1,"type":"launch","launch":"long-\#(seed)-\#(launch)","lifecycle":"scene"}"#)
            var open: [(name: String, session: String)] = []
            var t: Int64 = 0
            for seq in 1...events {
                t += Int64(random.next() % 1000)
                var fields = [#""seq":\#(seq)"#, #""t":\#(t)"#]
                switch random.next() % 10 {
                case 0..<3:
                    // Mostly a name of its own, so the end pairs with it however far away; sometimes a shared one.
                    let name = random.next() % 4 == 0 ? "work.\(random.next() % 6)" : "work.\(launch).\(seq)"
                    let span = (name: name, session: "S\(random.next() % 3 + 1)")
                    open.append(span)
                    fields += [#""event":"\#(span.name)""#, #""phase":"begin""#, #""session":"\#(span.session)""#]
                case 3..<6 where !open.isEmpty:
                    let span = open.remove(at: Int(random.next() % UInt64(open.count)))
                    fields += [#""event":"\#(span.name)""#, #""phase":"end""#, #""session":"\#(span.session)""#]
                default:
                    fields += [#""event":"tick""#, #""phase":"instant""#]
                }
                lines.append("{" + fields.joined(separator: ",") + "}")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(
        "spans whose begin and end are imported in different batches are paired both ways, as the definition pairs them",
        arguments: 0..<3)
    func pairsAcrossBatches(seed: UInt64) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let events = ImportBatchQueue.batchCapacity * 3
        // Two files into one store: the second's rows are numbered after the first's.
        for file in 0..<2 {
            let (result, _) = fixture.importFile(
                try fixture.write("long\(file).ndjson", Self.longSpanTrace(seed: seed * 2 + UInt64(file), events: events)))
            #expect(result.outcome == .imported)
            #expect(result.events == events * 2)
        }
        // The SQL definition agrees with every derived value the importer wrote.
        let changes = try fixture.store.database.write { db in
            try db.execute(sql: StoreSchema.recompute(launchFilter: "1"))
            return db.changesCount
        }
        #expect(changes == 0)
        // Every pair points both ways, and some of them span more than a batch.
        #expect(
            try fixture.rows(
                "SELECT COUNT(*) FROM event_raw b JOIN event_raw x ON x.id = b.pair_id WHERE b.phase = 1 AND x.pair_id IS NOT b.id")
                == [["0"]])
        #expect(
            try fixture.rows(
                "SELECT COUNT(*) FROM event_raw x JOIN event_raw b ON b.id = x.pair_id WHERE x.phase = 2 AND b.pair_id IS NOT x.id")
                == [["0"]])
        // The parser hands over batches of `batchCapacity` events, and each file's event count is a multiple of
        // it: the batch of an event is (id - 1) / batchCapacity.
        let crossing = try fixture.rows(
            """
            SELECT COUNT(*) FROM event_raw b JOIN event_raw x ON x.id = b.pair_id
            WHERE b.phase = 1 AND (x.id - 1) / \(ImportBatchQueue.batchCapacity) > (b.id - 1) / \(ImportBatchQueue.batchCapacity)
            """)
        #expect(Int(crossing.first?.first ?? "") ?? 0 > 10)
        #expect(try fixture.rows("SELECT COUNT(*) FROM event_raw WHERE phase = 1 AND pair_id IS NULL") != [["0"]])
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
