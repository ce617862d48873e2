import Foundation
import LifelineTestSupport
import Testing

@testable import LifelineFormat

@Suite("Trace paths")
struct TracePathsTests {
    /// `a.ndjson` and its copy `copy/a.ndjson`, `b.ndjson` of the same size but other bytes (in its last
    /// byte, past the first read block), a symbolic link to `a.ndjson`, and `store.db` with a copy.
    static func directory() throws -> URL {
        let directory = try temporaryDirectory()
        let a = String(repeating: "{\"x\":1}\n", count: 10_000)
        let b = String(a.dropLast(2)) + "2\n"
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("copy"), withIntermediateDirectories: true)
        try Data(a.utf8).write(to: directory.appendingPathComponent("a.ndjson"))
        try Data(a.utf8).write(to: directory.appendingPathComponent("copy/a.ndjson"))
        try Data(b.utf8).write(to: directory.appendingPathComponent("b.ndjson"))
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("link.ndjson").path,
            withDestinationPath: directory.appendingPathComponent("a.ndjson").path)
        try Data("store".utf8).write(to: directory.appendingPathComponent("store.db"))
        try Data("store".utf8).write(to: directory.appendingPathComponent("store-copy.db"))
        return directory
    }

    @Test("a copy of an earlier trace is left out and named; a link to it is left out; same-size files that differ are kept")
    func copiesAreLeftOut() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.path
        let expanded = TracePaths.expandDistinct([path])
        #expect(expanded.errors.isEmpty)
        #expect(expanded.files == ["\(path)/a.ndjson", "\(path)/b.ndjson"])
        // The symbolic link is `a.ndjson` itself, taken once without a word; the copy is another file.
        #expect(expanded.copies == [TracePaths.Copy(file: "\(path)/copy/a.ndjson", original: "\(path)/a.ndjson")])
        #expect(expanded.copies[0].description == "\(path)/copy/a.ndjson: same content as \(path)/a.ndjson, skipped")
        // `expand` itself keeps every file it finds: `lifeline import` says "same content as" on its own.
        #expect(TracePaths.expand([path]).files.count == 4)
    }

    @Test("the same file named twice is taken once, silently; standard input is never compared")
    func theSameFileTwice() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = directory.appendingPathComponent("a.ndjson").path
        let expanded = TracePaths.expandDistinct([a, directory.path + "/./a.ndjson", "-", "-"])
        #expect(expanded.files == [a, "-", "-"])
        #expect(expanded.copies.isEmpty)
    }

    @Test("files the caller calls stores (databases) are never copies of each other")
    func storesAreNotCompared() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let stores = ["store.db", "store-copy.db"].map { directory.appendingPathComponent($0).path }
        #expect(TracePaths.expandDistinct(stores, isStore: { $0.hasSuffix(".db") }).files == stores)
        #expect(TracePaths.expandDistinct(stores).files == [stores[0]])
    }
}
