import Foundation
import GRDB
@_spi(Performance) import LifelineStore
import Testing

@Suite("Schema and views")
struct SchemaTests {
    @Test("the span view pairs each begin with its end and gives the duration")
    func spans() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        _ = fixture.importFile(
            try fixture.write(
                "s.ndjson",
                sceneTrace + """
                    {"seq":10,"t":960000000,"event":"state.save","phase":"begin","session":"S1"}

                    """))
        #expect(
            try fixture.rows("SELECT event, session, begin_seq, end_seq, duration_ns FROM span ORDER BY begin_seq") == [
                ["application(_:didFinishLaunchingWithOptions:)", "NULL", "1", "2", "20000000"],
                ["scene(_:willConnectTo:options:)", "S1", "4", "5", "15000000"],
                ["state.save", "S1", "10", "NULL", "NULL"],
            ])
    }

    @Test("the timeline view gives the scene state after each callback")
    func timeline() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        _ = fixture.importFile(try fixture.write("t.ndjson", sceneTrace))
        #expect(
            try fixture.rows("SELECT seq, state, since_launch_ns FROM timeline WHERE session = 'S1' ORDER BY seq") == [
                ["3", "NULL", "20500000"],
                ["4", "NULL", "21000000"],
                ["5", "unattached", "36000000"],
                ["6", "foregroundInactive", "40000000"],
                ["7", "foregroundActive", "41000000"],
                ["8", "foregroundInactive", "900000000"],
                ["9", "background", "950000000"],
            ])
    }

    @Test("the launch summary measures didFinishLaunching to the first sceneDidBecomeActive")
    func launchSummary() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = try fixture.write("l.ndjson", sceneTrace)
        _ = fixture.importFile(path)
        #expect(
            try fixture.rows("SELECT uuid, file, event_count, session_count, time_to_active_ns FROM launch_summary")
                == [["L1", path, "9", "1", "41000000"]])
    }

    @Test("a launch whose events all carry one time (a log without timestamps) has no time to active, not 0")
    func untimedLaunch() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let untimed = """
            {"lifeline":1,"type":"launch","launch":"U"}
            {"seq":1,"t":0,"event":"didFinishLaunching"}
            {"seq":2,"t":0,"event":"sceneWillEnterForeground","session":"S","scene":"A"}
            {"seq":3,"t":0,"event":"sceneDidBecomeActive","session":"S","scene":"A"}

            """
        _ = fixture.importFile(try fixture.write("untimed.ndjson", untimed))
        _ = fixture.importFile(try fixture.write("timed.ndjson", sceneTrace))
        #expect(
            try fixture.rows("SELECT uuid, did_finish_launching_t, first_active_t, time_to_active_ns FROM launch_summary ORDER BY uuid")
                == [["L1", "0", "41000000", "41000000"], ["U", "0", "0", "NULL"]])
    }

    @Test("a launch record's appVersion is stored in launch.app_version and read back with the record")
    func appVersion() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let trace = """
            {"lifeline":1,"type":"launch","launch":"V","app":"com.example.Notes","appVersion":"3.2"}
            {"seq":1,"t":0,"event":"didFinishLaunching"}
            {"lifeline":1,"type":"launch","launch":"W"}
            {"seq":1,"t":0,"event":"didFinishLaunching"}

            """
        _ = fixture.importFile(try fixture.write("versions.ndjson", trace))
        #expect(try fixture.rows("SELECT uuid, app_version FROM launch_summary ORDER BY uuid") == [["V", "3.2"], ["W", "NULL"]])
        var versions: [String?] = []
        try fixture.store.forEachRow(launch: { record, _, _ in versions.append(record.appVersion) }, event: { _, _ in })
        #expect(versions == ["3.2", nil])
    }

    @Test("a launch record's processStart, moduleLoad and prewarm are stored in launch and read back with the record")
    func processStartAndPrewarm() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let trace = """
            {"lifeline":1,"type":"launch","launch":"P","processStart":-350000000,"moduleLoad":-120000000,"prewarm":true}
            {"seq":1,"t":0,"event":"didFinishLaunching"}
            {"lifeline":1,"type":"launch","launch":"Q","prewarm":false}
            {"seq":1,"t":0,"event":"didFinishLaunching"}
            {"lifeline":1,"type":"launch","launch":"R"}
            {"seq":1,"t":0,"event":"didFinishLaunching"}

            """
        _ = fixture.importFile(try fixture.write("prewarm.ndjson", trace))
        #expect(
            try fixture.rows("SELECT uuid, process_start_ns, module_load_ns, prewarm FROM launch_summary ORDER BY uuid")
                == [["P", "-350000000", "-120000000", "1"], ["Q", "NULL", "NULL", "0"], ["R", "NULL", "NULL", "NULL"]])
        var read: [String] = []
        try fixture.store.forEachRow(
            launch: { record, _, _ in
                read.append(
                    "\(record.processStart.map(String.init) ?? "-") \(record.moduleLoad.map(String.init) ?? "-") \(record.prewarm.map(String.init) ?? "-")"
                )
            },
            event: { _, _ in })
        #expect(read == ["-350000000 -120000000 true", "- - false", "- - -"])
    }

    @Test("the database is a plain WAL-mode SQLite file with the migration recorded")
    func plainFile() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        #expect(try fixture.rows("PRAGMA journal_mode") == [["wal"]])
        #expect(
            try fixture.rows("SELECT identifier FROM grdb_migrations")
                == [
                    ["v1: files, launches, events, spans, timelines"], ["v2: violations of the last check"],
                    ["v3: interned strings; event is a view of event_raw"], ["v4: the callbacks each launch records"],
                    ["v5: derived event columns; indexed timeline and span"], ["v6: launches whose trace begins mid-run"],
                    ["v7: no time to active for a launch whose events carry no time"], ["v8: the app's version"],
                    ["v9: process start and prewarm"], ["v10: each launch's kind, phases and ending"],
                    ["v11: time to the first frame and to full display, and why a launch was slow"],
                    ["v12: resumes from the background, and the task's role"], ["v13: when the recorder's module was loaded"],
                    ["v14: a launch's resumes in its anatomy row; launch_resume is a view of them"],
                ])
        // Opening again migrates nothing and keeps the data.
        _ = fixture.importFile(try fixture.write("a.ndjson", sceneTrace))
        let reopened = try TraceStore(path: fixture.path("test.db"))
        #expect(try reopened.counts().events == 9)
    }
}
