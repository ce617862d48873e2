import Foundation
import GRDB
import LifelineFormat
import LifelineTestSupport
import Testing

@testable import LifelineStore

/// End-to-end tests of the built `lifeline` binary.
@Suite("lifeline command")
struct LifelineCommandTests {
    typealias Run = ProcessRun
    typealias Started = StartedProcess

    static var binary: URL { productsDirectory.appendingPathComponent("lifeline") }

    /// Starts the binary (or `executable`) without waiting for it (see ``ProcessRunner``).
    static func start(
        _ arguments: [String], in directory: URL? = nil, input: String? = nil, environment: [String: String] = [:],
        executable: URL? = nil, standardOutput: FileHandle? = nil
    ) throws -> Started {
        try ProcessRunner.start(
            executable ?? binary, arguments, in: directory, input: input, environment: environment,
            standardOutput: standardOutput)
    }

    /// Runs the binary (or `executable`) and waits for it (see ``ProcessRunner``).
    static func run(
        _ arguments: [String], in directory: URL? = nil, input: String? = nil, environment: [String: String] = [:],
        executable: URL? = nil, standardOutput: FileHandle? = nil
    ) throws -> Run {
        try start(
            arguments, in: directory, input: input, environment: environment, executable: executable,
            standardOutput: standardOutput
        ).wait()
    }

