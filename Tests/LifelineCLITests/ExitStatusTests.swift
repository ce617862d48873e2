import Foundation
import GRDB
import Testing

/// The exit-status contract (docs/rules.md#exit-status), on the real binary, for every subcommand:
/// 0 success, 1 the input was judged and failed, 2 a usage or input error, ArgumentParser's own
/// usage errors included (it exits 64 by itself).
@Suite("exit status")
struct ExitStatusTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        var status: Int32
        /// Makes the files the arguments name, in the case's own directory.
        var setup: @Sendable (URL) throws -> Void = { _ in }
        var testDescription: String { name }
    }

    static let legal = """
        {"lifeline":1,"type":"launch","launch":"L1","lifecycle":"scene"}
        {"seq":1,"t":10,"event":"didFinishLaunching"}
        {"seq":2,"t":20,"event":"willConnectTo","session":"S1","scene":"a"}

        """

    /// A scene connects before the app finished launching: an error in the uikit-scene catalog.
    static let connectFirst = """
        {"lifeline":1,"type":"launch","launch":"L2","lifecycle":"scene"}
        {"seq":1,"t":10,"event":"willConnectTo","session":"S9","scene":"b"}
        {"seq":2,"t":20,"event":"didFinishLaunching"}

        """

    static func write(_ text: String, _ name: String, in directory: URL) throws {
        try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    static func foreignDatabase(_ name: String, in directory: URL) throws {
        let queue = try DatabaseQueue(path: directory.appendingPathComponent(name).path)
        try queue.write { try $0.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY)") }
    }

    static let cases: [Case] = [
        // Usage errors: every subcommand, and the command itself.
        Case(name: "an unknown subcommand", arguments: ["frobnicate"], status: 2),
        Case(name: "demo with an unknown option", arguments: ["demo", "--bogus"], status: 2),
        Case(name: "simulate without -o", arguments: ["simulate", "x.scenario"], status: 2),
        Case(name: "import without a path", arguments: ["import"], status: 2),
        Case(name: "check with an unknown option", arguments: ["check", "--bogus"], status: 2),
        Case(name: "check with an invalid --format", arguments: ["check", "--format", "yaml"], status: 2),
        Case(name: "rules with an unknown option", arguments: ["rules", "--bogus"], status: 2),
        Case(name: "repl with an extra argument", arguments: ["repl", "a.db", "b.db"], status: 2),
        Case(name: "validate without a file", arguments: ["validate"], status: 2),
        Case(name: "callbacks with an argument", arguments: ["callbacks", "extra"], status: 2),
        Case(name: "report with an unknown option", arguments: ["report", "--bogus"], status: 2),
        Case(name: "export with an invalid --format", arguments: ["export", "--format", "yaml"], status: 2),
        Case(name: "pull without --simulator", arguments: ["pull"], status: 2),
        // Input errors.
        Case(
            name: "demo into a database that is not Lifeline's", arguments: ["demo", "--db", "other.db", "-o", "demo"],
            status: 2, setup: { try foreignDatabase("other.db", in: $0) }),
        Case(
            name: "simulate a script with an error", arguments: ["simulate", "x.scenario", "-o", "x.ndjson"], status: 2,
            setup: { try write("launch cold; hom\n", "x.scenario", in: $0) }),
        Case(name: "import a path that does not exist", arguments: ["import", "nope.ndjson"], status: 2),
        Case(
            name: "import an empty directory", arguments: ["import", "empty"], status: 2,
            setup: { try FileManager.default.createDirectory(at: $0.appendingPathComponent("empty"), withIntermediateDirectories: true) }),
        Case(
            name: "import into a database that is not Lifeline's", arguments: ["import", "t.ndjson", "--db", "other.db"],
            status: 2,
            setup: {
                try write(legal, "t.ndjson", in: $0); try foreignDatabase("other.db", in: $0)
            }),
        Case(
            name: "check a line that is not a record", arguments: ["check", "g.ndjson"], status: 2,
            setup: { try write(legal + "garbage\n", "g.ndjson", in: $0) }),
        Case(
            name: "rules that do not parse", arguments: ["rules", "--rules", "bad.rules"], status: 2,
            setup: { try write("rule x: didFinishLaunching preceeds willConnectTo\n", "bad.rules", in: $0) }),
        Case(name: "repl on a database that does not exist", arguments: ["repl", "none.db"], status: 2),
        Case(name: "validate a file that does not exist", arguments: ["validate", "nope.ndjson"], status: 2),
        Case(name: "report a path that does not exist", arguments: ["report", "nope.ndjson", "-o", "r.html"], status: 2),
        Case(name: "export a path that does not exist", arguments: ["export", "nope.ndjson"], status: 2),
        // No xcrun here (Linux), or no such app on a Mac's booted simulator.
        Case(name: "pull an app no simulator has", arguments: ["pull", "--simulator", "com.example.none"], status: 2),
        // Judged and failed.
        Case(
            name: "import --strict of a file with a malformed line", arguments: ["import", "g.ndjson", "--strict"], status: 1,
            setup: { try write(legal + "garbage\n", "g.ndjson", in: $0) }),
        Case(
            name: "check a trace with a violation", arguments: ["check", "bad.ndjson"], status: 1,
            setup: { try write(connectFirst, "bad.ndjson", in: $0) }),
        Case(
            name: "validate a trace with an error", arguments: ["validate", "g.ndjson"], status: 1,
            setup: { try write(legal + "garbage\n", "g.ndjson", in: $0) }),
        // Success.
        Case(name: "import a trace", arguments: ["import", "t.ndjson"], status: 0, setup: { try write(legal, "t.ndjson", in: $0) }),
        Case(name: "check a legal trace", arguments: ["check", "t.ndjson"], status: 0, setup: { try write(legal, "t.ndjson", in: $0) }),
        Case(
            name: "validate a legal trace", arguments: ["validate", "t.ndjson"], status: 0, setup: { try write(legal, "t.ndjson", in: $0) }),
        Case(name: "rules", arguments: ["rules"], status: 0),
        Case(name: "callbacks", arguments: ["callbacks"], status: 0),
        Case(name: "help", arguments: ["check", "--help"], status: 0),
    ]

    @Test(arguments: cases)
    func everySubcommandKeepsTheContract(_ test: Case) throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try test.setup(directory)
        let run = try LifelineCommandTests.run(test.arguments, in: directory)
        #expect(run.status == test.status, "\(run.stdout)\(run.stderr)")
        if test.status == 2 { #expect(!run.stderr.isEmpty || !run.stdout.isEmpty) }
    }

    @Test func aUsageErrorSaysWhatWasWrongAndHowToGetHelp() throws {
        // A name no option is near: for '--bogus' the parser suggests '--jobs'.
        let run = try LifelineCommandTests.run(["check", "--frobnicate"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Error: Unknown option '--frobnicate'\nUsage: lifeline check"))
        #expect(run.stderr.contains("See 'lifeline check --help' for more information."))
    }

    @Test func importingAnEmptyDirectoryCreatesNoDatabase() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let run = try LifelineCommandTests.run(["import", "empty/"], in: directory)
        #expect(run.status == 2)
        #expect(run.stderr == "empty/: error: no traces (*.ndjson, *.jsonl) in this directory\n")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("lifeline.db").path))
    }

    @Test func theHelpStatesTheContract() throws {
        let run = try LifelineCommandTests.run(["--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("docs/rules.md#exit-status"))
    }
}
