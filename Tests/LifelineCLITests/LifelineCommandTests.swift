import Foundation
import LifelineFormat
import Testing

/// End-to-end tests of the built `lifeline` binary.
@Suite("lifeline command")
struct LifelineCommandTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var binary: URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("lifeline")
        }
        fatalError("no .xctest bundle")
        #else
        return Bundle.main.bundleURL.appendingPathComponent("lifeline")
        #endif
    }

    static func run(_ arguments: [String], in directory: URL? = nil) throws -> Run {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
    }

    static func temporaryDirectory() throws -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lifeline-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("demo records a valid sample trace with the real recorder")
    func demo() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Self.run(["demo"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let trace = directory.appendingPathComponent("traces/demo/sample-launch.ndjson")
        let file = try TraceFile(contentsOf: trace.path)
        #expect(file.errors.isEmpty)
        let callbacks = file.events.compactMap(\.event.callback)
        #expect(callbacks.first == .willFinishLaunching)
        #expect(callbacks.contains(.sceneDidBecomeActive))
        #expect(run.stdout.contains("wrote traces/demo/sample-launch.ndjson"))
        let again = try Self.run(["demo"], in: directory)
        #expect(again.stdout == run.stdout, "the demo trace is deterministic")
        let validate = try Self.run(["validate", trace.path])
        #expect(validate.status == 0)
        #expect(validate.stdout.contains("1 launches, 19 events, 0 errors, 0 warnings"))
    }

    @Test("validate prints located diagnostics and exits 1 on errors")
    func validateErrors() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bad.ndjson").path
        try """
            {"lifeline":1,"type":"launch","launch":"X"}
            {"seq":1,"t":0,"event":"didFinishLaunching"}
            {"seq":"two","t":5,"event":"x"}
            {"seq":3,"t":4,"event":"y"}

            """.write(toFile: path, atomically: true, encoding: .utf8)
        let run = try Self.run(["validate", path])
        #expect(run.status == 1)
        #expect(run.stderr == """
            \(path):3:8: error: expected integer for "seq"

            """)
        #expect(run.stdout.contains("1 launches, 2 events, 1 errors, 0 warnings"))
    }

    @Test("validate exits 2 when a file cannot be read, and 0 when all is well")
    func validateExitCodes() throws {
        let missing = try Self.run(["validate", "/nonexistent/x.ndjson"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/nonexistent/x.ndjson: error: cannot open"))
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("ok.ndjson").path
        try #"{"lifeline":1,"type":"launch"}"#.appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try Self.run(["validate", "--quiet", path]).status == 0)
    }

    @Test("callbacks lists the whole catalog")
    func callbacks() throws {
        let run = try Self.run(["callbacks"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == Callback.allCases.count)
        #expect(lines.contains { $0.hasPrefix("scene(_:willConnectTo:options:)\tscene\twillConnectTo") })
    }

    @Test("an unknown subcommand is a usage error")
    func usageError() throws {
        let run = try Self.run(["frobnicate"])
        #expect(run.status == 64 || run.status == 2)
        #expect(run.stderr.contains("frobnicate"))
    }
}
