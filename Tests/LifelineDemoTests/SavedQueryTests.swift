import Foundation
import LifelineCheck
import LifelineDemo
import LifelineReports
import LifelineStore
import LifelineTerminal
import LifelineTestSupport
import Testing

/// Every query in `queries/` against the sample traces in `traces/`: golden output
/// (`Fixtures/queries/<name>.txt`, Perfetto-style) plus the facts each query exists to show.
@Suite("Saved queries")
struct SavedQueryTests {
    static let directory = repositoryRoot.appendingPathComponent("queries")
    static let names: [String] =
        (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?
        .filter { $0.hasSuffix(".sql") }.map { String($0.dropLast(4)) }.sorted() ?? []

    /// The sample traces imported once into a temporary database, labelled `traces/<name>.ndjson`.
    static let store: Result<TraceStore, any Error> = Result {
        let store = try TraceStore(path: try temporaryDirectory().appendingPathComponent("samples.db").path)
        let traces = repositoryRoot.appendingPathComponent("traces")
        let files = try FileManager.default.contentsOfDirectory(atPath: traces.path).filter { $0.hasSuffix(".ndjson") }.sorted()
        for file in files {
            let result = TraceImporter(store: store).importFile(
                at: traces.appendingPathComponent(file).path, label: "traces/\(file)")
            guard result.outcome == .imported else { throw StoreError(path: file, message: "\(result.outcome)") }
        }
        // Fill the violation table as `lifeline check lifeline.db` does, with the repository's rules.
        let rules = try CheckRun.loadRules([], rulesDirectory: repositoryRoot.appendingPathComponent("rules").path)
        let report = CheckRun.check([store.path], rules: rules)
        guard report.errors.isEmpty else {
            throw StoreError(path: store.path, message: report.errors.map(\.description).joined(separator: "\n"))
        }
        return store
    }

    /// Queries about what no sample trace shows (no sample recorder dropped events, no sample app died
    /// inside a callback, no sample is a SwiftUI app's): their goldens come from the samples plus
    /// `Fixtures/traces`, so they hold rows.
    static let fixtureQueries: Set<String> = ["dropped-events", "unfinished-callbacks", "scene-phase-order"]

    /// The sample traces and `Fixtures/traces` (labelled `fixtures/<name>.ndjson`), imported once.
    static let storeWithFixtures: Result<TraceStore, any Error> = Result {
        let store = try TraceStore(path: try temporaryDirectory().appendingPathComponent("fixtures.db").path)
        let importer = TraceImporter(store: store)
        let samples = repositoryRoot.appendingPathComponent("traces")
        let fixtures = try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures/traces")
        for (directory, label) in [(samples, "traces"), (fixtures, "fixtures")] {
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".ndjson") }
            for file in files.sorted() {
                let result = importer.importFile(at: directory.appendingPathComponent(file).path, label: "\(label)/\(file)")
                guard result.outcome == .imported else { throw StoreError(path: file, message: "\(result.outcome)") }
            }
        }
        return store
    }

    func run(_ name: String) throws -> TextTable {
        let store = Self.fixtureQueries.contains(name) ? Self.storeWithFixtures : Self.store
        return try SavedQuery(contentsOf: Self.directory.appendingPathComponent("\(name).sql").path).run(in: try store.get())
    }

    @Test("dropped events: the app killed in the background lost 37 events and left a torn last line")
    func droppedEvents() throws {
        let rows = try run("dropped-events").records
        #expect(rows.count == 1)
        #expect(rows.first?["path"] == "fixtures/killed-in-background.ndjson")
        #expect(rows.first?["dropped_count"] == "37")
        #expect(rows.first?["warning_count"] == "1")
        #expect(rows.first?["malformed_count"] == "0")
    }

    @Test("unfinished callbacks: the background callback and the upload inside it never ended")
    func unfinishedCallbacks() throws {
        let rows = try run("unfinished-callbacks").records
        #expect(rows.map { $0["event"] } == ["sceneDidEnterBackground(_:)", "sync.upload"])
        #expect(rows.map { $0["begin_line"] } == ["10", "11"])
        #expect(rows.allSatisfy { $0["session"] == "S1" })
    }

    /// `Fixtures/traces/swiftui-phase-order.ndjson` is written by hand to exercise the query: its orders
    /// between phases and callbacks are arbitrary (each outcome once), not a claim about iOS.
    @Test("scene phase order: each change paired with its step's nearest callback, per OS; a view's first reading left out")
    func scenePhaseOrder() throws {
        let rows = try run("scene-phase-order").records.map { row in
            ["os", "scope", "phase", "callback", "first", "changes", "mean_gap_ms"].map { row[$0] ?? "(null)" }
        }
        #expect(
            rows == [
                ["17.5", "app", "inactive", "sceneWillResignActive(_:)", "callback", "1", "1.0"],
                ["17.5", "app", "active", "sceneDidBecomeActive(_:)", "callback", "1", "2.0"],
                ["17.5", "app", "background", "sceneDidEnterBackground(_:)", "phase", "1", "4.0"],
                ["18.2", "app", "inactive", "(none within 1 s)", "-", "1", "(null)"],
                ["18.2", "app", "active", "sceneDidBecomeActive(_:)", "phase", "1", "2.0"],
            ])
    }

    @Test("there are at least ten queries, each starting with a one-line '-- description'")
    func descriptions() throws {
        #expect(Self.names.count >= 10)
        var seen: Set<String> = []
        for name in Self.names {
            let query = try SavedQuery(contentsOf: Self.directory.appendingPathComponent("\(name).sql").path)
            #expect(query.description.count > 20, "\(name)")
            #expect(seen.insert(query.description).inserted, "\(name) repeats a description")
        }
    }

    @Test("each query's result on the sample traces matches its golden file", arguments: names)
    func golden(_ name: String) throws {
        let mismatch = Golden.compare(try run(name).rendered, with: "Tests/LifelineDemoTests/Fixtures/queries/\(name).txt")
        #expect(mismatch == nil, "queries/\(name).sql gives a different result: \(mismatch ?? "")")
    }

    @Test("launch time: foreground launches in tens of milliseconds; the prewarm and background launches wait for the user")
    func launchTime() throws {
        let rows = try run("launch-time").records
        #expect(rows.count == 19)  // scene launches that became active
        let kinds = Dictionary(grouping: rows, by: { $0["kind"]! })
        #expect(kinds["prewarm"]?.map { $0["file"] } == ["traces/prewarm.ndjson"])
        #expect(Double(kinds["prewarm"]![0]["launch_ms"]!)! > 45 * 60_000)
        #expect(kinds["background"]?.map { $0["file"] } == ["traces/background-launch.ndjson"])
        // Every ordered launch; the wrong-order one's sum has a negative part (below), and the
        // slow-launch sample's first launch migrates its database for 900 ms in didFinishLaunching.
        for row in kinds["foreground"]! where Double(row["to_connect_ms"]!)! >= 0 {
            let slow = row["file"] == "traces/slow-launch.ndjson" && Double(row["to_connect_ms"]!)! > 900
            #expect((slow ? 900...1300 : 50...300).contains(Double(row["launch_ms"]!)!), "\(row)")
        }
        #expect(rows.filter { $0["file"] == "traces/slow-launch.ndjson" && Double($0["launch_ms"]!)! > 900 }.count == 1)
        // The wrong-order bug: didFinishLaunching is recorded after willConnectTo.
        let wrong = rows.filter { $0["file"] == "traces/bug-wrong-order.ndjson" }.map { Double($0["to_connect_ms"]!)! }
        #expect(wrong.filter { $0 < 0 }.count == 1)
    }

    @Test("time to active: one row per launch that became active, legacy ones included")
    func timeToActive() throws {
        let rows = try run("time-to-active").records
        #expect(rows.count == 21)
        #expect(rows.first?["file"] == "traces/prewarm.ndjson")
        #expect(rows.filter { $0["lifecycle"] == "app" }.count == 2)
    }

    @Test("background time per session: 30 s home in cold-launch, 2 minutes until the memory-pressure release")
    func backgroundTime() throws {
        let rows = try run("background-time").records
        func seconds(_ file: Int, _ session: String) -> [String] {
            rows.filter { $0["launch"] == String(file) && $0["session"] == session }.map { $0["background_s"]! }
        }
        #expect(seconds(9, "S1") == ["30.0"])  // cold-launch: wait 30s
        #expect(seconds(14, "S1") == ["120.0"])  // memory-pressure: home, wait 2m, released
        #expect(seconds(4, "S1") == ["600.0"])  // bug-late-save: wait 10m
        #expect(seconds(12, "(app)").count == 1)  // legacy: applicationDidEnterBackground
    }

    @Test("callback durations: sceneDidEnterBackground's max is the 6 s block; didFinishLaunching has 22 spans")
    func callbackDurations() throws {
        let rows = Dictionary(uniqueKeysWithValues: try run("callback-durations").records.map { ($0["event"]!, $0) })
        #expect(rows.keys.allSatisfy { $0.hasSuffix(")") })
        let background = rows["sceneDidEnterBackground(_:)"]!
        #expect(Double(background["max_ms"]!)! > 6000)
        #expect(Double(background["p50_ms"]!)! < 100)
        #expect(rows["application(_:didFinishLaunchingWithOptions:)"]?["spans"] == "22")  // the wrong-order one is an instant
        #expect(rows.first?.value != nil)
    }

    @Test("sessions per launch: the iPad launch has three sessions, one discarded at once and two at the next launch")
    func sessionsPerLaunch() throws {
        let rows = try run("sessions-per-launch").records
        let pad = rows.filter { $0["launch"] == "10" }
        #expect(pad.map { $0["session"] } == ["S1", "S2", "S3"])
        #expect(pad.map { $0["sessions"] } == ["3", "3", "3"])
        #expect(pad.map { $0["outcome"] } == ["discarded (next launch)", "discarded", "discarded (next launch)"])
        #expect(rows.first { $0["launch"] == "1" }?["sessions"] == "0")  // background launch: no scene
        #expect(rows.first { $0["launch"] == "17" }?["origin"] == "restored")
        #expect(!rows.contains { $0["launch"] == "12" })  // legacy launches have no sessions
    }

    @Test("disconnects and reconnects per session")
    func disconnects() throws {
        let rows = try run("disconnects").records
        func row(_ file: String, _ session: String) -> [String: String]? {
            rows.first { $0["file"] == "traces/\(file).ndjson" && $0["session"] == session }
        }
        #expect(row("memory-pressure", "S1")?["disconnects"] == "1")
        #expect(row("memory-pressure", "S1")?["reconnects"] == "1")
        #expect(row("ipad-multiwindow", "S3")?["disconnects"] == "2")
        #expect(row("swipe-kill-fast", "S1")?["connects"] == "3")
        #expect(row("restored-launch", "S1")?["launches"] == "2")
    }

    @Test("the slowest sceneDidEnterBackground is the 6 s synchronous upload, over budget")
    func slowestBackground() throws {
        let rows = try run("slowest-background").records
        #expect(rows.count == 10)
        #expect(rows[0]["file"] == "traces/bug-block-background.ndjson")
        #expect(rows[0]["budget"] == "over 5 s")
        #expect(rows[0]["inside"] == "state.save, sync.upload")
        #expect(rows.dropFirst().allSatisfy { $0["budget"] == nil })
    }

    @Test("app events between didFinishLaunching and the first sceneDidBecomeActive include the misplaced ui.setup")
    func eventsBetween() throws {
        let rows = try run("events-between").records
        #expect(rows.allSatisfy { !$0["event"]!.hasSuffix(")") })
        let misplaced = rows.filter { $0["event"] == "ui.setup" && $0["session"] == nil }
        #expect(misplaced.map { $0["launch"] } == ["5"])  // bug-ui-in-didfinish, launch 1
        #expect(rows.filter { $0["event"] == "db.open" }.count == 18)
    }

    @Test("launches that never became active: the unopened push launches")
    func neverActive() throws {
        let rows = try run("never-active").records
        #expect(rows.map { $0["file"] } == ["traces/background-launch.ndjson", "traces/bug-ui-in-didfinish.ndjson"])
        #expect(rows.allSatisfy { $0["state_at_launch"] == "background" })
        #expect(
            rows.allSatisfy {
                $0["last_callback"] == "application(_:didReceiveRemoteNotification:fetchCompletionHandler:)"
            })
    }

    @Test("discarded sessions: closed windows at once, swiped ones at the next launch")
    func discardedSessions() throws {
        let rows = try run("discarded-sessions").records.map { "\($0["file"]!) \($0["session"]!) \($0["reported"]!)" }
        #expect(
            rows == [
                "traces/bug-wrong-order.ndjson S1 at a later launch",
                "traces/ipad-multiwindow.ndjson S2 while running",
                "traces/ipad-multiwindow.ndjson S1 at a later launch",
                "traces/ipad-multiwindow.ndjson S3 at a later launch",
                "traces/swipe-kill-relaunch.ndjson S1 at a later launch",
            ])
    }

    @Test("interruptions: the scripted 2 s and 500 ms alerts and the legacy app's 1 s one")
    func interruptions() throws {
        let rows = try run("interruptions").records
        #expect(rows.map { $0["session"] } == ["(app)", "S1", "S1"])
        let milliseconds = rows.map { Double($0["inactive_ms"]!)! }
        for (measured, scripted) in zip(milliseconds, [1000.0, 2000, 500]) {
            #expect(measured >= scripted && measured < scripted + 5)
        }
    }
}
