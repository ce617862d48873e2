import Foundation
import LifelineSupport
import Testing

@Suite("How to run the running executable")
struct CommandSpellingTests {
    /// A directory with `bin/lifeline` (the executable) and `other/lifeline` (another one).
    static func layout() throws -> (root: URL, binary: URL, other: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("spelling-\(UUID().uuidString)")
        let binary = root.appendingPathComponent("bin/lifeline")
        let other = root.appendingPathComponent("other/lifeline")
        for file in [binary, other] {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            _ = FileManager.default.createFile(
                atPath: file.path, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
        }
        return (root, binary, other)
    }

    @Test("the bare name when the first one on PATH is this executable, through a symbolic link too")
    func onPath() throws {
        let (root, binary, _) = try Self.layout()
        defer { try? FileManager.default.removeItem(at: root) }
        let bin = binary.deletingLastPathComponent().path
        #expect(
            CommandSpelling.spelling(executable: binary.path, named: "lifeline", path: "/nonexistent:\(bin)", currentDirectory: "/")
                == "lifeline")
        let link = root.appendingPathComponent("link")
        try FileManager.default.createDirectory(at: link, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: link.appendingPathComponent("lifeline"), withDestinationURL: binary)
        #expect(CommandSpelling.spelling(executable: binary.path, named: "lifeline", path: link.path, currentDirectory: "/") == "lifeline")
    }

    @Test("its path when PATH finds another lifeline first or none, relative to the current directory inside it")
    func notOnPath() throws {
        let (root, binary, other) = try Self.layout()
        defer { try? FileManager.default.removeItem(at: root) }
        let resolved = binary.resolvingSymlinksInPath().path
        let shadowed = other.deletingLastPathComponent().path + ":" + binary.deletingLastPathComponent().path
        #expect(CommandSpelling.spelling(executable: binary.path, named: "lifeline", path: shadowed, currentDirectory: "/") == resolved)
        #expect(CommandSpelling.spelling(executable: binary.path, named: "lifeline", path: nil, currentDirectory: "/") == resolved)
        #expect(
            CommandSpelling.spelling(executable: binary.path, named: "lifeline", path: "/usr/bin", currentDirectory: root.path)
                == "bin/lifeline")
    }
}
