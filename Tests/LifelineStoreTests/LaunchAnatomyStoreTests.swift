import Foundation
import GRDB
import LifelineCore
import LifelineFormat
import Testing

@_spi(Performance) @testable import LifelineStore

/// `launch_anatomy` and `launch_phase`: each launch's kind, phases and ending, derived at import by
/// the checker's own definition (docs/launches.md).
@Suite("Launch anatomy in the store")
struct LaunchAnatomyStoreTests {
    static let launch1 = """
        {"lifeline":1,"type":"launch","launch":"L1","app":"A","processStart":-300000000,"prewarm":false}
        {"seq":1,"t":0,"event":"willFinishLaunching"}
        {"seq":2,"t":10000000,"event":"didFinishLaunching"}
        {"seq":3,"t":30000000,"event":"willConnectTo","session":"S1","scene":"s1"}
        {"seq":4,"t":40000000,"event":"sceneWillEnterForeground","session":"S1","scene":"s1"}
        {"seq":5,"t":50000000,"event":"sceneDidBecomeActive","session":"S1","scene":"s1"}

        """

    /// Imports ``launch1`` followed by `later`: in one file, or (`grown`) with `later` appended and
    /// imported again, which derives the anatomy from the stored events rather than as they stream in.
    static func importLaunch1(then later: String, grown: Bool, into fixture: StoreFixture) throws {
        let path = try fixture.write("a.ndjson", grown ? launch1 : launch1 + later)
        _ = fixture.importFile(path)
        if grown {
            try fixture.append("a.ndjson", later)
            _ = fixture.importFile(path)
        }
    }

