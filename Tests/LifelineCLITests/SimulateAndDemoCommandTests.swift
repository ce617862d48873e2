import Foundation
import LifelineFormat
import LifelineStore
import Testing

/// End-to-end tests of `lifeline simulate` and `lifeline demo`, running the built binary.
@Suite("lifeline simulate and demo")
struct SimulateAndDemoCommandTests {
    typealias Command = LifelineCommandTests

    @Test("simulate writes a valid, deterministic trace from a script file")
    func simulate() throws {
        let directory = try Command.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "launch cold; home; wait 30s; return\nswipe-kill\nlaunch cold\n"
            .write(to: directory.appendingPathComponent("a.scenario"), atomically: true, encoding: .utf8)
        let run = try Command.run(["simulate", "a.scenario", "--seed", "3", "-o", "a.ndjson"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "wrote a.ndjson: 2 launches, 52 events\n")
        let first = try Data(contentsOf: directory.appendingPathComponent("a.ndjson"))
        _ = try Command.run(["simulate", "a.scenario", "--seed", "3", "-o", "a.ndjson"], in: directory)
        #expect(try Data(contentsOf: directory.appendingPathComponent("a.ndjson")) == first)
        let validate = try Command.run(["validate", directory.appendingPathComponent("a.ndjson").path])
        #expect(validate.status == 0)
        #expect(validate.stdout.contains("2 launches, 52 events, 0 errors, 0 warnings"))
    }

    @Test("simulate refuses a scenario that is a FIFO or a device without blocking, and one that is not UTF-8; an empty one is a script")
    func simulateInputFiles() throws {
        let directory = try Command.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(mkfifo(directory.appendingPathComponent("fifo.scenario").path, 0o600) == 0)
        let fifo = try Command.run(["simulate", "fifo.scenario", "-o", "f.ndjson"], in: directory)
        #expect(fifo.status == 2)
        #expect(fifo.stderr == "fifo.scenario: error: cannot read the scenario: it is a pipe (FIFO), not a regular file\n")
        let device = try Command.run(["simulate", "/dev/zero", "-o", "d.ndjson"], in: directory)
        #expect(device.status == 2)
        #expect(device.stderr == "/dev/zero: error: cannot read the scenario: it is a device, not a regular file\n")
        try Data([0x6C, 0xFF, 0x0A]).write(to: directory.appendingPathComponent("bad.scenario"))
        let bad = try Command.run(["simulate", "bad.scenario", "-o", "b.ndjson"], in: directory)
        #expect(bad.status == 2)
        #expect(bad.stderr == "bad.scenario: error: cannot read the scenario: it is not UTF-8 text\n")
        try Data().write(to: directory.appendingPathComponent("empty.scenario"))
        let empty = try Command.run(["simulate", "empty.scenario", "-o", "e.ndjson"], in: directory)
        let fromInput = try Self.run(["simulate", "-", "-o", "e.ndjson"], in: directory, input: "")
        #expect(empty.status == fromInput.status)
        #expect(empty.stderr == fromInput.stderr.replacingOccurrences(of: "<stdin>", with: "empty.scenario"))
        for name in ["f", "d", "b"] {
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("\(name).ndjson").path))
        }
    }

    @Test("simulate reports a script error compiler-style with exit 2 (also from standard input), an unreadable script too")
    func simulateErrors() throws {
        let directory = try Command.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "launch cold; hom; return\n"
            .write(to: directory.appendingPathComponent("x.scenario"), atomically: true, encoding: .utf8)
        let bad = try Command.run(["simulate", "x.scenario", "-o", "x.ndjson"], in: directory)
        #expect(bad.status == 2)
        #expect(
            bad.stderr == """
                x.scenario:1:14: error: unknown command 'hom'
                  1 | launch cold; hom; return
                    |              ^

                """)
        let impossible = try Self.run(["simulate", "-", "-o", "y.ndjson"], in: directory, input: "home\n")
        #expect(impossible.status == 2)
        #expect(impossible.stderr.hasPrefix("<stdin>:1:1: error: 'home' needs a running app"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("y.ndjson").path))
        let missing = try Command.run(["simulate", "none.scenario", "-o", "z.ndjson"], in: directory)
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("none.scenario: error: cannot read the scenario"))
    }

    @Test("without lifeline on PATH the demo's next step names the binary it ran, and works pasted as printed")
    func demoNextStepWorksAsPrinted() throws {
        let directory = try Command.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Command.run(["demo"], in: directory, environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let next = try #require(lines.first { $0.hasPrefix("Next: ") })
        let binary = Command.binary.resolvingSymlinksInPath().path
        #expect(next == "Next: \(binary) repl lifeline.db")
        #expect(lines.last == "(lifeline is not on PATH: README.md, \"Install\", puts it there)")
        // The line, pasted into a shell: the REPL opens the demo's database and reads a query from standard input.
        let pasted = try Command.run(
            ["-c", String(next.dropFirst("Next: ".count))], in: directory, input: "SELECT COUNT(*) FROM launch;\n",
            environment: ["PATH": "/usr/bin:/bin"], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(pasted.status == 0, "\(pasted.stderr)")
        #expect(pasted.stdout.contains("15"), "\(pasted.stdout)")
    }

    @Test("demo simulates, imports and queries in a fresh directory, and runs again without adding anything")
    func demo() throws {
        let directory = try Command.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // With lifeline on PATH, as README's "Install" puts it.
        let onPath = Command.binary.deletingLastPathComponent().path + ":/usr/bin:/bin"
        let run = try Command.run(["demo"], in: directory, environment: ["PATH": onPath])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("1. Simulate"))
        // The demo's traces go beside the sample traces (traces/), not among them.
        #expect(run.stdout.contains("wrote 9 traces to demo-traces/ (seed 1)"))
        #expect(run.stdout.contains("imported 9 files, 15 launches, 372 events, 0 skipped lines"))
        #expect(run.stdout.contains("4. Launches: how each began"))
        #expect(run.stdout.contains("background-launch.ndjson:10    warm        137.3 ms   144.4 ms"))
        #expect(run.stdout.contains("5. Query: queries/time-to-active.sql"))
        #expect(run.stdout.contains("demo-traces/bug-wrong-order.ndjson:33: error[scene.connect-after-launch]"))
        #expect(run.stdout.contains("checked 9 traces (15 launches, 372 events) against 37 rules: 3 errors"))
        #expect(
            run.stdout.contains(
                "the bugs are in demo-traces/bug-*; a launch over Apple's 400 ms target for the first frame: a warning (step 4 says where the time went)"
            ))
        // The good scenarios raise no error, and no warning but slow-launch's 400 ms target: a swipe-kill's
        // disconnect from the foreground is info.
        #expect(run.stdout.contains("3 errors, 2 warnings, 4 info, 0 pending"))
        let problems = run.stdout.split(separator: "\n").filter { $0.contains("error[") || $0.contains("warning[") }
        #expect(
            !problems.isEmpty
                && problems.allSatisfy {
                    $0.contains("demo-traces/bug-")
                        || $0.contains("demo-traces/slow-launch.ndjson:1: warning[scene.first-frame-within-400ms]")
                }, "\(problems)")
        #expect(run.stdout.hasSuffix("\nNext: lifeline repl lifeline.db\n"))
        let traces = try FileManager.default.contentsOfDirectory(
            atPath: directory.appendingPathComponent("demo-traces").path)
        #expect(
            traces.sorted() == [
                "background-launch.ndjson", "bug-block-background.ndjson", "bug-ui-in-didfinish.ndjson", "bug-wrong-order.ndjson",
                "cold-launch.ndjson", "ipad-multiwindow.ndjson", "prewarm.ndjson", "slow-launch.ndjson", "swipe-kill-relaunch.ndjson",
            ])
        let store = try TraceStore(path: directory.appendingPathComponent("lifeline.db").path)
        #expect(try store.counts() == (files: 9, launches: 15, events: 372))

        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("traces").path))

        let again = try Command.run(["demo"], in: directory)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("imported 9 files (9 unchanged), 0 launches, 0 events"))
        #expect(try store.counts() == (files: 9, launches: 15, events: 372))
    }

    @Test("check, report and repl of a directory that holds a copy of a trace (the demo's old traces/demo/) count it once")
    func aCopyIsCountedOnce() throws {
        let directory = try Command.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let demo = try Command.run(["demo", "-o", "traces/demo"], in: directory)
        #expect(demo.status == 0, "\(demo.stderr)")
        let sample = CheckCommandTests.repository.appendingPathComponent("traces/cold-launch.ndjson")
        try FileManager.default.copyItem(at: sample, to: directory.appendingPathComponent("traces/cold-launch.ndjson"))

        let check = try Command.run(["check", "traces/", "--no-local-rules"], in: directory)
        #expect(check.status == 1)
        #expect(check.stdout.hasPrefix("traces/demo/cold-launch.ndjson: same content as traces/cold-launch.ndjson, skipped\n"))
        #expect(check.stdout.contains("checked 9 traces (15 launches, 372 events)"))
        #expect(check.stdout.contains("; 1 copy of another trace skipped"))
        let github = try Command.run(["check", "traces/", "--no-local-rules", "--format", "github"], in: directory)
        #expect(
            github.stdout.hasPrefix(
                "::notice file=traces/demo/cold-launch.ndjson,title=duplicate trace::same content as traces/cold-launch.ndjson, skipped\n"))
        let report = try Command.run(["report", "traces/", "--no-local-rules", "-o", "r.html"], in: directory)
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.hasSuffix("wrote r.html (15 launch timelines)\n"))
        let repl = try Command.run(["repl", "traces/", "SELECT count(*) FROM launch;"], in: directory)
        #expect(repl.stdout.hasSuffix("15\n"), "\(repl.stdout)\(repl.stderr)")
    }

    /// Runs the binary with `input` on its standard input.
    static func run(_ arguments: [String], in directory: URL, input: String) throws -> Command.Run {
        try Command.run(arguments, in: directory, input: input)
    }
}
