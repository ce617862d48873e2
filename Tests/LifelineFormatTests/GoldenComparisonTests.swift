import Foundation
import LifelineTestSupport
import Testing

/// The golden comparison every golden suite uses: it compares, and never writes the source tree.
@Suite("golden comparison")
struct GoldenComparisonTests {
    @Test("equal output passes; different output fails with the first differing line and is left pending, not written")
    func leavesDifferencesPending() throws {
        let path = ".build/golden-comparison-\(UUID().uuidString)/case.expected"
        let committed = Golden.repositoryRoot.appendingPathComponent(path)
        let pending = Golden.pendingDirectory.appendingPathComponent(path)
        defer {
            try? FileManager.default.removeItem(at: committed.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: pending.deletingLastPathComponent())
        }
        try FileManager.default.createDirectory(at: committed.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "one\ntwo\n".write(to: committed, atomically: true, encoding: .utf8)

        let mismatch = try #require(Golden.compare("one\nthree\n", with: path))
        #expect(mismatch.contains("\(path) differs"))
        #expect(mismatch.contains("line 2:\n  output:    three\n  committed: two"))
        #expect(mismatch.hasSuffix("review and accept it with: Tests/update-goldens"))
        #expect(try String(contentsOf: committed, encoding: .utf8) == "one\ntwo\n", "the committed file is untouched")
        #expect(try String(contentsOf: pending, encoding: .utf8) == "one\nthree\n")

        #expect(Golden.compare("one\ntwo\n", with: path) == nil)
        #expect(!FileManager.default.fileExists(atPath: pending.path), "a match clears what an earlier run left")
    }

    @Test("a golden that does not exist yet is a difference, its output left pending")
    func missingGolden() throws {
        let path = ".build/golden-comparison-\(UUID().uuidString)/new.expected"
        let pending = Golden.pendingDirectory.appendingPathComponent(path)
        defer { try? FileManager.default.removeItem(at: pending.deletingLastPathComponent()) }
        let mismatch = try #require(Golden.compare(Data([1, 2]), with: path))
        #expect(mismatch.contains("no such file"))
        #expect(try Data(contentsOf: pending) == Data([1, 2]))
    }
}
