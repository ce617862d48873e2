import Foundation
import GRDB
import Testing

/// End-to-end tests of the shell's read-only connection: it opens databases it may not write and
/// leaves no files behind (docs/repl.md, "Read-only").
@Suite("lifeline repl: read-only really read-only")
struct ReplReadOnlyTests {
    /// The files beside the database that SQLite's WAL mode uses.
    static func companions(_ directory: URL) -> [String] {
        ["lifeline.db-wal", "lifeline.db-shm"].filter {
            FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).path)
        }
    }

    /// Whether the file's header says WAL mode (bytes 18 and 19 are 2).
    static func isWAL(_ url: URL) throws -> Bool {
        let header = [UInt8](try Data(contentsOf: url).prefix(20))
        return header.count == 20 && header[18] == 2 && header[19] == 2
    }

    @Test("a session on a WAL-mode database reads it and leaves no -wal or -shm file behind")
    func noFilesLeftBehind() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try Self.isWAL(directory.appendingPathComponent("lifeline.db")), "lifeline import writes WAL-mode databases")
        #expect(Self.companions(directory).isEmpty)
        let run = try ReplCommandTests.repl(
            ["lifeline.db"], input: ".headers on\n.mode list\n.separator ,\nSELECT COUNT(*) AS n FROM event;\n.sessions 2\n", in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("n\n29\n"))
        #expect(Self.companions(directory).isEmpty, "the session left \(Self.companions(directory))")
        // A session that writes (.check) reopens read-only afterwards and still leaves nothing.
        let checked = try ReplCommandTests.repl(
            ["lifeline.db"], input: ".check\n.headers on\n.mode list\n.separator ,\nSELECT COUNT(*) AS n FROM violation;\n", in: directory)
        #expect(checked.stdout.hasSuffix("n\n1\n"), "\(checked.stdout)")
        #expect(Self.companions(directory).isEmpty, "the session left \(Self.companions(directory))")
    }

    @Test("a read-only database file in a read-only directory opens for queries, and nothing is written there")
    func readOnlyDirectory() throws {
        let directory = try ReplCommandTests.workspace()
        let database = directory.appendingPathComponent("lifeline.db")
        let manager = FileManager.default
        try manager.setAttributes([.posixPermissions: 0o444], ofItemAtPath: database.path)
        try manager.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.path)
        defer {
            try? manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
            try? manager.removeItem(at: directory)
        }
        let before = try manager.contentsOfDirectory(atPath: directory.path).sorted()
        let run = try ReplCommandTests.repl(
            ["lifeline.db"], input: ".headers on\n.mode list\n.separator ,\nSELECT COUNT(*) AS n FROM event;\n.timeline 2 S1\n",
            in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        #expect(run.stdout.hasPrefix("n\n29\n"))
        #expect(run.stdout.contains("sceneDidEnterBackground (no end)"))
        #expect(try manager.contentsOfDirectory(atPath: directory.path).sorted() == before)
    }

    /// `directory` with a copy of its database whose `-wal` file holds a committed table `late`
    /// that the database file does not; the size of that `-wal` file.
    static func addUncheckpointedTable(in directory: URL) throws -> Int {
        let scratch = directory.appendingPathComponent("scratch")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: directory.appendingPathComponent("lifeline.db"), to: scratch.appendingPathComponent("lifeline.db"))
        let writer = try DatabaseQueue(path: scratch.appendingPathComponent("lifeline.db").path)
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0; CREATE TABLE late (x); INSERT INTO late VALUES (1);")
        }
        // Copied while the writer is open, so its transactions are still in the -wal file.
        for name in ["lifeline.db", "lifeline.db-wal"] {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
            try FileManager.default.copyItem(at: scratch.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        try writer.close()
        try FileManager.default.removeItem(at: scratch)
        return try #require(
            try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("lifeline.db-wal").path)[.size]
                as? Int)
    }

    @Test("a -wal file whose WAL index cannot be created is still read (SQLite keeps the index in memory)")
    func walWithoutIndex() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try Self.addUncheckpointedTable(in: directory) > 0)
        // SQLite cannot create a -shm file where a directory is, whoever runs the test (root ignores permissions).
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("lifeline.db-shm"), withIntermediateDirectories: false)
        let run = try ReplCommandTests.repl(
            ["lifeline.db"], input: ".headers on\n.mode list\n.separator ,\nSELECT COUNT(*) AS n FROM event;\nSELECT x FROM late;\n",
            in: directory)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == "n\n29\nx\n1\n")
    }

    @Test("when the write-ahead log cannot be opened, the database file is read alone")
    func walUnavailable() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Where SQLite would open or create lifeline.db-wal is a directory: the read-only open fails, whoever
        // runs the test (as in a read-only directory, which root's writes ignore), and the immutable one reads the file.
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("lifeline.db-wal"), withIntermediateDirectories: false)
        let run = try ReplCommandTests.repl(
            ["lifeline.db"], input: ".headers on\n.mode list\n.separator ,\nSELECT COUNT(*) AS n FROM event;\n.sessions 2\n", in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "", "no -wal bytes go unseen: the warning is for those")
        #expect(run.stdout.hasPrefix("n\n29\n"))
        #expect(run.stdout.contains("foregroundInactive"))
    }
}
