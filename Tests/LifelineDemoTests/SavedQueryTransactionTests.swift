import Foundation
import LifelineDemo
import LifelineStore
import Testing

/// A saved query is untrusted SQL: transaction statements in one are errors, never a fatal error.
@Suite("Saved queries with transaction statements")
struct SavedQueryTransactionTests {
    @Test(
        "each transaction statement form fails or runs, and the store still answers afterwards",
        arguments: ["BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT a", "RELEASE a", "END", "BEGIN IMMEDIATE"])
    func transactionStatements(_ statement: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("saved-tx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try TraceStore(path: directory.appendingPathComponent("x.db").path)
        _ = try? SavedQuery(name: "tx", sql: "-- a transaction statement\n\(statement)").run(in: store)
        #expect(try store.counts().events == 0)
    }
}
