import Foundation
import LifelineStore
import Testing

/// The REPL's Ctrl-C during `.import`: the file under way rolls back, what was there stays.
@Suite("cancelling an import")
struct ImportCancellationTests {
    @Test func aCancelledImportFailsAsInterruptedAndLeavesTheDatabaseAsItWas() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let first = try fixture.write("first.ndjson", sceneTrace)
        #expect(fixture.importFile(first).0.outcome == .imported)
        let before = try fixture.rows("SELECT * FROM event ORDER BY id")

        let second = try fixture.write("second.ndjson", sceneTrace.replacingOccurrences(of: "\"L1\"", with: "\"L2\""))
        let cancelled = fixture.importer.importFile(at: second, options: ImportOptions(isCancelled: { true }))
        #expect(cancelled.outcome == .failed("interrupted"))
        #expect(try fixture.rows("SELECT * FROM event ORDER BY id") == before)
        #expect(try fixture.count("trace_file") == 1)
        #expect(try fixture.count("launch") == 1)

        // Not cancelled, the same file imports in full afterwards.
        let again = fixture.importer.importFile(at: second, options: ImportOptions(isCancelled: { false }))
        #expect(again.outcome == .imported)
        #expect(try fixture.count("launch") == 2)
    }
}
