import Foundation
import Testing

@testable import LifelineREPL

@Suite("file descriptor sinks")
struct FileDescriptorSinkTests {
    @Test("a failed write is remembered once, with its reason, and forgotten when taken")
    func writeFailure() throws {
        let sink = try FileDescriptorSink(creatingFileAt: "/dev/full", name: "full")
        #expect(sink.takeWriteFailure() == nil)
        sink.write("x")
        sink.write("y")
        #expect(sink.takeWriteFailure() == "no space left on device")
        #expect(sink.takeWriteFailure() == nil)
        #expect(sink.name == "full")
    }

    @Test("a shell reports a failed output after the command that wrote it, and the script fails")
    func shellReports() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(".output /dev/full\nSELECT 1;\n.output\n.mode list --titles on\nSELECT 2 AS two;\n")
        #expect(run.text == "session.script:2:1: error: cannot write to '/dev/full': no space left on device\ntwo\n2\n")
        #expect(run.status == 1)
    }

    @Test("opening a FIFO nothing reads fails at once instead of blocking")
    func fifoWithoutReader() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sink-\(UUID().uuidString)").path
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        #expect(throws: ReplError.cannotOpen(path: path, reason: "it is a pipe (FIFO) that nothing is reading")) {
            try FileDescriptorSink(creatingFileAt: path)
        }
    }
}
