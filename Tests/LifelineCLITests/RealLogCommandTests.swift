import Foundation
import Testing

/// End to end: every real log of Tests/LifelineFormatTests/Fixtures/real-logs, imported and checked by
/// the built binary, gives the numbers its README's "after" table claims, so they cannot regress
/// silently.
@Suite("lifeline import and check: the real logs apps posted")
struct RealLogCommandTests {
    static let directory = CheckCommandTests.repository.appendingPathComponent("Tests/LifelineFormatTests/Fixtures/real-logs")

    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        /// nil: the import fails (no line names a callback or an app event).
        var launches: Int?
        var events = 0
        /// Lines merged into the event of the invocation they repeated.
        var merged = 0
        /// Rules not applicable (distinct rules over the file's launches).
        var notApplicable = 0
        /// Findings as `rule status line`.
        var findings: [String] = []
        /// Whether something was assumed about what the log records.
        var assumed = false
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(file: "01-coffup-objc-nslog-background-return.txt", launches: 1, events: 3, notApplicable: 6),
        Case(file: "02-keybase-nslog-with-line-numbers.txt", launches: 2, events: 3, merged: 3, notApplicable: 9, assumed: true),
        Case(
            file: "03-forums-732170-quick-swipe-kill.txt", launches: 1, events: 6, notApplicable: 15,
            findings: ["scene.foreground-then-active pending 8"]),
        Case(file: "04-forums-732170-slow-swipe-kill.txt", launches: 1, events: 4, notApplicable: 15, assumed: true),
        Case(file: "05-uno-resuming-twice-nslog.txt", launches: nil),
        Case(file: "06-flutter-resumed-while-locking.txt", launches: 1, events: 4),
        Case(file: "07-flutter-lock-inactive-resumed-inactive.txt", launches: 1, events: 3),
        Case(file: "08-rn-appstate-pull-top-bar.txt", launches: nil),
        Case(file: "09-unity-ios-power-button-focus-pause.txt", launches: 1, events: 4),
        Case(file: "10-flutter-run-verbose-lifecycle.txt", launches: 1, events: 6),
        Case(file: "11-flutter-device-log-background-relaunch.txt", launches: 1, events: 2, merged: 2),
        Case(file: "12-signal-debug-log-foreground.txt", launches: 1, events: 2, merged: 3, notApplicable: 5, assumed: true),
        Case(file: "13-unity-embedded-launch-become-active.txt", launches: 1, events: 2, notApplicable: 6),
        Case(file: "14-unity-pushwoosh-launch-warning.txt", launches: 1, events: 2, notApplicable: 6),
        // SwiftUI's phases alone: a scene launch (SwiftUI's windows are scenes) whose 22 scene rules need
        // callbacks the log does not print.
        Case(file: "15-swiftui-view-onchange-ios16-home-return.txt", launches: 1, events: 5, notApplicable: 22),
        Case(file: "16-swiftui-ipad-scenephase-raw-log.txt", launches: 1, events: 8, merged: 8, notApplicable: 22),
    ]

    @Test func everyRealLogHasACase() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { $0.hasSuffix(".txt") }
        #expect(Set(files) == Set(Self.cases.map(\.file)))
    }

    @Test(arguments: cases)
    func eachRealLogImportsAndChecksAsTheReadmeSays(_ sample: Case) throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = Self.directory.appendingPathComponent(sample.file).path
        let imported = try LifelineCommandTests.run(["import", path, "--db", "t.db"], in: directory)
        let check = try LifelineCommandTests.run(["check", path, "--no-local-rules", "--format", "json"], in: directory)
        guard let launches = sample.launches else {
            #expect(imported.status == 1)
            #expect(imported.stderr.contains("no lifecycle events: read as console text"))
            #expect(check.status == 2)
            return
        }
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("\(path): console text: \(launches) launch"), "\(imported.stdout)")
        #expect(imported.stdout.contains(", \(sample.events) event"), "\(imported.stdout)")
        if sample.merged > 0 {
            #expect(imported.stdout.contains("; \(sample.merged) lines repeated the invocation of the event before"), "\(imported.stdout)")
        } else {
            #expect(!imported.stdout.contains("repeated the invocation"))
        }
        #expect(imported.stdout.contains("; assumed (") == sample.assumed, "\(imported.stdout)")
        #expect(check.status == 0, "\(check.stdout)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["launches"] as? Int == launches)
        #expect(summary["events"] as? Int == sample.events)
        let notApplicable = Set(((report["notApplicable"] as? [[String: Any]]) ?? []).compactMap { $0["rule"] as? String })
        #expect(notApplicable.count == sample.notApplicable, "\(notApplicable.sorted())")
        let findings = ((report["violations"] as? [[String: Any]]) ?? []) + ((report["pending"] as? [[String: Any]]) ?? [])
        #expect(findings.map { "\($0["rule"] ?? "?") \($0["status"] ?? "?") \($0["line"] ?? "?")" } == sample.findings)
        #expect(((report["assumed"] as? [[String: Any]]) ?? []).isEmpty == !sample.assumed)
    }
}
