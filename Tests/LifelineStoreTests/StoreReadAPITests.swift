import Foundation
import GRDB
import LifelineTestSupport
import Testing

@testable import LifelineStore

/// The typed reads other modules ask the store (the REPL's `.launches`, `.sessions`, `.timeline`,
/// completion; the demo's saved query), on databases made by real imports.
@Suite("the store's typed reads")
struct StoreReadAPITests {
    /// `sceneTrace` (launch L1) and a second launch L12 with a nested and an unpaired callback.
    static let second = """
        {"lifeline":1,"type":"launch","launch":"L12","lifecycle":"scene"}
        {"seq":1,"t":100,"event":"sceneWillEnterForeground","phase":"begin","session":"S2","scene":"0x2"}
        {"seq":2,"t":110,"event":"sceneWillEnterForeground","phase":"begin","session":"S2","scene":"0x2"}
        {"seq":3,"t":130,"event":"sceneWillEnterForeground","phase":"end","session":"S2","scene":"0x2"}
        {"seq":4,"t":150,"event":"sceneDidBecomeActive","phase":"end","session":"S2","scene":"0x2"}
        {"seq":5,"t":160,"event":"db.open","session":"S2b"}

        """

    /// A store holding both traces, and a read-only session on it.
    static func imported() throws -> (StoreFixture, SQLSession, a: String, b: String) {
        let fixture = try StoreFixture()
        let a = try fixture.write("a.ndjson", sceneTrace)
        let b = try fixture.write("b.ndjson", second)
        for path in [a, b] {
            let (result, _) = fixture.importFile(path)
            #expect(result.outcome == .imported)
        }
        return (fixture, try SQLSession(path: fixture.store.path), a, b)
    }

    @Test("counts are the same through the store and the read-only session")
    func counts() throws {
        let (fixture, session, _, _) = try Self.imported()
        defer { fixture.remove() }
        let counts = try #require(try session.counts())
        #expect(counts == (files: 2, launches: 2, events: 14))
        #expect(try fixture.store.counts() == counts)
        #expect(try session.launchCount() == 2)
        #expect(try session.firstLaunchID() == 1)
        #expect(try session.contents() == .lifeline)
    }

    @Test("a foreign database has no counts and an empty one is empty; a missing one does not open")
    func contents() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let foreign = directory.appendingPathComponent("notes.sqlite").path
        try DatabaseQueue(path: foreign).write { try $0.execute(sql: "CREATE TABLE note(text TEXT)") }
        let empty = directory.appendingPathComponent("empty.db").path
        try DatabaseQueue(path: empty).close()

