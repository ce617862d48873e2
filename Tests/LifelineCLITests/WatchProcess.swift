import Foundation
import LifelineCore
import LifelineFormat
import LifelineTestSupport

/// A `lifeline watch` running while a test writes its input: what it printed so far, read as it
/// comes, so the test can wait for a finding before writing more.
final class WatchProcess: @unchecked Sendable {
    let process = Process()
    /// Standard input's pipe (used when the watch reads `-`).
    let input = Pipe()
    private let stdout = Locked("")
    private let stderr = Locked("")
    private let readers = DispatchGroup()

    init(_ arguments: [String], in directory: URL) throws {
        process.executableURL = LifelineCommandTests.binary
        process.arguments = ["watch"] + arguments
        process.currentDirectoryURL = directory
        let out = Pipe()
        let err = Pipe()
        process.standardInput = input
        process.standardOutput = out
        process.standardError = err
        try process.run()
        for (pipe, text) in [(out, stdout), (err, stderr)] {
            readers.enter()
            let handle = pipe.fileHandleForReading
            Thread.detachNewThread { [readers] in
                while true {
                    let data = handle.availableData
                    if data.isEmpty { break }
                    text.withLock { $0 += String(decoding: data, as: UTF8.self) }
                }
                readers.leave()
            }
        }
    }

    var output: String { stdout.withLock { $0 } }
    var errors: String { stderr.withLock { $0 } }

    /// Waits until standard output (or `standardError`) contains `text`; false after `timeout` seconds.
    func waitFor(_ text: String, standardError: Bool = false, timeout: TimeInterval = 60) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if (standardError ? errors : output).contains(text) { return true }
            if !process.isRunning { return (standardError ? errors : output).contains(text) }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    /// Writes to the watch's standard input.
    func write(_ text: String) { input.fileHandleForWriting.write(Data(text.utf8)) }

    /// Sends Ctrl-C (SIGINT), then waits for the process and its output.
    func interrupt() -> ProcessRun {
        process.interrupt()
        return wait()
    }

    /// Closes standard input and waits for the process and its output (killed after `timeout` seconds).
    func wait(timeout: TimeInterval = 60) -> ProcessRun {
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        readers.wait()
        return ProcessRun(status: process.terminationStatus, stdout: output, stderr: errors)
    }
}
