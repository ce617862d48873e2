import Foundation
@testable import LifelineFormat
import Testing

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

@Suite("Trace line reader inputs")
struct TraceLineReaderInputTests {
    @Test("the reader refuses a device before reading a byte of it")
    func device() {
        #expect(throws: TraceFileError(path: "/dev/zero", operation: "read", errno: 0,
                                       reason: "it is a device, not a regular file")) {
            _ = try TraceLineReader(path: "/dev/zero")
        }
        #expect(TraceFileError(path: "/dev/zero", operation: "read", errno: 0, reason: "it is a device, not a regular file")
            .description == "/dev/zero: error: cannot read: it is a device, not a regular file")
    }
}
