import Foundation
import Testing

@testable import LifelineStore

/// The saved queries compiled into the binary (by the EmbedText build-tool plugin, from `queries/*.sql`) and the
/// catalog the REPL offers.
@Suite("shipped saved queries")
struct ShippedQueryTests {
    /// The repository's `queries/`, the source of truth.
    static let queries = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../queries")
        .standardizedFileURL
    /// The queries in `queries/`, by file name.
    static func sourcesOnDisk() throws -> [(name: String, sql: String)] {
        let files = try FileManager.default.contentsOfDirectory(atPath: queries.path).filter { $0.hasSuffix(".sql") }.sorted()
        return try files.map { file in
            (String(file.dropLast(4)), try String(contentsOf: queries.appendingPathComponent(file), encoding: .utf8))
        }
    }

    @Test("the compiled-in queries are queries/*.sql, byte for byte (the EmbedText plugin compiles them in at build time)")
    func compiledInQueriesAreTheFiles() throws {
        let onDisk = try Self.sourcesOnDisk()
        #expect(!onDisk.isEmpty)
        #expect(SavedQuery.shippedSources.map(\.name) == onDisk.map(\.name))
        for (shipped, file) in zip(SavedQuery.shippedSources, onDisk) {
            #expect(shipped.text == file.sql, "the compiled-in \(shipped.name) differs from queries/\(file.name).sql")
        }
    }

    @Test("every shipped query has a description and parses as a saved query")
    func shippedQueriesAreValid() throws {
        #expect(SavedQuery.shipped.count == SavedQuery.shippedSources.count)
        for source in SavedQuery.shippedSources {
            let query = try SavedQuery(name: source.name, sql: source.text)
            #expect(!query.description.isEmpty)
        }
    }

    @Test("the catalog is the shipped queries plus the project's files; a project file replaces a shipped one of its name")
    func projectFilesOnTop() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try fixture.write("time-to-active.sql", "-- Our own time to active.\nSELECT 1;\n")
        try fixture.write("mine.sql", "-- Ours alone.\nSELECT 2;\n")
        let catalog = SavedQuery.catalog(projectDirectory: fixture.directory.path)
        #expect(catalog.map(\.name) == (SavedQuery.shippedSources.map(\.name) + ["mine"]).sorted())
        let replaced = try #require(catalog.first { $0.name == "time-to-active" })
        #expect(replaced.origin == .file(path: fixture.path("time-to-active.sql"), overridesShipped: true))
        #expect(replaced.description == "Our own time to active.")
        let mine = try #require(catalog.first { $0.name == "mine" })
        #expect(mine.origin == .file(path: fixture.path("mine.sql"), overridesShipped: false))
        let shipped = try #require(catalog.first { $0.name == "slowest-callbacks" })
        #expect(shipped.path == nil)
        guard case .shipped(let sql) = shipped.origin else {
            Issue.record("slowest-callbacks should be the shipped one: \(shipped.origin)")
            return
        }
        #expect(sql == SavedQuery.shippedSources.first { $0.name == "slowest-callbacks" }?.text)
        #expect(SavedQuery.catalog(projectDirectory: fixture.path("missing")) == SavedQuery.shipped)
    }
}