    @Test("each launch gets its kind, reason, evidence, phases and ending, as the checker derives them")
    func derived() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        _ = fixture.importFile(try fixture.write("a.ndjson", Self.launch1))
        #expect(
            try fixture.rows("SELECT kind, time_to_active_ns, slowest_phase, ending, evidence FROM launch_anatomy")
                == [
                    [
                        "cold", "350000000", "pre-main and UIKit start", "unknown",
                        #"["prewarm: not set","task role: not recorded","process start: 300.0 ms before the first event","module load: not recorded"]"#,
                    ]
                ])
        #expect(
            try fixture.rows("SELECT ordinal, name, start_ns, end_ns, duration_ns FROM launch_phase ORDER BY ordinal")
                == [
                    ["1", "pre-main and UIKit start", "-300000000", "0", "300000000"],
                    ["2", "willFinishLaunching", "0", "10000000", "10000000"],
                    ["3", "didFinishLaunching", "10000000", "30000000", "20000000"],
                    ["4", "scene connection", "30000000", "40000000", "10000000"],
                    ["5", "entering foreground", "40000000", "50000000", "10000000"],
                ])
    }

    @Test(
        "the recorder's first frame and the app's fully displayed mark give their times and a slow reason, streamed or read back",
        arguments: [false, true])
    func firstFrameAndFullyDisplayed(grown: Bool) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let marks = """
            {"seq":6,"t":50000000,"event":"image.decode","phase":"begin"}
            {"seq":6,"t":430000000,"event":"image.decode","phase":"end"}
            {"seq":6,"t":470000000,"event":"lifeline.firstFrame"}
            {"seq":7,"t":900000000,"event":"lifeline.fullyDisplayed"}

            """
        try Self.importLaunch1(then: marks, grown: grown, into: fixture)
        #expect(
            try fixture.rows(
                "SELECT time_to_active_ns, time_to_first_frame_ns, time_to_fully_displayed_ns, slowest_phase, slow_reason FROM launch_anatomy"
            )
                == [
                    [
                        "350000000", "770000000", "1200000000", "first frame",
                        "770.0 ms to the first frame, over Apple's 400 ms target for the first frame: first frame took 420.0 ms (54%), 380.0 ms of it in image.decode",
                    ]
                ])
        #expect(
            try fixture.rows("SELECT name, duration_ns FROM launch_phase WHERE ordinal > 5 ORDER BY ordinal")
                == [["first frame", "420000000"], ["fully displayed", "430000000"]])
    }

    @Test("a scene's resumes from the background are stored, streamed or read back from a file that grew", arguments: [false, true])
    func resumes(grown: Bool) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let later = """
            {"seq":6,"t":1000000000,"event":"sceneWillResignActive","session":"S1","scene":"s1"}
            {"seq":7,"t":1010000000,"event":"sceneDidEnterBackground","session":"S1","scene":"s1"}
            {"seq":8,"t":31010000000,"event":"sceneWillEnterForeground","session":"S1","scene":"s1"}
            {"seq":9,"t":31035000000,"event":"sceneDidBecomeActive","session":"S1","scene":"s1"}
            {"seq":10,"t":32000000000,"event":"sceneDidEnterBackground","session":"S1","scene":"s1"}
            {"seq":11,"t":33000000000,"event":"sceneWillEnterForeground","session":"S1","scene":"s1"}

            """
        try Self.importLaunch1(then: later, grown: grown, into: fixture)
        #expect(
            try fixture.rows(
                "SELECT ordinal, scene, background_ns, foreground_ns, active_ns, in_background_ns, to_active_ns, reconnected FROM launch_resume ORDER BY ordinal"
            ) == [
                ["1", "s1", "1010000000", "31010000000", "31035000000", "30000000000", "25000000", "0"],
                ["2", "s1", "32000000000", "33000000000", "NULL", "1000000000", "NULL", "0"],
            ])
        #expect(try fixture.rows("SELECT resumes_omitted FROM launch_anatomy") == [["0"]])
    }

    @Test(
        "a SwiftUI app's scene phases stand in for the callbacks it does not get, streamed or read back from a file that grew",
        arguments: [false, true])
    func swiftUIScenePhases(grown: Bool) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let launch = """
            {"lifeline":1,"type":"launch","launch":"L1","app":"A","lifecycle":"scene","processStart":-100000000,"prewarm":false}
            {"seq":1,"t":10000000,"event":"didFinishLaunching"}
            {"seq":2,"t":60000000,"event":"swiftui.scenePhase","attrs":{"phase":"inactive","scope":"scene","initial":true}}

            """
        let later = """
            {"seq":3,"t":90000000,"event":"swiftui.scenePhase","attrs":{"phase":"active","scope":"app"}}
            {"seq":4,"t":1000000000,"event":"swiftui.scenePhase","attrs":{"phase":"inactive","scope":"app"}}
            {"seq":5,"t":1500000000,"event":"swiftui.scenePhase","attrs":{"phase":"background","scope":"app"}}
            {"seq":6,"t":31500000000,"event":"swiftui.scenePhase","attrs":{"phase":"inactive","scope":"app"}}
            {"seq":7,"t":31520000000,"event":"swiftui.scenePhase","attrs":{"phase":"active","scope":"app"}}
            {"seq":8,"t":40400000000,"event":"swiftui.scenePhase","attrs":{"phase":"background","scope":"app"}}

            """
        let path = try fixture.write("a.ndjson", grown ? launch : launch + later)
        _ = fixture.importFile(path)
        if grown {
            try fixture.append("a.ndjson", later)
            _ = fixture.importFile(path)
        }
        #expect(
            try fixture.rows("SELECT kind, time_to_active_ns, ending FROM launch_anatomy") == [["cold", "190000000", "background"]])
        #expect(
            try fixture.rows("SELECT name, duration_ns FROM launch_phase ORDER BY ordinal") == [
                ["pre-main and UIKit start", "110000000"], ["didFinishLaunching", "50000000"], ["entering foreground", "30000000"],
            ])
        #expect(
            try fixture.rows("SELECT scene, background_ns, foreground_ns, active_ns FROM launch_resume")
                == [["NULL", "1500000000", "31500000000", "31520000000"]])
    }

    /// Two launches: the first resumes its two scenes 20 times each, one after the other, the second
    /// resumes one scene 3 times; with the resumes the test expects, in order.
    static func manyResumes() -> (trace: String, expected: [[String]]) {
        var lines: [String] = []
        var expected: [[String]] = []
        for (launch, cycles, scenes) in [("L1", 20, ["s1", "s2"]), ("L2", 3, ["s1"])] {
            lines.append(#"{"lifeline":1,"type":"launch","launch":"\#(launch)","app":"A","lifecycle":"scene"}"#)
            var seq = 0
            func event(_ t: Int64, _ name: String, _ scene: String) {
                seq += 1
                lines.append(#"{"seq":\#(seq),"t":\#(t),"event":"\#(name)","session":"S-\#(scene)","scene":"\#(scene)"}"#)
            }
            event(0, "didFinishLaunching", scenes[0])
            for scene in scenes {
                event(10_000_000, "willConnectTo", scene)
                event(20_000_000, "sceneWillEnterForeground", scene)
                event(30_000_000, "sceneDidBecomeActive", scene)
            }
            var t: Int64 = 1_000_000_000
            for cycle in 0..<cycles {
                for scene in scenes {
                    event(t, "sceneWillResignActive", scene)
                    event(t + 1_000_000, "sceneDidEnterBackground", scene)
                    event(t + 2_000_000_000, "sceneWillEnterForeground", scene)
                    event(t + 2_025_000_000, "sceneDidBecomeActive", scene)
                    expected.append([
                        launch, String(expected.filter { $0[0] == launch }.count + 1), scene, String(t + 1_000_000),
                        String(t + 2_000_000_000), String(t + 2_025_000_000), "1999000000", "25000000", "0",
                    ])
                    t += 3_000_000_000 + Int64(cycle)
                }
            }
        }
        return (lines.joined(separator: "\n") + "\n", expected)
    }

    @Test(
        "many resumes over several launches are stored in order, streamed in one import or derived again when the file grew",
        arguments: [false, true])
    func manyResumesStored(grown: Bool) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let (trace, expected) = Self.manyResumes()
        let lines = trace.split(separator: "\n", omittingEmptySubsequences: false)
        // Grown: the file first holds half the first launch, then the rest.
        let cut = grown ? lines.count / 4 : lines.count - 1
        let path = try fixture.write("a.ndjson", lines[..<cut].joined(separator: "\n") + "\n")
        _ = fixture.importFile(path)
        if grown {
            try fixture.append("a.ndjson", lines[cut...].joined(separator: "\n"))
            _ = fixture.importFile(path)
        }
        #expect(expected.count == 43)
        #expect(
            try fixture.rows(
                """
                SELECT l.uuid, r.ordinal, r.scene, r.background_ns, r.foreground_ns, r.active_ns, r.in_background_ns, r.to_active_ns,
                       r.reconnected
                FROM launch_resume r JOIN launch l ON l.id = r.launch_id ORDER BY l.id, r.ordinal
                """) == expected)
        #expect(
            try fixture.rows("SELECT l.uuid, COUNT(*) FROM launch_phase p JOIN launch l ON l.id = p.launch_id GROUP BY l.id ORDER BY l.id")
                == [["L1", "3"], ["L2", "3"]])
        // The first launch stopped in the foreground and the app launched again: settled across the two.
        #expect(
            try fixture.rows("SELECT kind, ending FROM launch_anatomy ORDER BY launch_id")
                == [["cold", "foreground-exit"], ["cold", "unknown"]])
    }

    @Test("a scene named by an empty string stays an empty string, not NULL (the app)")
    func emptySceneName() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = try fixture.write(
            "a.ndjson",
            Self.launch1 + """
                {"seq":6,"t":1000000000,"event":"sceneDidEnterBackground","session":"S1","scene":""}
                {"seq":7,"t":2000000000,"event":"sceneWillEnterForeground","session":"S1","scene":""}

                """)
        _ = fixture.importFile(path)
        #expect(try fixture.rows("SELECT scene IS NULL, length(scene) FROM launch_resume") == [["0", "0"]])
    }

    @Test("a file that grows with the next launch settles the ending of the launch before it")
    func grownFileSettlesTheEnding() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = try fixture.write("a.ndjson", Self.launch1)
        _ = fixture.importFile(path)
        #expect(try fixture.rows("SELECT ending FROM launch_anatomy") == [["unknown"]])
        try fixture.append("a.ndjson", Self.launch1.replacingOccurrences(of: #""L1""#, with: #""L2""#))
        _ = fixture.importFile(path)
        #expect(
            try fixture.rows("SELECT l.uuid, a.ending FROM launch l JOIN launch_anatomy a ON a.launch_id = l.id ORDER BY l.id")
                == [["L1", "foreground-exit"], ["L2", "unknown"]])
        #expect(try fixture.count("launch_phase") == 10)
    }

    @Test(
        "a launch a rotated file continues is derived once, on its first part, from the events of both, whichever part comes first",
        arguments: [false, true])
    func rotatedParts(laterPartFirst: Bool) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let lines = Self.launch1.split(separator: "\n")
        let first = lines[0...3].joined(separator: "\n") + "\n"
        let second =
            lines[0].replacingOccurrences(of: #""prewarm":false"#, with: #""prewarm":false,"part":2"#) + "\n"
            + lines[4...].joined(separator: "\n") + "\n"
        // A directory lists a.2.ndjson before a.ndjson: the later part comes in first.
        let files = [try fixture.write("a.ndjson", first), try fixture.write("a.2.ndjson", second)]
        for file in laterPartFirst ? files.reversed() : files { _ = fixture.importFile(file) }
        #expect(
            try fixture.rows(
                "SELECT COALESCE(l.part, 1), a.kind, a.time_to_active_ns FROM launch l JOIN launch_anatomy a ON a.launch_id = l.id")
                == [["1", "cold", "350000000"]])
        #expect(
            try fixture.rows("SELECT COUNT(*) FROM launch_phase p JOIN launch l ON l.id = p.launch_id WHERE l.part = 2") == [["0"]],
            "no phases left on the later part")
    }

    @Test("with derivation off (to measure it) no anatomy is stored")
    func off() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        var options = ImportOptions()
        options.derivesLaunchAnatomy = false
        _ = fixture.importer.importFile(at: try fixture.write("a.ndjson", Self.launch1), options: options)
        #expect(try fixture.count("launch") == 1)
        #expect(try fixture.count("launch_anatomy") == 0)
    }

    @Test("a scene's name comes back from the resumes' JSON as written: quotes, backslashes, control characters, any script")
    func sceneNamesRoundTrip() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let scene = "a\"b\\c\nd\te\u{1}f é 場景 😀"
        var literal: [UInt8] = []
        TraceEncoder.string(scene, &literal)
        let json = String(decoding: literal, as: UTF8.self)
        let path = try fixture.write(
            "a.ndjson",
            Self.launch1 + """
                {"seq":6,"t":1000000000,"event":"sceneDidEnterBackground","session":"S1","scene":\(json)}
                {"seq":7,"t":2000000000,"event":"sceneWillEnterForeground","session":"S1","scene":\(json)}
                {"seq":8,"t":2500000000,"event":"sceneDidBecomeActive","session":"S1","scene":\(json)}

                """)
        _ = fixture.importFile(path)
        let read = try fixture.store.database.read { db in
            try Row.fetchAll(db, sql: "SELECT scene, in_background_ns, to_active_ns FROM launch_resume").map {
                [$0[0] as String?, ($0[1] as Int64?).map(String.init), ($0[2] as Int64?).map(String.init)]
            }
        }
        #expect(read == [[scene, "1000000000", "500000000"]])
    }

    @Test("a database from before v14 gets its resumes back through the view, derived again from its events")
    func resumesMigrate() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let (trace, expected) = Self.manyResumes()
        _ = fixture.importFile(try fixture.write("a.ndjson", trace))
        // The same database as v13 wrote it: launch_resume a table of the same rows (here all wrong,
        // as an older Lifeline might have derived them), no resumes column, v14 not recorded.
        let old = fixture.path("old.db")
        try DatabaseQueue(path: fixture.path("test.db")).writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM INTO ?", arguments: [old])
        }
        try DatabaseQueue(path: old).write { db in
            try db.execute(
                sql: """
                    CREATE TABLE resume_v13 AS SELECT * FROM launch_resume;
                    DROP VIEW launch_resume;
                    CREATE TABLE launch_resume (
                        launch_id INTEGER NOT NULL REFERENCES launch(id) ON DELETE CASCADE, ordinal INTEGER NOT NULL, scene TEXT,
                        background_ns INTEGER NOT NULL, foreground_ns INTEGER NOT NULL, active_ns INTEGER,
                        in_background_ns INTEGER NOT NULL, to_active_ns INTEGER, reconnected INTEGER NOT NULL,
                        PRIMARY KEY (launch_id, ordinal)
                    ) WITHOUT ROWID;
                    INSERT INTO launch_resume SELECT launch_id, ordinal, 'stale', 0, 0, 0, 0, 0, 0 FROM resume_v13;
                    DROP TABLE resume_v13;
                    ALTER TABLE launch_anatomy DROP COLUMN resumes;
                    DELETE FROM grdb_migrations WHERE identifier LIKE 'v14:%';
                    """)
        }
        let rows = """
            SELECT l.uuid, r.ordinal, r.scene, r.background_ns, r.foreground_ns, r.active_ns, r.in_background_ns, r.to_active_ns,
                   r.reconnected
            FROM launch_resume r JOIN launch l ON l.id = r.launch_id ORDER BY l.id, r.ordinal
            """
        let migrated = try TraceStore(path: old)
        let read = try migrated.database.read { db in
            (
                try db.tableExists("launch_resume"),
                try Row.fetchAll(db, sql: rows).map { row in
                    Array(row.databaseValues.map { $0.isNull ? "NULL" : String(describing: $0.storage.value ?? "") })
                }
            )
        }
        #expect(read.0 == false, "launch_resume is a view")
        #expect(read.1 == expected)
        #expect(try migrated.database.read(StoreQueries.launches).map(\.resumeCount) == [40, 3])
    }

    @Test("resumes another tool broke leave the launch listed, with no count of them, and the view says why")
    func malformedResumes() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        _ = fixture.importFile(try fixture.write("a.ndjson", Self.launch1))
        try fixture.store.database.write { db in try db.execute(sql: "UPDATE launch_anatomy SET resumes = '[[\"s1\", 1'") }
        let launches = try fixture.store.database.read(StoreQueries.launches)
        #expect(launches.map(\.uuid) == ["L1"])
        #expect(launches.map(\.resumeCount) == [nil])
        #expect(throws: DatabaseError.self) { try fixture.rows("SELECT * FROM launch_resume") }
    }
}
