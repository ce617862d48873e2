import Foundation
import Testing

/// Scene callbacks that name no scene, in every report format: a note per trace saying how
/// per-scene rules judged them, and a located warning where a scene connects while the one
/// standing in is connected (two windows, or one connected twice: the log cannot tell).
@Suite("scene identity in the reports")
struct SceneIdentityReportTests {
    /// Recorded as the old README showed: the session, no scene.
    static let sessionOnly = """
        {"lifeline":1,"type":"launch","launch":"L1","lifecycle":"scene"}
        {"seq":1,"t":0,"event":"application(_:didFinishLaunchingWithOptions:)"}
        {"seq":2,"t":10,"event":"application(_:configurationForConnecting:options:)","session":"S1"}
        {"seq":3,"t":20,"event":"scene(_:willConnectTo:options:)","session":"S1"}
        {"seq":4,"t":30,"event":"sceneWillEnterForeground(_:)","session":"S1"}
        {"seq":5,"t":40,"event":"sceneDidBecomeActive(_:)","session":"S1"}

        """

    /// `print(#function)` in each delegate method of an app that opens a second window: nothing
    /// says which scene a line is about.
    static let twoScenesLog = """
        2024-01-01 10:00:00.000 App[100:200] application(_:didFinishLaunchingWithOptions:)
        2024-01-01 10:00:00.100 App[100:200] scene(_:willConnectTo:options:)
        2024-01-01 10:00:00.200 App[100:200] sceneWillEnterForeground(_:)
        2024-01-01 10:00:00.300 App[100:200] sceneDidBecomeActive(_:)
        2024-01-01 10:00:01.000 App[100:200] scene(_:willConnectTo:options:)
        2024-01-01 10:00:01.100 App[100:200] sceneWillEnterForeground(_:)

        """

    static let note =
        "session-only.ndjson:1: note: 3 scene callbacks name their session but no scene: per-scene rules judge each session's as one scene"
    static let warning = "device.log:5: warning: a scene connects while the scene standing in for callbacks that name none is connected"

    static func workspace() throws -> URL {
        let directory = try LifelineCommandTests.temporaryDirectory()
        try sessionOnly.write(to: directory.appendingPathComponent("session-only.ndjson"), atomically: true, encoding: .utf8)
        try twoScenesLog.write(to: directory.appendingPathComponent("device.log"), atomically: true, encoding: .utf8)
        return directory
    }

    @Test("text: the note once per trace, with how to record the scene; the warning at the line")
    func text() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try LifelineCommandTests.run(["check", "session-only.ndjson", "device.log", "--no-local-rules"], in: directory)
        #expect(
            run.stdout.contains(
                Self.note + "; record the scene to judge each window apart (recorder.record(_:scene:) in docs/recorder.md)\n"))
        #expect(
            run.stdout.contains(
                "device.log:1: note: 5 scene callbacks name no scene or session: per-scene rules judge them as the launch's one scene\n"))
        #expect(run.stdout.contains(Self.warning))
        #expect(run.stdout.components(separatedBy: ": note: ").count == 3, "one note per trace")
    }

    @Test("json and jsonl: an identity item per trace, with its counts and the ambiguous lines")
    func json() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try LifelineCommandTests.run(
            ["check", "session-only.ndjson", "device.log", "--no-local-rules", "--format", "json"], in: directory)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let identity = try #require(object["identity"] as? [[String: Any]])
        #expect(identity.count == 2)
        #expect(identity[0]["file"] as? String == "session-only.ndjson")
        #expect(identity[0]["perSession"] as? Int == 3)
        #expect(identity[0]["unnamed"] as? Int == 0)
        #expect((identity[0]["ambiguous"] as? [Any])?.isEmpty == true)
        #expect(identity[1]["unnamed"] as? Int == 5)
        let ambiguous = try #require(identity[1]["ambiguous"] as? [[String: Any]])
        #expect(ambiguous.map { $0["line"] as? Int } == [5])

        let lines = try LifelineCommandTests.run(
            ["check", "session-only.ndjson", "device.log", "--no-local-rules", "--format", "jsonl"], in: directory)
        let items = try lines.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let identityLines = items.filter { $0["type"] as? String == "identity" }
        #expect(identityLines.map { $0["file"] as? String } == ["session-only.ndjson", "device.log"])
        #expect(identityLines.last?["launches"] as? Int == 1)
    }

    @Test("github: a notice per trace and a warning annotation at the ambiguous line")
    func github() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try LifelineCommandTests.run(
            ["check", "session-only.ndjson", "device.log", "--no-local-rules", "--format", "github"], in: directory)
        #expect(run.stdout.contains("::notice file=session-only.ndjson,line=1,title=scene identity::3 scene callbacks name their session"))
        #expect(run.stdout.contains("::warning file=device.log,line=5,title=ambiguous scene::a scene connects while"))
    }
}
