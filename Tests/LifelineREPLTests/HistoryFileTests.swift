import Foundation
import LifelineTestSupport
import Testing

@testable import LifelineREPL

/// The history file is the REPL's own, not the line editor's: one plain line an entry with GNU
/// readline and libedit alike.
@Suite("history file")
struct HistoryFileTests {
    @Test("a missing file is created empty and private, and lines appended to it come back in order")
    func appendsAndLoads() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("history").path
        let history = HistoryFile(path: path, limit: 10)
        #expect(history.load() == [])
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        history.append("SELECT 'a b' FROM launch;")
        history.append(".tables")
        #expect(history.load() == ["SELECT 'a b' FROM launch;", ".tables"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "SELECT 'a b' FROM launch;\n.tables\n")
    }

    @Test("loading keeps the last lines up to the limit and skips empty ones")
    func loadsTheLastLines() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("history").path
        try "one\n\ntwo\nthree\nfour".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(HistoryFile(path: path, limit: 2).load() == ["three", "four"])
        #expect(HistoryFile(path: path, limit: 0).load() == [])
    }

    @Test("trimming keeps the last lines in a private file, through a symbolic link, and leaves a short file alone")
    func trims() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("history").path
        let link = directory.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        try (1...5).map { "line \($0)\n" }.joined().write(toFile: path, atomically: true, encoding: .utf8)
        HistoryFile(path: link, limit: 10).trim()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "line 1\nline 2\nline 3\nline 4\nline 5\n")
        HistoryFile(path: link, limit: 2).trim()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "line 4\nline 5\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == path)
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["history", "link"])
    }
}
