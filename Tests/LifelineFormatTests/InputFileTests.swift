import Foundation
import LifelineSupport
import Testing

@testable import LifelineFormat

@Suite("Input files")
struct InputFileTests {
    @Test("regular files pass; directories, devices and FIFOs are named and refused")
    func kinds() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("input-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("a.rules").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let link = directory.appendingPathComponent("link.rules").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
        let fifo = directory.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)

        #expect(InputFile(path: file) == .regular && InputFile.refusal(file) == nil)
        #expect(InputFile(path: link) == .regular, "symbolic links are followed")
        #expect(InputFile(path: directory.path) == .directory)
        #expect(InputFile(path: "/dev/zero") == .device)
        #expect(InputFile(path: fifo) == .pipe)
        #expect(InputFile.refusal(fifo) == "it is a pipe (FIFO), not a regular file")
        #expect(InputFile.refusal("/dev/zero") == "it is a device, not a regular file")
        #expect(InputFile(path: directory.appendingPathComponent("missing").path) == nil)
    }
}

@Suite("Reading whole input files")
struct InputFileContentsTests {
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("input-contents-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("an empty file, a small one and one of several read chunks come back byte for byte", arguments: [0, 3, 200_001])
    func exactBytes(_ size: Int) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("f").path
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try InputFile.contents(of: path) == bytes)
    }

    @Test("directories, devices and FIFOs are refused without blocking; a missing file names errno's reason")
    func refusals() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // No writer ever opens the FIFO: a blocking open would hang here.
        #expect(throws: InputFileError.refused(.pipe)) { try InputFile.contents(of: fifo) }
        #expect(throws: InputFileError.refused(.device)) { try InputFile.contents(of: "/dev/zero") }
        #expect(throws: InputFileError.refused(.directory)) { try InputFile.contents(of: directory.path) }
        let missing = directory.appendingPathComponent("missing").path
        #expect(throws: InputFileError.system(errno: ENOENT)) { try InputFile.contents(of: missing) }
        #expect(InputFileError.system(errno: ENOENT).description == "no such file or directory")
        #expect(InputFileError.refused(.device).description == "it is a device, not a regular file")
    }
}

@Suite("Trace line reader inputs")
struct TraceLineReaderInputTests {
    @Test("the reader refuses a device before reading a byte of it")
    func device() {
        #expect(
            throws: TraceFileError(
                path: "/dev/zero", operation: "read", errno: 0,
                reason: "it is a device, not a regular file")
        ) {
            _ = try TraceLineReader(path: "/dev/zero")
        }
        #expect(
            TraceFileError(path: "/dev/zero", operation: "read", errno: 0, reason: "it is a device, not a regular file")
                .description == "/dev/zero: error: cannot read: it is a device, not a regular file")
    }
}
