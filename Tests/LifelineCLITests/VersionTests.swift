import Foundation
import LifelineFormat
import Testing

@Suite("one version")
struct VersionTests {
    @Test("lifeline --version prints the one version string")
    func versionFlag() throws {
        let run = try LifelineCommandTests.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout == LifelineVersion.current + "\n")
        #expect(run.stderr.isEmpty)
    }

    @Test("the version is major.minor.patch")
    func versionShape() {
        let parts = LifelineVersion.current.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3)
        #expect(parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) })
    }

    @Test("a SARIF report names the same version for its tool")
    func sarifVersion() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("t.ndjson")
        try """
        {"lifeline":1,"type":"launch","launch":"L1","pid":1,"app":"a","platform":"iOS","os":"17.5","device":"d","lifecycle":"app","started":"2026-11-21T10:00:00.000Z"}
        {"seq":1,"t":0,"event":"didFinishLaunching","phase":"instant","thread":"main"}

        """.write(to: trace, atomically: true, encoding: .utf8)
        let run = try LifelineCommandTests.run(["check", "--format", "sarif", trace.path], in: directory)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let runs = try #require(log["runs"] as? [[String: Any]])
        let tool = try #require(runs.first?["tool"] as? [String: Any])
        let driver = try #require(tool["driver"] as? [String: Any])
        #expect(driver["version"] as? String == LifelineVersion.current)
    }
}
