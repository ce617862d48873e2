import Foundation
import LifelineFormat
import Testing

@testable import LifelineRules

/// Checking a trace read from a descriptor (standard input) finds what checking the file finds.
@Suite("Rule checker: traces from a descriptor")
struct RuleCheckerDescriptorTests {
    static let rules = """
        rule connect-after-finish per session: didFinishLaunching precedes willConnectTo
        rule never-terminate per launch: never applicationWillTerminate
        rule foreground-leads-to-active per scene: sceneWillEnterForeground leads to sceneDidBecomeActive

        """

    static let trace = """
        {"lifeline":1,"type":"launch","launch":"L1","lifecycle":"scene"}
        {"seq":1,"t":10,"event":"willConnectTo","session":"S1","scene":"a"}
        {"seq":2,"t":20,"event":"didFinishLaunching"}
        not a record
        {"seq":3,"t":30,"event":"sceneWillEnterForeground","session":"S1","scene":"a"}
        {"lifeline":1,"type":"launch","launch":"L2","lifecycle":"scene"}
        {"seq":1,"t":10,"event":"applicationWillTerminate"}
        {"seq":2,"t":20,"event":"sceneWill
        """

    static func findings(_ body: (RuleChecker) throws -> TraceFileCheck) throws -> ([String], TraceFileCheck) {
        var findings: [Finding] = []
        let checker = RuleChecker(rules: try RuleSet(parsing: rules, file: "t.rules"), onFinding: { findings.append($0) })
        let checked = try body(checker)
        _ = checker.finish()
        return (findings.map(\.explained), checked)
    }

    @Test func aPipeIsCheckedAsTheFileWouldBeUnderTheGivenLabel() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("descriptor-\(UUID().uuidString).ndjson")
        try Self.trace.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let (fromFile, fileCheck) = try Self.findings { checker in try checker.check(file: url.path, label: "fleet/a.ndjson") }

        let pipe = Pipe()
        let writer = Thread {
            pipe.fileHandleForWriting.write(Data(Self.trace.utf8))
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        let (fromPipe, pipeCheck) = try Self.findings { checker in
            try checker.check(descriptor: pipe.fileHandleForReading.fileDescriptor, label: "fleet/a.ndjson")
        }
        #expect(fromFile.count == 3)
        #expect(fromPipe == fromFile)
        #expect(fromPipe.allSatisfy { $0.contains("fleet/a.ndjson") })
        #expect(pipeCheck.launches == 2 && pipeCheck.events == fileCheck.events)
        #expect(pipeCheck.skipped.map(\.line) == [4, 8])
        #expect(pipeCheck.skipped.map(\.line) == fileCheck.skipped.map(\.line))
    }
}
