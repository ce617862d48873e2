import Foundation
import GRDB
import GRDBSQLite
import LifelineFormat
import LifelineSupport
import LifelineTestSupport
import Testing

@testable import LifelineStore

/// A file is read once per import: a new trace file is hashed by its parser as it is read, a foreign
/// file is read whole once for its shape, its hashes and its decoder. These check that the hashes,
/// and so what is imported again, skipped or replaced, are what a pass of their own gave.
@Suite("Import hashing")
struct ImportHashingTests {
    /// The hashes of `bytes` fed to a builder in blocks cut at random.
    static func hashedInBlocks(_ bytes: [UInt8], priorSize: Int?, random: inout SplitMix64) -> FileHashes {
        var builder = FileHashes.Builder(priorSize: priorSize)
        var start = 0
        bytes.withUnsafeBytes { raw in
            while start < raw.count {
                let end = min(raw.count, start + Int.random(in: 0...40, using: &random))
                builder.update(UnsafeRawBufferPointer(rebasing: raw[start..<end]))
                start = end
            }
        }
        return builder.finish()
    }

    @Test("hashing a file in blocks of any size gives the hashes of one pass over it", arguments: [1, 2, 3, 4] as [UInt64])
    func blocks(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var text = ""
        for line in 0..<Int.random(in: 1...30, using: &random) { text += "{\"seq\":\(line)}" + (line % 3 == 0 ? "\r\n" : "\n") }
        if seed % 2 == 0 { text += "{\"seq\":" }
        let bytes = Array(text.utf8)
        let priorSize = Int.random(in: 0...bytes.count, using: &random)
        let whole = FileHashes(bytes: bytes, priorSize: priorSize)
        let blocks = Self.hashedInBlocks(bytes, priorSize: priorSize, random: &random)
        #expect(blocks.size == whole.size && blocks.full == whole.full && blocks.prior == whole.prior)
        #expect(blocks.terminatedSize == whole.terminatedSize && blocks.terminated == whole.terminated)
        // And both are XXH64 of the right extents.
        func xxh64(_ count: Int) -> String {
            var hash = ContentHash()
            bytes[0..<count].withUnsafeBytes { hash.update($0) }
            return hash.text
        }
        let lastNewline = bytes.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        #expect(whole.full == xxh64(bytes.count))
        #expect(whole.terminatedSize == lastNewline && whole.terminated == xxh64(lastNewline))
        #expect(whole.prior == xxh64(priorSize))
        // The file read from disk in a pass of its own: the same.
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("t.ndjson").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let read = try FileHashes(path: path, priorSize: priorSize)
        #expect(read.full == whole.full && read.terminated == whole.terminated && read.prior == whole.prior)
        let sizes = try FileHashes.sizes(path: path)
        #expect(sizes.size == bytes.count && sizes.terminatedSize == lastNewline)
    }

    @Test("the sizes of a file are read from its end, past a last line longer than a block")
    func sizesOfLongLine() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("long.ndjson").path
        let text = "{\"a\":1}\n" + String(repeating: "x", count: 200_000)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let sizes = try FileHashes.sizes(path: path)
        #expect(sizes.size == text.utf8.count && sizes.terminatedSize == 8)
        let empty = directory.appendingPathComponent("empty.ndjson").path
        try Data().write(to: URL(fileURLWithPath: empty))
        #expect(try FileHashes.sizes(path: empty) == (0, 0))
    }

    @Test("a file imported without a hash pass stores the hash of its content, so importing it again skips it")
    func parserHash() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = try fixture.write("a.ndjson", sceneTrace)
        #expect(fixture.importFile(path).0.outcome == .imported)
        var hash = ContentHash()
        Array(sceneTrace.utf8).withUnsafeBytes { hash.update($0) }
        #expect(try fixture.rows("SELECT content_hash, size FROM trace_file") == [[hash.text, String(sceneTrace.utf8.count)]])
        #expect(fixture.importFile(path).0.outcome == .unchanged)
        #expect(try fixture.count("event") == 9)
    }

    @Test("a file the size of an imported one but with other content is imported, not taken for a copy")
    func sameSizeOtherContent() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let first = try fixture.write("a.ndjson", sceneTrace)
        let other = sceneTrace.replacingOccurrences(of: "\"L1\"", with: "\"L9\"")
        #expect(other.utf8.count == sceneTrace.utf8.count && other != sceneTrace)
        let second = try fixture.write("b.ndjson", other)
        #expect(fixture.importFile(first).0.outcome == .imported)
        #expect(fixture.importFile(second).0.outcome == .imported)
        #expect(try fixture.count("trace_file") == 2)
        #expect(try fixture.count("event") == 18)
    }

    @Test("a copy of a torn file's whole lines is a duplicate of it, and the torn file is skipped as imported")
    func tornCopy() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let torn = try fixture.write("torn.ndjson", sceneTrace + #"{"seq":10,"t":9600"#)
        #expect(fixture.importFile(torn).0.events == 9)
        #expect(try fixture.rows("SELECT size FROM trace_file") == [[String(sceneTrace.utf8.count)]])
        let whole = try fixture.write("whole.ndjson", sceneTrace)
        #expect(fixture.importFile(whole).0.outcome == .duplicate(of: torn))
        let again = try fixture.write("again.ndjson", sceneTrace + #"{"seq":10,"t":9600"#)
        #expect(fixture.importFile(again).0.outcome == .duplicate(of: torn))
        #expect(try fixture.count("trace_file") == 1)
    }

    @Test("a foreign file is decoded from the bytes it was hashed from, and importing it again skips it")
    func foreignReadOnce() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let log = """
            2026-11-21 01:00:00.000000+0000 Notes[1001:1a2b4] AppDelegate - application(_:didFinishLaunchingWithOptions:)
            2026-11-21 01:00:00.100000+0000 Notes[1001:1a2b4] SceneDelegate - sceneDidBecomeActive(_:)

            """
        let path = try fixture.write("device.log", log)
        let input = try TraceInput(path: path)
        #expect(input.shape == .text && input.contents == Array(log.utf8))
        let (result, _) = fixture.importFile(path)
        #expect(result.outcome == .imported && result.shape == .text && result.events > 0)
        var hash = ContentHash()
        Array(log.utf8).withUnsafeBytes { hash.update($0) }
        #expect(try fixture.rows("SELECT content_hash FROM trace_file") == [[hash.text]])
        #expect(fixture.importFile(path).0.outcome == .unchanged)
    }

    @Test("a trace file's input holds no content: the parser streams it")
    func nativeInput() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = try fixture.write("a.ndjson", sceneTrace)
        let input = try TraceInput(path: path)
        #expect(input.shape == .native && input.contents == nil)
        let asked = try TraceInput(path: path, shape: .chrome)
        #expect(asked.shape == .chrome && asked.contents == Array(sceneTrace.utf8))
        #expect(throws: TraceFileError.self) { try TraceInput(path: fixture.path("missing.log")) }
    }

    @Test("the import connection is opened without SQLite's connection mutex")
    func noMutex() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        // GRDB serializes each connection's use itself and opens it SQLITE_OPEN_NOMUTEX: no mutex to take per call.
        let mutex = try fixture.store.database.write { db in sqlite3_db_mutex(db.sqliteConnection) }
        #expect(mutex == nil)
    }
}
