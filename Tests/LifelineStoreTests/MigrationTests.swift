import Foundation
import GRDB
import LifelineFormat
import Testing

@_spi(Performance) @testable import LifelineStore

@Suite("Schema migrations")
struct MigrationTests {
    /// Traces that exercise what v3 stores differently: repeated and unique strings, an empty
    /// session, escapes, app-defined names, unfinished spans, a legacy app and a second file.
    static let traces = [
        sceneTrace + """
            {"seq":10,"t":960000000,"event":"state.save","phase":"begin","session":"S1","attrs":{"bytes":12}}
            {"seq":11,"t":970000000,"event":"state.save","phase":"end","session":"S1"}
            {"seq":12,"t":980000000,"event":"sceneWillEnterForeground","session":"S1","scene":"0x1","thread":"main"}
            {"seq":13,"t":990000000,"event":"sceneDidBecomeActive","session":"S1","scene":"0x1","thread":"main"}
            {"seq":14,"t":991000000,"event":"willConnectTo","phase":"begin","session":"S\\"2é","scene":"0x2","thread":"t\\u00e9"}
            {"seq":15,"t":992000000,"event":"willConnectTo","phase":"end","session":"S\\"2é","scene":"0x2"}
            {"seq":16,"t":993000000,"event":"db.open","session":"","scene":""}
            {"seq":17,"t":994000000,"event":"sceneDidEnterBackground","phase":"begin","session":"S1","scene":"0x1"}

            """,
        """
        {"lifeline":1,"type":"launch","launch":"L2","pid":11,"app":"com.example.Legacy","lifecycle":"app"}
        {"seq":1,"t":5,"event":"didFinishLaunching","thread":"main"}
        {"seq":2,"t":7,"event":"applicationDidBecomeActive","thread":"main"}
        {"seq":3,"t":9,"event":"applicationWillResignActive","thread":"main"}
        {"seq":4,"t":11,"event":"applicationDidEnterBackground","thread":"main","attrs":{"s":"x"}}
        {"lifeline":1,"type":"launch","launch":"L3","lifecycle":"scene"}
        {"seq":1,"t":100,"event":"configurationForConnecting","session":"S1","thread":"main"}

        """,
    ]

    /// Every row of the relations people query, each sorted, as text.
    static func snapshot(_ db: Database) throws -> [String: [String]] { try snapshot(db, dropping: []) }

