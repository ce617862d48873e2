import Foundation
import Testing

/// `.ci/run` refuses to run the tests in a mode where golden tests write instead of compare.
@Suite("CI script")
struct CIScriptTests {
    static let script = CheckCommandTests.repository.appendingPathComponent(".ci/run")

    /// PATH points nowhere, so a script that did not refuse at once could not go on to install
    /// packages or build: it would fail some other way, and the test with it.
    @Test(arguments: ["LIFELINE_UPDATE_GOLDEN", "LIFELINE_REGENERATE"])
    func refusesToRunWithGoldenRewritingSet(_ variable: String) throws {
        for value in ["1", ""] {
            let run = try LifelineCommandTests.run(
                [Self.script.path], environment: [variable: value, "PATH": "/nonexistent"],
                executable: URL(fileURLWithPath: "/bin/bash"))
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix("error: \(variable) is set: the golden tests would rewrite their expected files"))
        }
    }
}
