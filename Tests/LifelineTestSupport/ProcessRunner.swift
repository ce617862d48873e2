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
public struct StartedProcess {
    public let process: Process
    /// Standard output's pipe; nil when the caller sent standard output elsewhere.
    public let output: Pipe?
    public let errors: Pipe

    public func wait() -> ProcessRun {
        let stdout = output?.fileHandleForReading.readDataToEndOfFile() ?? Data()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProcessRun(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
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
        if let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        return StartedProcess(process: process, output: out, errors: err)
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
