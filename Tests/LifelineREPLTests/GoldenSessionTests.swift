import Foundation
import Testing

/// Scripted sessions with golden transcripts: `Fixtures/sessions/<case>.script` is
/// read through the shell as piped standard input would be, and its transcript must equal
/// `<case>.expected`. Files the session writes (`.once`, `.output`) are appended to the
/// transcript; `.timer` figures are masked.
///
/// Run with `LIFELINE_UPDATE_GOLDEN=1` to rewrite the expected files, then read the diff.
@Suite("scripted sessions (golden)")
struct GoldenSessionTests {
    static let cases = ["sql", "modes", "lifecycle", "escaping", "errors", "schema", "files", "timer", "rules"]

    @Test("a scripted session prints its golden transcript", arguments: cases)
    func session(_ name: String) throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let script = try String(
            contentsOf: ReplFixture.fixtures.appendingPathComponent("sessions/\(name).script"), encoding: .utf8)
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path))
        let run = try fixture.run(script, name: "\(name).script")
        var transcript = Self.maskTimings(run.text) + "[exit status \(run.status)]\n"
        let written = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path)
            .filter { !before.contains($0) && !$0.hasPrefix("lifeline.db") }.sorted()
        for file in written {
            transcript += "[file \(file)]\n" + (try String(contentsOfFile: fixture.path(file), encoding: .utf8))
        }

        let expectedURL = ReplFixture.sourceFixtures.appendingPathComponent("sessions/\(name).expected")
        if ProcessInfo.processInfo.environment["LIFELINE_UPDATE_GOLDEN"] == "1" {
            try transcript.write(to: expectedURL, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
        #expect(transcript == expected, "\(Self.firstDifference(transcript, expected))")
    }

    /// `Run Time: real 0.001 user 0.000812 sys 0.000000` → `Run Time: real X user X sys X`.
    static func maskTimings(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("Run Time: real ") ? "Run Time: real X user X sys X" : String(line)
        }.joined(separator: "\n")
    }

    static func firstDifference(_ actual: String, _ expected: String) -> String {
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(a.count, e.count) {
            let left = index < a.count ? String(a[index]) : "<end>"
            let right = index < e.count ? String(e[index]) : "<end>"
            if left != right { return "line \(index + 1):\n  actual:   \(left)\n  expected: \(right)" }
        }
        return "identical"
    }
}
