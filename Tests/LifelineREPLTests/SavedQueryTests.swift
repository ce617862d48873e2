import Foundation
import LifelineStore
import Testing

@testable import LifelineREPL

@Suite("saved queries")
struct SavedQueryTests {
    /// The repository's `queries/`, in the source tree.
    static let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../queries").standardizedFileURL.path

    @Test("the queries the repository ships have descriptions and run against the schema")
    func shippedQueriesRun() throws {
        let queries = SavedQuery.list(in: Self.shipped)
        #expect(queries.count >= 3)
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        for query in queries {
            #expect(query.description?.isEmpty == false, "\(query.name) has no '-- description' first line")
            let sink = TextSink()
            let shell = try ReplShell(
                configuration: ReplConfiguration(
                    databasePath: "lifeline.db", directory: fixture.directory.path,
                    queriesDirectory: Self.shipped),
                output: sink, errors: sink)
            let status = shell.run(reader: StreamLineReader(text: ".query \(query.name)\n", name: query.name))
            #expect(status == 0, "\(query.name): \(sink.text)")
        }
    }
}