    /// Every row of the relations people query, each sorted, as text, without the columns named
    /// (those a later migration added, to compare with a database from before it).
    static func snapshot(_ db: Database, dropping dropped: Set<String>) throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        for relation in ["trace_file", "launch", "event", "span", "timeline", "launch_summary", "violation"] {
            result[relation] = try Row.fetchAll(db, sql: "SELECT * FROM \(relation)").map { row in
                zip(row.columnNames, row.databaseValues).filter { !dropped.contains($0.0) }.map { "\($0)=\($1)" }
                    .joined(separator: " ")
            }.sorted()
        }
        return result
    }

    /// A database at schema v2 holding what `traces` import to, plus a violation.
    static func makeVersion2(at path: String, from fixture: StoreFixture) throws {
        let queue = try DatabaseQueue(path: path)
        try StoreSchema.migrator.migrate(queue, upTo: "v2: violations of the last check")
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "ATTACH DATABASE ? AS source", arguments: [fixture.path("test.db")])
            try db.inTransaction {
                try db.execute(
                    sql: """
                        INSERT INTO main.trace_file SELECT * FROM source.trace_file;
                        INSERT INTO main.launch
                        SELECT id, file_id, line, uuid, part, pid, app, platform, os, device, lifecycle, started FROM source.launch;
                        INSERT INTO main.event SELECT * FROM source.event;
                        INSERT INTO main.violation (checked_at, rule, severity, status, message, explanation, launch_id,
                            launch_uuid, session, scene, file, line, seq, witnesses)
                        VALUES ('2026-11-21T10:00:00Z', 'r', 'error', 'violated', 'm', 'e', 1, 'L1', 'S1', '0x1', 'f', 4, 3, '[]');
                        """)
                return .commit
            }
            try db.execute(sql: "DETACH DATABASE source")
        }
    }

    @Test("a v2 database migrates to v3 keeping every row, and every view gives the same rows")
    func version2Migrates() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        for (index, trace) in Self.traces.enumerated() {
            let (result, _) = fixture.importFile(try fixture.write("t\(index).ndjson", trace))
            #expect(!result.isFailure)
        }
        let oldPath = fixture.path("v2.db")
        try Self.makeVersion2(at: oldPath, from: fixture)
        let before = try DatabaseQueue(path: oldPath).read(Self.snapshot)
        #expect(before["event"]?.count == 22)
        #expect(before["event"]?.contains { $0.contains("session=\"\" scene=\"\"") } == true, "the empty session is not NULL")

        let migrated = try TraceStore(path: oldPath)
        let after = try migrated.database.read {
            try Self.snapshot(
                $0, dropping: ["records", "excerpt", "app_version", "process_start_ns", "prewarm", "task_role", "module_load_ns"])
        }
        #expect(after == before)
        let (isView, rawRows, strings) = try migrated.database.read { db in
            (
                try db.viewExists("event"), try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM event_raw"),
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM string")
            )
        }
        #expect(isView)
        #expect(rawRows == 22)
        #expect(strings == 19, "one row per distinct name, session, scene and thread")
        // A database imported at v3 from the same traces gives the same rows too (the violation aside).
        var fresh = try fixture.store.database.read {
            try Self.snapshot(
                $0, dropping: ["records", "excerpt", "app_version", "process_start_ns", "prewarm", "task_role", "module_load_ns"])
        }
        fresh["violation"] = after["violation"]
        #expect(fresh == after)
    }

    /// A database at schema v3 holding what `traces` import to, plus a violation.
    static func makeVersion3(at path: String, from fixture: StoreFixture) throws {
        let queue = try DatabaseQueue(path: path)
        try StoreSchema.migrator.migrate(queue, upTo: "v3: interned strings; event is a view of event_raw")
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "ATTACH DATABASE ? AS source", arguments: [fixture.path("test.db")])
            try db.inTransaction {
                try db.execute(
                    sql: """
                        INSERT INTO main.trace_file SELECT * FROM source.trace_file;
                        INSERT INTO main.launch
                        SELECT id, file_id, line, uuid, part, pid, app, platform, os, device, lifecycle, started FROM source.launch;
                        INSERT INTO main.string SELECT * FROM source.string;
                        INSERT INTO main.event_raw
                        SELECT id, launch_id, seq, t, name_id, phase, session_id, scene_id, thread_id, attrs, file_id, line
                        FROM source.event_raw;
                        INSERT INTO main.violation (checked_at, rule, severity, status, message, explanation, launch_id,
                            launch_uuid, session, scene, file, line, seq, witnesses)
                        VALUES ('2026-11-21T10:00:00Z', 'r', 'error', 'violated', 'm', 'e', 1, 'L1', 'S1', '0x1', 'f', 4, 3, '[]');
                        """)
                return .commit
            }
            try db.execute(sql: "DETACH DATABASE source")
        }
    }

    @Test("a v3 database migrates to v4 keeping every row; its launches record every callback")
    func version3Migrates() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        for (index, trace) in Self.traces.enumerated() {
            let (result, _) = fixture.importFile(try fixture.write("t\(index).ndjson", trace))
            #expect(!result.isFailure)
        }
        let oldPath = fixture.path("v3.db")
        try Self.makeVersion3(at: oldPath, from: fixture)
        let before = try DatabaseQueue(path: oldPath).read(Self.snapshot)
        #expect(before["launch"]?.count == 3)
        #expect(before["launch"]?.contains { $0.contains("records") } == false)

        let migrated = try TraceStore(path: oldPath)
        let (after, records) = try migrated.database.read { db in
            (
                try Self.snapshot(
                    db, dropping: ["records", "excerpt", "app_version", "process_start_ns", "prewarm", "task_role", "module_load_ns"]),
                try Row.fetchAll(db, sql: "SELECT records FROM launch_summary")
            )
        }
        #expect(after == before)
        #expect(records.count == 3)
        #expect(records.allSatisfy { $0["records"] as DatabaseValue == .null })
        var launches: [LaunchRecord] = []
        try migrated.forEachRecord { record in
            if case .launch(let launch, _, _) = record { launches.append(launch) }
        }
        #expect(launches.count == 3)
        #expect(launches.allSatisfy { $0.records == nil })
    }

    @Test("a launch's recorded callbacks are stored as canonical names and read back as the same set")
    func recordsRoundTrip() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let trace = """
            {"lifeline":1,"type":"launch","launch":"P1","lifecycle":"scene","records":["sceneDidBecomeActive","sceneWillEnterForeground"]}
            {"seq":1,"t":0,"event":"sceneWillEnterForeground","session":"S1","scene":"0x1"}
            {"lifeline":1,"type":"launch","launch":"P2","lifecycle":"scene","records":[]}
            {"lifeline":1,"type":"launch","launch":"P3","lifecycle":"scene"}

            """
        let (result, _) = fixture.importFile(try fixture.write("p.ndjson", trace))
        #expect(!result.isFailure)
        #expect(
            try fixture.rows("SELECT uuid, records FROM launch ORDER BY id") == [
                ["P1", #"["sceneDidBecomeActive(_:)","sceneWillEnterForeground(_:)"]"#], ["P2", "[]"], ["P3", "NULL"],
            ])
        var launches: [LaunchRecord] = []
        try fixture.store.forEachRecord { record in
            if case .launch(let launch, _, _) = record { launches.append(launch) }
        }
        #expect(
            launches.map(\.records) == [CallbackSet([.sceneWillEnterForeground, .sceneDidBecomeActive]), CallbackSet(), nil])
    }

    @Test("a records column another tool filled with something else is a located read error")
    func foreignRecords() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let (result, _) = fixture.importFile(try fixture.write("a.ndjson", sceneTrace))
        #expect(!result.isFailure)
        try fixture.store.database.write { db in try db.execute(sql: #"UPDATE launch SET records = '["notACallback"]'"#) }
        #expect {
            try fixture.store.forEachRecord { _ in }
        } throws: { error in
            guard let error = error as? StoreReadError else { return false }
            return error.line == 1 && error.message.hasPrefix("launch.records is not a JSON array of callback names")
        }
        // Read on a second thread, the error is the same, after nothing was read.
        var read = 0
        #expect {
            try fixture.store.forEachRecordReadingAhead { _ in read += 1 }
        } throws: { error in
            guard let error = error as? StoreReadError else { return false }
            return error.line == 1 && error.message.hasPrefix("launch.records is not a JSON array of callback names")
        }
        #expect(read == 0)
    }

    @Test("writes to the event view reach event_raw, interning new strings")
    func eventViewIsWritable() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        _ = fixture.importFile(try fixture.write("a.ndjson", sceneTrace))
        try fixture.store.database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO event (launch_id, seq, t, event, phase, session, scene, thread, attrs, file_id, line)
                    VALUES (1, 10, 990000000, 'custom.mark', 'instant', 'S9', NULL, 'worker', '{"k":1}', 1, 99);
                    UPDATE event SET session = 'S1', phase = 'begin' WHERE seq = 10;
                    DELETE FROM event WHERE seq = 9;
                    """)
        }
        #expect(
            try fixture.rows("SELECT seq, event, phase, session, scene, thread, attrs, line FROM event WHERE seq >= 8 ORDER BY seq") == [
                ["8", "sceneWillResignActive(_:)", "instant", "S1", "0x1", "main", "NULL", "9"],
                ["10", "custom.mark", "begin", "S1", "NULL", "worker", "{\"k\":1}", "99"],
            ])
        #expect(try fixture.count("event_raw") == 9)
        #expect(throws: DatabaseError.self) {
            try fixture.store.database.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO event (launch_id, seq, t, event, phase, file_id, line) VALUES (1, 11, 0, 'x', 'middle', 1, 1)
                        """)
            }
        }
    }

    @Test("strings are stored once, however often and in whatever column they occur")
    func stringsAreInterned() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        _ = fixture.importFile(try fixture.write("a.ndjson", sceneTrace))
        _ = fixture.importFile(try fixture.write("b.ndjson", sceneTrace.replacingOccurrences(of: "\"L1\"", with: "\"L2\"")))
        #expect(try fixture.rows("SELECT COUNT(*), COUNT(DISTINCT value) FROM string") == [["10", "10"]])
        #expect(
            try fixture.rows(
                """
                SELECT COUNT(*) FROM event a JOIN event b ON a.seq = b.seq AND a.launch_id < b.launch_id
                WHERE a.event = b.event AND a.session IS b.session AND a.scene IS b.scene AND a.thread IS b.thread
                """) == [["9"]])
    }

    @Test("an interner that starts over when full still gives each string one id", arguments: [1, 3, 64])
    func internerStartsOver(capacity: Int) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let values = (0..<50).map { "session-\($0 % 20)-\(String(repeating: "x", count: $0 % 7))" } + ["", "é\"", ""]
        let ids = try fixture.store.database.write { db -> [Int64] in
            var interner = try StringInterner(db, capacity: capacity)
            var ids: [Int64] = []
            for value in values {
                let bytes = Array(value.utf8)
                ids.append(try bytes.withUnsafeBytes { try interner.id(of: $0) })
            }
            return ids
        }
        let stored = try fixture.store.database.read { db in
            try Dictionary(
                uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT value, id FROM string").map {
                    ($0[0] as String, $0[1] as Int64)
                })
        }
        #expect(stored.count == Set(values).count)
        #expect(ids == values.map { stored[$0] })
    }
}
