import Foundation
import Testing

@testable import LifelineStore

/// Saved queries (`queries/NAME.sql`): one reading of the first line for the demo and the REPL.
@Suite("saved query files")
struct SavedQueryFileTests {
    @Test("a query's description is its first line after '--', trimmed; no comment, no description")
    func descriptions() {
        #expect(SavedQuery.description(in: "-- Launch times, slowest first.\nSELECT 1;") == "Launch times, slowest first.")
        #expect(SavedQuery.description(in: "--terse\nSELECT 1;") == "terse")
        #expect(SavedQuery.description(in: "SELECT 1; -- not first") == nil)
        #expect(SavedQuery.description(in: "") == nil)
    }

    @Test("a query to run needs a '-- description' first line; the error names its file")
    func strictQueries() throws {
        #expect(try SavedQuery(name: "ok", sql: "-- Counts.\nSELECT 1;").description == "Counts.")
        for text in ["SELECT 1;", "--terse\nSELECT 1;", "--   \nSELECT 1;"] {
            #expect {
                _ = try SavedQuery(name: "bad", sql: text)
            } throws: { error in
                (error as? StoreError)?.code == .invalidQuery && (error as? StoreError)?.path == "queries/bad.sql"
            }
        }
    }

    @Test("a directory lists its .sql files by name, with or without a description, and runs against a store")
    func listing() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try fixture.write("b.sql", "-- Files.\nSELECT COUNT(*) AS files FROM trace_file;\n")
        try fixture.write("a.sql", "SELECT 1;\n")
        try fixture.write("notes.txt", "-- not a query\n")
        let listed = SavedQuery.list(in: fixture.directory.path)
        #expect(listed.map(\.name) == ["a", "b"])
        #expect(listed.map(\.description) == [nil, "Files."])
        let query = try SavedQuery(contentsOf: try #require(listed.last?.path))
        #expect(try fixture.store.query(query.sql) == QueryResult(columns: ["files"], rows: [[.integer(0)]]))
        #expect(SavedQuery.list(in: fixture.path("missing")).isEmpty)
    }
}
