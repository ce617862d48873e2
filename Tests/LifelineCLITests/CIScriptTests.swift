import Foundation
import Testing

/// `.ci/run` refuses to run the tests in a mode where a golden suite compares with a new recording.
@Suite("CI script")
struct CIScriptTests {
    static let script = CheckCommandTests.repository.appendingPathComponent(".ci/run")

    /// PATH points nowhere, so a script that did not refuse at once could not go on to install
    /// packages or build: it would fail some other way, and the test with it.
    @Test(arguments: ["LIFELINE_RECORD_SQLITE"])
    func refusesToRunWithGoldenRewritingSet(_ variable: String) throws {
        for value in ["1", ""] {
            let run = try LifelineCommandTests.run(
                [Self.script.path], environment: [variable: value, "PATH": "/nonexistent"],
                executable: URL(fileURLWithPath: "/bin/bash"))
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix("error: \(variable) is set: the sqlite3 3.53 tests would compare with a new recording"))
        }
    }
}
