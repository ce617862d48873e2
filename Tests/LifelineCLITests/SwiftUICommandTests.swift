import Foundation
import Testing

/// A SwiftUI app without a scene delegate, end to end: the built binary checks its trace against the
/// swiftui catalog and explains its launch from its scene phases, the same from the file and from the
/// database it was imported into.
@Suite("lifeline on a SwiftUI app's trace")
struct SwiftUICommandTests {
    typealias Command = LifelineCommandTests

    /// Launch (a view's first reading, then the app's change to active), a trip home that skips the
    /// app's inactive phase, back after 30 s, home again where the trace ends.
    static let trace = """
        {"lifeline":1,"type":"launch","launch":"S1","app":"com.example.Notes","platform":"iOS","os":"18.2","lifecycle":"scene","processStart":-100000000,"prewarm":false,"taskRole":"foreground"}
        {"seq":1,"t":5000000,"event":"swiftui.app.init"}
        {"seq":2,"t":10000000,"event":"application(_:didFinishLaunchingWithOptions:)"}
        {"seq":3,"t":60000000,"event":"swiftui.scenePhase","attrs":{"phase":"inactive","scope":"scene","initial":true}}
        {"seq":4,"t":90000000,"event":"swiftui.scenePhase","attrs":{"phase":"active","scope":"app"}}
        {"seq":5,"t":1500000000,"event":"swiftui.scenePhase","attrs":{"phase":"background","scope":"app"}}
        {"seq":6,"t":31500000000,"event":"swiftui.scenePhase","attrs":{"phase":"inactive","scope":"app"}}
        {"seq":7,"t":31520000000,"event":"swiftui.scenePhase","attrs":{"phase":"active","scope":"app"}}
        {"seq":8,"t":40000000000,"event":"swiftui.scenePhase","attrs":{"phase":"inactive","scope":"app"}}
        {"seq":9,"t":40400000000,"event":"swiftui.scenePhase","attrs":{"phase":"background","scope":"app"}}

        """

    static func report(_ arguments: [String], in directory: URL) throws -> [String: Any] {
        let run = try Command.run(["check"] + arguments + ["--format", "json", "--no-local-rules"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    @Test func theSwiftUICatalogJudgesThePhasesAndTheLaunchIsExplainedByThem() throws {
        let directory = try Command.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.trace.write(to: directory.appendingPathComponent("notes.ndjson"), atomically: true, encoding: .utf8)

        let text = try Command.run(["check", "notes.ndjson", "--no-local-rules"], in: directory)
        #expect(text.status == 0, "a warning does not fail the check: \(text.stderr)")
        #expect(
            text.stdout.contains(
                #"notes.ndjson:6: warning[swiftui.background-through-inactive]: swiftui.scenePhase whose 'phase' is "background" and whose 'scope' is "app" in launch S1 came after swiftui.scenePhase (seq 4) with no swiftui.scenePhase whose 'phase' is "inactive" and whose 'scope' is "app" in between"#
            ), "\(text.stdout)")
        #expect(text.stdout.contains("swiftui (built-in, 3 rules)"), "\(text.stdout)")

        let file = try Self.report(["notes.ndjson"], in: directory)
        #expect(((file["violations"] as? [[String: Any]]) ?? []).map { $0["rule"] as? String } == ["swiftui.background-through-inactive"])
        let launch = try #require((file["launches"] as? [[String: Any]])?.first)
        #expect(launch["kind"] as? String == "cold")
        #expect(launch["reason"] as? String == "the process started for this launch and came to the foreground (scenePhase inactive) first")
        #expect(launch["timeToActive"] as? Int == 190_000_000)
        #expect(launch["ending"] as? String == "background")
        #expect((launch["resumes"] as? [[String: Any]])?.map { $0["toActive"] as? Int } == [20_000_000])

        let imported = try Command.run(["import", "notes.ndjson", "--db", "n.db"], in: directory)
        #expect(imported.status == 0, "\(imported.stderr)")
        let stored = try Self.report(["n.db"], in: directory)
        let storedLaunch = try #require((stored["launches"] as? [[String: Any]])?.first)
        for key in ["kind", "reason", "ending", "endingReason", "evidence", "timeToActive"] {
            #expect("\(storedLaunch[key] ?? "-")" == "\(launch[key] ?? "-")", "\(key) differs between the file and the database")
        }
    }

    /// Real posted logs of SwiftUI's phases alone (Tests/LifelineFormatTests/Fixtures/real-logs 15, 16):
    /// each launch's resume and ending read from them.
    @Test(arguments: [
        ("15-swiftui-view-onchange-ios16-home-return.txt", "unknown", "the trace stops in the foreground (scenePhase active last)"),
        ("16-swiftui-ipad-scenephase-raw-log.txt", "background", "scenePhase background came last"),
    ])
    func aRealLogsLaunchEndsAsItsLastPhaseSays(_ file: String, _ ending: String, _ reason: String) throws {
        let directory = try Command.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = RealLogCommandTests.directory.appendingPathComponent(file).path
        let launch = try #require((try Self.report([path], in: directory)["launches"] as? [[String: Any]])?.first)
        #expect(launch["kind"] as? String == "unknown", "a log that starts after the launch did is an excerpt")
        #expect(launch["ending"] as? String == ending)
        #expect((launch["endingReason"] as? String)?.hasPrefix(reason) == true, "\(launch["endingReason"] ?? "-")")
        #expect((launch["resumes"] as? [[String: Any]])?.count == 1, "home and back once")
        #expect(
            (launch["evidence"] as? [String])?.last?.hasPrefix("scene phases: SwiftUI's scenePhase, a view's (scope scene) or a log's")
                == true)
    }
}