        #expect(try SQLSession(path: foreign).contents() == .foreign)
        #expect(try SQLSession(path: foreign).counts() == nil)
        #expect(try SQLSession(path: empty).contents() == .empty)
        #expect {
            _ = try SQLSession(path: directory.appendingPathComponent("missing.db").path)
        } throws: { error in
            (error as? StoreError)?.code == .noSuchDatabase && (error as? StoreError)?.message == "no such database"
        }
    }

    @Test("launches carry their record, file, counts and time to active")
    func launches() throws {
        let (fixture, session, a, b) = try Self.imported()
        defer { fixture.remove() }
        let launches = try session.launches()
        #expect(launches.map(\.id) == [1, 2])
        let first = try #require(launches.first)
        #expect(first.uuid == "L1" && first.app == "com.example.Notes" && first.platform == "iOS" && first.os == "17.5")
        #expect(first.device == "iPhone15,2" && first.lifecycle == "scene" && first.started == "2026-11-21T10:00:00.000Z")
        #expect(first.file == a && first.part == nil)
        #expect(first.eventCount == 9 && first.sessionCount == 1)
        // didFinishLaunching began at 0, the first sceneDidBecomeActive came at 41 ms.
        #expect(first.timeToActive == 41_000_000)
        #expect(launches[1].file == b && launches[1].eventCount == 5 && launches[1].timeToActive == nil)
    }

    @Test("a launch is named by id, uuid or uuid prefix; an exact uuid beats a longer one it prefixes")
    func launchReferences() throws {
        let (fixture, session, _, _) = try Self.imported()
        defer { fixture.remove() }
        #expect(try session.launch(matching: "2") == .unique(2))
        #expect(try session.launch(matching: "L12") == .unique(2))
        #expect(try session.launch(matching: "L1") == .unique(1))
        #expect(try session.launch(matching: "L") == .ambiguous)
        #expect(try session.launch(matching: "X") == .none)
        #expect(try session.session(matching: "S2", launchID: 2) == .unique("S2"))
        #expect(try session.session(matching: "S", launchID: 2) == .ambiguous)
        #expect(try session.session(matching: "S", launchID: 1) == .unique("S1"))
        #expect(try session.session(matching: "S1", launchID: 2) == .none)
    }

    @Test("sessions are gathered from the timeline view with their scenes, events, times and last state")
    func sessions() throws {
        let (fixture, session, _, _) = try Self.imported()
        defer { fixture.remove() }
        let all = try session.sessions(launchID: nil)
        #expect(all.map { "\($0.launchID) \($0.session)" } == ["1 S1", "2 S2", "2 S2b"])
        #expect(
            all[0]
                == SessionSummary(
                    launchID: 1, session: "S1", sceneCount: 1, eventCount: 7, first: 20_500_000, last: 950_000_000,
                    state: "background"))
        #expect(try session.sessions(launchID: 2).map(\.session) == ["S2", "S2b"])
    }

    @Test("a timeline pairs each begin with the end the span view gives it, with durations and states")
    func timeline() throws {
        let (fixture, session, _, _) = try Self.imported()
        defer { fixture.remove() }
        let timeline = try #require(try session.timeline(launchID: 1))
        #expect(timeline.launch.uuid == "L1")
        #expect(timeline.entries.map(\.seq) == [1, 3, 4, 6, 7, 8, 9])
        #expect(timeline.entries[0].kind == .span(end: 2, duration: 20_000_000))
        #expect(timeline.entries[1].kind == .instant)
        // willConnectTo's row carries the state after its end.
        #expect(
            timeline.entries[2]
                == TimelineEntry(
                    seq: 4, event: "scene(_:willConnectTo:options:)", kind: .span(end: 5, duration: 15_000_000), session: "S1",
                    scene: "0x1", offset: 21_000_000, state: "unattached"))
        #expect(timeline.entries.last?.state == "background")
        #expect(try session.timeline(launchID: 99) == nil)
    }

    @Test("a begin followed by another begin has no end, and an end nobody began is an orphan")
    func unpairedCallbacks() throws {
        let (fixture, session, _, _) = try Self.imported()
        defer { fixture.remove() }
        let entries = try #require(try session.timeline(launchID: 2)).entries
        #expect(entries.map(\.seq) == [1, 2, 4, 5])
        #expect(entries[0].kind == .span(end: nil, duration: nil))
        #expect(entries[1].kind == .span(end: 3, duration: 20))
        #expect(entries[2].kind == .orphanEnd)
        // With a session: that session's events and the app's (none here).
        #expect(try session.timeline(launchID: 2, session: "S2b")?.entries.map(\.seq) == [5])
    }

    @Test("a trace line is found in the launch whose record precedes it in its file")
    func launchOfALine() throws {
        let (fixture, session, a, b) = try Self.imported()
        defer { fixture.remove() }
        #expect(try session.launchID(file: a, line: 5) == 1)
        #expect(try session.launchID(file: b, line: 3) == 2)
        #expect(try session.launchID(file: "elsewhere.ndjson", line: 3) == nil)
    }

    @Test(
        "the schema is listed by LIKE or GLOB pattern, views with their columns, and completion gets tables, columns, launches and sessions"
    )
    func schema() throws {
        let (fixture, session, _, _) = try Self.imported()
        defer { fixture.remove() }
        #expect(try session.tableNames(like: "launch%") == ["launch", "launch_anatomy", "launch_phase", "launch_resume", "launch_summary"])
        let entries = try session.schemaEntries(matching: "span")
        #expect(entries.count == 1 && entries[0].sql.hasPrefix("CREATE VIEW span") && entries[0].viewColumns.contains("duration_ns"))
        #expect(try session.schemaEntries(matching: "spa*").map(\.name) == ["span"])
        let names = try session.names()
        #expect(names.tables.contains("violation") && names.columns.contains("since_launch_ns"))
        #expect(names.launches == ["1", "2"] && names.sessions == ["S1", "S2", "S2b"])
    }

    @Test("completion's sessions, read by index probes per launch, are every distinct session of the events", arguments: 0..<8)
    func completionSessions(seed: UInt64) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let trace = DerivedColumnsTests.randomTrace(seed: seed, launches: 4, disorder: seed % 2 == 1)
        // A launch without events too.
        let (result, _) = fixture.importFile(
            try fixture.write("t.ndjson", trace + #"{"lifeline":1,"type":"launch","launch":"empty","lifecycle":"scene"}"# + "\n"))
        #expect(result.outcome == .imported)
        let expected = try fixture.rows("SELECT DISTINCT session FROM event WHERE session IS NOT NULL ORDER BY session")
            .map { $0[0] }
        #expect(!expected.isEmpty)
        #expect(try SQLSession(path: fixture.store.path).names().sessions == expected)
    }

    @Test("user SQL yields its columns and values by storage class")
    func userSQL() throws {
        let (fixture, session, _, _) = try Self.imported()
        defer { fixture.remove() }
        var columns: [String] = []
        var rows: [[SQLValue]] = []
        try session.execute(
            "SELECT 1 AS i, 0.5 AS r, 'x' AS t, x'0aff' AS b, NULL AS n UNION ALL SELECT COUNT(*), 2.0, '', x'', 1 FROM launch",
            columns: { columns = $0 }, row: { rows.append($0) })
        #expect(columns == ["i", "r", "t", "b", "n"])
        #expect(
            rows == [
                [.integer(1), .real(0.5), .text("x"), .blob([0x0a, 0xff]), .null],
                [.integer(2), .real(2), .text(""), .blob([]), .integer(1)],
            ])
        var called = false
        try session.execute("CREATE TEMP TABLE scratch(x)", columns: { _ in called = true }, row: { _ in called = true })
        #expect(!called)
    }

    @Test("a statement that does not compile, or that the authorizer refuses, is a statement error")
    func userSQLErrors() throws {
        let (fixture, session, _, _) = try Self.imported()
        defer { fixture.remove() }
        #expect {
            try session.execute("SELECT * FROM nowhere", columns: { _ in }, row: { _ in })
        } throws: { error in
            (error as? SQLStatementError)?.message == "no such table: nowhere"
        }
        #expect {
            try session.execute("SELECT * FRM launch", columns: { _ in }, row: { _ in })
        } throws: { error in
            // Where SQLite stopped: the byte offset of 'FRM'.
            (error as? SQLStatementError) == SQLStatementError(message: #"near "FRM": syntax error"#, offset: 9)
        }
        #expect {
            try session.execute("ATTACH 'other.db' AS other", columns: { _ in }, row: { _ in })
        } throws: { error in
            (error as? SQLStatementError)?.message.contains("ATTACH") == true
        }
        #expect(!session.isInsideTransaction)
    }

    @Test("a query through the store reads all its rows in a read-only transaction")
    func storeQuery() throws {
        let (fixture, _, _, _) = try Self.imported()
        defer { fixture.remove() }
        let result = try fixture.store.query("SELECT uuid, event_count FROM launch_summary ORDER BY id")
        #expect(
            result == QueryResult(columns: ["uuid", "event_count"], rows: [[.text("L1"), .integer(9)], [.text("L12"), .integer(5)]]))
        #expect {
            _ = try fixture.store.query("DELETE FROM launch")
        } throws: { error in
            (error as? StoreError)?.code == .database
        }
        #expect(try fixture.store.counts().launches == 2)
    }

    @Test("SQLite's failure reading records back is a StoreError, not the database library's own error")
    func recordsThatCannotBeReadBack() throws {
        let (fixture, _, _, _) = try Self.imported()
        defer { fixture.remove() }
        // An outside tool removed a name the events still use.
        try fixture.store.database.write { try $0.execute(sql: "DELETE FROM string WHERE value = 'sceneDidBecomeActive(_:)'") }
        #expect {
            try fixture.store.forEachRecord { _ in }
        } throws: { error in
            guard let error = error as? StoreError else { return false }
            return error.code == .database && error.path == fixture.store.path && error.message.hasPrefix("no string ")
        }
    }
}
