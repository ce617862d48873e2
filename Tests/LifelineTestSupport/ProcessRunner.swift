import Foundation

/// The directory holding the built products: `lifeline`, `recorder-probe` (the test bundle sits beside them).
public var productsDirectory: URL {
    #if os(macOS)
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent()
    }
    fatalError("no .xctest bundle")
    #else
    return Bundle.main.bundleURL
    #endif
}

/// What a finished process printed and how it exited.
public struct ProcessRun: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// A running process; ``wait()`` collects its output and exit status.
///
/// Both pipes are drained from the moment the process starts, each on a thread of its own, and its
/// input is written on another: a child that fills one pipe (64 KiB) while the test waits on the
/// other, or that answers before it has read all of its input, cannot stall the test.
public struct StartedProcess {
    public let process: Process
    let output: PipeDrain?
    let errors: PipeDrain
    let input: PipeDrain?

    public func wait() -> ProcessRun {
        let stdout = output?.bytes() ?? Data()
        let stderr = errors.bytes()
        _ = input?.bytes()
        process.waitUntilExit()
        return ProcessRun(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }
}

/// Work on a thread of its own whose result is waited for once: a pipe read to its end, or input
/// written and closed.
final class PipeDrain: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    // Written once by the thread before `done` is signalled, read only after waiting for it.
    private var data = Data()

    /// Reads `handle` to its end.
    init(reading handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Writes `bytes` to `handle` and closes it (a child that exits early closes the pipe: the rest is dropped).
    init(writing bytes: Data, to handle: FileHandle) {
        Thread.detachNewThread { [self] in
            try? handle.write(contentsOf: bytes)
            try? handle.close()
            done.signal()
        }
    }

    /// What was read, once the thread is done.
    func bytes() -> Data {
        done.wait()
        done.signal()
        return data
    }
}

/// Runs a built executable the way a person would, for end-to-end tests (the `lifeline` binary,
/// the recorder's probe).
///
/// ```swift
/// let run = try ProcessRunner.run(productsDirectory.appendingPathComponent("lifeline"), ["--version"])
/// #expect(run.status == 0)
/// ```
public enum ProcessRunner {
    /// Starts `executable` without waiting for it; `input` (when given) is written to its standard input
    /// and closed, and `environment` is added to this process's environment. Standard output is
    /// collected unless `standardOutput` names a file to write it to instead.
    public static func start(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, input: String? = nil,
        environment: [String: String] = [:], standardOutput: FileHandle? = nil
    ) throws -> StartedProcess {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let stdin = Pipe()
        let out = standardOutput == nil ? Pipe() : nil
        let err = Pipe()
        if input != nil { process.standardInput = stdin }
        process.standardOutput = standardOutput ?? out
        process.standardError = err
        try process.run()
        return StartedProcess(
            process: process, output: out.map { PipeDrain(reading: $0.fileHandleForReading) },
            errors: PipeDrain(reading: err.fileHandleForReading),
            input: input.map { PipeDrain(writing: Data($0.utf8), to: stdin.fileHandleForWriting) })
    }

    /// Runs `executable` and waits for it (see ``start(_:_:in:input:environment:standardOutput:)``).
    public static func run(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, input: String? = nil,
        environment: [String: String] = [:], standardOutput: FileHandle? = nil
    ) throws -> ProcessRun {
        try start(
            executable, arguments, in: directory, input: input, environment: environment, standardOutput: standardOutput
        ).wait()
    }
}
