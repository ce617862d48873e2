import Foundation
import LifelineTestSupport
import Testing

/// Scripted sessions with golden transcripts: `Fixtures/sessions/<case>.script` is
/// read through the shell as piped standard input would be, and its transcript must equal
/// `<case>.expected`. Files the session writes (`.once`, `.output`) are appended to the
/// transcript; `.timer` figures are masked.
///
/// A difference fails and leaves the new transcript for `update-goldens` (``Golden``).
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

        let mismatch = Golden.compare(transcript, with: "Tests/LifelineREPLTests/Fixtures/sessions/\(name).expected")
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    /// `Run Time: real 0.001 user 0.000812 sys 0.000000` → `Run Time: real X user X sys X`.
    static func maskTimings(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("Run Time: real ") ? "Run Time: real X user X sys X" : String(line)
        }.joined(separator: "\n")
    }
}
