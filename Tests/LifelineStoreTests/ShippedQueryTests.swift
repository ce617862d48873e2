import Foundation
import Testing

@testable import LifelineStore

/// The saved queries compiled into the binary (`SavedQuery+Shipped.swift`) and the catalog the REPL offers.
@Suite("shipped saved queries")
struct ShippedQueryTests {
    /// The repository's `queries/`, the source of truth.
    static let queries = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../queries")
        .standardizedFileURL
    /// The generated Swift file.
    static let generated = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/LifelineStore/Queries/SavedQuery+Shipped.swift").standardizedFileURL

    /// The Swift file that compiles in `sources` (name and text, by name): each text a raw multi-line
    /// literal, one line of the file per line of SQL, so the generated file reads like the queries.
    static func render(_ sources: [(name: String, sql: String)]) -> String {
        var lines = [
            "// Generated from queries/*.sql: do not edit. `LIFELINE_REGENERATE=1 swift test --filter ShippedQueryTests`",
            "// rewrites it; that test fails while this file and queries/ differ.",
            "",
            "extension SavedQuery {",
            "    /// The text of each saved query in the repository's `queries/`, by name, compiled into the binary so",
            "    /// `.queries` and `.query NAME` work from any directory (``catalog(projectDirectory:)``).",
            "    package static let shippedSources: [(name: String, sql: String)] = [",
        ]
        for source in sources {
            lines += ["        (", "            name: \"\(source.name)\",", "            sql: #\"\"\""]
            lines += source.sql.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "            " + $0 }
            lines += ["            \"\"\"#", "        ),"]
        }
        lines += ["    ]", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The queries in `queries/`, by file name.
    static func sourcesOnDisk() throws -> [(name: String, sql: String)] {
        let files = try FileManager.default.contentsOfDirectory(atPath: queries.path).filter { $0.hasSuffix(".sql") }.sorted()
        return try files.map { file in
            (String(file.dropLast(4)), try String(contentsOf: queries.appendingPathComponent(file), encoding: .utf8))
        }
    }

    @Test("the compiled-in queries are queries/*.sql, byte for byte (LIFELINE_REGENERATE=1 rewrites the Swift file)")
    func generatedFileMatchesQueries() throws {
        let onDisk = try Self.sourcesOnDisk()
        let expected = Self.render(onDisk)
        if ProcessInfo.processInfo.environment["LIFELINE_REGENERATE"] != nil {
            try expected.write(to: Self.generated, atomically: true, encoding: .utf8)
        }
        let current = try String(contentsOf: Self.generated, encoding: .utf8)
        #expect(current == expected, "SavedQuery+Shipped.swift is out of date: LIFELINE_REGENERATE=1 swift test --filter ShippedQueryTests")
        #expect(SavedQuery.shippedSources.map(\.name) == onDisk.map(\.name))
        for (shipped, file) in zip(SavedQuery.shippedSources, onDisk) {
            #expect(shipped.sql == file.sql, "the compiled-in \(shipped.name) differs from queries/\(file.name).sql")
        }
        // No raw literal may end early: a query holding `"""#` would not survive the round trip.
        #expect(onDisk.allSatisfy { !$0.sql.contains("\"\"\"#") })
    }

    @Test("every shipped query has a description and parses as a saved query")
    func shippedQueriesAreValid() throws {
        #expect(SavedQuery.shipped.count == SavedQuery.shippedSources.count)
        for source in SavedQuery.shippedSources {
            let query = try SavedQuery(name: source.name, sql: source.sql)
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
        #expect(sql == SavedQuery.shippedSources.first { $0.name == "slowest-callbacks" }?.sql)
        #expect(SavedQuery.catalog(projectDirectory: fixture.path("missing")) == SavedQuery.shipped)
    }
}