    static func temporaryDirectory(_ label: String = #function) throws -> URL {
        try LifelineTestSupport.temporaryDirectory(label)
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
        #expect(
            run.stderr == """
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
        #expect(run.status == 2)
        #expect(run.stderr == "error: unknown command 'frobnicate'; 'lifeline --help' lists the commands\n")
    }

    @Test(
        "a mistyped subcommand is named with the nearest one, whatever follows it",
        arguments: [
            (["repot", "traces/", "-o", "x.html"], "report"), (["chek"], "check"), (["Report", "--help"], "report"),
            (["impotr", "a.ndjson"], "import"), (["hlep"], "help"), (["rep"], "repl"),
        ])
    func mistypedSubcommand(_ arguments: [String], _ nearest: String) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Self.run(arguments, in: directory)
        #expect(run.status == 2)
        #expect(run.stderr == "error: unknown command '\(arguments[0])'; did you mean '\(nearest)'?\n")
        #expect(run.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty, "nothing was run")
    }

    @Test("subcommands, help and options before a subcommand are parsed as before")
    func knownFirstWords() throws {
        #expect(try Self.run(["help", "report"]).stdout.contains("USAGE: lifeline report"))
        #expect(try Self.run(["--version"]).status == 0)
        let rules = try Self.run(["rules"])
        #expect(rules.status == 0 && rules.stderr.isEmpty)
    }
}

@Suite("lifeline import")
struct ImportCommandTests {
    static let trace = """
        {"lifeline":1,"type":"launch","launch":"L1","lifecycle":"scene"}
        {"seq":1,"t":0,"event":"didFinishLaunching"}
        {"seq":2,"t":5,"event":"willConnectTo","session":"S1","scene":"0x1"}
        {"seq":"x","t":6,"event":"bad"}
        {"seq":4,"t":7,"event":"sceneDidBecomeActive","session":"S1","scene":"0x1"}

        """

    @Test("imports files and directories into the default database, then reads back with SQL")
    func importAndQuery() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("traces/more"),
            withIntermediateDirectories: true)
        try Self.trace.write(to: directory.appendingPathComponent("traces/a.ndjson"), atomically: true, encoding: .utf8)
        try Self.trace.replacingOccurrences(of: "L1", with: "L2")
            .write(to: directory.appendingPathComponent("traces/more/b.jsonl"), atomically: true, encoding: .utf8)
        let run = try LifelineCommandTests.run(["import", "traces"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr == """
                traces/a.ndjson:4:8: error: expected integer for "seq"
                traces/more/b.jsonl:4:8: error: expected integer for "seq"

                """)
        #expect(run.stdout.hasPrefix("imported 2 files, 2 launches, 6 events, 2 skipped lines in "))
        #expect(run.stdout.hasSuffix(" into lifeline.db\n"))

        let store = try TraceStore(path: directory.appendingPathComponent("lifeline.db").path)
        let rows = try store.database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT l.uuid, e.seq, e.event, e.line FROM event e JOIN launch l ON l.id = e.launch_id
                    WHERE e.session = 'S1' ORDER BY l.uuid, e.seq
                    """
            ).map { "\($0[0] as String) \($0[1] as Int) \($0[2] as String) \($0[3] as Int)" }
        }
        #expect(
            rows == [
                "L1 2 scene(_:willConnectTo:options:) 3", "L1 4 sceneDidBecomeActive(_:) 5",
                "L2 2 scene(_:willConnectTo:options:) 3", "L2 4 sceneDidBecomeActive(_:) 5",
            ])

        let again = try LifelineCommandTests.run(["import", "traces"], in: directory)
        #expect(again.status == 0)
        #expect(again.stdout.contains("traces/a.ndjson: already imported, nothing new"))
        #expect(try store.counts().events == 6)
    }

    @Test("standard input imports, --strict fails the file with exit 1, a missing path is exit 2")
    func stdinStrictAndErrors() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("x.db").path

        let process = Process()
        process.executableURL = LifelineCommandTests.binary
        process.arguments = ["import", "-", "--db", db, "--strict"]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(Self.trace.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(stderr.contains(#"<stdin>:4:8: error: expected integer for "seq""#))
        #expect(try TraceStore(path: db).counts().events == 0, "nothing half-written")

        let missing = try LifelineCommandTests.run(["import", "/nonexistent/trace.ndjson", "--db", db])
        #expect(missing.status == 2)
        #expect(missing.stderr == "/nonexistent/trace.ndjson: error: no such file or directory\n")
    }

    @Test("two imports started at once on the same new database both succeed, and every row is there once")
    func concurrentImports() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = ["a.ndjson", "b.ndjson"]
        for (index, name) in files.enumerated() {
            var text = ""
            for launch in 1...40 {
                text += #"{"lifeline":1,"type":"launch","launch":"F\#(index)-L\#(launch)","lifecycle":"scene"}"# + "\n"
                for seq in 1...500 {
                    text +=
                        #"{"seq":\#(seq),"t":\#(seq * 100),"event":"sceneDidBecomeActive","session":"S\#(index)-\#(seq % 4)"}"#
                        + "\n"
                }
            }
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        // Several rounds, each on a database that does not exist yet: creating and migrating it races too.
        for round in 1...3 {
            let db = "concurrent-\(round).db"
            let started = try files.map { try LifelineCommandTests.start(["import", $0, "--db", db], in: directory) }
            let runs = started.map { $0.wait() }
            for run in runs {
                #expect(run.status == 0, "round \(round): \(run.stderr)")
                #expect(run.stdout.hasPrefix("imported 1 file, 40 launches, 20,000 events, 0 skipped lines in "))
            }
            let store = try TraceStore(path: directory.appendingPathComponent(db).path)
            let (perFile, duplicates) = try store.database.read { db in
                (
                    try Row.fetchAll(
                        db,
                        sql: """
                            SELECT f.path, f.event_count, COUNT(e.id), COUNT(DISTINCT e.launch_id) FROM trace_file f
                            LEFT JOIN event e ON e.file_id = f.id GROUP BY f.id ORDER BY f.path
                            """
                    ).map { "\($0[0] as String) \($0[1] as Int) \($0[2] as Int) \($0[3] as Int)" },
                    try Int.fetchOne(
                        db,
                        sql: """
                            SELECT COUNT(*) FROM (SELECT 1 FROM event e JOIN launch l ON l.id = e.launch_id
                            GROUP BY l.uuid, e.seq HAVING COUNT(*) > 1)
                            """)
                )
            }
            #expect(perFile == ["a.ndjson 20000 20000 40", "b.ndjson 20000 20000 40"], "round \(round)")
            #expect(duplicates == 0)
        }
    }
}
